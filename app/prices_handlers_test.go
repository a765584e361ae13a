package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"goldshop/store"
)

func TestBasePriceIsSetByAdminsOnly(t *testing.T) {
	s := newTestShop(t)
	customer, _ := s.signUp(200)
	admin := s.signInAdmin()
	asAdmin := func(s *testShop, c *scenario) { c.token = s.newOwner() }
	s.run(t, []scenario{
		{name: "has no price before the shop sets one", method: "GET", path: "/api/prices/prices", wantStatus: 200, wantContains: `"price":null`},
		{name: "refuses a signed-out caller", method: "POST", path: "/api/admin/prices", body: map[string]any{"base_price": 1}, wantStatus: 401, wantContains: msgLoginRequired, wantAbsent: []string{`"price":"`}},
		{name: "refuses a customer", method: "POST", path: "/api/admin/prices", token: customer, body: map[string]any{"base_price": 1}, wantStatus: 403, wantContains: msgAdminOnly, wantAbsent: []string{`"price":"`}},
		{name: "refuses zero", method: "POST", path: "/api/admin/prices", token: admin, body: map[string]any{"base_price": 0}, wantStatus: 400, wantContains: msgPriceInvalid, wantAbsent: []string{`"price":"`}},
		{name: "refuses a negative price", method: "POST", path: "/api/admin/prices", token: admin, body: map[string]any{"base_price": "-5"}, wantStatus: 400, wantContains: msgPriceInvalid, wantAbsent: []string{`"price":"`}},
		{name: "refuses decimals", method: "POST", path: "/api/admin/prices", token: admin, body: map[string]any{"base_price": 52300000.5}, wantStatus: 400, wantContains: msgPriceInvalid, wantAbsent: []string{`"price":"`}},
		{name: "refuses an exponent", method: "POST", path: "/api/admin/prices", token: admin, body: `{"base_price": 5e7}`, wantStatus: 400, wantContains: msgPriceInvalid, wantAbsent: []string{`"price":"`}},
		{name: "refuses text", method: "POST", path: "/api/admin/prices", token: admin, body: map[string]any{"base_price": "پنجاه"}, wantStatus: 400, wantContains: msgPriceInvalid, wantAbsent: []string{`"price":"`}},
		{name: "refuses a price of extra zeros", method: "POST", path: "/api/admin/prices", token: admin, body: map[string]any{"base_price": "523000000000"}, wantStatus: 400, wantContains: msgPriceInvalid, wantAbsent: []string{`"price":"`}},
		{name: "refuses a wrong JSON type", method: "POST", path: "/api/admin/prices", token: admin, body: map[string]any{"base_price": true}, wantStatus: 400, wantContains: msgBadJSON, wantAbsent: []string{`"price":"`}},
		{name: "accepts a number", method: "POST", path: "/api/admin/prices", ownShop: true, setup: asAdmin, body: map[string]any{"base_price": 52000000}, wantStatus: 200, wantContains: `"price":"52000000"`},
	})
	if r := s.do("GET", "/api/prices/prices", "", nil); !strings.Contains(r.Body, `"price":null`) {
		t.Fatalf("a price after bad input only: %s", r.Body)
	}
	s.setPrice(admin, 52_000_000)
	s.clock.Advance(time.Minute)
	s.run(t, []scenario{
		{name: "accepts Persian digits with separators", method: "POST", path: "/api/admin/prices", token: admin, body: map[string]any{"base_price": "۵۲٬۳۰۰٬۰۰۰"}, wantStatus: 200, wantContains: `"price":"52300000"`},
		{name: "shows the newest price to everyone", method: "GET", path: "/api/prices/prices", ownShop: true, setup: func(s *testShop, c *scenario) {
			admin := s.newOwner()
			s.setPrice(admin, 52_000_000)
			s.clock.Advance(time.Minute)
			s.setPrice(admin, 52_300_000)
		}, wantStatus: 200, wantContains: `"price":"52300000"`, wantAbsent: []string{"52000000"}},
		{name: "refuses a history of 0 days", method: "GET", path: "/api/prices/history?days=0", wantStatus: 400, wantContains: msgHistoryDaysInvalid},
		{name: "refuses a history of 366 days", method: "GET", path: "/api/prices/history?days=366", wantStatus: 400, wantContains: msgHistoryDaysInvalid},
	})
	h := s.do("GET", "/api/prices/history?days=7", "", nil)
	if h.Status != 200 || strings.Index(h.Body, "52300000") > strings.Index(h.Body, "52000000") {
		t.Fatalf("history is not newest first: %s", h.Body)
	}
	log, err := s.store.AuditLog(context.Background(), store.AuditFilter{Limit: 10})
	if err != nil || len(log) != 3 { // admin add + two prices
		t.Fatalf("audit log %v (err %v)", log, err)
	}
	if log[0].Action != "price.set" || log[0].Before != `{"base_price":52000000}` || log[0].After != `{"base_price":52300000,"source":"manual"}` || log[0].AdminID == 0 {
		t.Fatalf("audit entry %+v", log[0])
	}
}

func TestPriceHistoryKeepsTheAskedDaysAndThePriceThatHeldBefore(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	s.do("POST", "/api/admin/prices", admin, map[string]any{"base_price": 39000000})
	s.clock.Advance(24 * time.Hour)
	admin = s.signInAdmin() // the first token has expired
	s.do("POST", "/api/admin/prices", admin, map[string]any{"base_price": 40000000})
	s.clock.Advance(10 * 24 * time.Hour)
	admin = s.signInAdmin()
	s.do("POST", "/api/admin/prices", admin, map[string]any{"base_price": 41000000})
	// 7 days: the change inside, and 40,000,000, which held when the window opened; not the older 39,000,000
	if h := s.do("GET", "/api/prices/history?days=7", "", nil); !strings.HasPrefix(h.Body, `[{"price":"41000000"`) ||
		!strings.Contains(h.Body, "40000000") || strings.Contains(h.Body, "39000000") {
		t.Fatalf("7-day history: %s", h.Body)
	}
	if h := s.do("GET", "/api/prices/history?days=۳۰", "", nil); strings.Count(h.Body, `"price"`) != 3 {
		t.Fatalf("30-day history: %s", h.Body)
	}
}

func TestPublicPriceSaysWhetherItIsFresh(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	s.run(t, []scenario{
		{name: "is not fresh before the shop sets a price", method: "GET", path: "/api/prices/prices", wantStatus: 200, wantContains: `"is_price_fresh":false`},
	})
	// Set, the price stays so: the case that sets it sets the same again, at the same moment.
	s.setPrice(admin, 52_000_000)
	s.run(t, []scenario{
		{name: "sets a price", method: "POST", path: "/api/admin/prices", token: admin, body: map[string]any{"base_price": 52000000}, wantStatus: 200, wantContains: `"price":"52000000"`},
		{name: "is fresh once set", method: "GET", path: "/api/prices/prices", wantStatus: 200, wantContains: `"is_price_fresh":true`},
	})
	s.clock.Advance(29*time.Minute + 59*time.Second)
	s.run(t, []scenario{{name: "is fresh within the maximum age", method: "GET", path: "/api/prices/prices", wantStatus: 200, wantContains: `"is_price_fresh":true`}})
	s.clock.Advance(2 * time.Second)
	s.run(t, []scenario{{name: "is stale after the maximum age", method: "GET", path: "/api/prices/prices", wantStatus: 200, wantContains: `"is_price_fresh":false`}})
}
