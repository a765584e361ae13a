package app

import (
	"context"
	"testing"
	"time"

	"goldshop/iran"
	"goldshop/rules"
)

// The trade screen's poll reads the base price, the trading rules and the grades from memory and the caller
// from their sign-in check; every change made through the API shows in the very next poll.
func TestMyPricesFollowsEveryChangeAtOnce(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	s.setPrice(admin, 51_234_567)
	c := s.newTrader(1, "")
	poll := func() reply {
		t.Helper()
		r := s.do("GET", "/api/prices/my-prices", c.token, nil)
		if r.Status != 200 {
			t.Fatalf("my-prices: %d %s", r.Status, r.Body)
		}
		return r
	}
	first := poll()

	s.setPrice(admin, 60_000_000)
	second := poll()
	if second.str("buy_price") == first.str("buy_price") {
		t.Fatalf("a new base price did not show: %s", second.Body)
	}

	if r := s.do("PUT", "/api/admin/grades/1", admin, map[string]any{"sell_add": "1000000", "buy_subtract": "0"}); r.Status != 200 {
		t.Fatalf("grade: %d %s", r.Status, r.Body)
	}
	third := poll()
	if third.str("buy_price") == second.str("buy_price") {
		t.Fatalf("a grade's new rule did not show: %s", third.Body)
	}

	if r := s.do("PUT", "/api/admin/users/"+c.id, admin, map[string]any{"grade": 3}); r.Status != 200 {
		t.Fatalf("user grade: %d %s", r.Status, r.Body)
	}
	if r := poll(); r.JSON["grade"] != float64(3) || r.str("buy_price") != second.str("buy_price") {
		t.Fatalf("moved to grade 3 (no surcharge): %s", r.Body)
	}

	if r := s.do("PUT", "/api/priceSettings", admin, map[string]any{"buy_enabled": false}); r.Status != 200 {
		t.Fatalf("settings: %d %s", r.Status, r.Body)
	}
	off := poll()
	if trading, _ := off.JSON["trading"].(map[string]any); trading["buy_enabled"] != false {
		t.Fatalf("buying switched off did not show: %s", off.Body)
	}

	// refused changes leave the poll as it was
	s.do("PUT", "/api/priceSettings", admin, map[string]any{"buy_start_time": "25:00"})
	s.do("PUT", "/api/admin/grades/3", admin, map[string]any{"sell_add": "-5", "buy_subtract": "0"})
	s.do("POST", "/api/admin/prices", admin, map[string]any{"base_price": 0})
	if r := poll(); r.Body != off.Body {
		t.Fatalf("after refused changes:\n%s\nwant\n%s", r.Body, off.Body)
	}
}

// Signing out ends the token and the cookie at once, however recently they were used.
func TestSigningOutEndsTheTokenAndTheCookieOnTheNextRequest(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	s.setPrice(admin, 51_234_567)
	browser := s.cookieClient()
	r := s.completeSignUp(browser, registration(1))
	if r.Status != 200 {
		t.Fatalf("sign-up: %d %s", r.Status, r.Body)
	}
	token := r.str("accessToken")
	for _, who := range []struct {
		name   string
		client bool
	}{{"bearer", false}, {"cookie", true}} {
		var got reply
		if who.client {
			got = s.call(browser, "GET", "/api/users/me", "", nil)
		} else {
			got = s.do("GET", "/api/users/me", token, nil)
		}
		if got.Status != 200 {
			t.Fatalf("%s before sign-out: %d %s", who.name, got.Status, got.Body)
		}
	}
	if r := s.do("POST", "/api/auth/logout", token, nil); r.Status != 200 {
		t.Fatalf("logout: %d %s", r.Status, r.Body)
	}
	if r := s.do("GET", "/api/prices/my-prices", token, nil); r.Status != 401 {
		t.Fatalf("bearer after sign-out: %d %s", r.Status, r.Body)
	}
	if r := s.call(browser, "GET", "/api/prices/my-prices", "", nil); r.Status != 401 {
		t.Fatalf("cookie after sign-out: %d %s", r.Status, r.Body)
	}
}

// The poll's answer is kept between price changes, but never past a change of what the clock decides: a
// side closing on the minute its hours end, the price going stale the moment its age passes the limit, and a
// clock set back.
func TestMyPricesFollowsTheClock(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.setPrice(admin, 51_234_567)
	terms, err := s.store.TradingTermsOfGrade(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	setAt := terms.Base.At // as the store keeps it
	tehran := setAt.In(iran.Tehran)
	minute := tehran.Hour()*60 + tehran.Minute()
	if r := s.do("PUT", "/api/priceSettings", admin, map[string]any{"buy_start_time": rules.ClockText(minute),
		"buy_end_time": rules.ClockText((minute + 1) % (24 * 60)), "price_max_age_minutes": 5}); r.Status != 200 {
		t.Fatalf("settings: %d %s", r.Status, r.Body)
	}
	poll := func(wantOpen, wantFresh bool) {
		t.Helper()
		r := s.do("GET", "/api/prices/my-prices", c.token, nil)
		trading, _ := r.JSON["trading"].(map[string]any)
		if r.Status != 200 || trading["buy_open"] != wantOpen || r.JSON["is_price_fresh"] != wantFresh {
			t.Fatalf("at %s: want buy_open %v, fresh %v: %d %s", s.clock.Now().In(iran.Tehran).Format("15:04:05.000"),
				wantOpen, wantFresh, r.Status, r.Body)
		}
	}
	poll(true, true)
	poll(true, true)
	nextMinute := setAt.Truncate(time.Minute).Add(time.Minute)
	s.clock.Advance(nextMinute.Sub(s.clock.Now()) + time.Minute - time.Millisecond) // the window's last moment
	poll(true, true)
	s.clock.Advance(time.Millisecond) // the minute after its end
	poll(false, true)
	stale := setAt.Add(5 * time.Minute) // fresh through its last millisecond
	s.clock.Advance(stale.Sub(s.clock.Now()))
	poll(false, true)
	s.clock.Advance(time.Millisecond)
	poll(false, false)
	s.clock.Advance(setAt.Sub(s.clock.Now())) // set back to when the price was set
	poll(true, true)
}
