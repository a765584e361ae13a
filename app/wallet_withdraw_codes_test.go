package app

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"goldshop/iran/irantest"
)

// The withdrawal's texted code: a new card needs one, bound to its card and amount.

// addSettledCard registers a card and dates it back past the day in which a withdrawal to it needs a texted
// code, for tests about other rules.
func (s *testShop) addSettledCard(token, card string) int64 {
	s.t.Helper()
	id := s.addCard(token, card)
	if _, err := s.store.WriteDB().ExecContext(context.Background(), `UPDATE bank_accounts SET created_at = created_at - ?
		WHERE id = ?`, (newCardWindow + time.Hour).Milliseconds(), id); err != nil {
		s.t.Fatal(err)
	}
	return id
}

// withdrawCall asks for a withdraw, with a texted code and an Idempotency-Key when they are not empty.
func (s *testShop) withdrawCall(token string, accountID int64, amount, code, key string) reply {
	s.t.Helper()
	body := map[string]any{"amount": amount, "bank_account_id": accountID}
	if code != "" {
		body["verification_code"] = code
	}
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", s.srv.URL+"/api/wallet/withdraw", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return s.send(nil, req)
}

// wantNoWithdraw checks that nothing was held and no withdraw recorded: the customer still has all of amount free.
func (s *testShop) wantNoWithdraw(t *testing.T, token, available string) {
	t.Helper()
	if b := s.balances(token); b["available_rial"] != available {
		t.Fatalf("money moved: %v", b)
	}
	if r := s.do("GET", "/api/wallet/requests/pending", token, nil); r.Body != "[]\n" {
		t.Fatalf("a withdraw was recorded: %s", r.Body)
	}
}

// A thief with a stolen session can add their own card but cannot read the owner's SMS: a withdrawal to a card
// added in the last 24 hours first texts a code (403, nothing moves), and goes through only with it.
func TestWithdrawToANewCardNeedsATextedCode(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	admin := s.signInAdmin()
	s.fund(user, admin, "1000000")
	card := s.addCard(user, melliCard)
	texts := s.smsCount(phone)

	first := s.withdrawCall(user, card, "600000", "", "tap-1")
	if first.Status != 403 || first.str("message") != msgWithdrawCodeSent || first.JSON["code_required"] != true {
		t.Fatalf("first call: %d %s", first.Status, first.Body)
	}
	if s.smsCount(phone) != texts+1 {
		t.Fatalf("no code was texted")
	}
	s.wantNoWithdraw(t, user, "1000000")

	code := s.lastCode(phone)
	if r := s.withdrawCall(user, card, "600000", wrongCode(code), "tap-1"); r.Status != 400 || r.str("message") != msgCodeWrong {
		t.Fatalf("a wrong code: %d %s", r.Status, r.Body)
	}
	s.wantNoWithdraw(t, user, "1000000")

	// the panel sends the same key again, now with the code: the refused calls gave it back
	done := s.withdrawCall(user, card, "600000", code, "tap-1")
	if done.Status != 200 || !strings.Contains(done.Body, `"status":"pending"`) {
		t.Fatalf("with the code: %d %s", done.Status, done.Body)
	}
	if b := s.balances(user); b["balance_rial"] != "1000000" || b["available_rial"] != "400000" {
		t.Fatalf("the amount is not held: %v", b)
	}
	again := s.withdrawCall(user, card, "600000", code, "tap-1")
	if again.Status != 200 || again.Header.Get("Idempotent-Replayed") != "true" || again.Body != done.Body {
		t.Fatalf("a double tap: %d %s", again.Status, again.Body)
	}
	if r := s.withdrawCall(user, card, "600000", code, ""); r.Status != 400 || r.str("message") != msgCodeExpired {
		t.Fatalf("the spent code again: %d %s", r.Status, r.Body)
	}
	if b := s.balances(user); b["available_rial"] != "400000" {
		t.Fatalf("the spent code moved money again: %v", b)
	}
}

// wrongCode is a five-digit code other than code.
func wrongCode(code string) string {
	if code == "12345" {
		return "54321"
	}
	return "12345"
}

