package app

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

// setClock puts the shop's clock at t.
func (s *testShop) setClock(t time.Time) {
	s.clock.setClock(t)
}

// planDesk is a shop's owner and one customer, whose clock a plans test moves by days: each move signs both
// in again (their tokens would have run out) and sets a fresh price (a stale one skips a run).
type planDesk struct {
	s       *testShop
	ownerID int64
	owner   string
	c       trader
}

func newPlanDesk(t *testing.T, start time.Time) *planDesk {
	s := newTestShop(t)
	s.setClock(start)
	d := &planDesk{s: s, owner: s.signInAdmin(), c: s.newTrader(1, "")}
	d.ownerID, _ = s.loginOf(t, d.owner)
	s.setPrice(d.owner, 100_000_000) // 10,000,000 toman a gram
	return d
}

func (d *planDesk) at(t time.Time) {
	d.s.setClock(t)
	d.owner = d.s.newLogin(d.ownerID)
	id, _ := strconv.ParseInt(d.c.id, 10, 64)
	d.c.token = d.s.newLogin(id)
	d.s.setPrice(d.owner, 100_000_000)
}

// makePlan makes a plan through both steps of its code, and returns the answer's plan.
func (s *testShop) makePlan(c trader, body map[string]any) map[string]any {
	s.t.Helper()
	if r := s.do("POST", "/api/plans", c.token, body); r.Status != 403 || r.JSON["code_required"] != true {
		s.t.Fatalf("a plan without its code: %d %s", r.Status, r.Body)
	}
	with := map[string]any{"verification_code": s.lastCode(c.phone)}
	for k, v := range body {
		with[k] = v
	}
	r := s.mustDo("POST", "/api/plans", c.token, with)
	return r.JSON["plan"].(map[string]any)
}

// A weekly plan is made with a code bound to its terms, buys at its time at the customer's price, once per
// week however often the runner looks, and tells the customer; another plan short of rial is skipped with
// its reason.
func TestASavingsPlanBuysOncePerPeriod(t *testing.T) {
	// Monday 30 November 2026, 08:00 Tehran; the plan buys on Mondays (2) at 09:30
	d := newPlanDesk(t, time.Date(2026, 11, 30, 8, 0, 0, 0, iran.Tehran))
	s := d.s
	s.charge(d.owner, d.c, "rial", "30000000")

	c := d.c
	body := map[string]any{"amount_rial": "10000000", "every": "week", "weekday": 2, "time": "09:30"}
	if r := s.do("POST", "/api/plans", c.token, body); r.Status != 403 || r.JSON["code_required"] != true {
		t.Fatalf("the first call: %d %s", r.Status, r.Body)
	}
	code := s.lastCode(c.phone)
	other := map[string]any{"amount_rial": "20000000", "every": "week", "weekday": 2, "time": "09:30", "verification_code": code}
	if r := s.do("POST", "/api/plans", c.token, other); r.Status != 400 || r.str("message") != msgPlanCodeOther {
		t.Fatalf("a code of other terms: %d %s", r.Status, r.Body)
	}
	s.clock.Advance(time.Minute)
	plan := s.makePlan(c, body)
	if plan["next_run_at"] != time.Date(2026, 11, 30, 9, 30, 0, 0, iran.Tehran).UTC().Format(time.RFC3339) || plan["weekday"] != float64(2) {
		t.Fatalf("the plan: %v", plan)
	}
	ctx := context.Background()
	s.app.runDuePlans(ctx) // 08:01: not due yet
	if got := s.balances(c.token)["balance_rial"]; got != "30000000" {
		t.Fatalf("before its time: %v", got)
	}
	d.at(time.Date(2026, 11, 30, 9, 31, 0, 0, iran.Tehran))
	c = d.c
	for range 3 {
		s.app.runDuePlans(ctx)
	}
	b := s.balances(c.token)
	if b["balance_rial"] != "20000000" || b["balance_gold"] != "0.100" {
		t.Fatalf("after the run: %v", b)
	}
	id := int64(plan["id"].(float64))
	got := s.mustDo("GET", fmt.Sprintf("/api/plans/%d", id), c.token, nil).JSON["plan"].(map[string]any)
	history := got["history"].([]any)
	if len(history) != 1 || history[0].(map[string]any)["status"] != "bought" || got["bought_gold"] != "0.100" || got["spent_rial"] != "10000000" {
		t.Fatalf("the plan after its run: %v", got)
	}
	notes := s.mustDo("GET", "/api/notifications", c.token, nil).JSON["items"].([]any)
	if n := notes[0].(map[string]any); n["kind"] != "plan_bought" || !strings.Contains(n["text"].(string), iran.Grams(100)+" گرم") {
		t.Fatalf("the customer was told: %v", n)
	}

	// a daily plan of 25,000,000 rial finds 20,000,000: skipped, and told why
	s.clock.Advance(2 * time.Minute)
	s.makePlan(c, map[string]any{"amount_rial": "25000000", "every": "day", "time": "09:00"})
	d.at(time.Date(2026, 12, 1, 9, 1, 0, 0, iran.Tehran))
	c = d.c
	s.app.runDuePlans(ctx)
	notes = s.mustDo("GET", "/api/notifications", c.token, nil).JSON["items"].([]any)
	if n := notes[0].(map[string]any); n["kind"] != "plan_skipped" || !strings.Contains(n["text"].(string), "موجودی ریالی") {
		t.Fatalf("the skip: %v", n)
	}
	if got := s.balances(c.token)["balance_rial"]; got != "20000000" {
		t.Fatalf("a skipped run moved money: %v", got)
	}
	if _, err := s.store.CheckInvariants(ctx); err != nil {
		t.Fatal(err)
	}
}

