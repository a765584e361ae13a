package iran

import (
	"strings"
	"time"
)

// Day reads a day as the shop's date queries write it, a Gregorian day (2026-11-27) or a Jalali day
// (1405/09/06, in Persian digits too), and answers its midnight in Tehran. Anything else is ErrDate: a time
// of day, a Jalali day written with dashes (1405-01-01 is more likely a mistaken Gregorian day), a day first,
// and a day with anything around it: a query's "+2026-01-01" reaches the server as " 2026-01-01".
func Day(raw string) (time.Time, error) {
	if raw != strings.TrimSpace(raw) {
		return time.Time{}, ErrDate
	}
	if t, err := GregorianDay(raw); err == nil {
		return t, nil
	}
	if strings.Contains(LatinDigits(raw), "/") {
		return JalaliDayStart(raw)
	}
	return time.Time{}, ErrDate
}
