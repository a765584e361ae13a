// Package rules is the shop's money and trading rules as plain functions: units and amounts, the rounding of
// a trade, grade prices, trading hours and the price's freshness, weight limits and the 750 weight of a bar.
// No HTTP and no SQL: handlers decode, call these and answer; the store persists what they decided.
package rules

// The shop's units. Every amount is a whole number of its smallest unit, so sums and checks are exact.
type (
	Rial        = int64 // Iranian rials
	Mg          = int64 // milligrams of 750 gold
	RialPerGram = int64 // a price: rials per gram of 750 gold
	AyarCenti   = int64 // purity in hundredths of a thousandth: 750.00 is 75000
)

// Upper bounds of one amount typed by a person: far above any real deposit, charge or bar, and far enough
// below int64's range that no sum of them can overflow.
const (
	MaxAmountRial Rial      = 1_000_000_000_000_000 // 10^15 rial
	MaxAmountMg   Mg        = 1_000_000_000         // one tonne of gold
	MaxAyarCenti  AyarCenti = 100_000               // 1000.00: pure gold
)