// A shop down over a run catches it up within a day, never later; a run due before the buy side opens waits
// for it that day, and one due after it closes is skipped; the owner's switch skips every run and is seen
// with the plans' count and daily rial (never whose).
func TestPlansCatchUpWaitForTheOpeningAndObeyTheSwitch(t *testing.T) {
	d := newPlanDesk(t, time.Date(2026, 11, 30, 8, 0, 0, 0, iran.Tehran))
	s := d.s
	s.charge(d.owner, d.c, "rial", "100000000")
	s.makePlan(d.c, map[string]any{"amount_rial": "1000000", "every": "day", "time": "10:00"})
	ctx := context.Background()
	c := &d.c

	// down from 09:00 until 09:00 the next day: the 10:00 run is caught up, 23 hours late
	d.at(time.Date(2026, 12, 1, 9, 0, 0, 0, iran.Tehran))
	s.app.runDuePlans(ctx)
	if got := s.balances(c.token)["balance_rial"]; got != "99000000" {
		t.Fatalf("the missed run within a day: %v", got)
	}
	// down for three days: nothing older than a day is bought
	d.at(time.Date(2026, 12, 4, 11, 0, 0, 0, iran.Tehran))
	s.app.runDuePlans(ctx)
	if got := s.balances(c.token)["balance_rial"]; got != "98000000" {
		t.Fatalf("after three days away, only that day's run: %v", got)
	}

	// buying opens at 12:00 and closes at 13:00: the 10:00 run waits for 12:00; then a run due after 13:00
	settings := s.mustDo("GET", "/api/priceSettings", d.owner, nil).JSON
	settings["buy_start_time"], settings["buy_end_time"] = "12:00", "13:00"
	s.mustDo("PUT", "/api/priceSettings", d.owner, settings)
	d.at(time.Date(2026, 12, 5, 10, 1, 0, 0, iran.Tehran))
	s.app.runDuePlans(ctx)
	if got := s.balances(c.token)["balance_rial"]; got != "98000000" {
		t.Fatalf("a run before the opening: %v", got)
	}
	d.at(time.Date(2026, 12, 5, 12, 0, 0, 0, iran.Tehran))
	s.app.runDuePlans(ctx)
	if got := s.balances(c.token)["balance_rial"]; got != "97000000" {
		t.Fatalf("the run at the opening: %v", got)
	}
	late := s.makePlan(*c, map[string]any{"amount_rial": "1000000", "every": "day", "time": "12:30"})
	settings["buy_start_time"], settings["buy_end_time"] = "12:00", "12:15"
	s.mustDo("PUT", "/api/priceSettings", d.owner, settings)
	d.at(time.Date(2026, 12, 5, 12, 31, 0, 0, iran.Tehran))
	s.app.runDuePlans(ctx)
	runs := s.mustDo("GET", fmt.Sprintf("/api/plans/%v", late["id"]), c.token, nil).JSON["plan"].(map[string]any)["history"].([]any)
	if len(runs) != 1 || runs[0].(map[string]any)["reason"] != skipClosed {
		t.Fatalf("a run after the closing: %v", runs)
	}

	sum := s.mustDo("GET", "/api/admin/plans", d.owner, nil)
	if sum.JSON["active"] != float64(2) || sum.str("rial_per_day") != "2000000" || sum.JSON["enabled"] != true || strings.Contains(sum.Body, c.phone) {
		t.Fatalf("the owner's summary: %s", sum.Body)
	}
	s.mustDo("PUT", "/api/admin/plans", d.owner, map[string]any{"enabled": false})
	settings["buy_start_time"], settings["buy_end_time"] = "00:00", "23:59"
	s.mustDo("PUT", "/api/priceSettings", d.owner, settings)
	d.at(time.Date(2026, 12, 6, 12, 31, 0, 0, iran.Tehran))
	s.app.runDuePlans(ctx)
	if got := s.balances(c.token)["balance_rial"]; got != "97000000" {
		t.Fatalf("plans switched off bought: %v", got)
	}
	if r := s.do("GET", "/api/admin/plans", s.signInStaff("09350000002"), nil); r.Status != 403 {
		t.Fatalf("staff: %d", r.Status)
	}
}

