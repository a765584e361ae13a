package pricefeed

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"goldshop/iran"
)

// mithqalNum/mithqalDen is 1 ÷ 4.3318 as a fraction: the مظنه (a mithqal of 705) ÷ 4.3318 is a gram of 750.
const mithqalNum, mithqalDen = 10_000, 43_318

// number reads a positive number given as a JSON number or as text, exactly.
func number(v any, where string) (decimal.Decimal, error) {
	var d decimal.Decimal
	var err error
	switch n := v.(type) {
	case nil:
		return d, fail(ErrMissing, "%s", where)
	case json.Number:
		d, err = decimal.NewFromString(n.String())
	case string:
		d, err = decimalText(n, false)
	default:
		return d, fail(ErrNotPositive, "%s is not a number", where)
	}
	if err != nil || d.Sign() <= 0 {
		return d, fail(ErrNotPositive, "%s is %q", where, clip(stringOf(v), 24))
	}
	return d, nil
}

// decimalText reads a number written by people: Persian or Arabic-Indic digits, "," "٬" "،" between
// thousands, "." or "٫" before the fraction, a sign only when signed. Nothing else is accepted.
func decimalText(s string, signed bool) (decimal.Decimal, error) {
	var b strings.Builder
	for i, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r >= '۰' && r <= '۹':
			b.WriteRune('0' + r - '۰')
		case r >= '٠' && r <= '٩':
			b.WriteRune('0' + r - '٠')
		case r == ',' || r == '٬' || r == '،':
		case r == '.' || r == '٫':
			b.WriteRune('.')
		case signed && i == 0 && (r == '-' || r == '+'):
			b.WriteRune(r)
		default:
			return decimal.Decimal{}, strconv.ErrSyntax
		}
	}
	t := strings.TrimLeft(b.String(), "+-")
	if t == "" || t[0] == '.' || t[len(t)-1] == '.' || strings.Count(t, ".") > 1 {
		return decimal.Decimal{}, strconv.ErrSyntax
	}
	return decimal.NewFromString(b.String())
}

func stringOf(v any) string {
	if n, ok := v.(json.Number); ok {
		return n.String()
	}
	s, _ := v.(string)
	return s
}

// perGram750 turns a quote into whole rials per gram of 750, rounded half up.
func perGram750(q quote, per string) (int64, error) {
	v := q.value
	if q.unit == UnitToman {
		v = v.Shift(1)
	}
	num, den := int64(1), int64(1)
	if per == PerMithqal705 {
		num, den = mithqalNum, mithqalDen
	}
	r := roundHalfUp(v, num, den)
	if r.Sign() <= 0 || !r.IsInt64() {
		return 0, fail(ErrNotPositive, "%s rial per %s makes %s rial per gram of 750", v.String(), per, r.String())
	}
	return r.Int64(), nil
}

// roundHalfUp is v × num ÷ den rounded to a whole number, ties toward +∞, exactly (den > 0).
func roundHalfUp(v decimal.Decimal, num, den int64) *big.Int {
	n := new(big.Int).Mul(v.Coefficient(), big.NewInt(num))
	d := big.NewInt(den)
	if e := v.Exponent(); e > 0 {
		n.Mul(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(e)), nil))
	} else if e < 0 {
		d.Mul(d, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-e)), nil))
	}
	// floor((2n + d) / 2d); big.Int.Div floors for a positive divisor.
	n.Add(n.Lsh(n, 1), d)
	return n.Div(n, d.Lsh(d, 1))
}

// unixSeconds reads a Unix time in seconds, as a number or digits.
func unixSeconds(v any, where string) (time.Time, error) {
	n, err := unixNumber(v, where)
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(n, 0), nil
}

// anyTime reads a Unix time in seconds or milliseconds (a number past 10¹¹ is milliseconds: as seconds
// it would be after the year 5000), or an RFC 3339 text, or "2006-01-02 15:04:05" on Tehran's clock.
func anyTime(v any, where string) (time.Time, error) {
	if s, ok := v.(string); ok && !allDigits(iran.LatinDigits(s)) {
		s = strings.TrimSpace(iran.LatinDigits(s))
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			if !gregorian(t) {
				return time.Time{}, fail(ErrBadTime, "%s is %q", where, clip(s, 32))
			}
			return t, nil
		}
		return tehranText(s, where)
	}
	n, err := unixNumber(v, where)
	if err != nil {
		return time.Time{}, err
	}
	if n >= 100_000_000_000 {
		return time.UnixMilli(n), nil
	}
	return time.Unix(n, 0), nil
}

func unixNumber(v any, where string) (int64, error) {
	var text string
	switch n := v.(type) {
	case nil:
		return 0, fail(ErrMissing, "%s", where)
	case json.Number:
		text = n.String()
	case string:
		text = strings.TrimSpace(iran.LatinDigits(n))
	default:
		return 0, fail(ErrBadTime, "%s is not a time", where)
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n <= 0 {
		return 0, fail(ErrBadTime, "%s is %q", where, clip(text, 24))
	}
	return n, nil
}

// tehranText reads "2006-01-02 15:04:05" as a Tehran wall clock.
func tehranText(s, where string) (time.Time, error) {
	t, err := time.ParseInLocation(time.DateTime, strings.TrimSpace(iran.LatinDigits(s)), iran.Tehran)
	if err != nil || !gregorian(t) {
		return time.Time{}, fail(ErrBadTime, "%s is %q", where, clip(s, 32))
	}
	return t, nil
}

// gregorian refuses years a Gregorian clock of ours cannot show: a Jalali date (Navasan's "date" is
// one) read as Gregorian would be six centuries old.
func gregorian(t time.Time) bool { return t.Year() >= 1900 && t.Year() < 2200 }

func allDigits(s string) bool {
	s = strings.TrimSpace(s)
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
