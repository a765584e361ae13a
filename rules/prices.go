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
