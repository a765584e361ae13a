package store

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// Two runners buying for the same plan and period at once (a restart racing a slow run, say) buy once: the
// run's row and the buy share one commit, keyed by plan and period.
func TestAPlanBuysOncePerPeriodUnderRaces(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	if err := stockVault(ctx, s); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetRial, Amount: 10_000_000}, now); err != nil {
		t.Fatal(err)
	}
	id, err := s.CreatePlan(ctx, Plan{UserID: user, AmountRial: 1_000_000, Every: PlanDaily, Minute: 600}, now)
	if err != nil {
		t.Fatal(err)
	}
	buy := PlanBuy{Run: PlanRun{PlanID: id, Period: "day 2026-11-30", DueAt: now},
		Trade: Trade{UserID: user, Uninvited: true},
		Quote: Quote{AmountRial: 1_000_000, AmountGoldMg: 100, PricePerGramRial: 10_000_000}}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.RunPlanBuy(ctx, buy, now)
		}()
	}
	wg.Wait()
	bought := 0
	for _, err := range errs {
		switch {
		case err == nil:
			bought++
		case !errors.Is(err, ErrPlanRunDone):
			t.Fatalf("a racing run: %v", err)
		}
	}
	b, _ := s.Balances(ctx, user)
	if bought != 1 || b.Rial != 9_000_000 || b.Gold != 100 {
		t.Fatalf("%d runs bought; balances %+v", bought, b)
	}
	if err := s.SkipPlanRun(ctx, user, PlanRun{PlanID: id, Period: "day 2026-11-30", Reason: "funds"}, now); !errors.Is(err, ErrPlanRunDone) {
		t.Fatalf("a skip after the buy: %v", err)
	}
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatal(err)
	}
}

// A plan's terms move to now when it is resumed or its terms change, never on a pause or the same terms
// again; a run due before the minute of its terms is refused in the run's own transaction, so a runner that
// read the plan before a resume cannot buy for the time it was paused (issue 36).
func TestAPlansTermsMoveWhenResumedOrChanged(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	user := addCustomer(t, s, 1)
	t0 := time.Date(2026, 11, 30, 5, 0, 0, 0, time.UTC)
	p := Plan{UserID: user, AmountRial: 1_000_000, Every: PlanDaily, Day: 1, Minute: 600, Status: PlanActive}
	id, err := s.CreatePlan(ctx, p, t0)
	if err != nil {
		t.Fatal(err)
	}
	p.ID = id
	termsAt := func() time.Time {
		t.Helper()
		plans, err := s.Plans(ctx, user)
		if err != nil || len(plans) != 1 {
			t.Fatalf("plans %v, %v", plans, err)
		}
		return plans[0].TermsAt
	}
	if got := termsAt(); !got.Equal(t0) {
		t.Fatalf("a new plan's terms are its creation: %v", got)
	}
	for i, step := range []struct {
		name   string
		change func(*Plan)
		moves  bool
	}{
		{"the same terms again", func(*Plan) {}, false},
		{"a pause", func(p *Plan) { p.Status = PlanPaused }, false},
		{"the same terms while paused", func(*Plan) {}, false},
		{"a resume", func(p *Plan) { p.Status = PlanActive }, true},
		{"a new minute", func(p *Plan) { p.Minute = 660 }, true},
		{"a new amount", func(p *Plan) { p.AmountRial = 2_000_000 }, true},
		{"a new kind", func(p *Plan) { p.Every, p.Weekday = PlanWeekly, 2 }, true},
		{"a new weekday", func(p *Plan) { p.Weekday = 3 }, true},
		{"a new kind and day", func(p *Plan) { p.Every, p.Weekday, p.Day = PlanMonthly, 0, 15 }, true},
		{"a new day", func(p *Plan) { p.Day = 16 }, true},
		{"the same terms once more", func(*Plan) {}, false},
	} {
		before := termsAt()
		at := t0.Add(time.Duration(i+1) * time.Hour)
		step.change(&p)
		if err := s.UpdatePlan(ctx, p, at); err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		want := before
		if step.moves {
			want = at
		}
		if got := termsAt(); !got.Equal(want) {
			t.Fatalf("%s: terms at %v, want %v", step.name, got, want)
		}
	}

	// a run due the minute before the plan's terms is refused; one due in their minute is not
	terms := termsAt().Truncate(time.Minute)
	if err := s.SkipPlanRun(ctx, user, PlanRun{PlanID: id, Period: "before", DueAt: terms.Add(-time.Minute), Reason: "funds"},
		terms); !errors.Is(err, ErrPlanRunDone) {
		t.Fatalf("a run due before the plan's terms: %v", err)
	}
	if err := s.SkipPlanRun(ctx, user, PlanRun{PlanID: id, Period: "at", DueAt: terms, Reason: "funds"}, terms); err != nil {
		t.Fatalf("a run due in the minute of the plan's terms: %v", err)
	}
}

// Migration 0035 renames the runs kept before it by their due time, as the runner names them now, so an
// upgraded shop finds the run it made today; two rows of one plan at one due time (the bug it closes) do not
// stop it, and every plan's terms start as its creation.
func TestMigration35NamesRunsByTheirDueTime(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	user := addCustomer(t, s, 1)
	made := time.Date(2026, 11, 29, 5, 0, 0, 0, time.UTC)
	id, err := s.CreatePlan(ctx, Plan{UserID: user, AmountRial: 1_000_000, Every: PlanDaily, Minute: 540}, made)
	if err != nil {
		t.Fatal(err)
	}
	due := time.Date(2026, 11, 30, 5, 30, 0, 0, time.UTC) // 09:00 in Tehran
	// the rows as the runner wrote them before 0035, and the plans table before it
	for _, q := range []string{
		`INSERT INTO plan_runs (plan_id, period, due_at, status, at) VALUES (?1, 'day 2026-11-30', ?2, 'bought', ?2)`,
		`INSERT INTO plan_runs (plan_id, period, due_at, status, at) VALUES (?1, 'week 2026-11-30', ?2, 'bought', ?2)`,
		`INSERT INTO plan_runs (plan_id, period, due_at, status, at) VALUES (?1, 'day 2026-12-01', ?2 + 86400000, 'skipped', ?2)`,
		`ALTER TABLE plans DROP COLUMN terms_at`,
		`DELETE FROM schema_migrations WHERE version = 35`,
	} {
		if _, err := s.write.ExecContext(ctx, q, id, due.UnixMilli()); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := s.migrate(ctx); err != nil {
		t.Fatal(err)
	}
	rows, err := s.read.QueryContext(ctx, `SELECT period FROM plan_runs WHERE plan_id = ? ORDER BY id`, id)
	if err != nil {
		t.Fatal(err)
	}
	var periods []string
	for rows.Next() {
		var p string
		rows.Scan(&p)
		periods = append(periods, p)
	}
	rows.Close()
	if strings.Join(periods, ", ") != "2026-11-30T05:30Z, week 2026-11-30, 2026-12-01T05:30Z" {
		t.Fatalf("the runs after 0035: %v", periods)
	}
	if ran, err := s.PlanRan(ctx, id, "2026-11-30T05:30Z"); err != nil || !ran {
		t.Fatalf("today's run is not found by its due time: %v %v", ran, err)
	}
	plans, err := s.Plans(ctx, user)
	if err != nil || len(plans) != 1 || !plans[0].TermsAt.Equal(made) || !plans[0].LastBuyDue.Equal(due) {
		t.Fatalf("the plan after 0035: %+v %v", plans, err)
	}
}
