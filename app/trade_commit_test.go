package app

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"goldshop/iran/irantest"
)

// pendingBuy makes a customer holding 10,000,000 rial at a base price of 50,000,000 with a live buy quote of
// rial; it returns the admin's token, the customer and the quote's code.
func (s *testShop) pendingBuy(rial int) (admin string, c trader, code string) {
	s.t.Helper()
	admin = s.signInAdmin()
	c = s.newTrader(1, "")
	s.setPrice(admin, 50_000_000)
	s.charge(admin, c, "rial", "10000000")
	s.quote(c, "buy", map[string]any{"amount_rial": rial})
	return admin, c, s.lastCode(c.phone)
}

// The code is checked in the trade's own transaction: a trade refused with the right code leaves the code
// live, a wrong code counts one try, and the code is spent only in the commit that moves the money.

func TestAVerifyWithTheOtherSidesTypeLeavesTheCodeLive(t *testing.T) {
	s := newTestShop(t)
	_, c, code := s.pendingBuy(1_000_000)
	verify := func(typ string) reply {
		return s.do("POST", "/api/prices/verify-transaction", c.token,
			map[string]string{"verification_code": code, "transaction_type": typ})
	}
	if r := verify("sell"); r.Status != 400 || !strings.Contains(r.Body, msgQuoteNone) {
		t.Fatalf("a buy code said as a sell: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_rial", "10000000")
	if r := verify("buy"); r.Status != 200 || !strings.Contains(r.Body, `"debit_rial":"1000000"`) {
		t.Fatalf("the same code with its own type: %d %s", r.Status, r.Body)
	}
	if r := verify("buy"); r.Status != 400 || !strings.Contains(r.Body, msgCodeExpired) {
		t.Fatalf("the code works once: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_rial", "9000000")
}

func TestAVerifyRefusedForBalanceLeavesTheCodeForAfterATopUp(t *testing.T) {
	s := newTestShop(t)
	admin, c, code := s.pendingBuy(10_000_000)
	card := s.addSettledCard(c.token, irantest.LuhnCard("603799123456789"))
	if r := s.do("POST", "/api/wallet/withdraw", c.token, map[string]any{"amount": 5_000_000, "bank_account_id": card}); r.Status != 200 {
		t.Fatalf("withdraw: %d %s", r.Status, r.Body)
	}
	// with an Idempotency-Key too: the refused call gives the key back
	if r := s.send(nil, s.verifyRequest(c.token, code, "buy", "confirm-1")); r.Status != 400 || !strings.Contains(r.Body, msgInsufficientBalance) {
		t.Fatalf("verify after the money left: %d %s", r.Status, r.Body)
	}
	s.charge(admin, c, "rial", "5000000")
	r := s.send(nil, s.verifyRequest(c.token, code, "buy", "confirm-1"))
	if r.Status != 200 || r.Header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("the same code and key after the top-up: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_gold", "0.200")
	s.wantBalance(t, c, "available_rial", "0") // the pending withdraw holds the other 5,000,000
}

func TestAVerifyRefusedWhileTradingIsClosedLeavesTheCodeLive(t *testing.T) {
	s := newTestShop(t)
	admin, c, code := s.pendingBuy(1_000_000)
	put := func(on bool) {
		if r := s.do("PUT", "/api/priceSettings", admin, map[string]any{"buy_enabled": on}); r.Status != 200 {
			t.Fatalf("settings: %d %s", r.Status, r.Body)
		}
	}
	put(false)
	if r := s.send(nil, s.verifyRequest(c.token, code, "buy", "k")); r.Status != 400 || r.str("message") != msgBuyDisabled {
		t.Fatalf("confirmed while closed: %d %s", r.Status, r.Body)
	}
	put(true)
	if r := s.send(nil, s.verifyRequest(c.token, code, "buy", "k")); r.Status != 200 {
		t.Fatalf("the same code once open again: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_rial", "9000000")
}

func TestAWrongCodeCountsOneTry(t *testing.T) {
	s := newTestShop(t)
	_, c, good := s.pendingBuy(1_000_000)
	wrong := fmt.Sprintf("%05d", (atoiOr(good)+1)%100000)
	// four wrong tries, each with its own key and the same one twice: each counts one, none voids the code
	for i, key := range []string{"a", "b", "b", "c"} {
		r := s.send(nil, s.verifyRequest(c.token, wrong, "buy", key))
		if r.Status != 400 || !strings.Contains(r.Body, msgCodeWrong) {
			t.Fatalf("wrong try %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	// the right code with a key a wrong try used: the key was given back, the code is live
	if r := s.send(nil, s.verifyRequest(c.token, good, "buy", "b")); r.Status != 200 {
		t.Fatalf("the right code after four wrong tries: %d %s", r.Status, r.Body)
	}
	s.clock.Advance(61 * time.Second)
	s.quote(c, "buy", map[string]any{"amount_rial": 1_000_000})
	good = s.lastCode(c.phone)
	wrong = fmt.Sprintf("%05d", (atoiOr(good)+1)%100000)
	for i := 1; i <= 5; i++ {
		r := s.send(nil, s.verifyRequest(c.token, wrong, "sell", fmt.Sprint("w", i)))
		want := msgCodeWrong
		if i == 5 {
			want = msgCodeVoid
		}
		if r.Status != 400 || !strings.Contains(r.Body, want) {
			t.Fatalf("wrong try %d: %d %s", i, r.Status, r.Body)
		}
	}
	if r := s.send(nil, s.verifyRequest(c.token, good, "buy", "late")); r.Status != 400 || !strings.Contains(r.Body, msgCodeExpired) {
		t.Fatalf("the right code after five wrong tries: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_rial", "9000000")
}

// Concurrent confirms with one Idempotency-Key: one trade; every other gets the first's answer (or 409 while
// it runs), never "code expired".
func TestConcurrentVerifiesWithOneKeyGetTheFirstAnswer(t *testing.T) {
	s := newTestShop(t)
	_, c, code := s.pendingBuy(1_000_000)
	var wg sync.WaitGroup
	replies := make([]reply, 8)
	for i := range replies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replies[i] = s.send(nil, s.verifyRequest(c.token, code, "buy", "double-tap"))
		}()
	}
	wg.Wait()
	var first string
	for _, r := range replies {
		switch {
		case r.Status == 409 && strings.Contains(r.Body, msgRequestInProgress):
		case r.Status != 200:
			t.Fatalf("a repeat of the key: %d %s", r.Status, r.Body)
		case first == "":
			first = r.Body
		case r.Body != first:
			t.Fatalf("two answers for one key:\n%s\n%s", first, r.Body)
		}
	}
	if first == "" {
		t.Fatal("no call traded")
	}
	s.wantBalance(t, c, "balance_rial", "9000000")
	st := s.do("GET", "/api/transactions/all", c.token, nil)
	if n := strings.Count(st.Body, `"type":"buy"`); n != 1 {
		t.Fatalf("%d trades", n)
	}
}
