package rules

import (
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

// Every rounding case of decisions.md §4 with prices and amounts that do not divide evenly, and the edges
// where the rounding reaches zero.
func TestTradeAmountsRoundInTheShopsFavour(t *testing.T) {
	cases := []struct {
		name     string
		side     Side
		byRial   bool
		amount   int64
		price    int64
		wantRial string
		wantMg   string
	}{
		{"buy by rial floors the gold", Buy, true, 10_000_000, 51_234_567, "10000000", "195"},  // 195.18… mg
		{"buy by rial exact", Buy, true, 51_234_567, 51_234_567, "51234567", "1000"},           // 1 g
		{"buy by rial below a milligram", Buy, true, 51_234, 51_234_567, "51234", "0"},         // 0.99… mg
		{"buy by gold ceils the rial", Buy, false, 1_235, 51_234_567, "63274691", "1235"},      // 63274690.245
		{"buy by gold exact", Buy, false, 2_000, 51_234_567, "102469134", "2000"},              // 2 g
		{"buy by gold one milligram", Buy, false, 1, 51_234_567, "51235", "1"},                 // 51234.567
		{"sell by gold floors the rial", Sell, false, 1_235, 49_876_543, "61597530", "1235"},   // 61597530.605
		{"sell by gold one milligram", Sell, false, 1, 49_876_543, "49876", "1"},               // 49876.543
		{"sell by gold, price under a rial per mg", Sell, false, 1, 999, "0", "1"},             // 0.999
		{"sell by rial ceils the gold", Sell, true, 10_000_000, 49_876_543, "10000000", "201"}, // 200.49… mg
		{"sell by rial exact", Sell, true, 49_876_543, 49_876_543, "49876543", "1000"},         // 1 g
		{"sell by rial one rial", Sell, true, 1, 49_876_543, "1", "1"},                         // 0.00002 mg
		{"huge buy by gold", Buy, false, 1_000_000_000, 100_000_000_000, "100000000000000000", "1000000000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rial, mg := TradeAmounts(c.side, c.byRial, c.amount, c.price)
			if rial.String() != c.wantRial || mg.String() != c.wantMg {
				t.Fatalf("got rial %s mg %s, want rial %s mg %s", rial, mg, c.wantRial, c.wantMg)
			}
		})
	}
}

// Over a grid of prices and amounts the shop never loses and never gains a whole unit: the rial paid for
// bought gold is its exact worth rounded up, the rial received for sold gold its worth rounded down, and a rial
// amount buys the most gold it covers (sells the least gold that covers it).
func TestTradeAmountsAreWithinOneUnitOfTheExactWorth(t *testing.T) {
	for _, price := range []int64{1, 7, 999, 1001, 51_234_567, 99_999_999_999} {
		worth := func(mg decimal.Decimal) decimal.Decimal { return mg.Mul(decimal.NewFromInt(price)).Div(thousand) }
		for _, amount := range []int64{1, 2, 3, 17, 999, 1000, 1001, 123_456_789} {
			rial, mg := TradeAmounts(Buy, true, amount, price)
			if w := worth(mg); rial.Cmp(w) < 0 || worth(mg.Add(one)).Cmp(rial) <= 0 {
				t.Fatalf("buy by rial %d at %d: %s mg worth %s", amount, price, mg, w)
			}
			rial, mg = TradeAmounts(Sell, true, amount, price)
			if w := worth(mg); rial.Cmp(w) > 0 || worth(mg.Sub(one)).Cmp(rial) >= 0 {
				t.Fatalf("sell by rial %d at %d: %s mg worth %s", amount, price, mg, w)
			}
			rial, mg = TradeAmounts(Buy, false, amount, price)
			if w := worth(mg); rial.Cmp(w) < 0 || rial.Sub(w).Cmp(one) >= 0 {
				t.Fatalf("buy by gold %d at %d: pays %s for %s", amount, price, rial, w)
			}
			rial, mg = TradeAmounts(Sell, false, amount, price)
			if w := worth(mg); rial.Cmp(w) > 0 || w.Sub(rial).Cmp(one) >= 0 {
				t.Fatalf("sell by gold %d at %d: gets %s for %s", amount, price, rial, w)
			}
		}
	}
}

func TestWindowsIncludeBothEndsAndCrossMidnight(t *testing.T) {
	at := func(clock string) int {
		m, ok := ParseClock(clock)
		if !ok {
			t.Fatalf("bad clock %q", clock)
		}
		return m
	}
	cases := []struct {
		start, end, now string
		open            bool
	}{
		{"08:00", "20:00", "08:00", true},
		{"08:00", "20:00", "20:00", true},
		{"08:00", "20:00", "20:01", false},
		{"08:00", "20:00", "07:59", false},
		{"22:00", "02:00", "23:30", true},
		{"22:00", "02:00", "00:00", true},
		{"22:00", "02:00", "02:00", true},
		{"22:00", "02:00", "02:01", false},
		{"22:00", "02:00", "21:59", false},
		{"22:00", "02:00", "12:00", false},
		{"00:00", "23:59", "23:59", true},
		{"10:00", "10:00", "10:00", true},
		{"10:00", "10:00", "10:01", false},
	}
	for _, c := range cases {
		if got := InWindow(at(c.start), at(c.end), at(c.now)); got != c.open {
			t.Errorf("%s–%s at %s: open=%v, want %v", c.start, c.end, c.now, got, c.open)
		}
	}
}

// The window is Tehran wall-clock time whatever zone the server runs in: 23:30 in Tehran is 20:00 UTC.
func TestHoursUseTehranTime(t *testing.T) {
	buy := Hours{Enabled: true, Start: 22 * 60, End: 2 * 60}
	sell := Hours{Enabled: false, Start: 0, End: 1439}
	night := time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC) // 23:30 Tehran
	noon := time.Date(2026, 11, 21, 8, 30, 0, 0, time.UTC)  // 12:00 Tehran
	if !buy.Open(night) || buy.Open(noon) {
		t.Fatal("buy window 22:00–02:00 Tehran must be open at 23:30 and closed at 12:00")
	}
	if sell.Open(noon) {
		t.Fatal("a disabled side is closed all day")
	}
}

// A buy waits for the customer's buy price to fall to its limit, a sell for the sell price to rise to it;
// no price yet (or a sell price at or below zero) meets nothing.
func TestLimitMetWaitsForThePriceOnItsSide(t *testing.T) {
	cases := []struct {
		side             Side
		limit, buy, sell RialPerGram
		met              bool
		price            RialPerGram
	}{
		{Buy, 100, 100, 90, true, 100},
		{Buy, 100, 101, 90, false, 101},
		{Buy, 100, 0, 0, false, 0},
		{Sell, 90, 100, 90, true, 90},
		{Sell, 91, 100, 90, false, 90},
		{Sell, -5, 100, 0, false, 0},
	}
	for _, c := range cases {
		if met, price := LimitMet(c.side, c.limit, c.buy, c.sell); met != c.met || price != c.price {
			t.Errorf("%s at %d with buy %d sell %d: %v %d, want %v %d", c.side, c.limit, c.buy, c.sell, met, price, c.met, c.price)
		}
	}
}
