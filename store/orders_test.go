package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// orderShop is a shop whose vault holds vaultMg, a base price of 10,000,000 rial a gram and one customer of
// grade 1 holding 50,000,000 rial and 5 g.
func orderShop(t *testing.T, vaultMg int64) (s *Store, admin, user int64, now time.Time) {
	t.Helper()
	s, _ = openBare(t)
	ctx := context.Background()
	admin, user = addAdmin(t, s), addCustomer(t, s, 1)
	addVault(t, s, vaultMg)
	now = time.Now()
	for asset, amount := range map[string]int64{AssetRial: 50_000_000, AssetGold: 5_000} {
		if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: asset, Amount: amount}, now); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetBasePrice(ctx, admin, 10_000_000, now); err != nil {
		t.Fatal(err)
	}
	return s, admin, user, now
}

// A buy order holds its rial from the moment it is placed; the price change that meets it executes it in
// its own transaction at the new price, the hold released into the trade; the ledger balances throughout.
func TestABuyOrderHoldsThenExecutesAtTheMeetingPrice(t *testing.T) {
	s, admin, user, now := orderShop(t, 1_000_000_000)
	ctx := context.Background()
	o, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntryBuy, AmountGoldMg: 1_000, LimitPriceRial: 9_500_000,
		Held: 9_500_000, UntilAt: now.Add(48 * time.Hour)}, now)
	if err != nil {
		t.Fatal(err)
	}
	if b := mustBalances(t, s, user); b.Rial != 50_000_000 || b.AvailableRial != 40_500_000 {
		t.Fatalf("after placing: %+v", b)
	}
	// a price above the limit leaves it open; one below it executes it at that price, not at the limit
	if err := s.SetBasePrice(ctx, admin, 9_600_000, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.Orders(ctx, user); list[0].Status != OrderOpen {
		t.Fatalf("executed above its limit: %+v", list[0])
	}
	if err := s.SetBasePrice(ctx, admin, 9_400_000, now.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	list, err := s.Orders(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	got := list[0]
	if got.ID != o.ID || got.Status != OrderExecuted || got.PricePerGramRial != 9_400_000 || got.TradeGoldMg != 1_000 ||
		got.TradeRial != 9_400_000 {
		t.Fatalf("executed order: %+v", got)
	}
	if b := mustBalances(t, s, user); b.Rial != 40_600_000 || b.AvailableRial != 40_600_000 || b.Gold != 6_000 {
		t.Fatalf("after executing: %+v", b)
	}
	notes, _, _, _ := s.Notifications(ctx, user, 0, 10)
	if len(notes) == 0 || notes[0].Kind != NoteOrderExecuted || notes[0].Amount != 1_000 {
		t.Fatalf("notifications: %+v", notes)
	}
	// a later price change does not execute it again
	if err := s.SetBasePrice(ctx, admin, 9_000_000, now.Add(3*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if b := mustBalances(t, s, user); b.Gold != 6_000 {
		t.Fatalf("executed twice: %+v", b)
	}
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatal(err)
	}
}

// A sell order executes when the customer's sell price reaches its limit: a grade change is a price change.
func TestASellOrderExecutesWhenAGradeChangeMeetsIt(t *testing.T) {
	s, admin, user, now := orderShop(t, 1_000_000_000)
	ctx := context.Background()
	// grade 1 sells at base − buy_subtract: 9,000,000 first
	if err := s.UpdateGrade(ctx, admin, Grade{ID: 1, BuySubtractRial: 1_000_000}, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntrySell, AmountGoldMg: 2_000, LimitPriceRial: 9_500_000,
		Held: 2_000, UntilAt: now.Add(time.Hour)}, now); err != nil {
		t.Fatal(err)
	}
	if b := mustBalances(t, s, user); b.AvailableGold != 3_000 || b.Gold != 5_000 {
		t.Fatalf("after placing: %+v", b)
	}
	if err := s.UpdateGrade(ctx, admin, Grade{ID: 1, BuySubtractRial: 400_000}, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	b := mustBalances(t, s, user)
	if b.Gold != 3_000 || b.AvailableGold != 3_000 || b.Rial != 50_000_000+19_200_000 {
		t.Fatalf("after the grade change: %+v", b)
	}
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatal(err)
	}
}

// Placing refuses what the rules forbid and moves nothing; cancelling and expiring give the hold back once.
func TestOrdersRefuseReleaseAndExpire(t *testing.T) {
	s, _, user, now := orderShop(t, 1_000_000_000)
	ctx := context.Background()
	if _, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntryBuy, ByRial: true, AmountRial: 1_000_000,
		LimitPriceRial: 10_000_000, Held: 1_000_000, UntilAt: now.Add(time.Hour)}, now); !errors.Is(err, ErrOrderMet) {
		t.Fatalf("an order met now: %v", err)
	}
	if _, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntrySell, AmountGoldMg: 5_001,
		LimitPriceRial: 12_000_000, Held: 5_001, UntilAt: now.Add(time.Hour)}, now); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("a sell of more than the free gold: %v", err)
	}
	var ids []int64
	for i := range OrdersPerCustomer {
		o, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntryBuy, ByRial: true, AmountRial: 1_000_000,
			LimitPriceRial: 9_000_000 - int64(i), Held: 1_000_000, UntilAt: now.Add(time.Hour)}, now)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, o.ID)
	}
	if _, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntryBuy, ByRial: true, AmountRial: 1_000_000,
		LimitPriceRial: 8_000_000, Held: 1_000_000, UntilAt: now.Add(time.Hour)}, now); !errors.Is(err, ErrOrderLimit) {
		t.Fatalf("an eleventh open order: %v", err)
	}
	if b := mustBalances(t, s, user); b.AvailableRial != 40_000_000 {
		t.Fatalf("ten orders of 1,000,000 hold: %+v", b)
	}
	if err := s.CancelOrder(ctx, user+1, ids[0], now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("another's cancel: %v", err)
	}
	if err := s.CancelOrder(ctx, user, ids[0], now); err != nil {
		t.Fatal(err)
	}
	if err := s.CancelOrder(ctx, user, ids[0], now); !errors.Is(err, ErrConflict) {
		t.Fatalf("a second cancel: %v", err)
	}
	if n, err := s.ExpireOrders(ctx, now.Add(30*time.Minute)); err != nil || n != 0 {
		t.Fatalf("expired early: %d %v", n, err)
	}
	if n, err := s.ExpireOrders(ctx, now.Add(time.Hour)); err != nil || n != OrdersPerCustomer-1 {
		t.Fatalf("expired %d: %v", n, err)
	}
	if b := mustBalances(t, s, user); b.AvailableRial != 50_000_000 || b.Rial != 50_000_000 {
		t.Fatalf("after expiry: %+v", b)
	}
	sum, err := s.OrdersSummaryOf(ctx, now.Add(-time.Hour), now.Add(time.Hour))
	if err != nil || sum.OpenBuy != 0 || sum.HeldRial != 0 {
		t.Fatalf("summary %+v %v", sum, err)
	}
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatal(err)
	}
}

