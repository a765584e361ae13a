package app

import "github.com/shopspring/decimal"

// Upper bounds of one amount typed by a person: far above any real deposit or charge, and far enough below
// int64's range that no sum of them can overflow.
const (
	maxAmountRial = 1_000_000_000_000_000 // 10^15 rial
	maxAmountMg   = 1_000_000_000         // one tonne of gold
)

// goldString writes milligrams as grams with exactly three decimals, the API's canonical gold form.
func goldString(mg int64) string {
	return decimal.New(mg, -3).StringFixed(3)
}

// parseGoldMg reads grams with at most three decimals ("1.5", "0.001") as milligrams; signs, exponents and
// a fourth decimal are refused rather than rounded, because the shop never guesses an amount.
func parseGoldMg(s string) (int64, bool) {
	return parseFixed(s, 3, maxAmountMg)
}

// parseFixed reads a plain non-negative decimal with at most `decimals` places as a whole number of its
// smallest unit, no larger than max.
func parseFixed(s string, decimals int32, max int64) (int64, bool) {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' {
		return 0, false
	}
	for _, c := range s {
		if (c < '0' || c > '9') && c != '.' {
			return 0, false
		}
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return 0, false
	}
	n := d.Shift(decimals)
	if !n.IsInteger() || n.GreaterThan(decimal.NewFromInt(max)) {
		return 0, false
	}
	return n.IntPart(), true
}

// parseAmountRial reads a positive whole rial amount no larger than maxAmountRial.
func parseAmountRial(s string) (int64, bool) {
	n, ok := parseRial(s)
	return n, ok && n > 0 && n <= maxAmountRial
}
