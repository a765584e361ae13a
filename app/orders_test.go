package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

// placeOrder places an order through both steps of its code and returns the answer's order.
func (s *testShop) placeOrder(c trader, body map[string]any) map[string]any {
	s.t.Helper()
	if r := s.do("POST", "/api/orders", c.token, body); r.Status != 403 || r.JSON["code_required"] != true {
		s.t.Fatalf("an order without its code: %d %s", r.Status, r.Body)
	}
	with := map[string]any{"verification_code": s.lastCode(c.phone)}
	for k, v := range body {
		with[k] = v
	}
	return s.mustDo("POST", "/api/orders", c.token, with).JSON["order"].(map[string]any)
}

// A buy order is placed with a code bound to its terms, holds its rial at once, and executes in the
// owner's price change that meets it, at that price, telling the customer; the owner sees only counts.
func TestAStandingOrderIsHeldThenExecutedByThePriceChange(t *testing.T) {
	d := newPlanDesk(t, time.Date(2026, 11, 30, 10, 0, 0, 0, iran.Tehran))
	s, c := d.s, d.c
	s.charge(d.owner, c, "rial", "30000000")
	today := iran.JalaliDayText(s.app.now())
	body := map[string]any{"side": "buy", "amount_gold": "0.1", "limit_price": "95000000", "until": today}
	if r := s.do("POST", "/api/orders", c.token, body); r.Status != 403 || r.JSON["code_required"] != true {
		t.Fatalf("the first call: %d %s", r.Status, r.Body)
	}
	other := map[string]any{"side": "buy", "amount_gold": "0.2", "limit_price": "95000000", "until": today,
		"verification_code": s.lastCode(c.phone)}
	if r := s.do("POST", "/api/orders", c.token, other); r.Status != 400 || r.str("message") != msgOrderCodeOther {
		t.Fatalf("a code of other terms: %d %s", r.Status, r.Body)
	}
	s.clock.Advance(time.Minute)
	order := s.placeOrder(c, body)
	if order["status"] != "open" || order["held_rial"] != "9500000" || order["amount_gold"] != "0.100" || order["until"] != today {
		t.Fatalf("the order: %v", order)
	}
	if b := s.balances(c.token); b["available_rial"] != "20500000" || b["balance_rial"] != "30000000" {
		t.Fatalf("held: %v", b)
	}
	owner := s.mustDo("GET", "/api/admin/orders", d.owner, nil).JSON
	if owner["open_buy"] != float64(1) || owner["held_rial"] != "9500000" || strings.Contains(fmt.Sprint(owner), c.phone) {
		t.Fatalf("the owner's view: %v", owner)
	}
	if r := s.do("GET", "/api/admin/orders", c.token, nil); r.Status != 403 {
		t.Fatalf("a customer reads the owner's view: %d", r.Status)
	}

	s.setPrice(d.owner, 96_000_000) // above the limit: still open
	s.setPrice(d.owner, 94_000_000)
	b := s.balances(c.token)
	if b["balance_rial"] != "20600000" || b["available_rial"] != "20600000" || b["balance_gold"] != "0.100" {
		t.Fatalf("after the price change: %v", b)
	}
	list := s.mustDo("GET", "/api/orders", c.token, nil).JSON["orders"].([]any)
	got := list[0].(map[string]any)
	executed, _ := got["executed"].(map[string]any)
	if got["status"] != "executed" || executed["price_per_gram"] != "94000000" || executed["amount_rial"] != "9400000" {
		t.Fatalf("the executed order: %v", got)
	}
	notes := s.mustDo("GET", "/api/notifications", c.token, nil).JSON["items"].([]any)
	if n := notes[0].(map[string]any); n["kind"] != "order_executed" || !strings.Contains(n["text"].(string), iran.Grams(100)) {
		t.Fatalf("the customer was told: %v", n)
	}
	if _, err := s.store.CheckInvariants(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// Bad terms are refused with their words before any code is texted, and change nothing; a customer cancels
// only their own open order; an order whose day has ended expires and gives its hold back.
func TestStandingOrdersRefuseBadTermsAndReleaseTheirHolds(t *testing.T) {
	d := newPlanDesk(t, time.Date(2026, 11, 30, 10, 0, 0, 0, iran.Tehran))
	s, c := d.s, d.c
	s.charge(d.owner, c, "gold", "1")
	now := s.app.now()
	today, later := iran.JalaliDayText(now), iran.JalaliDayText(now.AddDate(0, 0, 30))
	texted := s.sms.String()
	for _, bad := range []struct {
		body   map[string]any
		status int
		msg    string
	}{
		{map[string]any{"side": "hold", "amount_gold": "0.1", "limit_price": "120000000", "until": today}, 400, msgOrderSide},
		{map[string]any{"side": "sell", "amount_rial": "1000000", "limit_price": "120000000", "until": today}, 400, msgOrderSellByWeight},
		{map[string]any{"side": "sell", "amount_gold": "0.1", "limit_price": "-5", "until": today}, 400, msgOrderLimitPrice},
		{map[string]any{"side": "sell", "amount_gold": "0.1", "limit_price": "120000000", "until": "1405/09/08"}, 400, msgOrderUntil},
		// exactly YYYY/MM/DD, zero-padded, nothing around it (issue 36)
		{map[string]any{"side": "sell", "amount_gold": "0.1", "limit_price": "120000000", "until": " " + later}, 400, msgOrderUntil},
		{map[string]any{"side": "sell", "amount_gold": "0.1", "limit_price": "120000000", "until": later + " "}, 400, msgOrderUntil},
		{map[string]any{"side": "sell", "amount_gold": "0.1", "limit_price": "120000000",
			"until": strings.ReplaceAll(later, "/0", "/")}, 400, msgOrderUntil},
		{map[string]any{"side": "sell", "amount_gold": "0.1", "limit_price": "120000000",
			"until": strings.ReplaceAll(later, "/", "-")}, 400, msgOrderUntil},
		{map[string]any{"side": "sell", "amount_gold": "0.1", "limit_price": "120000000",
			"until": iran.JalaliDayText(now.AddDate(0, 0, 31))}, 400, msgOrderUntil},
		{map[string]any{"side": "sell", "amount_gold": "0.1", "limit_price": "90000000", "until": today}, 409, msgOrderMet},
		{map[string]any{"side": "sell", "amount_gold": "2", "limit_price": "120000000", "until": today}, 400, msgInsufficientGold},
	} {
		if r := s.do("POST", "/api/orders", c.token, bad.body); r.Status != bad.status || r.str("message") != bad.msg {
			t.Fatalf("%v: %d %s", bad.body, r.Status, r.Body)
		}
	}
	if s.sms.String() != texted {
		t.Fatal("a refused order texted a code")
	}
	kept := s.placeOrder(c, map[string]any{"side": "sell", "amount_gold": "0.4", "limit_price": "120000000", "until": later})
	s.clock.Advance(time.Minute)
	gone := s.placeOrder(c, map[string]any{"side": "sell", "amount_gold": "0.5", "limit_price": "130000000", "until": today})
	if b := s.balances(c.token); b["available_gold"] != "0.100" {
		t.Fatalf("two sells hold 0.9 g: %v", b)
	}
	other := s.newTrader(2, "")
	path := fmt.Sprintf("/api/orders/%d", int64(kept["id"].(float64)))
	if r := s.do("DELETE", path, other.token, nil); r.Status != 404 {
		t.Fatalf("another's cancel: %d %s", r.Status, r.Body)
	}
	s.mustDo("DELETE", path, c.token, nil)
	if r := s.do("DELETE", path, c.token, nil); r.Status != 409 || r.str("message") != msgOrderNotOpen {
		t.Fatalf("a second cancel: %d %s", r.Status, r.Body)
	}
	// the next day: the order of today has expired
	d.at(time.Date(2026, 12, 1, 10, 0, 0, 0, iran.Tehran))
	c = d.c
	s.app.sweepOrders(context.Background())
	if b := s.balances(c.token); b["available_gold"] != "1.000" {
		t.Fatalf("after the expiry: %v", b)
	}
	list := s.mustDo("GET", "/api/orders", c.token, nil).JSON["orders"].([]any)
	for _, o := range list {
		o := o.(map[string]any)
		if want := map[float64]string{kept["id"].(float64): "canceled", gone["id"].(float64): "expired"}[o["id"].(float64)]; o["status"] != want {
			t.Fatalf("order %v is %v, want %s", o["id"], o["status"], want)
		}
	}
	notes := s.mustDo("GET", "/api/notifications", c.token, nil).JSON["items"].([]any)
	if n := notes[0].(map[string]any); n["kind"] != "order_expired" {
		t.Fatalf("the expiry was told: %v", n)
	}
	if _, err := s.store.CheckInvariants(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// A placing repeated with its Idempotency-Key (a double tap, a retry after a lost answer) gets the first
// answer and holds once.
func TestPlacingAnOrderTwiceWithItsKeyHoldsOnce(t *testing.T) {
	d := newPlanDesk(t, time.Date(2026, 11, 30, 10, 0, 0, 0, iran.Tehran))
	s, c := d.s, d.c
	s.charge(d.owner, c, "rial", "30000000")
	body := map[string]any{"side": "buy", "amount_rial": "10000000", "limit_price": "90000000",
		"until": iran.JalaliDayText(s.app.now())}
	if r := s.do("POST", "/api/orders", c.token, body); r.Status != 403 {
		t.Fatalf("the first step: %d %s", r.Status, r.Body)
	}
	body["verification_code"] = s.lastCode(c.phone)
	send := func() (int, string, string) {
		raw, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", s.srv.URL+"/api/orders", bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+c.token)
		req.Header.Set("Idempotency-Key", "order-tap-1")
		r := s.send(nil, req)
		return r.Status, r.Body, r.Header.Get("Idempotent-Replayed")
	}
	st1, body1, _ := send()
	st2, body2, replayed := send()
	if st1 != 200 || st2 != 200 || body1 != body2 || replayed != "true" {
		t.Fatalf("first %d %s; again %d %s (%s)", st1, body1, st2, body2, replayed)
	}
	if b := s.balances(c.token); b["available_rial"] != "20000000" {
		t.Fatalf("held twice: %v", b)
	}
}
