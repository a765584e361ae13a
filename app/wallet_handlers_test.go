package app

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"goldshop/iran/irantest"
)

var melliCard = irantest.LuhnCard("603799000000001")

func TestDepositChecksAmountAndReceiptByContent(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	img := pngBytes(t)
	jpeg := append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, bytes.Repeat([]byte{0}, 100)...) // starts like a JPEG, is not one
	cases := []struct {
		name       string
		fields     map[string]string
		file       []byte
		wantStatus int
		want       string
	}{
		{"accepts a PNG receipt with a Persian amount", map[string]string{"amount": "۱٬۵۰۰٬۰۰۰"}, img, 200, msgDepositCreated},
		{"refuses a missing amount", map[string]string{}, img, 400, msgAmountInvalid},
		{"refuses a zero amount", map[string]string{"amount": "0"}, img, 400, msgAmountInvalid},
		{"refuses a fractional amount", map[string]string{"amount": "12.5"}, img, 400, msgAmountInvalid},
		{"refuses a negative amount", map[string]string{"amount": "-5"}, img, 400, msgAmountInvalid},
		{"refuses an absurd amount", map[string]string{"amount": "99999999999999999"}, img, 400, msgAmountInvalid},
		{"refuses a deposit without a receipt", map[string]string{"amount": "1000"}, nil, 400, msgReceiptRequired},
		{"refuses a text file named like an image", map[string]string{"amount": "1000"}, []byte("hello, this is not an image"), 400, msgReceiptType},
		{"refuses a file that only starts like a JPEG", map[string]string{"amount": "1000"}, jpeg, 400, msgReceiptType},
		{"refuses a receipt above 5 MB", map[string]string{"amount": "1000"}, append(img, make([]byte, maxReceiptBytes)...), 413, msgReceiptTooLarge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := s.upload("/api/wallet/deposit", user, c.fields, c.file, nil)
			if r.Status != c.wantStatus || !strings.Contains(r.Body, c.want) {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
		})
	}
	list := s.do("GET", "/api/wallet/requests/user", user, nil)
	if n := strings.Count(list.Body, `"type":"deposit"`); n != 1 || !strings.Contains(list.Body, `"amount":"1500000"`) {
		t.Fatalf("refused deposits were recorded: %s", list.Body)
	}
	files, _ := os.ReadDir(filepath.Join(s.app.uploads, "receipts"))
	if len(files) != 1 {
		t.Fatalf("%d receipt files kept, want only the accepted one", len(files))
	}
	if r := s.upload("/api/wallet/deposit", "", map[string]string{"amount": "1"}, img, nil); r.Status != 401 {
		t.Fatalf("anonymous deposit: %d", r.Status)
	}
}

func TestReceiptsAreServedOnlyToTheirOwnerAndAdmins(t *testing.T) {
	s := newTestShop(t)
	owner, _ := s.signUp(1)
	other, _ := s.signUp(2)
	admin := s.signInAdmin()
	id := s.deposit(owner, "1000")
	list := s.do("GET", "/api/wallet/requests/user", owner, nil)
	path := between(list.Body, `"receipt_image":"`, `"`)
	if !strings.HasPrefix(path, "/uploads/receipts/") || !strings.HasSuffix(path, ".png") {
		t.Fatalf("receipt path %q of request %d", path, id)
	}
	get := func(token string) (int, string, []byte) {
		req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := s.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), b
	}
	if st, ct, b := get(owner); st != 200 || ct != "image/png" || !bytes.Equal(b, pngBytes(t)) {
		t.Fatalf("owner: %d %s", st, ct)
	}
	if st, _, _ := get(admin); st != 200 {
		t.Fatalf("admin: %d", st)
	}
	if st, _, _ := get(other); st != 404 {
		t.Fatalf("another customer: %d", st)
	}
	if st, _, _ := get(""); st != 401 {
		t.Fatalf("anonymous: %d", st)
	}
	if r := s.do("GET", "/uploads/receipts/"+strings.Repeat("a", 32)+".png", admin, nil); r.Status != 404 {
		t.Fatalf("a missing receipt: %d", r.Status)
	}
	for _, p := range []string{"/uploads/receipts/../goldshop.db", "/uploads/receipts/..%2fgoldshop.db", "/uploads/receipts/%2e%2e/goldshop.db"} {
		if r := s.do("GET", p, admin, nil); strings.Contains(r.Body, "SQLite format") {
			t.Fatalf("%s served the database", p)
		}
	}
}

