package rules

import (
	"github.com/shopspring/decimal"

	"goldshop/persian"
)

// ReserveRoom is how many more milligrams of gold the shop may owe its customers: what it holds for them
// (reserve: the vault's 750 weight less the bars already promised to deliveries) must cover what it owes,
// with a safety margin on top, (owed + grams) × (1 + margin/100) ≤ reserve. marginBP is the margin in
// hundredths of a percent (2.5 % is 250). The room is never negative.
func ReserveRoom(reserve, owed Mg, marginBP int64) Mg {
	room := reserve*10_000/(10_000+marginBP) - owed
	return max(room, 0)
}

// MaxMarginBP is the highest margin the owner may set: 100 %.
const MaxMarginBP = 10_000

// ParseMarginPercent reads a margin typed as a percent, "2.5" or "۲٫۵", from 0 to 100 with at most two
// decimals, as hundredths of a percent.
func ParseMarginPercent(s string) (int64, bool) {
	return parseFixed(persian.NumberText(s), 2, MaxMarginBP)
}

// FormatMarginPercent writes a margin as the API's percent string, "2.50".
func FormatMarginPercent(bp int64) string { return decimal.New(bp, -2).StringFixed(2) }
