package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Savings plans (issue 29): the facts of a customer's standing wish to buy a rial amount every period, and
// of each run. When a plan is due and what its period is called are the app's (plan schedule); the store
// keeps a run exactly once per plan and period, in the transaction of its buy or its skip, and never for a
// time before the plan's terms (issue 36).

// Plan is a customer's savings plan and what it has bought so far.
type Plan struct {
	ID          int64
	UserID      int64
	AmountRial  int64
	Every       string // PlanDaily, PlanWeekly or PlanMonthly
	Weekday     int    // 0 = Saturday … 6 = Friday, for a weekly plan
	Day         int    // 1–29, the Jalali day of a monthly plan
	Minute      int    // of the Tehran day
	Status      string // PlanActive, PlanPaused (deleted plans are not read back)
	CreatedAt   time.Time
	TermsAt     time.Time // when its terms last changed or it was last resumed; CreatedAt before either
	SpentRial   int64
	BoughtMg    int64
	LastRunAt   time.Time // zero before its first run
	LastBuyDue  time.Time // when the last run that bought was due; zero before one
	UserPhone   string    // the runner's: whom to charge
	UserGrade   int
	UserInvited bool
}

// Plan periods and states.
const (
	PlanDaily   = "day"
	PlanWeekly  = "week"
	PlanMonthly = "month"
	PlanActive  = "active"
	PlanPaused  = "paused"
	PlanDeleted = "deleted"
)

// PlansPerCustomer is the most plans (active or paused) one customer may keep.
const PlansPerCustomer = 5

// Errors of plans.
var (
	ErrPlanLimit   = errors.New("store: plans per customer reached")
	ErrPlanRunDone = errors.New("store: the plan has run for this period")
)

const planColumns = `p.id, p.user_id, p.amount_rial, p.every, p.weekday, p.day, p.minute, p.status, p.created_at,
	COALESCE(p.terms_at, p.created_at),
	COALESCE((SELECT SUM(r.amount_rial) FROM plan_runs r WHERE r.plan_id = p.id AND r.status = 'bought'), 0),
	COALESCE((SELECT SUM(r.amount_gold_mg) FROM plan_runs r WHERE r.plan_id = p.id AND r.status = 'bought'), 0),
	COALESCE((SELECT MAX(r.at) FROM plan_runs r WHERE r.plan_id = p.id), 0),
	COALESCE((SELECT MAX(r.due_at) FROM plan_runs r WHERE r.plan_id = p.id AND r.status = 'bought'), 0),
	u.phone_number, u.grade, u.referred_by IS NOT NULL`

