package store

import (
	"context"
	"errors"
	"time"

	"goldshop/iran"
)

// ErrDailyLimit is what every refusal of a daily limit matches (errors.Is); the error itself is a
// *DailyLimitError naming the figure.
var ErrDailyLimit = errors.New("store: daily limit")

// DailyLimitError refuses a trade that would take the customer's trades of the Tehran day past one of their
// daily limits: Side (EntryBuy, EntrySell) and Asset (AssetRial, AssetGold) name the figure, LimitAmount is the
// limit and Used what that day's trades took of it before this one (rial, or milligrams).
type DailyLimitError struct {
	Side, Asset       string
	LimitAmount, Used int64
}

func (e *DailyLimitError) Error() string {
	return "store: daily " + e.Side + " limit of " + itoa(e.LimitAmount) + " " + e.Asset + " (" + itoa(e.Used) + " used)"
}

// Is makes every refusal of a daily limit match ErrDailyLimit, and nothing else.
func (e *DailyLimitError) Is(target error) bool { return target == ErrDailyLimit }

// Left is what may still be traded of the figure today (never below zero).
func (e *DailyLimitError) Left() int64 { return max(e.LimitAmount-e.Used, 0) }

// DailyTotals are a customer's trades of one Tehran day: rial paid and gold bought, rial received and gold sold.
type DailyTotals struct {
	BuyRial, BuyGoldMg, SellRial, SellGoldMg int64
}

// Of is the total of side and asset.
func (t DailyTotals) Of(side, asset string) int64 {
	return bySideAsset(side, asset, t.BuyRial, t.BuyGoldMg, t.SellRial, t.SellGoldMg)
}

// DailyUse is a customer's limits in effect and what their trades of the day took so far.
type DailyUse struct {
	Limits DailyLimits
	Used   DailyTotals
}

// Left is what side's asset may still trade today, and false when no limit applies to it.
func (u DailyUse) Left(side, asset string) (int64, bool) {
	l := u.Limits.Of(side, asset)
	if l == nil {
		return 0, false
	}
	return max(*l-u.Used.Of(side, asset), 0), true
}

// Cover is nil when a trade of side moving rial and mg stays within the limits of the day, or a
// *DailyLimitError naming the first figure it passes (the rial before the gold).
func (u DailyUse) Cover(side string, rial, mg int64) error {
	for _, f := range []struct {
		asset  string
		amount int64
	}{{AssetRial, rial}, {AssetGold, mg}} {
		l := u.Limits.Of(side, f.asset)
		if used := u.Used.Of(side, f.asset); l != nil && used+f.amount > *l {
			return &DailyLimitError{Side: side, Asset: f.asset, LimitAmount: *l, Used: used}
		}
	}
	return nil
}

// dailyTotalsSQL sums the customer's buys and sells since a moment (the start of their Tehran day) from the
// ledger: the customer's own postings of each trade journal, whoever made the trade (the screen, a plan, a
// standing order). It reads the customer's journals (journals_user) from the day's first journal of anyone
// on, found by journals_created: a journal's time never goes back (insertJournalSQL), so none of the day has
// a smaller id. From the day's few journals it goes to their postings (CROSS JOIN fixes that order: on a
// young shop's statistics the planner would rather scan every account).
const dailyTotalsSQL = `SELECT
	IFNULL(SUM(CASE WHEN j.type = 'buy' AND a.asset = 'rial' THEN -p.amount END), 0),
	IFNULL(SUM(CASE WHEN j.type = 'buy' AND a.asset = 'gold' THEN p.amount END), 0),
	IFNULL(SUM(CASE WHEN j.type = 'sell' AND a.asset = 'rial' THEN p.amount END), 0),
	IFNULL(SUM(CASE WHEN j.type = 'sell' AND a.asset = 'gold' THEN -p.amount END), 0)
	FROM journals j CROSS JOIN postings p ON p.journal_id = j.id CROSS JOIN accounts a ON a.id = p.account_id
	WHERE j.user_id = ?1 AND j.id >= (SELECT id FROM journals WHERE created_at >= ?2 ORDER BY created_at LIMIT 1)
		AND j.type IN ('buy', 'sell') AND j.created_at >= ?2 AND a.user_id = j.user_id`

func dailyTotals(ctx context.Context, q queryer, userID int64, now time.Time) (DailyTotals, error) {
	var t DailyTotals
	err := q.QueryRowContext(ctx, dailyTotalsSQL, userID, iran.DayStart(now).UnixMilli()).Scan(
		&t.BuyRial, &t.BuyGoldMg, &t.SellRial, &t.SellGoldMg)
	return t, err
}

// DailyUseOf is the customer's limits in effect at grade and their trades of now's Tehran day, from the read
// pool: the trade screen's hint and the quote's early refusal (the trade checks again as it commits). A
// customer with no limit in effect costs no query.
func (s *Store) DailyUseOf(ctx context.Context, userID int64, grade int, now time.Time) (DailyUse, error) {
	t, err := s.currentTerms(ctx)
	if err != nil {
		return DailyUse{}, err
	}
	u := DailyUse{Limits: t.limits.inEffect(userID, grade)}
	if !u.Limits.Any() {
		return u, nil
	}
	u.Used, err = dailyTotals(ctx, s.readStmts, userID, now)
	return u, err
}

// checkDailyLimit refuses, with a *DailyLimitError, the trade t of q when it would take the customer past a
// daily limit in effect. It runs in the trade's transaction (w), so trades side by side are counted one after
// the other. The limits come from the cached terms: where none reaches the customer it reads nothing; else
// one indexed query sums the day (and, for a caller that left t.Grade unset while grades are limited, one
// more reads the grade).
func (s *Store) checkDailyLimit(ctx context.Context, w queryer, t Trade, rial, mg int64, now time.Time) error {
	terms, err := s.currentTerms(ctx)
	if err != nil {
		return err
	}
	if !terms.limits.any() {
		return nil
	}
	grade := t.Grade
	if grade == 0 && terms.limits.needsGrade(t.UserID) {
		if err := w.QueryRowContext(ctx, `SELECT grade FROM users WHERE id = ?`, t.UserID).Scan(&grade); err != nil {
			return err
		}
	}
	u := DailyUse{Limits: terms.limits.inEffect(t.UserID, grade)}
	if u.Limits.Of(t.Type, AssetRial) == nil && u.Limits.Of(t.Type, AssetGold) == nil {
		return nil
	}
	if u.Used, err = dailyTotals(ctx, w, t.UserID, now); err != nil {
		return err
	}
	return u.Cover(t.Type, rial, mg)
}
