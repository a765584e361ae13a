package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// The savings plans' runner (issue 29): each minute it buys for every active plan whose run is due, as a
// buy on the trade screen would at that moment (the customer's grade price, the trading hours, the weight
// limits, the daily limits, the vault, the free rial), and at start catches up the runs missed in the last
// day, never older, and never one due before the plan was resumed or given new terms, nor one within a period
// of its last buy (issue 36, store.Plan.Owes). A run that cannot buy is skipped with its reason; a run due while the
// buy side is closed waits for the side to open later that day, and is skipped if it does not.

// planCatchUp is how far back a run missed while the shop was down is still made.
const planCatchUp = 24 * time.Hour

// The reason words of a skipped run (the store keeps the word; the app says it).
const (
	skipPlansOff = "plans_off"
	skipClosed   = "closed"
	skipPrice    = "price"
	skipWeight   = "weight"
	skipFunds    = "funds"
	skipReserve  = "reserve"
	skipLimit    = "limit" // the customer's daily buy limit
)

// runPlans runs the plans that are due every interval, the first time at once, and sweeps the standing
// orders: those whose day has ended expire, and those met while a side was shut execute once it opens.
func (a *App) runPlans(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		a.runDuePlans(ctx)
		a.sweepOrders(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// runDuePlans makes every run due in the last planCatchUp that has not run yet and that its plan owes (none
// before it was made, resumed or changed, none within a period of its last buy: store.Plan.Owes).
func (a *App) runDuePlans(ctx context.Context) {
	now := a.now()
	plans, err := a.store.ActivePlans(ctx)
	if err != nil {
		if ctx.Err() == nil {
			a.log.Error("plans: list", slog.String("error", err.Error()))
		}
		return
	}
	for _, p := range plans {
		for _, due := range p.Dues(now.Add(-planCatchUp), now) {
			if !p.Owes(due.At) {
				continue
			}
			if ran, err := a.store.PlanRan(ctx, p.ID, due.Period); err != nil || ran {
				continue
			}
			a.runPlan(ctx, p, due, now)
		}
	}
}

// runPlan makes one run: a buy, a skip with its reason, or (the buy side closed now but opening later the
// day it was due) nothing yet.
func (a *App) runPlan(ctx context.Context, p store.Plan, due store.PlanDue, now time.Time) {
	run := store.PlanRun{PlanID: p.ID, Period: due.Period, DueAt: due.At}
	skip := func(reason string) {
		run.Reason = reason
		if err := a.store.SkipPlanRun(ctx, p.UserID, run, now); err != nil && !errors.Is(err, store.ErrPlanRunDone) {
			a.log.Error("plans: skip", slog.Int64("plan", p.ID), slog.String("error", err.Error()))
		}
	}
	t, err := a.store.TradingTermsOfGrade(ctx, p.UserGrade)
	if err != nil {
		a.log.Error("plans: terms", slog.Int64("plan", p.ID), slog.String("error", err.Error()))
		return
	}
	if on, err := a.store.PlansEnabled(ctx); err != nil {
		return
	} else if !on {
		skip(skipPlansOff)
		return
	}
	// a run due while the buy side is shut waits for it to open later that day (so hours come before the price)
	if hours := t.Settings.Hours(store.EntryBuy); !hours.Open(now) {
		if opensLaterThatDay(hours, due.At, now) {
			return
		}
		skip(skipClosed)
		return
	}
	q, err := t.Quote(store.EntryBuy, true, p.AmountRial, now)
	switch {
	case errors.Is(err, store.ErrPricesStale):
		skip(skipPrice)
		return
	case err != nil:
		skip(skipWeight)
		return
	}
	_, err = a.store.RunPlanBuy(ctx, store.PlanBuy{Run: run,
		Trade: store.Trade{UserID: p.UserID, Grade: p.UserGrade, Uninvited: !p.UserInvited},
		Quote: store.Quote{AmountRial: q.AmountRial, AmountGoldMg: q.AmountGoldMg, PricePerGramRial: q.PricePerGramRial,
			BasePriceID: q.BasePriceID}}, now)
	var short *store.InsufficientError
	switch {
	case err == nil, errors.Is(err, store.ErrPlanRunDone):
	case errors.Is(err, store.ErrPlansOff):
		skip(skipPlansOff)
	case errors.Is(err, store.ErrTradingClosed):
		skip(skipClosed)
	case errors.As(err, &short):
		skip(skipFunds)
	case errors.Is(err, store.ErrDailyLimit):
		skip(skipLimit)
	case errors.Is(err, store.ErrReserveShort):
		skip(skipReserve)
	default: // tried again next minute
		a.log.Error("plans: buy", slog.Int64("plan", p.ID), slog.String("error", err.Error()))
	}
}

// opensLaterThatDay says whether the buy side, closed at now, opens again later on the Tehran day the run
// was due (and still is): the run waits for it.
func opensLaterThatDay(h rules.Hours, dueAt, now time.Time) bool {
	d, n := dueAt.In(iran.Tehran), now.In(iran.Tehran)
	if d.YearDay() != n.YearDay() || d.Year() != n.Year() || !h.Enabled {
		return false
	}
	return rules.MinuteOfDay(now) < h.Start
}

// sweepOrders expires the standing orders whose day has ended and executes those the prices meet now.
func (a *App) sweepOrders(ctx context.Context) {
	now := a.now()
	if _, err := a.store.ExpireOrders(ctx, now); err != nil && ctx.Err() == nil {
		a.log.Error("orders: expire", slog.String("error", err.Error()))
	}
	if _, err := a.store.MatchOrders(ctx, now); err != nil && ctx.Err() == nil {
		a.log.Error("orders: match", slog.String("error", err.Error()))
	}
}
