package iran

import "github.com/shopspring/decimal"

// Grams writes milligrams for a person as grams, as the screens do, without trailing zeros: 1500 is "۱/۵".
func Grams(mg int64) string {
	return Number(decimal.New(mg, -3).String())
}
