package app

import (
	"errors"
	"net/url"
	"strings"
	"time"

	"goldshop/iran"
)

// parseTehranTime reads an admin filter date as iran.TehranTime does: "YYYY-MM-DDTHH:mm:ss" without zone,
// meaning Tehran time (decisions.md §2). Empty means no bound.
func parseTehranTime(s string) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return time.Time{}, nil
	}
	t, err := iran.TehranTime(s)
	if err != nil {
		return t, badRequest(msgDateInvalid)
	}
	return t, nil
}

// listPeriod reads an admin list's period: from and to (days, dayRange), or else the spec's startDate and
// endDate (instants); both ends are in, for the store's between. A start after the end is refused as the
// screens refuse it.
func listPeriod(q url.Values) (from, to time.Time, err error) {
	from, until, err := dayRange(q)
	switch {
	case errors.Is(err, errDayInvalid):
		return from, to, badRequest(msgDateInvalid)
	case errors.Is(err, errDayOrder):
		return from, to, badRequest(msgDateRange)
	}
	if !until.IsZero() {
		to = until.Add(-time.Millisecond) // the store's bound is inclusive, to the millisecond it keeps
	}
	if from.IsZero() {
		if from, err = parseTehranTime(q.Get("startDate")); err != nil {
			return
		}
	}
	if to.IsZero() {
		if to, err = parseTehranTime(q.Get("endDate")); err != nil {
			return
		}
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
