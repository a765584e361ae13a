package store

import (
	"testing"
	"time"

	"goldshop/iran"
)

// A plan's runs fall on its day at its Tehran minute: every day, on its weekday counted from Saturday, or on
// its Jalali day of each month; each in a period of its own.
func TestAPlansRunsFallOnItsDays(t *testing.T) {
	// 1405/09/08 is Saturday 29 November 2026
	sat := time.Date(2026, 11, 29, 0, 0, 0, 0, iran.Tehran)
	week := Plan{Every: PlanWeekly, Weekday: 2, Minute: 9*60 + 30}.Dues(sat, sat.AddDate(0, 0, 14))
	if len(week) != 2 || week[0].At != time.Date(2026, 11, 30, 9, 30, 0, 0, iran.Tehran) || week[0].At.Weekday() != time.Monday ||
		week[0].Period == week[1].Period {
		t.Fatalf("a Monday plan (2 = Monday from Saturday): %v", week)
	}
	if fri := (Plan{Every: PlanWeekly, Weekday: 6, Minute: 600}).Dues(sat, sat.AddDate(0, 0, 7)); len(fri) != 1 || fri[0].At.Weekday() != time.Friday {
		t.Fatalf("a Friday plan: %v", fri)
	}
	month := Plan{Every: PlanMonthly, Day: 1, Minute: 600}.Dues(sat, sat.AddDate(0, 0, 70))
	// 1 Dey 1405 is 22 December 2026; 1 Bahman 21 January 2027
	if len(month) != 2 || month[0].At != time.Date(2026, 12, 22, 10, 0, 0, 0, iran.Tehran) ||
		month[1].At != time.Date(2027, 1, 21, 10, 0, 0, 0, iran.Tehran) || month[0].Period != "2026-12-22T06:30Z" {
		t.Fatalf("a plan on the 1st of each Jalali month: %v", month)
	}
	day := Plan{Every: PlanDaily, Minute: 0}.Dues(sat, sat.Add(72*time.Hour))
	if len(day) != 3 { // after the first midnight, not at it
		t.Fatalf("a daily plan at midnight: %v", day)
	}
	next, ok := Plan{Every: PlanMonthly, Day: 29, Minute: 0}.NextDue(sat)
	if !ok || next.At.Before(sat) {
		t.Fatalf("the next run of a plan on the 29th: %v %v", next, ok)
	}
}

// A run is named by its due time alone: a daily and a weekly plan due at the same minute name it alike, so a
// plan changed from one to the other at that minute finds the run it made (issue 36).
func TestARunIsNamedByItsDueTimeNotItsKind(t *testing.T) {
	mon := time.Date(2026, 11, 30, 12, 0, 0, 0, iran.Tehran)
	daily, _ := dueOn(Plan{Every: PlanDaily, Minute: 9 * 60}, mon)
	weekly, ok := dueOn(Plan{Every: PlanWeekly, Weekday: 2, Minute: 9 * 60}, mon)
	if !ok || daily.Period != weekly.Period || daily.Period != "2026-11-30T05:30Z" {
		t.Fatalf("daily %v, weekly %v", daily, weekly)
	}
	if later, _ := dueOn(Plan{Every: PlanDaily, Minute: 10 * 60}, mon); later.Period == daily.Period {
		t.Fatalf("two minutes of one day share a name: %v", later)
	}
}

// After a change of terms a plan owes no run within one period of its last buy's due time (a day or a week
// less an hour, 28 days), nor one before it; a plan that has not changed is never held back, its runs being
// a period apart however long its month.
func TestARunWithinAPeriodOfTheLastBuyIsNotOwed(t *testing.T) {
	buy := time.Date(2026, 11, 30, 9, 0, 0, 0, iran.Tehran)    // Monday 1405/09/09, 09:00
	esfand9 := time.Date(2027, 2, 28, 9, 0, 0, 0, iran.Tehran) // 1405/12/09; 1405 is a common year
	for _, c := range []struct {
		name      string
		every     string
		last, due time.Time
		want      bool
	}{
		{"a daily plan moved from 09:00 to 10:00 the same day", PlanDaily, buy, buy.Add(time.Hour), true},
		{"a daily plan moved more than an hour earlier, the next day", PlanDaily, buy, buy.Add(22 * time.Hour), true},
		{"a daily plan moved an hour earlier, the next day", PlanDaily, buy, buy.Add(23 * time.Hour), false},
		{"a daily plan unchanged, the next day", PlanDaily, buy, buy.AddDate(0, 0, 1), false},
		{"the same due time again", PlanDaily, buy, buy, true},
		{"a due before the last buy", PlanDaily, buy, buy.Add(-time.Hour), true},
		{"a Monday plan moved to Tuesday", PlanWeekly, buy, buy.AddDate(0, 0, 1), true},
		{"a weekly plan moved to Sunday, six days on", PlanWeekly, buy, buy.AddDate(0, 0, 6), true},
		{"a weekly plan unchanged, a week on", PlanWeekly, buy, buy.AddDate(0, 0, 7), false},
		{"a daily plan turned weekly an hour earlier, its next week", PlanWeekly, buy, buy.AddDate(0, 0, 7).Add(-time.Hour), false},
		{"a monthly plan moved from the 9th to the 20th", PlanMonthly, buy, buy.AddDate(0, 0, 11), true},
		{"a monthly plan 28 days on", PlanMonthly, buy, buy.AddDate(0, 0, 28), false},
		{"a monthly plan unchanged across Esfand, 29 days", PlanMonthly, esfand9, esfand9.AddDate(0, 0, 29), false},
		{"a plan that never bought", PlanDaily, time.Time{}, buy, false},
	} {
		if got := withinAPeriod(c.every, c.last, c.due); got != c.want {
			t.Errorf("%s: withinAPeriod = %v, want %v", c.name, got, c.want)
		}
	}
	if next, ok := (Plan{Every: PlanMonthly, Day: 9, Minute: 9 * 60}).NextDue(esfand9); !ok ||
		next.At != time.Date(2027, 3, 29, 9, 0, 0, 0, iran.Tehran) {
		t.Errorf("1406/01/09 is not 29 days after 1405/12/09: %v", next)
	}
	// and the plan's terms: nothing before the minute they took effect, the run of that minute still owed
	p := Plan{Every: PlanDaily, TermsAt: buy.Add(30 * time.Second)}
	if p.Owes(buy.Add(-time.Minute)) || !p.Owes(buy) {
		t.Errorf("a plan resumed at 09:00:30: owes 08:59 %v, 09:00 %v", p.Owes(buy.Add(-time.Minute)), p.Owes(buy))
	}
}