func between(s, start, end string) string {
	i := strings.Index(s, start)
	if i < 0 {
		return ""
	}
	s = s[i+len(start):]
	return s[:strings.Index(s, end)]
}

// withdrawer is a fresh customer holding rial with a settled card.
func (s *testShop) withdrawer(admin, rial string) (c trader, card int64) {
	s.t.Helper()
	c = s.newCustomer()
	card = s.addSettledCard(c.token, melliCard)
	s.fund(c.token, admin, rial)
	return c, card
}

// pendingWithdraw is a withdrawer of 1,000,000 rial with a pending withdraw of 600,000; id is the withdraw's.
func (s *testShop) pendingWithdraw(admin string) (c trader, card int64, id string) {
	s.t.Helper()
	c, card = s.withdrawer(admin, "1000000")
	r := s.withdrawCall(c.token, card, "600000", "", "")
	if r.Status != 200 {
		s.t.Fatalf("withdraw: %d %s", r.Status, r.Body)
	}
	return c, card, fmt.Sprint(r.JSON["request"].(map[string]any)["id"])
}

// canceledWithdraw is a pendingWithdraw the customer has canceled.
func (s *testShop) canceledWithdraw(admin string) (c trader, id string) {
	s.t.Helper()
	c, _, id = s.pendingWithdraw(admin)
	s.mustDo("POST", "/api/wallet/requests/cancel/"+id, c.token, nil)
	return c, id
}

