package app

import (
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"goldshop/store"
)

// quoteLifetime is how long a locked price waits for its code (decisions.md §4); the code lives as long.
const quoteLifetime = 2 * time.Minute

// gradePrices are the prices a customer of grade g trades at: buy = base + sell_add, sell = base − buy_subtract.
// A sell price of zero or less means the shop does not buy from that grade at this base.
func gradePrices(base int64, g store.Grade) (buy, sell int64) {
	return base + g.SellAddRial, base - g.BuySubtractRial
}

// priceFresh reports whether the base price set at `at` is younger than the shop's maximum age.
func priceFresh(at, now time.Time, maxAgeMinutes int) bool {
	return !at.IsZero() && now.Sub(at) <= time.Duration(maxAgeMinutes)*time.Minute
}

// minuteOfDay is the Tehran wall-clock minute (0..1439) at t.
func minuteOfDay(t time.Time) int {
	h, m, _ := t.In(tehran).Clock()
	return h*60 + m
}

// inWindow reports whether minute falls in the window [start, end], both ends inclusive to the minute; a start
// after its end is a window that crosses midnight (22:00–02:00 holds 23:30 and 01:00).
func inWindow(start, end, minute int) bool {
	if start <= end {
		return minute >= start && minute <= end
	}
	return minute >= start || minute <= end
}

// sideOpen reports whether buying (or selling) is allowed at t under the settings.
func sideOpen(s store.PriceSettings, typ string, t time.Time) bool {
	if typ == store.EntryBuy {
		return s.BuyEnabled && inWindow(s.BuyStartMin, s.BuyEndMin, minuteOfDay(t))
	}
	return s.SellEnabled && inWindow(s.SellStartMin, s.SellEndMin, minuteOfDay(t))
}

// clockText writes a minute of the day as HH:mm.
func clockText(minute int) string {
	return fmt.Sprintf("%02d:%02d", minute/60, minute%60)
}

// parseClock reads HH:mm (Persian digits too) as a minute of the day.
func parseClock(s string) (int, bool) {
	s = latinDigits(s)
	var h, m int
	if len(s) != 5 || s[2] != ':' || !onlyDigits(s[:2]) || !onlyDigits(s[3:]) {
		return 0, false
	}
	fmt.Sscanf(s, "%d:%d", &h, &m)
	if h > 23 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}

var (
	thousand = decimal.NewFromInt(1000)
	one      = decimal.NewFromInt(1)
)

// tradeAmounts completes a trade from the one amount the customer gave, rounding always in the shop's favour
// and never by more than one unit (decisions.md §4):
//   - buy by rial:  debit exactly the rial, credit gold = floor(rial / price) to the milligram;
//   - buy by gold:  debit rial = ceil(gold × price);
//   - sell by gold: credit rial = floor(gold × price);
//   - sell by rial: debit gold = ceil(rial / price) to the milligram, credit exactly the rial.
//
// Amounts and price are positive; the results may be zero (a trade too small to make) or very large, so
// they come back as decimals for the caller to bound.
func tradeAmounts(typ string, byRial bool, amount, pricePerGram int64) (rial, mg decimal.Decimal) {
	a, price := decimal.NewFromInt(amount), decimal.NewFromInt(pricePerGram)
	buy := typ == store.EntryBuy
	switch {
	case byRial && buy:
		return a, divFloor(a.Mul(thousand), price)
	case byRial:
		return a, divCeil(a.Mul(thousand), price)
	case buy:
		return divCeil(a.Mul(price), thousand), a
	default:
		return divFloor(a.Mul(price), thousand), a
	}
}

// divFloor and divCeil divide positive decimals to a whole number, exactly.
func divFloor(a, b decimal.Decimal) decimal.Decimal {
	q, _ := a.QuoRem(b, 0)
	return q
}

func divCeil(a, b decimal.Decimal) decimal.Decimal {
	q, r := a.QuoRem(b, 0)
	if r.Sign() > 0 {
		q = q.Add(one)
	}
	return q
}
