package rules

import "github.com/shopspring/decimal"

// Side is a trade's direction, seen from the customer.
type Side string

const (
	Buy  Side = "buy"
	Sell Side = "sell"
)

// rounding is decisions.md §4 as a table. The customer gives one amount; the shop computes the other and
// rounds it always in its own favour and never by more than one unit:
//
//	side  given  computed                         rounded
//	buy   rial   gold = rial ÷ price (to the mg)  down: the customer gets no milligram not paid for
//	buy   gold   rial = gold × price              up:   the customer pays the part rial
//	sell  gold   rial = gold × price              down: the shop pays no part rial
//	sell  rial   gold = rial ÷ price (to the mg)  up:   the customer gives the part milligram
var rounding = map[Side]map[bool]bool{ // side → given in rial? → rounded up?
	Buy:  {true: false, false: true},
	Sell: {false: false, true: true},
}

var (
	thousand = decimal.NewFromInt(1000)
	one      = decimal.NewFromInt(1)
)

// TradeAmounts completes a trade from the one amount the customer gave (rials when byRial, else
// milligrams) at price, by the rounding table. Amounts and price are positive; the results may be zero (a
// trade too small to make) or very large, so they come back as decimals for BoundTrade.
func TradeAmounts(side Side, byRial bool, amount Rial, price RialPerGram) (rial, mg decimal.Decimal) {
	a, p := decimal.NewFromInt(amount), decimal.NewFromInt(price)
	up := rounding[side][byRial]
	if byRial {
		return a, divide(a.Mul(thousand), p, up)
	}
	return divide(a.Mul(p), thousand, up), a
}

// divide divides positive decimals to a whole number, exactly, rounding down or up.
func divide(a, b decimal.Decimal, up bool) decimal.Decimal {
	q, r := a.QuoRem(b, 0)
	if up && r.Sign() > 0 {
		q = q.Add(one)
	}
	return q
}
