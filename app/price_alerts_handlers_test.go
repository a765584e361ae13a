package app

import (
	"fmt"
	"strings"
	"testing"
)

// An alert fires once, when the shop's price crosses it, with a notification and its SMS queued; the owner
// sees only how many wait.
func TestAPriceAlertFiresOnceWhenThePriceCrossesIt(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	s.setPrice(owner, 10_000_000)
	c, other := s.newTrader(1, ""), s.newTrader(2, "")
	add := func(token, side, price string) reply {
		return s.do("POST", "/api/alerts", token, map[string]any{"side": side, "price": price})
	}
	if r := add(c.token, "buy", "9,500,000"); r.Status != 201 || r.JSON["message"] != msgAlertSaved {
		t.Fatalf("buy alert: %d %s", r.Status, r.Body)
	}
	if r := add(other.token, "sell", "۱۰۵۰۰۰۰۰"); r.Status != 201 {
		t.Fatalf("sell alert: %d %s", r.Status, r.Body)
	}
	staff := s.signInStaff("09350000002")
	s.run(t, []scenario{
		{name: "refuses an alert already met", method: "POST", path: "/api/alerts", token: c.token,
			body: map[string]any{"side": "buy", "price": "10000000"}, wantStatus: 400, wantContains: "۱۰٬۰۰۰٬۰۰۰ ریال"},
		{name: "refuses an unknown side", method: "POST", path: "/api/alerts", token: c.token,
			body: map[string]any{"side": "hold", "price": "1"}, wantStatus: 400, wantContains: msgAlertSide},
		{name: "refuses a price of zero", method: "POST", path: "/api/alerts", token: c.token,
			body: map[string]any{"side": "buy", "price": "0"}, wantStatus: 400, wantContains: msgAlertPrice},
		{name: "counts for the owner, never whose", method: "GET", path: "/api/admin/alerts", token: owner,
			wantStatus: 200, wantContains: `{"buy":1,"sell":1}`, wantAbsent: []string{c.phone, other.phone}},
		{name: "hides the counts from staff", method: "GET", path: "/api/admin/alerts", token: staff, wantStatus: 403},
		{name: "keeps another's alert from deletion", method: "DELETE", path: "/api/alerts/2", token: c.token,
			wantStatus: 404, wantContains: msgAlertNotFound},
	})

	s.setPrice(owner, 9_600_000) // not yet
	if p := s.notifications(t, c.token, ""); len(p.Items) != 0 {
		t.Fatalf("fired early: %+v", p.Items)
	}
	s.setPrice(owner, 9_400_000) // crossed
	s.setPrice(owner, 9_300_000) // still below: spent, not told again
	p := s.notifications(t, c.token, "")
	if len(p.Items) != 1 || p.Items[0].Kind != "price_alert" || !strings.Contains(p.Items[0].Text, "۹٬۴۰۰٬۰۰۰ ریال") {
		t.Fatalf("told %+v", p.Items)
	}
	if n := s.queuedSMS(t, "n.kind = 'price_alert'"); n != 1 {
		t.Fatalf("queued %d SMS, want 1", n)
	}
	if o := s.notifications(t, other.token, ""); len(o.Items) != 0 {
		t.Fatalf("the sell alert fired on a falling price: %+v", o.Items)
	}
	s.setPrice(owner, 10_600_000)
	if o := s.notifications(t, other.token, ""); len(o.Items) != 1 {
		t.Fatalf("the sell alert did not fire: %+v", o.Items)
	}
	list := s.mustDo("GET", "/api/alerts", c.token, nil)
	if !strings.Contains(list.Body, `"fired_price":"9400000"`) || !strings.Contains(list.Body, `"live":0`) {
		t.Fatalf("list %s", list.Body)
	}
}

func TestTheEleventhLiveAlertIsRefused(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	s.setPrice(owner, 10_000_000)
	c := s.newTrader(1, "")
	var first string
	for i := range 10 {
		r := s.mustDo("POST", "/api/alerts", c.token, map[string]any{"side": "buy", "price": fmt.Sprint(9_000_000 - i*1000)})
		if i == 0 {
			first = fmt.Sprint(r.JSON["alert"].(map[string]any)["id"])
		}
	}
	s.run(t, []scenario{
		{name: "refuses the eleventh", method: "POST", path: "/api/alerts", token: c.token,
			body: map[string]any{"side": "sell", "price": "20000000"}, wantStatus: 400, wantContains: "حداکثر ۱۰ هشدار"},
		{name: "deletes one", method: "DELETE", path: "/api/alerts/" + first, token: c.token, wantStatus: 200,
			wantContains: msgAlertDeleted},
		{name: "then takes another", method: "POST", path: "/api/alerts", token: c.token,
			body: map[string]any{"side": "sell", "price": "20000000"}, wantStatus: 201},
		{name: "is for the signed in", method: "GET", path: "/api/alerts", wantStatus: 401, wantAbsent: []string{"items"}},
	})
}
