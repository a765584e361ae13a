package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"sync"
	"testing"
	"time"

	"goldshop/iran"
)

// burstSize is how many copies of one request a burst sends at once: a phone on a bad connection retrying.
const burstSize = 8

// burstOf sends burstSize copies of one request at the same moment, each with the Idempotency-Key key, and
// returns their answers. body makes each copy's body and its Content-Type.
func (s *testShop) burstOf(method, path, token, key string, body func() ([]byte, string)) []reply {
	s.t.Helper()
	start := make(chan struct{})
	answers := make([]reply, burstSize)
	var wg sync.WaitGroup
	for i := range burstSize {
		raw, contentType := body()
		req, err := http.NewRequest(method, s.srv.URL+path, bytes.NewReader(raw))
		if err != nil {
			s.t.Fatal(err)
		}
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Idempotency-Key", key)
		wg.Go(func() {
			<-start
			answers[i] = s.send(nil, req)
		})
	}
	close(start)
	wg.Wait()
	return answers
}

// jsonBody is a burst's JSON body.
func jsonBody(v any) func() ([]byte, string) {
	raw, _ := json.Marshal(v)
	return func() ([]byte, string) { return raw, "application/json" }
}

// wantOneAnswer checks a burst's answers: one call ran, and every copy got its answer (a success, kept and
// replayed) or 409 «in progress» while it ran; none got an answer of its own (a refusal a pre-check made
// against the money the first call had moved). It returns the answer.
func wantOneAnswer(t *testing.T, what string, answers []reply) reply {
	t.Helper()
	var first *reply
	for i, r := range answers {
		switch {
		case r.Status == http.StatusConflict && r.str("message") == msgRequestInProgress:
		case r.Status >= 200 && r.Status < 300:
			if first == nil {
				first = &answers[i]
			} else if r.Status != first.Status || r.Body != first.Body {
				t.Fatalf("%s: two answers of their own: %d %s and %d %s", what, first.Status, first.Body, r.Status, r.Body)
			}
		default:
			t.Fatalf("%s: a copy answered %d %s", what, r.Status, r.Body)
		}
	}
	if first == nil {
		t.Fatalf("%s: no copy got the call's answer: %v", what, answers)
	}
	return *first
}

