package app

import (
	"testing"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

// A plan's runs fall on its day at its Tehran minute: every day, on its weekday counted from Saturday, or on
// its Jalali day of each month; each in a period of its own.
func TestAPlansRunsFallOnItsDays(t *testing.T) {
	// 1405/09/08 is Saturday 29 November 2026
	sat := time.Date(2026, 11, 29, 0, 0, 0, 0, iran.Tehran)
	week := planDues(store.Plan{Every: store.PlanWeekly, Weekday: 2, Minute: 9*60 + 30}, sat, sat.AddDate(0, 0, 14))
	if len(week) != 2 || week[0].At != time.Date(2026, 11, 30, 9, 30, 0, 0, iran.Tehran) || week[0].At.Weekday() != time.Monday ||
		week[0].Period == week[1].Period {
		t.Fatalf("a Monday plan (2 = Monday from Saturday): %v", week)
	}
	if fri := planDues(store.Plan{Every: store.PlanWeekly, Weekday: 6, Minute: 600}, sat, sat.AddDate(0, 0, 7)); len(fri) != 1 || fri[0].At.Weekday() != time.Friday {
		t.Fatalf("a Friday plan: %v", fri)
	}
	month := planDues(store.Plan{Every: store.PlanMonthly, Day: 1, Minute: 600}, sat, sat.AddDate(0, 0, 70))
	// 1 Dey 1405 is 22 December 2026; 1 Bahman 21 January 2027
	if len(month) != 2 || month[0].At != time.Date(2026, 12, 22, 10, 0, 0, 0, iran.Tehran) ||
		month[1].At != time.Date(2027, 1, 21, 10, 0, 0, 0, iran.Tehran) || month[0].Period != "month 1405/10" {
		t.Fatalf("a plan on the 1st of each Jalali month: %v", month)
	}
	day := planDues(store.Plan{Every: store.PlanDaily, Minute: 0}, sat, sat.Add(72*time.Hour))
	if len(day) != 3 { // after the first midnight, not at it
		t.Fatalf("a daily plan at midnight: %v", day)
	}
	next, ok := nextDue(store.Plan{Every: store.PlanMonthly, Day: 29, Minute: 0}, sat)
	if !ok || next.At.Before(sat) {
		t.Fatalf("the next run of a plan on the 29th: %v %v", next, ok)
	}
}
