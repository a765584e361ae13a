package rules

import "time"

// GradePrices are the prices a customer of a grade trades at: buy = base + sellAdd, sell = base −
// buySubtract (the grade's figures are named from the shop's side). A sell price of zero or less means the
// shop does not buy from that grade at this base.
func GradePrices(base, sellAdd, buySubtract RialPerGram) (buy, sell RialPerGram) {
	return base + sellAdd, base - buySubtract
}

// PriceFresh reports whether a base price set at `at` is younger than the shop's maximum age; a price never
// set is not fresh.
func PriceFresh(at, now time.Time, maxAgeMinutes int) bool {
	return !at.IsZero() && now.Sub(at) <= time.Duration(maxAgeMinutes)*time.Minute
}

// LimitMet says whether a customer whose prices are buy and sell meets a price they wait for on side (a
// price alert, a standing order's limit): their buy price at or below it, or their sell price at or above
// it. A price of zero or less (none set yet, a grade the shop does not buy from) meets nothing. price is the
// customer's price on that side.
func LimitMet(side Side, limit, buy, sell RialPerGram) (met bool, price RialPerGram) {
	if side == Buy {
		return buy > 0 && buy <= limit, buy
	}
	return sell > 0 && sell >= limit, sell
}