func addVault(t *testing.T, s *Store, mg int64) {
	t.Helper()
	if _, err := s.AddVaultItem(context.Background(), 0, VaultItem{Kind: VaultJewellery, Description: "موجودی آزمایشی",
		WeightMg: mg, PurityCenti: 75_000, Weight750Mg: mg}, "", time.Now()); err != nil {
		t.Fatal(err)
	}
}

// An order met while the vault cannot cover it stays open, nothing of it moved, and executes at a later
// change once the vault can; the price change itself is never refused for it.
func TestAnOrderTheVaultCannotCoverWaits(t *testing.T) {
	s, admin, user, now := orderShop(t, 6_000)
	ctx := context.Background()
	if _, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntryBuy, AmountGoldMg: 1_000_000, LimitPriceRial: 9_000_000,
		Held: 9_000_000_000, UntilAt: now.Add(time.Hour)}, now); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("an order above the free rial: %v", err)
	}
	o, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntryBuy, AmountGoldMg: 4_000, LimitPriceRial: 9_000_000,
		Held: 36_000_000, UntilAt: now.Add(time.Hour)}, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetReserveSettings(ctx, admin, ReserveSettings{GuardEnabled: true}, now); err != nil {
		t.Fatal(err)
	}
	if err := s.SetBasePrice(ctx, admin, 8_000_000, now.Add(time.Minute)); err != nil {
		t.Fatalf("the price change: %v", err)
	}
	if list, _ := s.Orders(ctx, user); list[0].ID != o.ID || list[0].Status != OrderOpen {
		t.Fatalf("the order: %+v", list[0])
	}
	if b := mustBalances(t, s, user); b.AvailableRial != 14_000_000 || b.Gold != 5_000 {
		t.Fatalf("balances: %+v", b)
	}
	addVault(t, s, 10_000)
	if err := s.SetBasePrice(ctx, admin, 8_500_000, now.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if b := mustBalances(t, s, user); b.AvailableRial != 16_000_000 || b.Gold != 9_000 {
		t.Fatalf("balances once the vault covers it: %+v", b)
	}
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatal(err)
	}
}

// An order that would pass the customer's daily limit stays open, nothing of it moved, and the price change
// still lands; it executes once the owner lifts the limit and the price meets it again.
func TestAnOrderPastTheDailyLimitWaits(t *testing.T) {
	s, admin, user, now := orderShop(t, 1_000_000_000)
	ctx := context.Background()
	limit := int64(5_000_000)
	if err := s.SetUserDailyLimits(ctx, admin, user, DailyLimits{BuyRial: &limit}, now); err != nil {
		t.Fatal(err)
	}
	o, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntryBuy, ByRial: true, AmountRial: 9_000_000,
		LimitPriceRial: 9_500_000, Held: 9_000_000, UntilAt: now.Add(time.Hour)}, now)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetBasePrice(ctx, admin, 9_000_000, now.Add(time.Minute)); err != nil {
		t.Fatalf("the price change: %v", err)
	}
	if list, _ := s.Orders(ctx, user); list[0].ID != o.ID || list[0].Status != OrderOpen {
		t.Fatalf("executed past the limit: %+v", list[0])
	}
	if b := mustBalances(t, s, user); b.AvailableRial != 41_000_000 || b.Gold != 5_000 {
		t.Fatalf("balances: %+v", b)
	}
	if err := s.SetUserDailyLimits(ctx, admin, user, DailyLimits{}, now.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetBasePrice(ctx, admin, 9_000_000, now.Add(3*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.Orders(ctx, user); list[0].Status != OrderExecuted {
		t.Fatalf("not executed once the limit was lifted: %+v", list[0])
	}
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatal(err)
	}
}
