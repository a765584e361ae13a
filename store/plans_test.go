package store

import (
	"context"
	"errors"
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
