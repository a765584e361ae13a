package app

import "github.com/shopspring/decimal"

// Bounds of a bar's figures: purity is thousandths (at most pure gold), weight at most a tonne.
const (
	maxAyarCenti = 100_000 // 1000.00
	maxBarMg     = maxAmountMg
)

var seven50Centis = decimal.NewFromInt(75_000) // 750.00 in hundredths

// vazn750Mg is a bar's weight at 750 purity, floored to the milligram: floor(vazn × ayar / 750)
// (decisions.md §6). Purity comes in hundredths of a thousandth so the arithmetic stays whole.
func vazn750Mg(vaznMg, ayarCenti int64) int64 {
	return divFloor(decimal.NewFromInt(vaznMg).Mul(decimal.NewFromInt(ayarCenti)), seven50Centis).IntPart()
}

// parseAyarCenti reads a purity such as "750", "999.9" or "۷۵۰٫۵۰" as hundredths: above 0, at most 1000,
// at most two decimals.
func parseAyarCenti(s string) (int64, bool) {
	c, ok := parseFixed(numericText(s), 2, maxAyarCenti)
	return c, ok && c > 0
}

// ayarString writes hundredths of a thousandth as the API's purity form, "750.00".
func ayarString(centi int64) string {
	return decimal.New(centi, -2).StringFixed(2)
}