func TestWithdrawRulesAndOwnership(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	other, _ := s.signUp(2)
	admin := s.signInAdmin()
	card := s.addSettledCard(user, melliCard)
	otherCard := s.addSettledCard(other, melliCard)
	s.fund(user, admin, "1000000")
	// The customer has a pending withdraw of 600,000 that every case may read; only the owner's cancel changes it.
	r := s.withdrawCall(user, card, "600000", "", "")
	if r.Status != 200 {
		t.Fatalf("withdraw: %d %s", r.Status, r.Body)
	}
	id := fmt.Sprint(r.JSON["request"].(map[string]any)["id"])
	asCanceled := func(s *testShop, c *scenario) { w, _ := s.canceledWithdraw(admin); c.token = w.token }
	refused := []string{`"status":"pending"`}
	s.run(t, []scenario{
		{name: "refuses a withdraw above the available balance", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": "1000001", "bank_account_id": card}, wantStatus: 400, wantContains: msgInsufficientBalance, wantAbsent: refused},
		{name: "refuses a withdraw to another customer's card", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": "1", "bank_account_id": otherCard}, wantStatus: 404, wantContains: msgBankAccountNotFound, wantAbsent: refused},
		{name: "refuses a withdraw without a card", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": "1"}, wantStatus: 400, wantContains: msgBankAccountRequired, wantAbsent: refused},
		{name: "refuses a non-numeric amount", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": "ده", "bank_account_id": card}, wantStatus: 400, wantContains: msgAmountInvalid, wantAbsent: refused},
		{name: "accepts a withdraw within the balance", method: "POST", path: "/api/wallet/withdraw", setup: func(s *testShop, c *scenario) {
			w, card := s.withdrawer(admin, "1000000")
			c.token, c.body = w.token, map[string]any{"amount": "۶۰۰٬۰۰۰", "bank_account_id": card}
		}, wantStatus: 200, wantContains: `"status":"pending"`},
		{name: "counts the pending withdraw against the next one", method: "POST", path: "/api/wallet/withdraw", token: user, body: map[string]any{"amount": 400001, "bank_account_id": card}, wantStatus: 400, wantContains: msgInsufficientBalance, wantAbsent: refused},
		{name: "shows the held amount as unavailable", method: "GET", path: "/api/wallet/balances", token: user, wantStatus: 200, wantContains: `"balance_rial":"1000000","balance_gold":"0.000","available_rial":"400000"`},
		{name: "lists the customer's pending withdraws", method: "GET", path: "/api/wallet/requests/pending", token: user, wantStatus: 200, wantContains: `"amount":"600000"`},
		{name: "shows another customer none of them", method: "GET", path: "/api/wallet/requests/pending", token: other, wantStatus: 200, wantContains: `[]`, wantAbsent: []string{`"amount"`}},
		{name: "refuses to delete a card with a pending withdraw", method: "DELETE", path: fmt.Sprintf("/api/bank-accounts/%d", card), token: user, wantStatus: 409, wantContains: msgBankAccountInUse, wantAbsent: []string{msgBankAccountDeleted}},
	})
	if b, p := s.balances(user), s.do("GET", "/api/wallet/requests/pending", user, nil).Body; b["available_rial"] != "400000" || strings.Count(p, `"id":`) != 1 {
		t.Fatalf("a refused withdraw moved money: %v, pending %s", b, p)
	}
	s.run(t, []scenario{
		{name: "refuses another customer's cancel", method: "POST", path: "/api/wallet/requests/cancel/" + id, token: other, wantStatus: 404, wantContains: msgRequestNotFound, wantAbsent: []string{msgRequestCanceled}},
		{name: "cancels the owner's pending withdraw", method: "POST", path: "/api/wallet/requests/cancel/" + id, token: user, wantStatus: 200, wantContains: msgRequestCanceled},
		{name: "refuses a second cancel", method: "POST", setup: func(s *testShop, c *scenario) {
			w, id := s.canceledWithdraw(admin)
			c.token, c.path = w.token, "/api/wallet/requests/cancel/"+id
		}, wantStatus: 409, wantContains: msgCancelOnlyPending, wantAbsent: []string{msgRequestCanceled}},
		{name: "refuses a cancel of a missing request", method: "POST", path: "/api/wallet/requests/cancel/99999", token: user, wantStatus: 404, wantContains: msgRequestNotFound, wantAbsent: []string{msgRequestCanceled}},
		{name: "refuses a cancel with a bad id", method: "POST", path: "/api/wallet/requests/cancel/abc", token: user, wantStatus: 404, wantContains: msgRequestNotFound, wantAbsent: []string{msgRequestCanceled}},
		{name: "frees the held amount", method: "GET", path: "/api/wallet/balances", setup: asCanceled, wantStatus: 200, wantContains: `"available_rial":"1000000"`},
		{name: "shows the request as canceled", method: "GET", path: "/api/wallet/requests/user", setup: asCanceled, wantStatus: 200, wantContains: `"status":"canceled"`, wantAbsent: []string{`"status":"pending"`}},
	})
}

func TestAdminDecidesEachRequestOnce(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	admin := s.signInAdmin()
	card := s.addSettledCard(user, melliCard)
	userID := s.userID(user)
	dep := fmt.Sprintf("/api/wallet/requests/%d", s.deposit(user, "2000000"))
	// once is a customer whose deposit of 2,000,000 (done) the admin approved, then tried to approve again and
	// to reject; the cases try the same.
	once := s.newCustomer()
	done := fmt.Sprintf("/api/wallet/requests/%d", s.deposit(once.token, "2000000"))
	s.mustDo("PUT", done, admin, map[string]string{"status": "approved"})
	s.do("PUT", done, admin, map[string]string{"status": "approved"})
	s.do("PUT", done, admin, map[string]string{"status": "rejected", "reject_reason": "x"})
	// atNewDeposit points the case at a fresh customer's pending deposit.
	atNewDeposit := func(s *testShop, c *scenario) {
		c.path = fmt.Sprintf("/api/wallet/requests/%d", s.deposit(s.newCustomer().token, "2000000"))
	}
	s.run(t, []scenario{
		{name: "refuses a customer deciding a request", method: "PUT", path: dep, token: user, body: map[string]string{"status": "approved"}, wantStatus: 403, wantAbsent: []string{msgDepositApproved}},
		{name: "refuses a customer listing all requests", method: "GET", path: "/api/wallet/requests", token: user, wantStatus: 403, wantAbsent: []string{`"type":"deposit"`}},
		{name: "refuses a customer filtering all requests", method: "GET", path: "/api/wallet/requests/admin", token: user, wantStatus: 403, wantAbsent: []string{`"type":"deposit"`}},
		{name: "refuses an unknown status", method: "PUT", path: dep, token: admin, body: map[string]string{"status": "done"}, wantStatus: 400, wantContains: msgDecisionStatus, wantAbsent: []string{msgDepositApproved}},
		{name: "refuses a rejection without a reason", method: "PUT", path: dep, token: admin, body: map[string]string{"status": "rejected", "reject_reason": "  "}, wantStatus: 400, wantContains: msgRejectReasonRequired, wantAbsent: []string{msgRequestRejected}},
		{name: "refuses a missing request", method: "PUT", path: "/api/wallet/requests/424242", token: admin, body: map[string]string{"status": "approved"}, wantStatus: 404, wantContains: msgRequestNotFound, wantAbsent: []string{msgDepositApproved}},
		{name: "lists the pending deposit", method: "GET", path: "/api/wallet/requests", token: admin, wantStatus: 200, wantContains: `"type":"deposit"`},
		{name: "approves the deposit", method: "PUT", setup: atNewDeposit, token: admin, body: map[string]string{"status": "approved"}, wantStatus: 200, wantContains: msgDepositApproved},
		{name: "refuses approving it again", method: "PUT", path: done, token: admin, body: map[string]string{"status": "approved"}, wantStatus: 409, wantContains: msgAlreadyDecided, wantAbsent: []string{msgDepositApproved}},
		{name: "refuses rejecting it after approval", method: "PUT", path: done, token: admin, body: map[string]string{"status": "rejected", "reject_reason": "x"}, wantStatus: 409, wantContains: msgAlreadyDecided, wantAbsent: []string{msgRequestRejected}},
		{name: "credits the customer once", method: "GET", path: "/api/wallet/balances", token: once.token, wantStatus: 200, wantContains: `"balance_rial":"2000000"`},
		{name: "accepts a withdraw", method: "POST", path: "/api/wallet/withdraw", setup: func(s *testShop, c *scenario) {
			w, card := s.withdrawer(admin, "2000000")
			c.token, c.body = w.token, map[string]any{"amount": "500000", "bank_account_id": card}
		}, wantStatus: 200},
	})

	// The customer's deposit is approved and a withdraw of 500,000 paid out.
	s.mustDo("PUT", dep, admin, map[string]string{"status": "approved"})
	wd := s.mustDo("POST", "/api/wallet/withdraw", user, map[string]any{"amount": "500000", "bank_account_id": card}).JSON["request"].(map[string]any)["id"]
	s.mustDo("PUT", fmt.Sprint("/api/wallet/requests/", wd), admin, map[string]string{"status": "approved"})
	s.run(t, []scenario{
		{name: "approves the withdraw", method: "PUT", setup: func(s *testShop, c *scenario) {
			_, _, id := s.pendingWithdraw(admin)
			c.path = "/api/wallet/requests/" + id
		}, token: admin, body: map[string]string{"status": "approved"}, wantStatus: 200, wantContains: msgWithdrawApproved},
		{name: "pays it out once", method: "GET", path: "/api/wallet/balances", token: user, wantStatus: 200, wantContains: `"balance_rial":"1500000","balance_gold":"0.000","available_rial":"1500000"`},
		{name: "shows both entries on the statement, newest first", method: "GET", path: "/api/transactions/all", token: user, wantStatus: 200, wantContains: `"type":"wallet_deposit"`},
		{name: "shows the card's bank on the withdraw entry", method: "GET", path: "/api/transactions/all", token: user, wantStatus: 200, wantContains: descWithdrawTo + "بانک ملی ایران"},
	})
	st := s.do("GET", "/api/transactions/all", user, nil).Body
	if strings.Index(st, "wallet_withdraw") > strings.Index(st, "wallet_deposit") || strings.Contains(st, `"hold"`) ||
		!strings.Contains(st, `"debit_rial":"500000"`) || !strings.Contains(st, `"price_per_gram":null`) {
		t.Fatalf("statement %s", st)
	}

	// A deposit of 7 is rejected with a reason.
	rej := fmt.Sprintf("/api/wallet/requests/%d", s.deposit(user, "7"))
	s.mustDo("PUT", rej, admin, map[string]string{"status": "rejected", "reject_reason": "رسید ناخوانا است"})
	s.run(t, []scenario{
		{name: "rejects with a reason", method: "PUT", setup: atNewDeposit, token: admin, body: map[string]string{"status": "rejected", "reject_reason": "رسید ناخوانا است"}, wantStatus: 200, wantContains: msgRequestRejected},
		{name: "shows the customer the reason", method: "GET", path: "/api/wallet/requests/user", token: user, wantStatus: 200, wantContains: "رسید ناخوانا است"},
		{name: "moves nothing on rejection", method: "GET", path: "/api/wallet/balances", token: user, wantStatus: 200, wantContains: `"balance_rial":"1500000"`},
		{name: "keeps the rejected deposit out of the pending requests", method: "GET", path: "/api/wallet/requests/admin?status=pending", token: admin, wantStatus: 200, wantAbsent: []string{`"user_id":` + userID + `,`}},
		{name: "keeps the rejected deposit off the statement", method: "GET", path: "/api/transactions/all", token: user, wantStatus: 200, wantContains: `"credit_rial":"2000000"`, wantAbsent: []string{`"credit_rial":"7"`}},
	})
}

func TestIdempotencyKeyReplaysTheFirstAnswer(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	admin := s.signInAdmin()
	card := s.addSettledCard(user, melliCard)
	s.fund(user, admin, "1000")
	withdraw := func(key string, amount int) reply {
		req, _ := http.NewRequest("POST", s.srv.URL+"/api/wallet/withdraw",
			strings.NewReader(fmt.Sprintf(`{"amount":%d,"bank_account_id":%d}`, amount, card)))
		req.Header.Set("Authorization", "Bearer "+user)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", key)
		return s.send(nil, req)
	}
	first := withdraw("tap-1", 300)
	again := withdraw("tap-1", 300)
	if first.Status != 200 || again.Status != 200 || first.Body != again.Body || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("first %d %s; again %d %s", first.Status, first.Body, again.Status, again.Body)
	}
	if b := s.balances(user); b["available_rial"] != "700" {
		t.Fatalf("a repeated tap moved money twice: %v", b)
	}
	if r := withdraw("bad key with spaces", 1); r.Status != 400 || !strings.Contains(r.Body, msgIdemKeyInvalid) {
		t.Fatalf("bad key: %d %s", r.Status, r.Body)
	}
	if r := withdraw("tap-2", 5000); r.Status != 400 {
		t.Fatalf("refused withdraw: %d", r.Status)
	}
	if r := withdraw("tap-2", 100); r.Status != 200 {
		t.Fatalf("a refused call's key must stay usable: %d %s", r.Status, r.Body)
	}
	// the same key on another call is refused, whatever that call is
	r := s.upload("/api/wallet/deposit", user, map[string]string{"amount": "5"}, pngBytes(t), map[string]string{"Idempotency-Key": "tap-1"})
	if r.Status != 409 || !strings.Contains(r.Body, msgIdemKeyReused) {
		t.Fatalf("key reused on another route: %d %s", r.Status, r.Body)
	}
	dep := s.deposit(user, "9")
	for i := 0; i < 2; i++ {
		req, _ := http.NewRequest("PUT", fmt.Sprintf("%s/api/wallet/requests/%d", s.srv.URL, dep), strings.NewReader(`{"status":"approved"}`))
		req.Header.Set("Authorization", "Bearer "+admin)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", "approve-once")
		if r := s.send(nil, req); r.Status != 200 {
			t.Fatalf("approval %d with the same key: %d", i+1, r.Status)
		}
	}
	if b := s.balances(user); b["balance_rial"] != "1009" {
		t.Fatalf("balances %v", b)
	}
}

// The same key with another request is not the same call: it is refused (422) instead of being answered with
// the first call's result, and nothing moves.
func TestIdempotencyKeyWithAnotherRequestIsRefused(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	other, _ := s.signUp(2)
	admin := s.signInAdmin()
	card := s.addSettledCard(user, melliCard)
	s.fund(user, admin, "1000")
	withdraw := func(amount int) reply {
		req, _ := http.NewRequest("POST", s.srv.URL+"/api/wallet/withdraw",
			strings.NewReader(fmt.Sprintf(`{"amount":%d,"bank_account_id":%d}`, amount, card)))
		req.Header.Set("Authorization", "Bearer "+user)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", "tap-1")
		return s.send(nil, req)
	}
	if r := withdraw(300); r.Status != 200 {
		t.Fatalf("first withdraw: %d %s", r.Status, r.Body)
	}
	if r := withdraw(500); r.Status != 422 || r.str("message") != msgIdemKeyMismatch {
		t.Fatalf("same key, another amount: %d %s", r.Status, r.Body)
	}
	if b := s.balances(user); b["available_rial"] != "700" {
		t.Fatalf("the second amount moved money: %v", b)
	}

	// a browser sending the same form again picks a new boundary: still the same request
	form := map[string]string{"amount": "9"}
	key := map[string]string{"Idempotency-Key": "receipt-1"}
	first := s.upload("/api/wallet/deposit", user, form, pngBytes(t), key)
	again := s.upload("/api/wallet/deposit", user, form, pngBytes(t), key)
	if first.Status != 200 || again.Status != 200 || again.Header.Get("Idempotent-Replayed") != "true" || first.Body != again.Body {
		t.Fatalf("the same form again: %d %s; %d %s", first.Status, first.Body, again.Status, again.Body)
	}
	if r := s.upload("/api/wallet/deposit", user, map[string]string{"amount": "90000"}, pngBytes(t), key); r.Status != 422 {
		t.Fatalf("the same key with another deposit amount: %d %s", r.Status, r.Body)
	}

	// the admin's charge: the same key for another customer charges no one
	id := func(token string) string {
		return fmt.Sprint(s.do("GET", "/api/users/me", token, nil).JSON["user"].(map[string]any)["id"])
	}
	charge := func(who string) reply {
		req, _ := http.NewRequest("POST", s.srv.URL+"/api/adminCharge/charge",
			strings.NewReader(`{"userId":`+who+`,"type":"rial","amount":50}`))
		req.Header.Set("Authorization", "Bearer "+admin)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", "charge-1")
		return s.send(nil, req)
	}
	if r := charge(id(user)); r.Status != 200 {
		t.Fatalf("charge: %d %s", r.Status, r.Body)
	}
	if r := charge(id(other)); r.Status != 422 {
		t.Fatalf("the same key for another customer: %d %s", r.Status, r.Body)
	}
	if b := s.balances(other); b["balance_rial"] != "0" {
		t.Fatalf("the other customer was charged: %v", b)
	}
}