// Every idempotent call, sent eight times at once under one key (issue 37): one call runs, one movement, and
// each copy gets its answer or "in progress"; a copy sent after the burst gets the same answer, replayed.
// Each call is burst a few times over, under keys of their own, so that a copy meets the first call at each
// of its stages (before its commit, just after it).
func TestBurstsUnderOneKeyGetOneAnswer(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	s.setPrice(owner, 10_000_000)
	const rounds = 6
	round := 0
	key := func(name string) string { round++; return fmt.Sprintf("%s-%d", name, round) }
	replayed := func(t *testing.T, what, method, path, token, k string, body func() ([]byte, string), want reply) {
		t.Helper()
		s := s.forT(t)
		raw, contentType := body()
		req, _ := http.NewRequest(method, s.srv.URL+path, bytes.NewReader(raw))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Idempotency-Key", k)
		if r := s.send(nil, req); r.Status != want.Status || r.Body != want.Body || r.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("%s after the burst: %d %s", what, r.Status, r.Body)
		}
	}

	// each round's withdraw takes most of what the customer has: a copy that checked the balance for itself
	// after the first call moved it would be refused «موجودی کافی نیست»
	t.Run("a withdraw", func(t *testing.T) {
		s := s.forT(t)
		for range rounds {
			c, card := s.withdrawer(owner, "1000000")
			k, body := key("withdraw"), jsonBody(map[string]any{"amount": "600000", "bank_account_id": card})
			r := wantOneAnswer(t, "withdraw", s.burstOf("POST", "/api/wallet/withdraw", c.token, k, body))
			replayed(t, "withdraw", "POST", "/api/wallet/withdraw", c.token, k, body, r)
			if b := s.balances(c.token); b["available_rial"] != "400000" {
				t.Fatalf("held: %v", b)
			}
		}
	})

	t.Run("a deposit and its approval", func(t *testing.T) {
		s := s.forT(t)
		c := s.newCustomer()
		receipt := pngBytes(t)
		for range rounds {
			var form bytes.Buffer
			mw := multipart.NewWriter(&form)
			mw.WriteField("amount", "2500000")
			fw, _ := mw.CreateFormFile("receipt", "receipt.png")
			fw.Write(receipt)
			mw.Close()
			raw, contentType := form.Bytes(), mw.FormDataContentType()
			body := func() ([]byte, string) { return raw, contentType }
			k := key("deposit")
			r := wantOneAnswer(t, "deposit", s.burstOf("POST", "/api/wallet/deposit", c.token, k, body))
			replayed(t, "deposit", "POST", "/api/wallet/deposit", c.token, k, body, r)
			id := int64(r.JSON["request"].(map[string]any)["id"].(float64))
			path := fmt.Sprintf("/api/wallet/requests/%d", id)
			approve := jsonBody(map[string]string{"status": "approved"})
			k = key("approve")
			a := wantOneAnswer(t, "approval", s.burstOf("PUT", path, owner, k, approve))
			replayed(t, "approval", "PUT", path, owner, k, approve, a)
		}
		if b := s.balances(c.token); b["balance_rial"] != fmt.Sprint(rounds*2_500_000) {
			t.Fatalf("credited: %v", b)
		}
	})

	t.Run("a withdraw cancelled", func(t *testing.T) {
		s := s.forT(t)
		for range rounds {
			c, _, id := s.pendingWithdraw(owner)
			path, k := "/api/wallet/requests/cancel/"+id, key("cancel")
			r := wantOneAnswer(t, "cancel", s.burstOf("POST", path, c.token, k, jsonBody(map[string]any{})))
			replayed(t, "cancel", "POST", path, c.token, k, jsonBody(map[string]any{}), r)
			if b := s.balances(c.token); b["available_rial"] != "1000000" {
				t.Fatalf("given back: %v", b)
			}
		}
	})

	t.Run("a charge", func(t *testing.T) {
		s := s.forT(t)
		c := s.newTrader(40, "")
		for range rounds {
			k, body := key("charge"), jsonBody(map[string]any{"userId": c.id, "type": "rial", "amount": "100000"})
			r := wantOneAnswer(t, "charge", s.burstOf("POST", "/api/adminCharge/charge", owner, k, body))
			replayed(t, "charge", "POST", "/api/adminCharge/charge", owner, k, body, r)
		}
		if b := s.balances(c.token); b["balance_rial"] != fmt.Sprint(rounds*100_000) {
			t.Fatalf("charged: %v", b)
		}
	})

	t.Run("a trade's confirmation", func(t *testing.T) {
		s := s.forT(t)
		for i := range rounds {
			c := s.newTrader(60+i, "")
			s.charge(owner, c, "rial", "15000000") // one buy of a gram, not two
			s.quote(c, "buy", map[string]any{"amount_gold": "1"})
			k := key("verify")
			body := jsonBody(map[string]string{"verification_code": s.lastCode(c.phone), "transaction_type": "buy"})
			r := wantOneAnswer(t, "verify", s.burstOf("POST", "/api/prices/verify-transaction", c.token, k, body))
			replayed(t, "verify", "POST", "/api/prices/verify-transaction", c.token, k, body, r)
			if b := s.balances(c.token); b["balance_gold"] != "1.000" {
				t.Fatalf("bought: %v", b)
			}
		}
	})

	t.Run("a bar asked for, cancelled and decided", func(t *testing.T) {
		s := s.forT(t)
		c := s.newTrader(42, "")
		s.charge(owner, c, "gold", "50")
		for i := range rounds {
			bar := s.addBar(owner, "lab", fmt.Sprint(round), "750", "1")
			k, body := key("bar"), jsonBody(map[string]any{"bar_id": bar})
			r := wantOneAnswer(t, "bar request", s.burstOf("POST", "/api/gold/request", c.token, k, body))
			replayed(t, "bar request", "POST", "/api/gold/request", c.token, k, body, r)
			id := fmt.Sprint(r.JSON["request"].(map[string]any)["id"])
			if i%2 == 0 { // half cancelled by the customer, half approved by the owner
				path, k := "/api/gold/requests/cancel/"+id, key("bar-cancel")
				r := wantOneAnswer(t, "bar cancel", s.burstOf("POST", path, c.token, k, jsonBody(map[string]any{})))
				replayed(t, "bar cancel", "POST", path, c.token, k, jsonBody(map[string]any{}), r)
				continue
			}
			path, k, approve := "/api/gold/requests/"+id, key("bar-decide"), jsonBody(map[string]any{"status": "approved"})
			a := wantOneAnswer(t, "bar decision", s.burstOf("PUT", path, owner, k, approve))
			replayed(t, "bar decision", "PUT", path, owner, k, approve, a)
		}
		if b := s.balances(c.token); b["balance_gold"] != fmt.Sprintf("%d.000", 50-rounds/2) { // a gram each approved
			t.Fatalf("the bars took: %v", b)
		}
	})

	t.Run("a standing order placed and cancelled", func(t *testing.T) {
		s := s.forT(t)
		c := s.newTrader(50, "")
		s.charge(owner, c, "rial", "15000000")
		for range rounds { // each order holds most of the free rial: a second hold would not fit
			order := map[string]any{"side": "buy", "amount_rial": "10000000", "limit_price": "5000000",
				"until": iran.JalaliDayText(s.app.now())}
			if r := s.do("POST", "/api/orders", c.token, order); r.Status != 403 {
				t.Fatalf("the code step: %d %s", r.Status, r.Body)
			}
			order["verification_code"] = s.lastCode(c.phone)
			k, body := key("order"), jsonBody(order)
			r := wantOneAnswer(t, "placing", s.burstOf("POST", "/api/orders", c.token, k, body))
			replayed(t, "placing", "POST", "/api/orders", c.token, k, body, r)
			if b := s.balances(c.token); b["available_rial"] != "5000000" {
				t.Fatalf("held: %v", b)
			}
			path := "/api/orders/" + fmt.Sprint(r.JSON["order"].(map[string]any)["id"])
			k = key("order-cancel")
			cancel := wantOneAnswer(t, "order cancel", s.burstOf("DELETE", path, c.token, k, jsonBody(map[string]any{})))
			replayed(t, "order cancel", "DELETE", path, c.token, k, jsonBody(map[string]any{}), cancel)
			s.clock.Advance(61 * time.Second) // the next order's code
		}
		if b := s.balances(c.token); b["available_rial"] != "15000000" {
			t.Fatalf("given back: %v", b)
		}
	})
}
