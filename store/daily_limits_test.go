package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

func limit(n int64) *int64 { return &n }

// tradeAt quotes and executes a trade of the customer at 10,000,000 rial a gram at the moment now, as a
// confirmed code would; grade is what the caller read of the customer (0: the trade reads it).
func tradeAt(t *testing.T, s *Store, userID int64, grade int, typ string, rial, mg int64, now time.Time) error {
	t.Helper()
	q, err := s.SaveQuote(context.Background(), Quote{UserID: userID, Type: typ,
		CodeScope: fmt.Sprintf("limit:%d:%d", userID, time.Now().UnixNano()), AmountRial: rial, AmountGoldMg: mg,
		PricePerGramRial: 10_000_000, CreatedAt: now, ExpiresAt: now.Add(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.ExecuteQuote(context.Background(), Trade{UserID: userID, Type: typ, CodeScope: q.CodeScope,
		Grade: grade}, now)
	return err
}

func wantDailyLimit(t *testing.T, err error, want DailyLimitError) {
	t.Helper()
	var e *DailyLimitError
	if !errors.As(err, &e) || *e != want || !errors.Is(err, ErrDailyLimit) {
		t.Fatalf("got %v, want %+v", err, want)
	}
	if errors.Is(err, ErrInsufficientFunds) || errors.Is(err, ErrReserveShort) || errors.Is(err, ErrTradingClosed) {
		t.Fatalf("%v matches another refusal", err)
	}
}

// limitedShop is a shop with an owner and a customer of grade 1 holding 100,000,000 rial and 10 g of gold.
func limitedShop(t *testing.T) (*Store, int64, int64) {
	t.Helper()
	s, _ := openTest(t)
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 100_000_000)
	if _, err := s.Charge(context.Background(), ChargeInput{AdminID: admin, UserID: user, Asset: AssetGold,
		Amount: 10_000}, time.Now()); err != nil {
		t.Fatal(err)
	}
	return s, admin, user
}

func TestADailyLimitRefusesTheTradeThatPassesItAndMovesNothing(t *testing.T) {
	s, admin, user := limitedShop(t)
	ctx, now := context.Background(), time.Now()
	if err := s.SetGradeDailyLimits(ctx, admin, 1, DailyLimits{BuyRial: limit(3_000_000), SellGoldMg: limit(500)}, now); err != nil {
		t.Fatal(err)
	}
	for _, rial := range []int64{1_000_000, 2_000_000} { // up to the limit exactly
		if err := tradeAt(t, s, user, 0, EntryBuy, rial, rial/10_000, now); err != nil {
			t.Fatalf("a buy within the limit: %v", err)
		}
	}
	before, balances := ledgerSize(t, s), mustBalances(t, s, user)
	err := tradeAt(t, s, user, 1, EntryBuy, 10_000, 1, now)
	wantDailyLimit(t, err, DailyLimitError{Side: EntryBuy, Asset: AssetRial, LimitAmount: 3_000_000, Used: 3_000_000})
	err = tradeAt(t, s, user, 0, EntrySell, 6_000_000, 600, now)
	wantDailyLimit(t, err, DailyLimitError{Side: EntrySell, Asset: AssetGold, LimitAmount: 500, Used: 0})
	if after := ledgerSize(t, s); after != before || mustBalances(t, s, user) != balances {
		t.Fatalf("a refused trade moved something: %s → %s", before, after)
	}
	// the sell side's rial and the buy side's gold are not limited
	if err := tradeAt(t, s, user, 1, EntrySell, 5_000_000, 500, now); err != nil {
		t.Fatalf("a sell within its limit: %v", err)
	}
	u, err := s.DailyUseOf(ctx, user, 1, now)
	if err != nil {
		t.Fatal(err)
	}
	if u.Used != (DailyTotals{BuyRial: 3_000_000, BuyGoldMg: 300, SellRial: 5_000_000, SellGoldMg: 500}) {
		t.Fatalf("today's totals: %+v", u.Used)
	}
	if left, ok := u.Left(EntryBuy, AssetRial); !ok || left != 0 {
		t.Fatalf("buy rial left: %d %v", left, ok)
	}
	if _, ok := u.Left(EntryBuy, AssetGold); ok {
		t.Fatal("the buy gold has a limit it was never given")
	}
}

func TestTheGradesLimitAppliesAndTheCustomersOwnOverridesIt(t *testing.T) {
	s, admin, user := limitedShop(t)
	ctx, now := context.Background(), time.Now()
	other := addCustomer(t, s, 2)
	fund(t, s, admin, other, 100_000_000)
	second := addCustomer(t, s, 3) // moved to grade 2, which has no limit
	fund(t, s, admin, second, 100_000_000)
	if _, err := s.SetUserGrade(ctx, admin, second, 2, now); err != nil {
		t.Fatal(err)
	}
	if err := s.SetGradeDailyLimits(ctx, admin, 1, DailyLimits{BuyGoldMg: limit(200), BuyRial: limit(50_000_000)}, now); err != nil {
		t.Fatal(err)
	}
	// the customer's own buy gold is higher than the grade's; their buy rial stays the grade's
	if err := s.SetUserDailyLimits(ctx, admin, user, DailyLimits{BuyGoldMg: limit(500)}, now); err != nil {
		t.Fatal(err)
	}
	wantDailyLimit(t, tradeAt(t, s, other, 0, EntryBuy, 3_000_000, 300, now),
		DailyLimitError{Side: EntryBuy, Asset: AssetGold, LimitAmount: 200, Used: 0})
	if err := tradeAt(t, s, user, 0, EntryBuy, 3_000_000, 300, now); err != nil {
		t.Fatalf("a buy within the customer's own limit: %v", err)
	}
	wantDailyLimit(t, tradeAt(t, s, user, 1, EntryBuy, 3_000_000, 300, now),
		DailyLimitError{Side: EntryBuy, Asset: AssetGold, LimitAmount: 500, Used: 300})
	if err := tradeAt(t, s, second, 2, EntryBuy, 3_000_000, 300, now); err != nil {
		t.Fatalf("grade 2 has no limit: %v", err)
	}

	own, inEffect, err := s.UserDailyLimits(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	if own.BuyRial != nil || *own.BuyGoldMg != 500 || *inEffect.BuyGoldMg != 500 || *inEffect.BuyRial != 50_000_000 || inEffect.SellRial != nil {
		t.Fatalf("own %+v, in effect %+v", own, inEffect)
	}
	// the customer's own values taken away: the grade's apply again, and their row is gone
	if err := s.SetUserDailyLimits(ctx, admin, user, DailyLimits{}, now); err != nil {
		t.Fatal(err)
	}
	wantDailyLimit(t, tradeAt(t, s, user, 1, EntryBuy, 10_000, 1, now),
		DailyLimitError{Side: EntryBuy, Asset: AssetGold, LimitAmount: 200, Used: 300})
	var rows int
	if err := s.read.QueryRow(`SELECT COUNT(*) FROM daily_limits WHERE user_id IS NOT NULL`).Scan(&rows); err != nil || rows != 0 {
		t.Fatalf("rows of customers: %d %v", rows, err)
	}
	if _, _, err := s.UserDailyLimits(ctx, 9999); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an unknown customer: %v", err)
	}
	if err := s.SetUserDailyLimits(ctx, admin, 9999, DailyLimits{BuyRial: limit(1)}, now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an unknown customer's limits: %v", err)
	}
	if err := s.SetGradeDailyLimits(ctx, admin, 6, DailyLimits{BuyRial: limit(1)}, now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("grade 6: %v", err)
	}
}

func TestATradeOfYesterdayDoesNotCount(t *testing.T) {
	s, admin, user := limitedShop(t)
	ctx := context.Background()
	// a day after tomorrow: the ledger keeps its times in order, so "yesterday" must be after the funding
	today := iran.DayStart(iran.DayStart(time.Now()).Add(50 * time.Hour))
	if err := s.SetGradeDailyLimits(ctx, admin, 1, DailyLimits{BuyRial: limit(1_000_000)}, today); err != nil {
		t.Fatal(err)
	}
	if err := tradeAt(t, s, user, 1, EntryBuy, 1_000_000, 100, today.Add(-time.Minute)); err != nil {
		t.Fatalf("yesterday's buy: %v", err)
	}
	if err := tradeAt(t, s, user, 1, EntryBuy, 1_000_000, 100, today.Add(time.Minute)); err != nil {
		t.Fatalf("today's first buy counted yesterday's: %v", err)
	}
	wantDailyLimit(t, tradeAt(t, s, user, 1, EntryBuy, 10_000, 1, today.Add(2*time.Minute)),
		DailyLimitError{Side: EntryBuy, Asset: AssetRial, LimitAmount: 1_000_000, Used: 1_000_000})
}

func TestAPlanRunCountsTowardsTheLimitAndIsRefusedByIt(t *testing.T) {
	s, admin, user := limitedShop(t)
	ctx, now := context.Background(), time.Now()
	if err := s.SetUserDailyLimits(ctx, admin, user, DailyLimits{BuyRial: limit(1_500_000)}, now); err != nil {
		t.Fatal(err)
	}
	id, err := s.CreatePlan(ctx, Plan{UserID: user, AmountRial: 1_000_000, Every: PlanDaily, Minute: 600}, now)
	if err != nil {
		t.Fatal(err)
	}
	run := func(period string) error {
		_, err := s.RunPlanBuy(ctx, PlanBuy{Run: PlanRun{PlanID: id, Period: period, DueAt: now},
			Trade: Trade{UserID: user, Grade: 1, Uninvited: true},
			Quote: Quote{AmountRial: 1_000_000, AmountGoldMg: 100, PricePerGramRial: 10_000_000}}, now)
		return err
	}
	if err := run("day a"); err != nil {
		t.Fatal(err)
	}
	wantDailyLimit(t, tradeAt(t, s, user, 1, EntryBuy, 1_000_000, 100, now),
		DailyLimitError{Side: EntryBuy, Asset: AssetRial, LimitAmount: 1_500_000, Used: 1_000_000})
	before := ledgerSize(t, s)
	wantDailyLimit(t, run("day b"), DailyLimitError{Side: EntryBuy, Asset: AssetRial, LimitAmount: 1_500_000, Used: 1_000_000})
	if ran, _ := s.PlanRan(ctx, id, "day b"); ran || ledgerSize(t, s) != before {
		t.Fatal("a refused run left its row or moved money")
	}
}

func TestOwnersLimitChangesAreAudited(t *testing.T) {
	s, admin, user := limitedShop(t)
	ctx, now := context.Background(), time.Now()
	if err := s.SetGradeDailyLimits(ctx, admin, 3, DailyLimits{SellRial: limit(7)}, now); err != nil {
		t.Fatal(err)
	}
	if err := s.SetGradeDailyLimits(ctx, admin, 3, DailyLimits{SellRial: limit(8), BuyGoldMg: limit(0)}, now); err != nil {
		t.Fatal(err)
	}
	if err := s.SetUserDailyLimits(ctx, admin, user, DailyLimits{BuyRial: limit(9)}, now); err != nil {
		t.Fatal(err)
	}
	rows, err := s.read.Query(`SELECT action, target, IFNULL(before, ''), after FROM audit_log
		WHERE action LIKE 'daily_limits.%' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var action, target, before, after string
		if err := rows.Scan(&action, &target, &before, &after); err != nil {
			t.Fatal(err)
		}
		got = append(got, action+" "+target+" "+before+" → "+after)
	}
	want := []string{
		`daily_limits.grade grade:3 {"buy_gold_mg":null,"buy_rial":null,"sell_gold_mg":null,"sell_rial":null} → {"buy_gold_mg":null,"buy_rial":null,"sell_gold_mg":null,"sell_rial":7}`,
		`daily_limits.grade grade:3 {"buy_gold_mg":null,"buy_rial":null,"sell_gold_mg":null,"sell_rial":7} → {"buy_gold_mg":0,"buy_rial":null,"sell_gold_mg":null,"sell_rial":8}`,
		`daily_limits.user user:` + itoa(user) + ` {"buy_gold_mg":null,"buy_rial":null,"sell_gold_mg":null,"sell_rial":null} → {"buy_gold_mg":null,"buy_rial":9,"sell_gold_mg":null,"sell_rial":null}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("audit:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	list, err := s.GradesDailyLimits(ctx)
	if err != nil || len(list) != 5 || list[2].Grade != 3 || *list[2].SellRial != 8 || *list[2].BuyGoldMg != 0 || list[0].Any() {
		t.Fatalf("grades' limits: %+v %v", list, err)
	}
}

// The day's sum reads the customer's journals of the day by their index, never their whole history.
func TestTheDaysSumReadsItsIndex(t *testing.T) {
	s, _ := openTest(t)
	if got := planOf(t, s.read, dailyTotalsSQL, 1, 0); !strings.Contains(got, "j USING INDEX journals_user (user_id=? AND id>?)") ||
		!strings.Contains(got, "journals_created (created_at>?)") || strings.Contains(got, "SCAN") {
		t.Fatalf("plan: %s", got)
	}
}

func mustBalances(t *testing.T, s *Store, userID int64) Balances {
	t.Helper()
	b, err := s.Balances(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Each of a side's two figures holds at its edge (issue 37): a day's trades that reach the limit exactly
// pass, and the same trades with one more rial or one more milligram of the limited figure are refused, for
// buys and sells alike (1 rial or 1 mg over is what a mutated rule, < in place of <=, lets through).
func TestADailyLimitHoldsToTheRialAndTheMilligram(t *testing.T) {
	for _, c := range []struct {
		name        string
		limits      DailyLimits
		side, asset string
		limitAmount int64
		// first is the day's first trade; exact reaches the limit with it, over passes it by one unit
		first, exact, over [2]int64 // rial, mg
	}{
		{"buy by rial", DailyLimits{BuyRial: limit(3_000_000)}, EntryBuy, AssetRial, 3_000_000,
			[2]int64{2_990_000, 299}, [2]int64{10_000, 1}, [2]int64{10_001, 1}},
		{"buy by gold", DailyLimits{BuyGoldMg: limit(300)}, EntryBuy, AssetGold, 300,
			[2]int64{2_900_000, 290}, [2]int64{100_000, 10}, [2]int64{100_000, 11}},
		{"sell by rial", DailyLimits{SellRial: limit(3_000_000)}, EntrySell, AssetRial, 3_000_000,
			[2]int64{2_990_000, 299}, [2]int64{10_000, 1}, [2]int64{10_001, 1}},
		{"sell by gold", DailyLimits{SellGoldMg: limit(300)}, EntrySell, AssetGold, 300,
			[2]int64{2_900_000, 290}, [2]int64{100_000, 10}, [2]int64{100_000, 11}},
	} {
		for _, last := range []string{"exact", "over"} {
			t.Run(c.name+" "+last, func(t *testing.T) {
				s, admin, user := limitedShop(t)
				ctx, now := context.Background(), time.Now()
				if err := s.SetGradeDailyLimits(ctx, admin, 1, c.limits, now); err != nil {
					t.Fatal(err)
				}
				if err := tradeAt(t, s, user, 0, c.side, c.first[0], c.first[1], now); err != nil {
					t.Fatalf("the day's first trade: %v", err)
				}
				if last == "exact" {
					if err := tradeAt(t, s, user, 1, c.side, c.exact[0], c.exact[1], now); err != nil {
						t.Fatalf("the trade that reaches the limit exactly: %v", err)
					}
					return
				}
				before, balances := ledgerSize(t, s), mustBalances(t, s, user)
				used := c.first[0]
				if c.asset == AssetGold {
					used = c.first[1]
				}
				err := tradeAt(t, s, user, 1, c.side, c.over[0], c.over[1], now)
				wantDailyLimit(t, err, DailyLimitError{Side: c.side, Asset: c.asset, LimitAmount: c.limitAmount, Used: used})
				if after := ledgerSize(t, s); after != before || mustBalances(t, s, user) != balances {
					t.Fatalf("the refused trade moved something: %s → %s", before, after)
				}
			})
		}
	}
}