func scanPlans(rows *sql.Rows, err error) ([]Plan, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Plan{}
	for rows.Next() {
		var p Plan
		var created, terms, last, lastBuy int64
		if err := rows.Scan(&p.ID, &p.UserID, &p.AmountRial, &p.Every, &p.Weekday, &p.Day, &p.Minute, &p.Status, &created,
			&terms, &p.SpentRial, &p.BoughtMg, &last, &lastBuy, &p.UserPhone, &p.UserGrade, &p.UserInvited); err != nil {
			return nil, err
		}
		p.CreatedAt, p.TermsAt = time.UnixMilli(created).UTC(), time.UnixMilli(terms).UTC()
		if last != 0 {
			p.LastRunAt = time.UnixMilli(last).UTC()
		}
		if lastBuy != 0 {
			p.LastBuyDue = time.UnixMilli(lastBuy).UTC()
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// Plans are the customer's plans (not deleted), oldest first.
func (s *Store) Plans(ctx context.Context, userID int64) ([]Plan, error) {
	return scanPlans(s.read.QueryContext(ctx, `SELECT `+planColumns+` FROM plans p JOIN users u ON u.id = p.user_id
		WHERE p.user_id = ? AND p.status <> 'deleted' ORDER BY p.id`, userID))
}

// ActivePlans are every customer's active plans, for the runner.
func (s *Store) ActivePlans(ctx context.Context) ([]Plan, error) {
	return scanPlans(s.read.QueryContext(ctx, `SELECT `+planColumns+` FROM plans p JOIN users u ON u.id = p.user_id
		WHERE p.status = 'active' ORDER BY p.id`))
}

// CreatePlan keeps a new active plan for p.UserID, unless they keep PlansPerCustomer already (ErrPlanLimit).
func (s *Store) CreatePlan(ctx context.Context, p Plan, now time.Time) (int64, error) {
	p.Day = max(p.Day, 1) // a plan that is not monthly keeps the column's least day
	var id int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM plans WHERE user_id = ? AND status <> 'deleted'`,
			p.UserID).Scan(&n); err != nil {
			return err
		}
		if n >= PlansPerCustomer {
			return ErrPlanLimit
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO plans (user_id, amount_rial, every, weekday, day, minute, created_at,
			updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, p.UserID, p.AmountRial, p.Every, p.Weekday, p.Day, p.Minute,
			now.UnixMilli(), now.UnixMilli())
		if err != nil {
			return err
		}
		id, err = res.LastInsertId()
		return err
	})
	return id, err
}

// UpdatePlan sets the terms and status of the customer's own plan id (not deleted); ErrNotFound otherwise.
// A resume (paused to active) or a change of terms moves the plan's TermsAt to now, in the same statement; a
// pause, a deletion or the same terms again leave it.
func (s *Store) UpdatePlan(ctx context.Context, p Plan, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		return affectedOne(tx.ExecContext(ctx, `UPDATE plans SET
			terms_at = CASE WHEN (status = 'paused' AND ?6 = 'active') OR amount_rial <> ?1 OR every <> ?2
				OR weekday <> ?3 OR day <> ?4 OR minute <> ?5 THEN ?7 ELSE terms_at END,
			amount_rial = ?1, every = ?2, weekday = ?3, day = ?4, minute = ?5, status = ?6, updated_at = ?7
			WHERE id = ?8 AND user_id = ?9 AND status <> 'deleted'`,
			p.AmountRial, p.Every, p.Weekday, p.Day, p.Minute, p.Status, now.UnixMilli(), p.ID, p.UserID))
	})
}

// PlanRun is one run of a plan: its period, when it was due, bought or skipped (with a reason word), and
// what it bought.
type PlanRun struct {
	PlanID       int64
	Period       string
	DueAt        time.Time
	Bought       bool
	Reason       string
	AmountRial   int64
	AmountGoldMg int64
	At           time.Time
}

// PlanRuns are the plan's runs, newest first, at most limit.
func (s *Store) PlanRuns(ctx context.Context, planID int64, limit int) ([]PlanRun, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT plan_id, period, due_at, status = 'bought', reason, amount_rial,
		amount_gold_mg, at FROM plan_runs WHERE plan_id = ? ORDER BY id DESC LIMIT ?`, planID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PlanRun{}
	for rows.Next() {
		var r PlanRun
		var due, at int64
		if err := rows.Scan(&r.PlanID, &r.Period, &due, &r.Bought, &r.Reason, &r.AmountRial, &r.AmountGoldMg, &at); err != nil {
			return nil, err
		}
		r.DueAt, r.At = time.UnixMilli(due).UTC(), time.UnixMilli(at).UTC()
		out = append(out, r)
	}
	return out, rows.Err()
}

// PlanRan says whether the plan has run (bought or skipped) for period.
func (s *Store) PlanRan(ctx context.Context, planID int64, period string) (bool, error) {
	var ran bool
	err := s.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM plan_runs WHERE plan_id = ? AND period = ?)`,
		planID, period).Scan(&ran)
	return ran, err
}

// startRun keeps run's row in the caller's transaction; ErrPlanRunDone when the period has one already, the
// plan is no longer active (paused or deleted since the runner read it), or the run was due before the
// minute of the plan's terms (resumed or changed since the runner read it: it owes nothing before them).
func startRun(ctx context.Context, tx *sql.Tx, run PlanRun, journalID int64, now time.Time) error {
	var active bool
	var terms int64
	if err := tx.QueryRowContext(ctx, `SELECT status = 'active', COALESCE(terms_at, created_at) FROM plans WHERE id = ?`,
		run.PlanID).Scan(&active, &terms); err != nil {
		return err
	}
	if !active || run.DueAt.Before(time.UnixMilli(terms).Truncate(time.Minute)) {
		return ErrPlanRunDone
	}
	status := "skipped"
	if run.Bought {
		status = "bought"
	}
	var journal any
	if journalID != 0 {
		journal = journalID
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO plan_runs (plan_id, period, due_at, status, reason, journal_id,
		amount_rial, amount_gold_mg, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (plan_id, period) DO NOTHING`,
		run.PlanID, run.Period, run.DueAt.UnixMilli(), status, run.Reason, journal, run.AmountRial, run.AmountGoldMg,
		now.UnixMilli())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrPlanRunDone
	}
	return nil
}

// PlanBuy is a run that buys: the plan's period and the trade, priced by the caller at the customer's grade
// now and bounded by the weight limits.
type PlanBuy struct {
	Run   PlanRun
	Trade Trade // its UserID, Grade, MonthStart and Uninvited; Type is a buy
	Quote Quote // AmountRial, AmountGoldMg, PricePerGramRial
}

