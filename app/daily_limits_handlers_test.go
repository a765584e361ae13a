package app

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

// limitsDesk is a shop at noon in Tehran with its owner, a staff member and a customer of grade 1 holding
// 100,000,000 rial and 1 g of gold, the base price at 100,000,000 rial a gram.
type limitsDesk struct {
	s                   *testShop
	owner, staff, token string
	c                   trader
}

func newLimitsDesk(t *testing.T) *limitsDesk {
	s := newTestShop(t)
	s.setClock(time.Date(2026, 11, 30, 12, 0, 0, 0, iran.Tehran))
	d := &limitsDesk{s: s, owner: s.signInAdmin(), staff: s.signInStaff("09350000002"), c: s.newTrader(1, "")}
	d.token = d.c.token
	s.setPrice(d.owner, 100_000_000)
	s.charge(d.owner, d.c, "rial", "100000000")
	s.charge(d.owner, d.c, "gold", "1")
	return d
}

// The owner reads and sets the grades' and a customer's limits; staff are refused; bad input is refused and
// changes nothing.
func TestTheOwnerSetsDailyLimitsAndBadInputChangesNothing(t *testing.T) {
	d := newLimitsDesk(t)
	s, owner, staff := d.s, d.owner, d.staff
	user := "/api/admin/users/" + d.c.id + "/daily-limits"
	s.run(t, []scenario{
		{name: "no grade is limited at first", method: "GET", path: "/api/admin/daily-limits", token: owner, wantStatus: 200,
			wantContains: `{"grade":1,"buy_rial":null,"buy_gold":null,"sell_rial":null,"sell_gold":null}`},
		{name: "the owner limits grade 1", method: "PUT", path: "/api/admin/daily-limits/grades/1", token: owner,
			body: map[string]any{"buy_rial": "۵۰٬۰۰۰٬۰۰۰", "sell_gold": "1.5", "buy_gold": ""}, wantStatus: 200,
			wantContains: `"limits":{"grade":1,"buy_rial":"50000000","buy_gold":null,"sell_rial":null,"sell_gold":"1.500"}`},
		{name: "staff may not read the limits", method: "GET", path: "/api/admin/daily-limits", token: staff, wantStatus: 403, wantContains: msgOwnerOnly},
		{name: "nor set a grade's", method: "PUT", path: "/api/admin/daily-limits/grades/1", token: staff,
			body: map[string]any{"buy_rial": "1"}, wantStatus: 403, wantContains: msgOwnerOnly},
		{name: "nor a customer's", method: "PUT", path: user, token: staff, body: map[string]any{"buy_rial": "1"}, wantStatus: 403, wantContains: msgOwnerOnly},
		{name: "a negative limit is 400", method: "PUT", path: "/api/admin/daily-limits/grades/1", token: owner,
			body: map[string]any{"buy_rial": -5}, wantStatus: 400, wantContains: msgDailyLimitRial},
		{name: "a limit that is no number is 400", method: "PUT", path: "/api/admin/daily-limits/grades/1", token: owner,
			body: map[string]any{"sell_rial": "پنج"}, wantStatus: 400, wantContains: msgDailyLimitRial},
		{name: "a weight of four decimals is 400", method: "PUT", path: "/api/admin/daily-limits/grades/1", token: owner,
			body: map[string]any{"buy_gold": "1.2345"}, wantStatus: 400, wantContains: msgDailyLimitGold},
		{name: "an unknown grade is 404", method: "PUT", path: "/api/admin/daily-limits/grades/6", token: owner,
			body: map[string]any{"buy_rial": "1"}, wantStatus: 404, wantContains: msgGradeNotFound},
		{name: "the grade's limits are as the owner saved them", method: "GET", path: "/api/admin/daily-limits", token: owner, wantStatus: 200,
			wantContains: `{"grade":1,"buy_rial":"50000000","buy_gold":null,"sell_rial":null,"sell_gold":"1.500"}`},
		{name: "a customer's own limit, the rest from their grade", method: "PUT", path: user, token: owner,
			body: map[string]any{"sell_gold": "2"}, wantStatus: 200,
			wantContains: `"in_effect":{"buy_rial":"50000000","buy_gold":null,"sell_rial":null,"sell_gold":"2.000"},"message":"` + msgDailyLimitsSaved + `","own":{"buy_rial":null,"buy_gold":null,"sell_rial":null,"sell_gold":"2.000"}`},
		{name: "a customer's bad limit is 400", method: "PUT", path: user, token: owner, body: map[string]any{"buy_gold": "-1"},
			wantStatus: 400, wantContains: msgDailyLimitGold},
		{name: "and changed nothing", method: "GET", path: user, token: owner, wantStatus: 200,
			wantContains: `"own":{"buy_rial":null,"buy_gold":null,"sell_rial":null,"sell_gold":"2.000"}`},
		{name: "an unknown customer is 404", method: "GET", path: "/api/admin/users/999999/daily-limits", token: owner, wantStatus: 404, wantContains: msgUserNotFound},
		{name: "an unknown customer's limits are 404", method: "PUT", path: "/api/admin/users/999999/daily-limits", token: owner,
			body: map[string]any{"buy_rial": "1"}, wantStatus: 404, wantContains: msgUserNotFound},
		{name: "the customer reads what is left today", method: "GET", path: "/api/users/me/daily-limits", token: d.token, wantStatus: 200,
			wantContains: `{"left":{"buy_rial":"50000000","buy_gold":null,"sell_rial":null,"sell_gold":"2.000"},"limits":{"buy_rial":"50000000","buy_gold":null,"sell_rial":null,"sell_gold":"2.000"}}`},
	})
	var actions []string
	for _, e := range s.audit(owner, "").Items {
		if strings.HasPrefix(e.Kind, "daily_limits.") {
			actions = append(actions, e.Kind)
		}
	}
	if got := strings.Join(actions, " "); got != "daily_limits.user daily_limits.grade" {
		t.Fatalf("audited: %s", got)
	}
}

