package app

import (
	"testing"
	"time"
)

// The owner's off switch stops trading at once: a quote given before it cannot be confirmed after it, nor
// after the side's hours have ended; nothing moves and the message says why.
func TestAQuoteCannotBeConfirmedOnceItsSideIsClosed(t *testing.T) {
	s := newTestShop(t)
	s.clock.setClock(time.Date(2026, 11, 21, 16, 27, 0, 0, time.UTC)) // 19:57 in Tehran
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.setPrice(admin, 50_000_000)
	s.charge(admin, c, "rial", "100000000")
	put := func(body map[string]any) {
		if r := s.do("PUT", "/api/priceSettings", admin, body); r.Status != 200 {
			t.Fatalf("settings: %d %s", r.Status, r.Body)
		}
	}
	confirm := func(typ string) reply {
		return s.do("POST", "/api/prices/verify-transaction", c.token,
			map[string]string{"verification_code": s.lastCode(c.phone), "transaction_type": typ})
	}

	s.quote(c, "buy", map[string]any{"amount_gold": "0.1"})
	put(map[string]any{"buy_enabled": false})
	if r := confirm("buy"); r.Status != 400 || r.str("message") != msgBuyDisabled {
		t.Fatalf("confirmed after the switch went off: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_gold", "0.000")
	s.wantBalance(t, c, "balance_rial", "100000000")

	put(map[string]any{"buy_enabled": true, "buy_start_time": "08:00", "buy_end_time": "19:58"})
	s.clock.Advance(61 * time.Second) // 19:58: the next code may be sent, still inside the hours
	s.quote(c, "buy", map[string]any{"amount_gold": "0.1"})
	s.clock.Advance(61 * time.Second) // 19:59: the hours have ended, the quote would still be live
	if r := confirm("buy"); r.Status != 400 || r.str("message") != "خرید طلا اکنون ممکن نیست؛ ساعت خرید: ۰۸:۰۰ تا ۱۹:۵۸" {
		t.Fatalf("confirmed after the hours: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_gold", "0.000")
}
