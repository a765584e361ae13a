package app

import (
	"goldshop/persian"
	"goldshop/rules"
	"net/url"
	"strings"
	"time"
)

// parseTehranTime reads an admin filter date: "YYYY-MM-DDTHH:mm:ss" without zone, meaning Tehran time
// (decisions.md §2); milliseconds and a bare date are accepted too. Empty means no bound.
func parseTehranTime(s string) (time.Time, error) {
	s = persian.LatinDigits(strings.TrimSpace(s))
	if s == "" {
		return time.Time{}, nil
	}
	for _, layout := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04:05.000", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, rules.Tehran); err == nil {
			return t, nil
		}
	}
	return time.Time{}, badRequest(msgDateInvalid)
}

// dateRange reads startDate and endDate; a start after the end is refused as the screens refuse it.
func dateRange(q url.Values) (from, to time.Time, err error) {
	if from, err = parseTehranTime(q.Get("startDate")); err != nil {
		return
	}
	if to, err = parseTehranTime(q.Get("endDate")); err != nil {
		return
	}
	if !from.IsZero() && !to.IsZero() && from.After(to) {
		err = badRequest(msgDateRange)
	}
	return
}

// oneOf accepts a filter value from a fixed list; "" and "all" mean no filter.
func oneOf(v string, allowed ...string) (string, bool) {
	v = strings.TrimSpace(v)
	if v == "" || v == "all" {
		return "", true
	}
	for _, a := range allowed {
		if v == a {
			return v, true
		}
	}
	return "", false
}

// startOfTehranDay is midnight in Tehran of the day t falls on.
func startOfTehranDay(t time.Time) time.Time {
	y, m, d := t.In(rules.Tehran).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, rules.Tehran)
}
