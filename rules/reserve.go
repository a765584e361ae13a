package rules

import (
	"github.com/shopspring/decimal"
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
func ParseMarginPercent(s string) (int64, bool) { return ParsePercent(s) }

// FormatMarginPercent writes a margin as the API's percent string, "2.50".
func FormatMarginPercent(bp int64) string { return FormatPercent(bp) }

// ReserveLevel is how close the shop stands to its margin, as the owner's panel warns of it.
type ReserveLevel string

const (
	// ReserveOK leaves room to sell.
	ReserveOK ReserveLevel = "ok"
	// ReserveNear leaves less room than a twentieth of the reserve: time to bring more gold in.
	ReserveNear ReserveLevel = "near"
	// ReserveShort leaves no room: every buy is refused while the guard is on.
	ReserveShort ReserveLevel = "short"
)

// LevelOfReserve weighs the room ReserveRoom leaves against the reserve.
func LevelOfReserve(reserve, owed Mg, marginBP int64) ReserveLevel {
	switch room := ReserveRoom(reserve, owed, marginBP); {
	case room <= 0:
		return ReserveShort
	case room*20 < reserve:
		return ReserveNear
	}
	return ReserveOK
}

// CoverRatio is held/owed as a two-decimal string, rounded down so a page never shows more cover than there
// is; ok is false while nothing is owed.
func CoverRatio(held, owed int64) (ratio string, ok bool) {
	return CoverRatioOf(decimal.NewFromInt(held), decimal.NewFromInt(owed))
}

// CoverRatioOf is CoverRatio of sums that may not fit an int64 (the owner's bank balances).
func CoverRatioOf(held, owed decimal.Decimal) (ratio string, ok bool) {
	if !owed.IsPositive() {
		return "", false
	}
	// an exact quotient in hundredths: a rounded division could round 0.9999… up to a cover of 1.00
	hundredths, _ := held.Mul(decimal.NewFromInt(100)).QuoRem(owed, 0)
	return hundredths.Shift(-2).StringFixed(2), true
}
