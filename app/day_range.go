package app

import (
	"errors"
	"net/url"
	"time"

	"goldshop/iran"
)

// The shop's one date-query convention (decisions.md, "The house"): the admin lists, the exports, the printed
// statement and the audit read a period from `from` and `to`, each a day in Tehran written Gregorian
// (2026-11-27) or Jalali (1405/09/06), both days in. The lists also keep the spec's startDate and endDate
// (instants, YYYY-MM-DDTHH:mm:ss in Tehran time).

var (
	errDayInvalid = errors.New("a day of the period is not a day")
	errDayOrder   = errors.New("the period ends before it starts")
)

// dayRange reads from and to: the first instant of from and the first instant after to, zero where the query
// leaves that end open (absent or empty). errDayInvalid for a day it cannot read, a day with anything around it
// included (a query's "+" is a space), errDayOrder for a period ending before it starts.
func dayRange(q url.Values) (from, until time.Time, err error) {
	if raw := q.Get("from"); raw != "" {
		if from, err = iran.Day(raw); err != nil {
			return from, until, errDayInvalid
		}
	}
	if raw := q.Get("to"); raw != "" {
		last, err := iran.Day(raw)
		if err != nil {
			return from, until, errDayInvalid
		}
		until = last.AddDate(0, 0, 1)
	}
	if !from.IsZero() && !until.IsZero() && !from.Before(until) {
		return from, until, errDayOrder
	}
	return from, until, nil
}

// tehranDays reads the period of a report (an export, a printed statement), both ends required; it returns
// the midnights of its first and last days.
func tehranDays(q url.Values) (first, last time.Time, err error) {
	if q.Get("from") == "" || q.Get("to") == "" {
		return first, last, badRequest(msgExportDatesRequired)
	}
	first, until, err := dayRange(q)
	switch {
	case errors.Is(err, errDayInvalid):
		return first, last, badRequest(msgExportDateInvalid)
	case errors.Is(err, errDayOrder):
		return first, last, badRequest(msgDateRange)
	}
	return first, until.AddDate(0, 0, -1), nil
}
