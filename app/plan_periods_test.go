package app

import (
	"context"
	"fmt"
	"testing"
	"time"

	"goldshop/iran"
)

// The repros of issue 36: a plan buys once a period whatever its customer changes. Each test moves the shop's
// clock through a plan's runs and asks the runner to look, as it does every minute.

// changePlan changes a plan's terms through both steps of its code, and returns the answer's plan.
func (s *testShop) changePlan(c trader, id any, body map[string]any) map[string]any {
	s.t.Helper()
	path := fmt.Sprintf("/api/plans/%v", id)
	if r := s.do("PUT", path, c.token, body); r.Status != 403 || r.JSON["code_required"] != true {
		s.t.Fatalf("a change without its code: %d %s", r.Status, r.Body)
	}
	with := map[string]any{"verification_code": s.lastCode(c.phone)}
	for k, v := range body {
		with[k] = v
	}
	return s.mustDo("PUT", path, c.token, with).JSON["plan"].(map[string]any)
}

// runsAt moves the clock to each time in turn and lets the runner look at every one.
func (d *planDesk) runsAt(times ...time.Time) {
	for _, at := range times {
		d.at(at)
		d.s.app.runDuePlans(context.Background())
	}
}

// spent is what the plan has bought so far, in rial, and its runs.
func (d *planDesk) spent(id any) (string, []any) {
	d.s.t.Helper()
	p := d.s.mustDo("GET", fmt.Sprintf("/api/plans/%v", id), d.c.token, nil).JSON["plan"].(map[string]any)
	runs, _ := p["history"].([]any) // left out while there are none
	return p["spent_rial"].(string), runs
}

func planClock(month time.Month, day, hour, minute, second int) time.Time {
	return time.Date(2026, month, day, hour, minute, second, 0, iran.Tehran)
}

// A daily plan paused before its 09:00 run and resumed after it owes nothing for that run: not when it is
// resumed, nor on the runner's later looks while the run is still within the day it catches up; it buys at
// its next run, the next morning.
func TestAPlanPausedThroughItsRunDoesNotBuyForIt(t *testing.T) {
	d := newPlanDesk(t, planClock(11, 30, 8, 0, 0)) // Monday 1405/09/09
	s := d.s
	s.charge(d.owner, d.c, "rial", "100000000")
	plan := s.makePlan(d.c, map[string]any{"amount_rial": "1000000", "every": "day", "time": "09:00"})
	path := fmt.Sprintf("/api/plans/%v", plan["id"])
	s.mustDo("PUT", path, d.c.token, map[string]any{"status": "paused"})
	d.runsAt(planClock(11, 30, 9, 30, 0))
	resumed := s.mustDo("PUT", path, d.c.token, map[string]any{"status": "active"}).JSON["plan"].(map[string]any)
	if resumed["next_run_at"] != planClock(12, 1, 9, 0, 0).UTC().Format(time.RFC3339) {
		t.Fatalf("the resumed plan's next run: %v", resumed["next_run_at"])
	}
	s.app.runDuePlans(context.Background()) // at once
	d.runsAt(planClock(11, 30, 9, 31, 0), planClock(11, 30, 15, 0, 0), planClock(12, 1, 8, 59, 0))
	if spent, runs := d.spent(plan["id"]); spent != "0" || len(runs) != 0 {
		t.Fatalf("the plan bought for the run it was paused through: %s %v", spent, runs)
	}
	d.runsAt(planClock(12, 1, 9, 0, 0))
	spent, runs := d.spent(plan["id"])
	if spent != "1000000" || len(runs) != 1 || runs[0].(map[string]any)["due_at"] != planClock(12, 1, 9, 0, 0).UTC().Format(time.RFC3339) {
		t.Fatalf("the next run after the resume: %s %v", spent, runs)
	}
}

// A daily plan that bought at 09:00, changed in that same minute to weekly on that weekday at 09:00, has made
// the run due then: it does not buy it again (before issue 36 it did, 7,000,000 then 14,000,000 rial spent),
// and buys a week later.
func TestAPlanChangedFromDailyToWeeklyAtItsMinuteBuysOnce(t *testing.T) {
	d := newPlanDesk(t, planClock(11, 30, 8, 0, 0)) // Monday: weekday 2, counted from Saturday
	s := d.s
	s.charge(d.owner, d.c, "rial", "100000000")
	plan := s.makePlan(d.c, map[string]any{"amount_rial": "7000000", "every": "day", "time": "09:00"})
	d.runsAt(planClock(11, 30, 9, 0, 0))
	if spent, _ := d.spent(plan["id"]); spent != "7000000" {
		t.Fatalf("the daily run: %s", spent)
	}
	s.clock.Advance(20 * time.Second)
	weekly := s.changePlan(d.c, plan["id"], map[string]any{"amount_rial": "7000000", "every": "week", "weekday": 2, "time": "09:00"})
	if weekly["next_run_at"] != planClock(12, 7, 9, 0, 0).UTC().Format(time.RFC3339) {
		t.Fatalf("the weekly plan's next run: %v", weekly["next_run_at"])
	}
	s.app.runDuePlans(context.Background())
	d.runsAt(planClock(11, 30, 9, 0, 40), planClock(11, 30, 9, 1, 0), planClock(11, 30, 12, 0, 0))
	if spent, runs := d.spent(plan["id"]); spent != "7000000" || len(runs) != 1 {
		t.Fatalf("the same 09:00 bought twice: %s %v", spent, runs)
	}
	d.runsAt(planClock(12, 1, 9, 0, 0), planClock(12, 7, 9, 0, 0))
	if spent, runs := d.spent(plan["id"]); spent != "14000000" || len(runs) != 2 {
		t.Fatalf("a week later: %s %v", spent, runs)
	}
}

