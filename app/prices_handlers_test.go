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
	s.run(t, []scenario{
		{"has no price before the shop sets one", "GET", "/api/prices/prices", "", nil, 200, `"price":null`},
		{"refuses a signed-out caller", "POST", "/api/admin/prices", "", map[string]any{"base_price": 1}, 401, msgLoginRequired},
		{"refuses a customer", "POST", "/api/admin/prices", customer, map[string]any{"base_price": 1}, 403, msgAdminOnly},
		{"refuses zero", "POST", "/api/admin/prices", admin, map[string]any{"base_price": 0}, 400, msgPriceInvalid},
		{"refuses a negative price", "POST", "/api/admin/prices", admin, map[string]any{"base_price": "-5"}, 400, msgPriceInvalid},
		{"refuses decimals", "POST", "/api/admin/prices", admin, map[string]any{"base_price": 52300000.5}, 400, msgPriceInvalid},
		{"refuses an exponent", "POST", "/api/admin/prices", admin, `{"base_price": 5e7}`, 400, msgPriceInvalid},
		{"refuses text", "POST", "/api/admin/prices", admin, map[string]any{"base_price": "پنجاه"}, 400, msgPriceInvalid},
		{"refuses a price of extra zeros", "POST", "/api/admin/prices", admin, map[string]any{"base_price": "523000000000"}, 400, msgPriceInvalid},
		{"refuses a wrong JSON type", "POST", "/api/admin/prices", admin, map[string]any{"base_price": true}, 400, msgBadJSON},
		{"still has no price after bad input", "GET", "/api/prices/prices", "", nil, 200, `"price":null`},
		{"accepts a number", "POST", "/api/admin/prices", admin, map[string]any{"base_price": 52000000}, 200, `"price":"52000000"`},
	})
	s.clock.Advance(time.Minute)
	s.run(t, []scenario{
		{"accepts Persian digits with separators", "POST", "/api/admin/prices", admin, map[string]any{"base_price": "۵۲٬۳۰۰٬۰۰۰"}, 200, `"price":"52300000"`},
		{"shows the newest price to everyone", "GET", "/api/prices/prices", "", nil, 200, `"price":"52300000"`},
		{"refuses a history of 0 days", "GET", "/api/prices/history?days=0", "", nil, 400, msgHistoryDaysInvalid},
		{"refuses a history of 366 days", "GET", "/api/prices/history?days=366", "", nil, 400, msgHistoryDaysInvalid},
	})
	h := s.do("GET", "/api/prices/history?days=7", "", nil)
	if h.Status != 200 || strings.Index(h.Body, "52300000") > strings.Index(h.Body, "52000000") {
		t.Fatalf("history is not newest first: %s", h.Body)
	}
	log, err := s.store.AuditLog(context.Background(), store.AuditFilter{Limit: 10})
	if err != nil || len(log) != 3 { // admin add + two prices
		t.Fatalf("audit log %v (err %v)", log, err)
	}
	if log[0].Action != "price.set" || log[0].Before != `{"base_price":52000000}` || log[0].After != `{"base_price":52300000}` || log[0].AdminID == 0 {
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
		{"is not fresh before the shop sets a price", "GET", "/api/prices/prices", "", nil, 200, `"is_price_fresh":false`},
		{"sets a price", "POST", "/api/admin/prices", admin, map[string]any{"base_price": 52000000}, 200, `"price":"52000000"`},
		{"is fresh once set", "GET", "/api/prices/prices", "", nil, 200, `"is_price_fresh":true`},
	})
	s.clock.Advance(29*time.Minute + 59*time.Second)
	s.run(t, []scenario{{"is fresh within the maximum age", "GET", "/api/prices/prices", "", nil, 200, `"is_price_fresh":true`}})
	s.clock.Advance(2 * time.Second)
	s.run(t, []scenario{{"is stale after the maximum age", "GET", "/api/prices/prices", "", nil, 200, `"is_price_fresh":false`}})
}
