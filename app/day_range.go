package app

import (
	"net/url"
	"strings"
	"time"

	"goldshop/persian"
	"goldshop/rules"
)

// tehranDays reads the from and to Tehran days of a report (an export, a printed statement), Gregorian
// YYYY-MM-DD, both required and inclusive; it returns each day's midnight in Tehran.
func tehranDays(q url.Values) (first, last time.Time, err error) {
	rawFrom, rawTo := strings.TrimSpace(q.Get("from")), strings.TrimSpace(q.Get("to"))
	if rawFrom == "" || rawTo == "" {
		return first, last, badRequest(msgExportDatesRequired)
	}
	var okFrom, okTo bool
	first, okFrom = tehranDay(rawFrom)
	last, okTo = tehranDay(rawTo)
	switch {
	case !okFrom || !okTo:
		return first, last, badRequest(msgExportDateInvalid)
	case first.After(last):
		return first, last, badRequest(msgDateRange)
	}
	return first, last, nil
}

// tehranDay is midnight in Tehran of a Gregorian day written YYYY-MM-DD (Persian digits read as Latin).
// Years outside 1900–2199 are refused: a Jalali date sent by mistake (1405-01-01) would otherwise be a
// real Gregorian day six centuries ago and give an empty file instead of an error.
func tehranDay(raw string) (time.Time, bool) {
	t, err := time.ParseInLocation(time.DateOnly, persian.LatinDigits(raw), rules.Tehran)
	return t, err == nil && t.Year() >= 1900 && t.Year() < 2200
}
