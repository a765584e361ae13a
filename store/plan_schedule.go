package store

import (
	"time"

	"goldshop/iran"
)

// A savings plan's schedule (issue 29), beside the standing orders' matching as the other money rule of
// when a trade runs (issue 37): when each of its runs is due, and the name of the period the run belongs to,
// which keys the run so a plan buys at most once a period. Days are Tehran's; a monthly plan's
// day is a Jalali day (1–29, so every month has it). A period is named by its due time alone, never by the
// plan's kind (issue 36): a daily plan changed to weekly at the minute it had bought names that minute as it
// did, and does not buy it again.

// PlanDue is one run of a plan: its period's name and when it is due.
type PlanDue struct {
	Period string
	At     time.Time
}

// duePeriod names the period of a run due at at: the due instant as a UTC minute, "2026-12-01T05:30Z"
// (migration 0035 renamed the runs kept before in the same words).
func duePeriod(at time.Time) string {
	return at.UTC().Format("2006-01-02T15:04Z")
}

// dueOn is the plan's run on the Tehran day holding day, if the plan runs that day.
func dueOn(p Plan, day time.Time) (PlanDue, bool) {
	d := day.In(iran.Tehran)
	at := time.Date(d.Year(), d.Month(), d.Day(), p.Minute/60, p.Minute%60, 0, 0, iran.Tehran)
	runs := false
	switch p.Every {
	case PlanDaily:
		runs = true
	case PlanWeekly:
		// the plan's weekday counts from Saturday (0), Go's from Sunday
		runs = int(d.Weekday()) == (p.Weekday+6)%7
	case PlanMonthly:
		runs = iran.JalaliDayOfMonth(d) == p.Day
	}
	if !runs {
		return PlanDue{}, false
	}
	return PlanDue{duePeriod(at), at}, true
}

// planPeriodFloor is the least time between two runs of a plan of kind every that has not changed, less
// some slack: a day or a week less an hour, and 28 days for a month (the shortest gap between two monthly
// runs is 29 days, across an Esfand of 29).
func planPeriodFloor(every string) time.Duration {
	switch every {
	case PlanDaily:
		return 23 * time.Hour
	case PlanWeekly:
		return 7*24*time.Hour - time.Hour
	default:
		return 28 * 24 * time.Hour
	}
}

// withinAPeriod says whether a run of a plan of kind every due at due falls within one period of the due
// time of its last run that bought (lastBuy; zero before one), or before it. A plan that has not changed
// never does (its runs are a period apart); one whose terms changed after a buy would buy twice in a period
// without it: a daily plan at 09:00 that bought and was moved to 10:00, a Monday plan moved to Tuesday.
func withinAPeriod(every string, lastBuy, due time.Time) bool {
	return !lastBuy.IsZero() && due.Sub(lastBuy) < planPeriodFloor(every)
}

// Owes says whether the plan owes its run due at at: not for a time before it was made, last resumed or
// last given new terms (one made or resumed in the minute it is due still buys then), nor within a period of
// its last buy.
func (p Plan) Owes(at time.Time) bool {
	if at.Before(p.TermsAt.Truncate(time.Minute)) {
		return false
	}
	return !withinAPeriod(p.Every, p.LastBuyDue, at)
}

// Dues are the plan's runs due after from and at or before to, oldest first.
func (p Plan) Dues(from, to time.Time) []PlanDue {
	var out []PlanDue
	start := from.In(iran.Tehran)
	day := time.Date(start.Year(), start.Month(), start.Day(), 12, 0, 0, 0, iran.Tehran) // noon: no DST edge
	for ; !day.After(to.Add(24 * time.Hour)); day = day.AddDate(0, 0, 1) {
		if due, ok := dueOn(p, day); ok && due.At.After(from) && !due.At.After(to) {
			out = append(out, due)
		}
	}
	return out
}

// NextDue is the plan's next run after now that it owes (within the next 70 days, which hold every
// period's, and the one after it when the first falls within a period of the plan's last buy).
func (p Plan) NextDue(now time.Time) (PlanDue, bool) {
	for _, due := range p.Dues(now, now.AddDate(0, 0, 70)) {
		if p.Owes(due.At) {
			return due, true
		}
	}
	return PlanDue{}, false
}
