package pricefeed

import (
	"math/big"
	"time"

	"github.com/shopspring/decimal"
)

// Base is the shop's base price from a source's rial per gram: source × (1 + marginBP/10 000) + marginRial,
// rounded once, half up, to the nearest roundTo rial (1 when 0). The margins may be negative; marginBP is in
// hundredths of a percent (the owner's "1.5" is 150). A result that is not a positive int64 is refused with
// ErrNotPositive, a negative roundTo with ErrConfig.
func Base(source, marginBP, marginRial, roundTo int64) (int64, error) {
	if roundTo < 0 {
		return 0, fail(ErrConfig, "round to %d rial", roundTo)
	}
	if roundTo == 0 {
		roundTo = 1
	}
	exact := decimal.NewFromInt(source).Mul(decimal.NewFromInt(10_000 + marginBP)).Shift(-4).
		Add(decimal.NewFromInt(marginRial))
	units := roundHalfUp(exact, 1, roundTo)
	base := units.Mul(units, big.NewInt(roundTo))
	if base.Sign() <= 0 || !base.IsInt64() {
		return 0, fail(ErrNotPositive, "base %s rial from %d rial", base.String(), source)
	}
	return base.Int64(), nil
}

// Verdict is what Judge decides about a new base.
type Verdict string

// The verdicts: apply it, or keep the last applied base and say why.
const (
	Apply  Verdict = "apply"
	Held   Verdict = "held"   // it moves more than the largest step from the last applied base
	Stale  Verdict = "stale"  // the source's time is older than the largest age
	Future Verdict = "future" // the source's time is more than MaxAhead after now
)

// MaxAhead is how far a source's clock may run ahead of ours before its reading is refused.
const MaxAhead = time.Minute

// Judge decides whether newBase, computed from r, may replace lastApplied (0 when none was applied).
// The checks run in order: a time past now + MaxAhead is Future; one older than maxAge is Stale; a
// base that is not positive is Held; with no last applied base it is Apply; a move of more than
// maxStepBP (hundredths of a percent) of the last applied base is Held. A maxAge or maxStepBP of 0 turns that check
// off. Each boundary itself passes: exactly maxAge old, exactly MaxAhead ahead, exactly the step.
func Judge(r Reading, now time.Time, lastApplied, newBase, maxStepBP int64, maxAge time.Duration) Verdict {
	switch {
	case r.At.Sub(now) > MaxAhead:
		return Future
	case maxAge > 0 && now.Sub(r.At) > maxAge:
		return Stale
	case newBase <= 0:
		return Held
	case lastApplied <= 0 || maxStepBP <= 0:
		return Apply
	}
	// |new − last| × 10 000 > step × last, in integers that cannot overflow.
	move := new(big.Int).Sub(big.NewInt(newBase), big.NewInt(lastApplied))
	move.Abs(move).Mul(move, big.NewInt(10_000))
	limit := new(big.Int).Mul(big.NewInt(maxStepBP), big.NewInt(lastApplied))
	if move.Cmp(limit) > 0 {
		return Held
	}
	return Apply
}

// FirstRetry is the wait after the first failure; each further failure doubles it, up to every.
const FirstRetry = 30 * time.Second

// Backoff is how long to wait before the next fetch after failures consecutive failures, when fetches
// normally run every every: none failed, every; else FirstRetry doubled per further failure, never
// more than every (and every itself when it is shorter than FirstRetry).
func Backoff(failures int, every time.Duration) time.Duration {
	if failures <= 0 || every <= FirstRetry {
		return every
	}
	d := FirstRetry
	for i := 1; i < failures && d < every; i++ {
		d *= 2
	}
	return min(d, every)
}
