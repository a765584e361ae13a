package store

import (
	"errors"
	"fmt"
	"time"

	"pgregory.net/rapid"
)

// The money machine's savings plans (issue 29): a plan's run is a buy under the trade's rules, once a period.

// PlanRun runs a customer's savings plan for one of a few periods: a period that has run buys nothing again
// (ErrPlanRunDone, checked first); otherwise the run is a buy under the trade's rules (the free rial, the day's
// limits, the vault), refused as a trade would be, and a refused run leaves its period to run later.
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
	now := time.Now()
	_, err := m.s.RunPlanBuy(ctxBg, PlanBuy{Run: PlanRun{PlanID: plan, Period: period, DueAt: now},
		Trade: Trade{UserID: c.id}, Quote: Quote{AmountRial: rial, AmountGoldMg: mg, PricePerGramRial: 50_000_000}}, now)
	key := fmt.Sprint(plan, period)
	if m.ran[key] {
		if !errors.Is(err, ErrPlanRunDone) {
			t.Fatalf("a period ran twice: %v", err)
		}
		m.reach.periodsAgain++
		return
	}
	if !m.tradeAllowed(t, c, "plan", EntryBuy, rial, mg, now, err) {
		m.reach.plansRefused++
		return
	}
	m.ran[key] = true
	m.reach.plansBought++
	m.traded(c, EntryBuy, rial, mg, now)
}
