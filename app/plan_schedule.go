package app

import (
	"fmt"
	"time"

	jalaali "github.com/jalaali/go-jalaali"

	"goldshop/iran"
	"goldshop/store"
)

// A savings plan's schedule (issue 29): when each of its runs is due, and the name of the period the run
// belongs to, which keys the run so a plan buys at most once a period. Days are Tehran's; a monthly plan's
// day is a Jalali day (1–29, so every month has it).

// planDue is one run of a plan: its period's name and when it is due.
type planDue struct {
	Period string
	At     time.Time
}

// dueOn is the plan's run on the Tehran day holding day, if the plan runs that day.
func dueOn(p store.Plan, day time.Time) (planDue, bool) {
	d := day.In(iran.Tehran)
	at := time.Date(d.Year(), d.Month(), d.Day(), p.Minute/60, p.Minute%60, 0, 0, iran.Tehran)
	date := d.Format("2006-01-02")
	switch p.Every {
	case store.PlanDaily:
		return planDue{"day " + date, at}, true
	case store.PlanWeekly:
		// the plan's weekday counts from Saturday (0), Go's from Sunday
		if int(d.Weekday()) == (p.Weekday+6)%7 {
			return planDue{"week " + date, at}, true
		}
	case store.PlanMonthly:
		jy, jm, jd, err := jalaali.ToJalaali(d.Year(), d.Month(), d.Day())
		if err == nil && jd == p.Day {
			return planDue{fmt.Sprintf("month %04d/%02d", jy, int(jm)), at}, true
		}
	}
	return planDue{}, false
}

// planDues are the plan's runs due after from and at or before to, oldest first.
func planDues(p store.Plan, from, to time.Time) []planDue {
	var out []planDue
	start := from.In(iran.Tehran)
	day := time.Date(start.Year(), start.Month(), start.Day(), 12, 0, 0, 0, iran.Tehran) // noon: no DST edge
	for ; !day.After(to.Add(24 * time.Hour)); day = day.AddDate(0, 0, 1) {
		if due, ok := dueOn(p, day); ok && due.At.After(from) && !due.At.After(to) {
			out = append(out, due)
		}
	}
	return out
}

// nextDue is the plan's next run after now (within the next 40 days, which holds every period's).
func nextDue(p store.Plan, now time.Time) (planDue, bool) {
	dues := planDues(p, now, now.AddDate(0, 0, 40))
	if len(dues) == 0 {
		return planDue{}, false
	}
	return dues[0], true
}
