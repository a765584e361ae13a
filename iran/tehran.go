package iran

import (
	"errors"
	"strings"
	"time"
	_ "time/tzdata" // Asia/Tehran must resolve on machines without a zoneinfo database
)

// Tehran is the shop's clock: trading hours, days and dates are Tehran's.
var Tehran = mustLoadTehran()

func mustLoadTehran() *time.Location {
	loc, err := time.LoadLocation("Asia/Tehran")
	if err != nil {
		panic(err)
	}
	return loc
}

// ErrDate is returned for text that is not a date (or time) this package reads, or one outside its range.
var ErrDate = errors.New("iran: not a valid date")

// DayStart is midnight in Tehran of the day t falls on.
func DayStart(t time.Time) time.Time {
	y, m, d := t.In(Tehran).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, Tehran)
}

// GregorianDay is midnight in Tehran of a Gregorian day written YYYY-MM-DD (Persian digits read as Latin).
// Years outside 1900–2199 are refused: a Jalali date sent by mistake (1405-01-01) would otherwise be a
// real Gregorian day six centuries ago and give an empty file instead of an error.
func GregorianDay(raw string) (time.Time, error) {
	t, err := time.ParseInLocation(time.DateOnly, LatinDigits(raw), Tehran)
	if err != nil || t.Year() < 1900 || t.Year() >= 2200 {
		return t, ErrDate
	}
	return t, nil
}

// TehranTime reads a Tehran wall-clock time written "YYYY-MM-DDTHH:mm:ss" without zone (decisions.md §2);
// milliseconds, minutes only and a bare date are accepted too.
func TehranTime(raw string) (time.Time, error) {
	s := LatinDigits(strings.TrimSpace(raw))
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04:05.000", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, Tehran); err == nil {
			return t, nil
		}
	}
	return time.Time{}, ErrDate
}
