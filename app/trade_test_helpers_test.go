package app

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// trader is a signed-in customer with what the trade tests need to know of them.
type trader struct {
	token, phone, id, referralCode string
}

// newTrader signs up customer n (registered with the inviter's referral code when one is given).
func (s *testShop) newTrader(n int, referralCode string) trader {
	s.t.Helper()
	body := registration(n)
	if referralCode != "" {
		body["referral_code"] = referralCode
	}
	r := s.completeSignUp(nil, body)
	if r.Status != 200 {
		s.t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
	u := r.JSON["user"].(map[string]any)
	return trader{token: r.str("accessToken"), phone: body["phone_number"].(string), id: fmt.Sprint(u["id"]),
		referralCode: u["referral_code"].(string)}
}

// setPrice sets the shop's base price as the admin.
func (s *testShop) setPrice(admin string, price int64) {
	s.t.Helper()
	if r := s.do("POST", "/api/admin/prices", admin, map[string]any{"base_price": price}); r.Status != 200 {
		s.t.Fatalf("set price: %d %s", r.Status, r.Body)
	}
}

// charge credits the customer's rial or gold at the counter.
func (s *testShop) charge(admin string, c trader, typ, amount string) {
	s.t.Helper()
	if r := s.do("POST", "/api/adminCharge/charge", admin, map[string]any{"userId": c.id, "type": typ, "amount": amount}); r.Status != 200 {
		s.t.Fatalf("charge: %d %s", r.Status, r.Body)
	}
}

// quote asks for a buy or sell and returns the locked quote.
func (s *testShop) quote(c trader, typ string, body map[string]any) map[string]any {
	s.t.Helper()
	r := s.do("POST", "/api/prices/"+typ, c.token, body)
	if r.Status != 200 {
		s.t.Fatalf("quote %s %v: %d %s", typ, body, r.Status, r.Body)
	}
	return r.JSON["quote"].(map[string]any)
}

// trade quotes and confirms with the texted code, then moves the clock past the code resend spacing so the
// next trade can have its own code.
func (s *testShop) trade(c trader, typ string, body map[string]any) (quote, entry map[string]any) {
	s.t.Helper()
	quote = s.quote(c, typ, body)
	r := s.do("POST", "/api/prices/verify-transaction", c.token,
		map[string]string{"verification_code": s.lastCode(c.phone), "transaction_type": typ})
	if r.Status != 200 {
		s.t.Fatalf("verify %s: %d %s", typ, r.Status, r.Body)
	}
	s.clock.Advance(61 * time.Second)
	return quote, r.JSON["transaction"].(map[string]any)
}

// wantBalance checks one of the customer's balances as the API writes it.
func (s *testShop) wantBalance(t *testing.T, c trader, key, want string) {
	t.Helper()
	if got := s.balances(c.token)[key]; got != want {
		t.Fatalf("%s = %v, want %s", key, got, want)
	}
}

// verifyRequest is a prepared confirm call carrying an Idempotency-Key, as a phone's double tap sends it.
func (s *testShop) verifyRequest(token, code, typ, key string) *http.Request {
	s.t.Helper()
	body := fmt.Sprintf(`{"verification_code":%q,"transaction_type":%q}`, code, typ)
	req, err := http.NewRequest("POST", s.srv.URL+"/api/prices/verify-transaction", strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Idempotency-Key", key)
	return req
}

// adminPhone and adminPassword are signInAdmin's admin.
const adminPhone, adminPassword = "09350000001", "owner-pass-99"

// signIn logs a customer (registration's password) or the admin in again, for tests that move the clock past
// the access token's life.
func (s *testShop) signIn(phone string) string {
	s.t.Helper()
	if phone == adminPhone {
		return s.signInWithFactor(adminPhone, adminPassword)
	}
	password := registration(0)["password"].(string)
	r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": password})
	if r.Status != 200 {
		s.t.Fatalf("login %s: %d %s", phone, r.Status, r.Body)
	}
	return r.str("accessToken")
}
