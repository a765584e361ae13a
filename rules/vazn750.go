package rules

import "github.com/shopspring/decimal"

var seven50 = decimal.NewFromInt(75_000) // 750.00 in hundredths

// Vazn750Mg is a bar's weight at 750 purity, floored to the milligram: floor(vazn × ayar / 750)
// (decisions.md §6). Purity comes in hundredths of a thousandth so the arithmetic stays whole.
func Vazn750Mg(vazn Mg, ayar AyarCenti) Mg {
	return divide(decimal.NewFromInt(vazn).Mul(decimal.NewFromInt(ayar)), seven50, false).IntPart()
}