// A trade past the customer's daily limit is refused at the quote, before a code is texted, and at the
// verify when the limit was lowered in between; the message names the limit and what is left today.
func TestATradePastTheDailyLimitIsRefusedAtTheQuoteAndAtTheVerify(t *testing.T) {
	d := newLimitsDesk(t)
	s, c := d.s, d.c
	s.mustDo("PUT", "/api/admin/daily-limits/grades/1", d.owner, map[string]any{"buy_rial": "50000000", "sell_gold": "0.5"})
	s.trade(c, "buy", map[string]any{"amount_rial": "12000000"})

	sent := len(smsLine.FindAllString(s.sms.String(), -1))
	r := s.do("POST", "/api/prices/buy", c.token, map[string]any{"amount_rial": "40000000"})
	want := "سقف خرید روزانه شما ۵۰٬۰۰۰٬۰۰۰ ریال است؛ امروز ۳۸٬۰۰۰٬۰۰۰ ریال دیگر می‌توانید بخرید"
	if r.Status != 400 || r.str("message") != want {
		t.Fatalf("a quote past the limit: %d %s", r.Status, r.Body)
	}
	if n := len(smsLine.FindAllString(s.sms.String(), -1)); n != sent {
		t.Fatal("a refused quote texted a code")
	}
	if r := s.do("POST", "/api/prices/sell", c.token, map[string]any{"amount_gold": "0.6"}); r.Status != 400 ||
		r.str("message") != "سقف فروش روزانه شما ۰/۵ گرم طلا است؛ امروز ۰/۵ گرم طلا دیگر می‌توانید بفروشید" {
		t.Fatalf("a sell past its limit: %d %s", r.Status, r.Body)
	}

	// a quote within the limit, then the owner lowers it before the code is typed: the verify refuses
	s.quote(c, "buy", map[string]any{"amount_rial": "30000000"})
	s.mustDo("PUT", "/api/admin/daily-limits/grades/1", d.owner, map[string]any{"buy_rial": "40000000", "sell_gold": "0.5"})
	before := s.balances(c.token)
	r = s.do("POST", "/api/prices/verify-transaction", c.token,
		map[string]string{"verification_code": s.lastCode(c.phone), "transaction_type": "buy"})
	if r.Status != 400 || r.str("message") != "سقف خرید روزانه شما ۴۰٬۰۰۰٬۰۰۰ ریال است؛ امروز ۲۸٬۰۰۰٬۰۰۰ ریال دیگر می‌توانید بخرید" {
		t.Fatalf("a verify past the lowered limit: %d %s", r.Status, r.Body)
	}
	if after := s.balances(c.token); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("a refused verify moved money: %v → %v", before, after)
	}

	// up to the limit exactly, and then nothing more today
	s.clock.Advance(61 * time.Second)
	s.trade(c, "buy", map[string]any{"amount_rial": "28000000"})
	r = s.do("POST", "/api/prices/buy", c.token, map[string]any{"amount_rial": "1000000"})
	if r.Status != 400 || r.str("message") != "سقف خرید روزانه شما ۴۰٬۰۰۰٬۰۰۰ ریال است و امروز به آن رسیده‌اید؛ فردا دوباره می‌توانید بخرید" {
		t.Fatalf("a quote at the limit: %d %s", r.Status, r.Body)
	}
	left := s.mustDo("GET", "/api/users/me/daily-limits", c.token, nil).JSON["left"].(map[string]any)
	if left["buy_rial"] != "0" || left["sell_gold"] != "0.500" || left["buy_gold"] != nil {
		t.Fatalf("left today: %v", left)
	}
	// the next Tehran day starts afresh
	s.setClock(time.Date(2026, 12, 1, 0, 1, 0, 0, iran.Tehran))
	d.owner = s.signIn(adminPhone)
	c.token = s.signIn(c.phone)
	s.setPrice(d.owner, 100_000_000)
	s.trade(c, "buy", map[string]any{"amount_rial": "1000000"})
}

// A plan's run that would pass the customer's daily buy limit is skipped with the reason limit, and the
// customer is told why.
func TestAPlanRunPastTheDailyLimitIsSkipped(t *testing.T) {
	d := newPlanDesk(t, time.Date(2026, 11, 30, 8, 0, 0, 0, iran.Tehran))
	s, c := d.s, d.c
	s.charge(d.owner, c, "rial", "30000000")
	s.mustDo("PUT", "/api/admin/users/"+c.id+"/daily-limits", d.owner, map[string]any{"buy_rial": "5000000"})
	s.makePlan(c, map[string]any{"amount_rial": "10000000", "every": "day", "time": "09:00"})
	d.at(time.Date(2026, 11, 30, 9, 1, 0, 0, iran.Tehran))
	s.app.runDuePlans(context.Background())
	if got := s.balances(d.c.token)["balance_rial"]; got != "30000000" {
		t.Fatalf("the run bought past the limit: %v", got)
	}
	notes := s.mustDo("GET", "/api/notifications", d.c.token, nil).JSON["items"].([]any)
	if n := notes[0].(map[string]any); n["kind"] != "plan_skipped" || !strings.Contains(n["text"].(string), planSkipWords[skipLimit]) {
		t.Fatalf("the skip: %v", n)
	}
	var reason string
	if err := s.store.ReadDB().QueryRow(`SELECT reason FROM plan_runs`).Scan(&reason); err != nil || reason != skipLimit {
		t.Fatalf("the run's reason: %q %v", reason, err)
	}
}