// A daily plan that bought at 09:00 and was moved to 10:00 does not buy again at 10:00 that day (its 10:00 is
// a run of its own now that runs are named by their due time: the period's bound holds it); it buys at
// 10:00 the next day.
func TestAPlanMovedToALaterMinuteAfterItsBuyWaitsForTheNextDay(t *testing.T) {
	d := newPlanDesk(t, planClock(11, 30, 8, 0, 0))
	s := d.s
	s.charge(d.owner, d.c, "rial", "100000000")
	plan := s.makePlan(d.c, map[string]any{"amount_rial": "1000000", "every": "day", "time": "09:00"})
	d.runsAt(planClock(11, 30, 9, 0, 0), planClock(11, 30, 9, 5, 0))
	moved := s.changePlan(d.c, plan["id"], map[string]any{"amount_rial": "1000000", "every": "day", "time": "10:00"})
	if moved["next_run_at"] != planClock(12, 1, 10, 0, 0).UTC().Format(time.RFC3339) {
		t.Fatalf("the moved plan's next run: %v", moved["next_run_at"])
	}
	d.runsAt(planClock(11, 30, 10, 0, 0), planClock(11, 30, 10, 30, 0), planClock(12, 1, 9, 59, 0))
	if spent, runs := d.spent(plan["id"]); spent != "1000000" || len(runs) != 1 {
		t.Fatalf("bought again the day it was moved: %s %v", spent, runs)
	}
	d.runsAt(planClock(12, 1, 10, 0, 0))
	if spent, _ := d.spent(plan["id"]); spent != "2000000" {
		t.Fatalf("the next day at 10:00: %s", spent)
	}
}

// A Monday plan that bought and was moved to Tuesday does not buy that Tuesday (twice in one week, before
// issue 36); it buys the Tuesday after.
func TestAWeeklyPlanMovedToTheNextDayAfterItsBuyWaitsAWeek(t *testing.T) {
	d := newPlanDesk(t, planClock(11, 30, 8, 0, 0))
	s := d.s
	s.charge(d.owner, d.c, "rial", "100000000")
	plan := s.makePlan(d.c, map[string]any{"amount_rial": "1000000", "every": "week", "weekday": 2, "time": "09:00"})
	d.runsAt(planClock(11, 30, 9, 0, 0), planClock(11, 30, 9, 5, 0))
	s.changePlan(d.c, plan["id"], map[string]any{"amount_rial": "1000000", "every": "week", "weekday": 3, "time": "09:00"})
	d.runsAt(planClock(12, 1, 9, 0, 0), planClock(12, 1, 18, 0, 0))
	if spent, runs := d.spent(plan["id"]); spent != "1000000" || len(runs) != 1 {
		t.Fatalf("bought twice in a week: %s %v", spent, runs)
	}
	d.runsAt(planClock(12, 8, 9, 0, 0))
	if spent, _ := d.spent(plan["id"]); spent != "2000000" {
		t.Fatalf("the Tuesday after: %s", spent)
	}
}

// The runner looking twice at one run, in its minute and the next, buys once.
func TestTheRunnerLookingTwiceAtOneRunBuysOnce(t *testing.T) {
	d := newPlanDesk(t, planClock(11, 30, 8, 0, 0))
	s := d.s
	s.charge(d.owner, d.c, "rial", "100000000")
	plan := s.makePlan(d.c, map[string]any{"amount_rial": "1000000", "every": "day", "time": "09:00"})
	d.runsAt(planClock(11, 30, 9, 0, 0))
	s.app.runDuePlans(context.Background())
	d.runsAt(planClock(11, 30, 9, 1, 0))
	if spent, runs := d.spent(plan["id"]); spent != "1000000" || len(runs) != 1 {
		t.Fatalf("two looks: %s %v", spent, runs)
	}
	if got := s.balances(d.c.token)["balance_rial"]; got != "99000000" {
		t.Fatalf("the balance after two looks: %v", got)
	}
}