// The code approves the one request it was texted for: another amount or another card is refused, nothing
// moves, and the code is spent.
func TestWithdrawCodeIsBoundToItsCardAndAmount(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	admin := s.signInAdmin()
	s.fund(user, admin, "20000000")
	cardA := s.addCard(user, melliCard)
	cardB := s.addCard(user, irantest.LuhnCard("610433987654321"))

	if r := s.withdrawCall(user, cardA, "100", "", ""); r.Status != 403 {
		t.Fatalf("asking for a code: %d %s", r.Status, r.Body)
	}
	code := s.lastCode(phone)
	if r := s.withdrawCall(user, cardA, "10000000", code, ""); r.Status != 400 || r.str("message") != msgWithdrawCodeOther {
		t.Fatalf("a code for 100 rial used for 10,000,000: %d %s", r.Status, r.Body)
	}
	s.wantNoWithdraw(t, user, "20000000")
	if r := s.withdrawCall(user, cardA, "100", code, ""); r.Status != 400 || r.str("message") != msgCodeExpired {
		t.Fatalf("the code tried on another amount still works: %d %s", r.Status, r.Body)
	}

	s.clock.Advance(61 * time.Second)
	if r := s.withdrawCall(user, cardA, "100", "", ""); r.Status != 403 {
		t.Fatalf("asking for a code again: %d %s", r.Status, r.Body)
	}
	if r := s.withdrawCall(user, cardB, "100", s.lastCode(phone), ""); r.Status != 400 || r.str("message") != msgWithdrawCodeOther {
		t.Fatalf("a code for card A used for card B: %d %s", r.Status, r.Body)
	}
	s.wantNoWithdraw(t, user, "20000000")
}

// No code is texted for a withdraw that would be refused anyway, and a second code waits a minute.
func TestWithdrawCodeIsTextedOnlyForAWithdrawThatCanHappen(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	other, _ := s.signUp(2)
	phone := registration(1)["phone_number"].(string)
	admin := s.signInAdmin()
	s.fund(user, admin, "1000")
	card := s.addCard(user, melliCard)
	otherCard := s.addCard(other, irantest.LuhnCard("610433987654321"))
	texts := s.smsCount(phone)
	s.run(t, []scenario{
		{name: "refuses a new card's withdraw above the balance without a code", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": "1001", "bank_account_id": card}, wantStatus: 400, wantContains: msgInsufficientBalance, wantAbsent: []string{`"code_required"`}},
		{name: "refuses another customer's new card without a code", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": "1", "bank_account_id": otherCard}, wantStatus: 404, wantContains: msgBankAccountNotFound, wantAbsent: []string{`"code_required"`}},
		{name: "refuses a malformed code", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": "1", "bank_account_id": card, "verification_code": "12"}, wantStatus: 400, wantContains: msgCodeFormat},
		{name: "refuses a code that was never texted", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": "1", "bank_account_id": card, "verification_code": "12345"}, wantStatus: 400, wantContains: msgCodeExpired},
	})
	if n := s.smsCount(phone); n != texts {
		t.Fatalf("%d codes texted for refused withdraws", n-texts)
	}
	s.run(t, []scenario{
		{name: "texts a code for a withdraw that can happen", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": "1000", "bank_account_id": card}, wantStatus: 403, wantContains: `"code_required":true`},
		{name: "asks a minute between two codes", method: "POST", path: "/api/wallet/withdraw", setup: func(s *testShop, c *scenario) {
			w := s.newCustomer()
			s.fund(w.token, admin, "1000")
			c.token, c.body = w.token, map[string]any{"amount": "1000", "bank_account_id": s.addCard(w.token, melliCard)}
			if r := s.do("POST", c.path, c.token, c.body); r.Status != 403 {
				s.t.Fatalf("the first code: %d %s", r.Status, r.Body)
			}
		}, wantStatus: 429, wantContains: "ثانیه صبر کنید", wantAbsent: []string{`"code_required"`}},
	})
	s.clock.Advance(2*time.Minute + time.Second)
	if r := s.withdrawCall(user, card, "1000", s.lastCode(phone), ""); r.Status != 400 || r.str("message") != msgCodeExpired {
		t.Fatalf("a code after its 2 minutes: %d %s", r.Status, r.Body)
	}
	s.wantNoWithdraw(t, user, "1000")
}

// A card is new for 24 hours from when it was added: a minute before, a code; from then on, none.
func TestACardOlderThanADayNeedsNoCode(t *testing.T) {
	s := newTestShop(t)
	first, _ := s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	admin := s.signInAdmin()
	card := s.addCard(first, melliCard)
	s.fund(first, admin, "1000")

	s.clock.Advance(newCardWindow - time.Minute)
	user := s.signIn(phone)
	if r := s.withdrawCall(user, card, "100", "", ""); r.Status != 403 {
		t.Fatalf("a minute before the day is over: %d %s", r.Status, r.Body)
	}
	s.clock.Advance(time.Minute)
	texts := s.smsCount(phone)
	if r := s.withdrawCall(user, card, "100", "", ""); r.Status != 200 {
		t.Fatalf("a day after: %d %s", r.Status, r.Body)
	}
	if r := s.withdrawCall(user, card, "200", "99999", ""); r.Status != 200 {
		t.Fatalf("a code sent with an old card is ignored: %d %s", r.Status, r.Body)
	}
	if s.smsCount(phone) != texts {
		t.Fatalf("a code was texted for an old card")
	}
	if b := s.balances(user); b["available_rial"] != "700" {
		t.Fatalf("balances %v", b)
	}
}
