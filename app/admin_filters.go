package app

import (
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