// A plan is its customer's alone; pausing stops its runs and deleting ends it; five plans are the most; bad
// terms are refused with their words and make no code.
func TestAPlanIsItsCustomersAndKeepsItsLimits(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	c, d := s.newTrader(1, ""), s.newTrader(2, "")
	s.setPrice(owner, 100_000_000)
	plan := s.makePlan(c, map[string]any{"amount_rial": "1000000", "every": "month", "day": 15, "time": "10:00"})
	path := fmt.Sprintf("/api/plans/%v", plan["id"])
	for _, m := range []string{"GET", "DELETE"} {
		if r := s.do(m, path, d.token, nil); r.Status != 404 {
			t.Fatalf("%s another's plan: %d", m, r.Status)
		}
	}
	if r := s.do("PUT", path, d.token, map[string]any{"status": "paused"}); r.Status != 404 {
		t.Fatalf("pausing another's plan: %d", r.Status)
	}
	if r := s.mustDo("PUT", path, c.token, map[string]any{"status": "paused"}); r.JSON["plan"].(map[string]any)["next_run_at"] != nil {
		t.Fatalf("a paused plan has a next run: %s", r.Body)
	}
	before := s.smsCount(c.phone)
	for _, bad := range []map[string]any{
		{"amount_rial": "abc", "every": "day", "time": "10:00"},
		{"amount_rial": "1000000", "every": "year", "time": "10:00"},
		{"amount_rial": "1000000", "every": "week", "weekday": 7, "time": "10:00"},
		{"amount_rial": "1000000", "every": "month", "day": 30, "time": "10:00"},
		{"amount_rial": "1000000", "every": "day", "time": "25:00"},
		{"amount_rial": "1", "every": "day", "time": "10:00"},
	} {
		if r := s.do("POST", "/api/plans", c.token, bad); r.Status != 400 {
			t.Fatalf("%v: %d %s", bad, r.Status, r.Body)
		}
	}
	// a time is exactly HH:MM (issue 36): no sign, no space, no single digit, refused with its words
	for _, clock := range []string{"+9:00", "9:00", "10:0", " 10:00", "10:00 ", "1O:00", "10:00:00", "١٠:٦٠"} {
		bad := map[string]any{"amount_rial": "1000000", "every": "day", "time": clock}
		if r := s.do("POST", "/api/plans", c.token, bad); r.Status != 400 || r.str("message") != msgPlanTime {
			t.Fatalf("a plan at %q: %d %s", clock, r.Status, r.Body)
		}
		if r := s.do("PUT", path, c.token, bad); r.Status != 400 || r.str("message") != msgPlanTime {
			t.Fatalf("a plan moved to %q: %d %s", clock, r.Status, r.Body)
		}
	}
	if got := s.mustDo("GET", path, c.token, nil).JSON["plan"].(map[string]any); got["time"] != "10:00" || got["every"] != "month" {
		t.Fatalf("a refused change changed the plan: %v", got)
	}
	if s.smsCount(c.phone) != before {
		t.Fatal("a refused plan texted a code")
	}
	for i := range 4 {
		s.clock.Advance(time.Minute)
		s.makePlan(c, map[string]any{"amount_rial": "1000000", "every": "day", "time": fmt.Sprintf("1%d:00", i)})
	}
	if r := s.do("POST", "/api/plans", c.token, map[string]any{"amount_rial": "1000000", "every": "day", "time": "18:00"}); r.Status != 409 {
		t.Fatalf("a sixth plan: %d %s", r.Status, r.Body)
	}
	s.mustDo("DELETE", path, c.token, nil)
	if r := s.do("GET", path, c.token, nil); r.Status != 404 {
		t.Fatalf("a deleted plan: %d", r.Status)
	}
	if list := s.mustDo("GET", "/api/plans", c.token, nil).JSON["plans"].([]any); len(list) != 4 {
		t.Fatalf("plans after one deleted: %d", len(list))
	}
	_ = store.PlanActive
}
