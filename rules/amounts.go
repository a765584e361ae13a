package rules

import (
	"strconv"

	"github.com/shopspring/decimal"

	"goldshop/iran"
)

// FormatRial writes rials as the API's canonical form: a plain whole number.
func FormatRial(n Rial) string { return strconv.FormatInt(n, 10) }

// FormatGold writes milligrams as grams with exactly three decimals, the API's canonical gold form.
func FormatGold(mg Mg) string { return decimal.New(mg, -3).StringFixed(3) }

// FormatAyar writes a purity as the API's form, "750.00".
func FormatAyar(c AyarCenti) string { return decimal.New(c, -2).StringFixed(2) }

// ParseRial reads a whole number of rials (Latin digits only); decimals, signs, exponents and overflow are
// refused.
func ParseRial(s string) (Rial, bool) {
	if !iran.OnlyDigits(s) || len(s) > 18 {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// ParseAmountRial reads a positive whole rial amount no larger than MaxAmountRial.
func ParseAmountRial(s string) (Rial, bool) {
	n, ok := ParseRial(s)
	return n, ok && n > 0 && n <= MaxAmountRial
}

// ParseGoldMg reads grams with at most three decimals ("1.5", "0.001") as milligrams; signs, exponents and
// a fourth decimal are refused rather than rounded, because the shop never guesses an amount.
func ParseGoldMg(s string) (Mg, bool) {
	return parseFixed(s, 3, MaxAmountMg)
}

// ParseAyar reads a purity such as "750", "999.9" or "۷۵۰٫۵۰": above 0, at most 1000, at most two decimals.
func ParseAyar(s string) (AyarCenti, bool) {
	c, ok := parseFixed(iran.NumberText(s), 2, MaxAyarCenti)
	return c, ok && c > 0
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
