package store

import (
	"errors"
	"fmt"
	"time"

	"pgregory.net/rapid"
)

// The money machine's savings plans (issue 29): a plan's run is a buy under the trade's rules, once a period.

// PlanRun runs a customer's savings plan for one of a few periods: a period that has run buys nothing again
// (ErrPlanRunDone, checked first); otherwise the run is a buy under the trade's rules, refused as a trade would
// be, and a refused run leaves its period to run later.
func (m *moneyMachine) PlanRun(t *rapid.T) {
	c := m.pick(t)
	if m.plans == nil {
		m.plans, m.ran = map[int64]int64{}, map[string]bool{}
	}
	plan, ok := m.plans[c.id]
	if !ok {
		id, err := m.s.CreatePlan(ctxBg, Plan{UserID: c.id, AmountRial: 1, Every: PlanDaily, Minute: 600}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		plan, m.plans[c.id] = id, id
	}
	period := fmt.Sprintf("day %d", rapid.IntRange(0, 3).Draw(t, "period"))
	rial := rapid.Int64Range(1, 3_000_000).Draw(t, "rial")
	mg := rapid.Int64Range(1, 3_000).Draw(t, "mg")
	_, err := m.s.RunPlanBuy(ctxBg, PlanBuy{Run: PlanRun{PlanID: plan, Period: period, DueAt: time.Now()},
		Trade: Trade{UserID: c.id}, Quote: Quote{AmountRial: rial, AmountGoldMg: mg, PricePerGramRial: 50_000_000}}, time.Now())
	key := fmt.Sprint(plan, period)
	switch {
	case m.ran[key]:
		if !errors.Is(err, ErrPlanRunDone) {
			t.Fatalf("a period ran twice: %v", err)
		}
		return
	case rial > c.free:
		if !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("a plan's buy of %d rial with %d free: %v", rial, c.free, err)
		}
		return
	case !m.covers(mg):
		if !errors.Is(err, ErrReserveShort) {
			t.Fatalf("a plan's buy of %d mg the vault does not cover: %v", mg, err)
		}
		return
	case err != nil:
		t.Fatal(err)
	}
	m.ran[key] = true
	c.free, c.gold = c.free-rial, c.gold+mg
	m.referralAfter(c, rial)
}
