package app

import (
	"net/url"
	"strings"
	"time"

	"goldshop/iran"
)

// tehranDays reads the from and to Tehran days of a report (an export, a printed statement), Gregorian
// YYYY-MM-DD, both required and inclusive; it returns each day's midnight in Tehran.
func tehranDays(q url.Values) (first, last time.Time, err error) {
	rawFrom, rawTo := strings.TrimSpace(q.Get("from")), strings.TrimSpace(q.Get("to"))
	if rawFrom == "" || rawTo == "" {
		return first, last, badRequest(msgExportDatesRequired)
	}
	first, errFrom := iran.GregorianDay(rawFrom)
	last, errTo := iran.GregorianDay(rawTo)
	switch {
	case errFrom != nil || errTo != nil:
		return first, last, badRequest(msgExportDateInvalid)
	case first.After(last):
		return first, last, badRequest(msgDateRange)
	}
	return first, last, nil
}