// RunPlanBuy buys for a plan's period in one transaction with its run's row, under every rule of a trade on
// the screen checked as it commits: plans switched on, the buy side open, the free rial, the daily limits, the
// vault. It is ErrPlanRunDone when the period has run already (nothing moves), ErrPlansOff, ErrTradingClosed,
// an *InsufficientError, a *DailyLimitError or ErrReserveShort when the buy is refused (nothing moves; the
// caller records the skip).
func (s *Store) RunPlanBuy(ctx context.Context, b PlanBuy, now time.Time) (Entry, error) {
	var entry Entry
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		w := s.writeStmts.in(tx)
		var on bool
		if err := tx.QueryRowContext(ctx, plansEnabledSQL).Scan(&on); err != nil {
			return err
		}
		if !on {
			return ErrPlansOff
		}
		settings, err := s.writerPriceSettings(ctx, w)
		if err != nil {
			return err
		}
		if !settings.Hours(EntryBuy).Open(now) {
			return ErrTradingClosed
		}
		// the period's row first: a period that has run says so before any rule of the buy is asked
		b.Run.Bought, b.Run.AmountRial, b.Run.AmountGoldMg = true, b.Quote.AmountRial, b.Quote.AmountGoldMg
		if err := startRun(ctx, tx, b.Run, 0, now); err != nil {
			return err
		}
		b.Trade.Type = EntryBuy
		var journalID int64
		if journalID, entry, err = s.trade(ctx, w, b.Trade, b.Quote, settings, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE plan_runs SET journal_id = ? WHERE plan_id = ? AND period = ?`,
			journalID, b.Run.PlanID, b.Run.Period); err != nil {
			return err
		}
		// the run's terms, kept as every trade's are: an executed quote of its own (a screen's pending quote
		// is left alone), named after the run
		q := b.Quote
		q.UserID, q.Type, q.CodeScope = b.Trade.UserID, EntryBuy, "plan "+itoa(b.Run.PlanID)+" "+b.Run.Period
		if err := insertExecutedQuote(ctx, w, q, journalID, now); err != nil {
			return err
		}
		return notify(ctx, w, Notification{UserID: b.Trade.UserID, Kind: NotePlanBought, SubjectID: b.Run.PlanID,
			Asset: AssetGold, Amount: b.Quote.AmountGoldMg}, now)
	})
	return entry, err
}

// ErrPlansOff is a plan's run while the owner has switched plans off shop-wide.
var ErrPlansOff = errors.New("store: savings plans are switched off")

// SkipPlanRun records that a plan's period ran without buying, and why (a reason word), and tells the
// customer; ErrPlanRunDone when the period has run already.
func (s *Store) SkipPlanRun(ctx context.Context, userID int64, run PlanRun, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		run.Bought = false
		if err := startRun(ctx, tx, run, 0, now); err != nil {
			return err
		}
		return notify(ctx, tx, Notification{UserID: userID, Kind: NotePlanSkipped, SubjectID: run.PlanID,
			Asset: AssetRial, Amount: 0, Reason: run.Reason}, now)
	})
}

// PlansEnabled says whether the owner lets plans run.
func (s *Store) PlansEnabled(ctx context.Context) (bool, error) {
	var on bool
	err := s.read.QueryRowContext(ctx, plansEnabledSQL).Scan(&on)
	return on, err
}

// SetPlansEnabled switches plans on or off shop-wide, audited as plans.switch.
func (s *Store) SetPlansEnabled(ctx context.Context, adminID int64, on bool, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		var was bool
		if err := tx.QueryRowContext(ctx, plansEnabledSQL).Scan(&was); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE price_settings SET plans_enabled = ? WHERE id = 1`, on); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "plans.switch", Target: "shop",
			Before: map[string]any{"enabled": was}, After: map[string]any{"enabled": on}}, now)
	})
}

// PlansSummary is what the owner sees of plans: how many run, and what they buy in rial a period.
type PlansSummary struct {
	Active                       int
	DailyRial, WeeklyRial, Month int64
}

// PlansSummaryOf counts the active plans and sums their amounts by period (never whose).
func (s *Store) PlansSummaryOf(ctx context.Context) (PlansSummary, error) {
	var p PlansSummary
	err := s.read.QueryRowContext(ctx, `SELECT COUNT(*),
		COALESCE(SUM(CASE every WHEN 'day' THEN amount_rial END), 0),
		COALESCE(SUM(CASE every WHEN 'week' THEN amount_rial END), 0),
		COALESCE(SUM(CASE every WHEN 'month' THEN amount_rial END), 0)
		FROM plans WHERE status = 'active'`).Scan(&p.Active, &p.DailyRial, &p.WeeklyRial, &p.Month)
	return p, err
}

// plansEnabledSQL reads the owner's switch of plans.
const plansEnabledSQL = `SELECT plans_enabled FROM price_settings WHERE id = 1`
