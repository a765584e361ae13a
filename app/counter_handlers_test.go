package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// counterShop is a shop with a price, a tagged ring with an 18 % wage and a bar in the vault, an owner, a
// staff member at the counter and a customer with money in their wallet.
type counterShop struct {
	*testShop
	owner, staff string
	customer     trader
	ring, bar    string
}

func newCounterShop(t *testing.T) *counterShop {
	s := &counterShop{testShop: newTestShop(t)}
	s.owner, s.staff = s.signInAdmin(), s.signInStaff("09350000002")
	s.customer = s.newCustomer()
	s.setPrice(s.owner, 100_000_000)
	s.fund(s.customer.token, s.owner, "600000000")
	add := func(body map[string]any) string {
		r := s.mustDo("POST", "/api/admin/vault", s.owner, body)
		return fmt.Sprint(r.JSON["item"].(map[string]any)["id"])
	}
	s.ring = add(map[string]any{"kind": "jewellery", "description": "انگشتر", "weight": "4.250", "purity": "750",
		"tag": "R-100", "category": "انگشتر", "wage_percent": "18"})
	s.bar = add(map[string]any{"kind": "melted", "description": "آبشده", "weight": "10", "purity": "750"})
	return s
}

// record posts an invoice as staff with an Idempotency-Key.
func (s *counterShop) record(key string, body map[string]any) reply {
	s.t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		s.t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", s.srv.URL+"/api/admin/counter/invoices", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.staff)
	req.Header.Set("Idempotency-Key", key)
	return s.send(nil, req)
}

// recordWithCode records an invoice that takes from the customer's wallet: the first call texts the customer a
// code (403 code_required), the same call with it records.
func (s *counterShop) recordWithCode(key string, body map[string]any) reply {
	s.t.Helper()
	if r := s.record(key, body); r.Status != 403 || r.JSON["code_required"] != true {
		s.t.Fatalf("a wallet payment without the customer's code: %d %s", r.Status, r.Body)
	}
	body["verification_code"] = s.lastCode(s.customer.phone)
	return s.record(key, body)
}

// The ring (gold 425 000 000, wage 76 500 000, profit 35 105 000, VAT 11 160 500: 547 765 500) traded in
// against 3 g of old gold at 705 (the owner's 2 % deduction, buy-back 2 000 000 below base: 2.763 g of 750,
// 270 774 000): the customer pays 276 991 500, part in cash, part from the wallet.
func TestTheCounterPricesRecordsAndVoidsATradeIn(t *testing.T) {
	s := newCounterShop(t)
	s.mustDo("PUT", "/api/admin/counter/settings", s.owner, map[string]any{"buy_back_spread_rial": "2000000",
		"profit_percent": "7", "fineness_deduction_percent": "2",
		"vat_rates": []map[string]any{{"from": "۱۳۹۸/۰۱/۰۱", "percent": "9"}, {"from": "1403/01/01", "percent": "10"}}})
	terms := s.mustDo("GET", "/api/admin/counter/terms", s.staff, nil)
	if terms.JSON["buy_back_price"] != float64(98_000_000) || terms.JSON["is_price_fresh"] != true ||
		terms.JSON["vat"].(map[string]any)["percent"] != "10.00" {
		t.Fatalf("terms %s", terms.Body)
	}
	lines := map[string]any{"sales": []map[string]any{{"item_id": s.ring}},
		"buybacks": []map[string]any{{"description": "النگوی شکسته", "weight": "۳", "purity": "705"}}}
	priced := s.mustDo("POST", "/api/admin/counter/price", s.staff, lines)
	if priced.JSON["net"] != float64(276_991_500) || !strings.Contains(priced.Body, `"vat":11160500`) ||
		!strings.Contains(priced.Body, `"weight750":"2.763"`) {
		t.Fatalf("priced %s", priced.Body)
	}
	body := map[string]any{"sales": lines["sales"], "buybacks": lines["buybacks"], "customer": map[string]any{"user_id": s.customer.id},
		"payments": []map[string]any{{"method": "cash", "amount": "76991500"}, {"method": "wallet_rial", "amount": "200000000"}}}
	first := s.recordWithCode("counter-1", body)
	again := s.record("counter-1", body)
	if first.Status != 201 || again.Body != first.Body {
		t.Fatalf("record: %d %s; again %d %s", first.Status, first.Body, again.Status, again.Body)
	}
	inv := first.JSON["invoice"].(map[string]any)
	id := fmt.Sprint(inv["id"])
	if !strings.HasSuffix(inv["number"].(string), "-000001") || inv["net_words"] != "دویست و هفتاد و شش میلیون و نهصد و نود و یک هزار و پانصد" {
		t.Fatalf("invoice %s", first.Body)
	}
	s.wantBalance(t, s.customer, "balance_rial", "400000000")
	other := s.newCustomer()
	s.run(t, []scenario{
		{name: "the customer opens their invoice", method: "GET", path: "/api/counter/invoices/" + id, token: s.customer.token,
			wantStatus: 200, wantContains: `"number":"` + inv["number"].(string)},
		{name: "another customer is told it does not exist", method: "GET", path: "/api/counter/invoices/" + id, token: other.token,
			wantStatus: 404, wantAbsent: []string{`"lines"`}},
		{name: "a customer cannot read the counter's invoices", method: "GET", path: "/api/admin/counter/invoices/" + id,
			token: s.customer.token, wantStatus: 403, wantAbsent: []string{`"lines"`}},
		{name: "a customer cannot price", method: "POST", path: "/api/admin/counter/price", token: s.customer.token,
			body: lines, wantStatus: 403},
		{name: "a customer cannot record", method: "POST", path: "/api/admin/counter/invoices", token: s.customer.token,
			body: body, wantStatus: 403},
		{name: "the list finds it by phone", method: "GET", path: "/api/admin/counter/invoices?search=" + s.customer.phone[4:],
			token: s.staff, wantStatus: 200, wantContains: `"id":` + id},
		{name: "the sold ring is refused on the next invoice", method: "POST", path: "/api/admin/counter/price", token: s.staff,
			body: map[string]any{"sales": []map[string]any{{"item_id": s.ring}}}, wantStatus: 409, wantContains: "فروخته شده"},
		{name: "the sold ring's tag finds it as sold", method: "GET", path: "/api/admin/vault/by-tag/R-100", token: s.staff,
			wantStatus: 409, wantContains: msgCounterTagSold},
		{name: "an unknown tag is 404", method: "GET", path: "/api/admin/vault/by-tag/X-1", token: s.staff, wantStatus: 404},
		{name: "a customer cannot look a tag up", method: "GET", path: "/api/admin/vault/by-tag/R-100", token: s.customer.token,
			wantStatus: 403, wantAbsent: []string{`"item"`}},
		{name: "a customer cannot read the counter's terms", method: "GET", path: "/api/admin/counter/terms",
			token: s.customer.token, wantStatus: 403, wantAbsent: []string{`"base_price"`}},
		{name: "staff cannot void", method: "POST", path: "/api/admin/counter/invoices/" + id + "/void", token: s.staff,
			body: map[string]any{"reason": "اشتباه"}, wantStatus: 403},
		{name: "a void needs its reason", method: "POST", path: "/api/admin/counter/invoices/" + id + "/void", token: s.owner,
			body: map[string]any{"reason": " "}, wantStatus: 400, wantContains: msgCounterVoidReason},
	})
	voided := s.mustDo("POST", "/api/admin/counter/invoices/"+id+"/void", s.owner, map[string]any{"reason": "اشتباه در وزن"})
	if voided.JSON["invoice"].(map[string]any)["status"] != "void" {
		t.Fatalf("void %s", voided.Body)
	}
	s.wantBalance(t, s.customer, "balance_rial", "600000000")
	if r := s.do("POST", "/api/admin/counter/invoices/"+id+"/void", s.owner, map[string]any{"reason": "دوباره"}); r.Status != 409 {
		t.Fatalf("a second void: %d %s", r.Status, r.Body)
	}
	if r := s.mustDo("GET", "/api/admin/vault/by-tag/R-100", s.staff, nil); r.JSON["item"].(map[string]any)["status"] != "in" {
		t.Fatalf("the ring after the void: %s", r.Body)
	}
	statement := s.mustDo("GET", "/api/transactions/all", s.customer.token, nil)
	if !strings.Contains(statement.Body, `"type":"counter"`) || !strings.Contains(statement.Body, `"invoice_id":`+id) {
		t.Fatalf("statement %s", statement.Body)
	}
}

// Bad input gets its Persian message and its status, and records nothing.
func TestTheCounterRefusesBadInvoicesAndRecordsNothing(t *testing.T) {
	s := newCounterShop(t)
	bar := []map[string]any{{"item_id": s.bar}} // 10 g of 750 at 100 000 000: 1 000 000 000
	cash := func(amount string) []map[string]any { return []map[string]any{{"method": "cash", "amount": amount}} }
	s.run(t, []scenario{
		{name: "no line", method: "POST", path: "/api/admin/counter/invoices", token: s.staff, body: map[string]any{},
			wantStatus: 400, wantContains: msgCounterEmpty},
		{name: "a buy-back weight with four decimals", method: "POST", path: "/api/admin/counter/price", token: s.staff,
			body: map[string]any{"buybacks": []map[string]any{{"weight": "1.2345", "purity": "750"}}}, wantStatus: 400, wantContains: msgCounterWeight},
		{name: "a purity over 1000", method: "POST", path: "/api/admin/counter/price", token: s.staff,
			body: map[string]any{"buybacks": []map[string]any{{"weight": "1", "purity": "1000.01"}}}, wantStatus: 400, wantContains: msgCounterPurity},
		{name: "wage on a bar", method: "POST", path: "/api/admin/counter/price", token: s.staff,
			body: map[string]any{"sales": []map[string]any{{"item_id": s.bar, "wage_percent": "5"}}}, wantStatus: 400, wantContains: msgCounterExempt},
		{name: "both wages", method: "POST", path: "/api/admin/counter/price", token: s.staff,
			body:       map[string]any{"sales": []map[string]any{{"item_id": s.ring, "wage_percent": "5", "wage_rial_per_gram": "1000"}}},
			wantStatus: 400, wantContains: msgCounterWage},
		{name: "an item never in the vault", method: "POST", path: "/api/admin/counter/invoices", token: s.staff,
			body: map[string]any{"sales": []map[string]any{{"item_id": 9999}}, "payments": cash("1")}, wantStatus: 409},
		{name: "payments a rial short", method: "POST", path: "/api/admin/counter/invoices", token: s.staff,
			body: map[string]any{"sales": bar, "payments": cash("999999999")}, wantStatus: 400, wantContains: "۱ ریال کم است"},
		{name: "card as a payout", method: "POST", path: "/api/admin/counter/invoices", token: s.staff,
			body: map[string]any{"buybacks": []map[string]any{{"weight": "1", "purity": "750"}},
				"payouts": []map[string]any{{"method": "card", "amount": "100000000"}}}, wantStatus: 400, wantContains: msgCounterMethod},
		{name: "the wallet without a customer", method: "POST", path: "/api/admin/counter/invoices", token: s.staff,
			body:       map[string]any{"sales": bar, "payments": []map[string]any{{"method": "wallet_rial", "amount": "1000000000"}}},
			wantStatus: 400, wantContains: msgCounterNoCustomer},
		{name: "a wallet short of its part", method: "POST", path: "/api/admin/counter/invoices", token: s.staff,
			body: map[string]any{"sales": bar, "customer": map[string]any{"user_id": s.customer.id},
				"payments": []map[string]any{{"method": "wallet_rial", "amount": "1000000000"}}}, wantStatus: 400, wantContains: msgInsufficientBalance},
		{name: "a walk-in's bad national id", method: "POST", path: "/api/admin/counter/invoices", token: s.staff,
			body: map[string]any{"sales": bar, "customer": map[string]any{"first_name": "علی", "national_id": "1234567890"},
				"payments": cash("1000000000")}, wantStatus: 400, wantContains: msgCounterBuyerNational},
		{name: "VAT rates with a day twice", method: "PUT", path: "/api/admin/counter/settings", token: s.owner,
			body: map[string]any{"buy_back_spread_rial": "0", "profit_percent": "7", "fineness_deduction_percent": "0",
				"vat_rates": []map[string]any{{"from": "1403/01/01", "percent": "10"}, {"from": "1403/01/01", "percent": "9"}}},
			wantStatus: 400, wantContains: msgCounterVATRates},
	})
	if r := s.mustDo("GET", "/api/admin/counter/invoices", s.owner, nil); !strings.Contains(r.Body, `"invoices":[]`) {
		t.Fatalf("something was recorded: %s", r.Body)
	}
	staffID, _ := strconv.ParseInt(s.userID(s.staff), 10, 64)
	s.clock.Advance(31 * time.Minute)
	if r := s.do("POST", "/api/admin/counter/invoices", s.newLogin(staffID), map[string]any{"sales": bar, "payments": cash("1000000000")}); r.Status != 409 || r.str("message") != msgPricesStale {
		t.Fatalf("a stale price: %d %s", r.Status, r.Body)
	}
}

// A customer pays with their gold: the price call says what the grams sell for at their own sell price and what
// is left, and the invoice sells exactly those grams (a trade on their statement) and takes the rest in cash.
func TestTheCounterTakesACustomersGoldAsPayment(t *testing.T) {
	s := newCounterShop(t)
	s.charge(s.owner, s.customer, "gold", "2")
	body := map[string]any{"sales": []map[string]any{{"item_id": s.bar}}, "customer": map[string]any{"user_id": s.customer.id},
		"payments": []map[string]any{{"method": "wallet_gold", "gold": "۱٫۵"}}}
	priced := s.mustDo("POST", "/api/admin/counter/price", s.staff, body)
	paid := priced.JSON["payments"].([]any)[0].(map[string]any)
	amount, rest := int64(paid["amount"].(float64)), int64(priced.JSON["rest"].(float64))
	if paid["gold"] != "1.500" || amount <= 0 || amount+rest != 1_000_000_000 {
		t.Fatalf("priced %s", priced.Body)
	}
	body["payments"] = []map[string]any{{"method": "wallet_gold", "gold": "1.5"}, {"method": "cash", "amount": rest}}
	r := s.recordWithCode("counter-gold", body)
	if r.Status != 201 || !strings.Contains(r.Body, fmt.Sprintf(`"method":"wallet_gold","amount":%d,"gold":"1.500"`, amount)) {
		t.Fatalf("record: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, s.customer, "balance_gold", "0.500")
	s.wantBalance(t, s.customer, "balance_rial", "600000000")
	if st := s.mustDo("GET", "/api/transactions/all", s.customer.token, nil); !strings.Contains(st.Body, `"type":"sell"`) {
		t.Fatalf("statement %s", st.Body)
	}
}

// Staff cannot take from a customer's wallet on their own: the code goes to the customer's phone, is bound to
// what the invoice takes, and one for other amounts records nothing.
func TestACounterInvoiceTakesFromAWalletOnlyWithTheCustomersCode(t *testing.T) {
	s := newCounterShop(t)
	body := func(wallet int64) map[string]any {
		return map[string]any{"sales": []map[string]any{{"item_id": s.bar}}, "customer": map[string]any{"user_id": s.customer.id},
			"payments": []map[string]any{{"method": "wallet_rial", "amount": wallet}, {"method": "cash", "amount": 1_000_000_000 - wallet}}}
	}
	r := s.record("wallet-1", body(100_000_000))
	if r.Status != 403 || r.JSON["code_required"] != true || r.str("message") != msgCounterCodeSent {
		t.Fatalf("first call: %d %s", r.Status, r.Body)
	}
	code := s.lastCode(s.customer.phone)
	if code == "" {
		t.Fatal("no code texted to the customer")
	}
	other := body(200_000_000)
	other["verification_code"] = code
	if r := s.record("wallet-2", other); r.Status != 400 || r.str("message") != msgCounterCodeOther {
		t.Fatalf("a code of other amounts: %d %s", r.Status, r.Body)
	}
	wrong := body(100_000_000)
	wrong["verification_code"] = "00000"
	if code == "00000" {
		wrong["verification_code"] = "11111"
	}
	if r := s.record("wallet-3", wrong); r.Status != 400 {
		t.Fatalf("a wrong code: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, s.customer, "balance_rial", "600000000")
	if r := s.mustDo("GET", "/api/admin/counter/invoices", s.owner, nil); !strings.Contains(r.Body, `"invoices":[]`) {
		t.Fatalf("recorded without the code: %s", r.Body)
	}
	// an invoice the shop would refuse texts no code
	short := body(700_000_000)
	if r := s.record("wallet-4", short); r.Status != 400 || r.str("message") != msgInsufficientBalance {
		t.Fatalf("a wallet short of its part: %d %s", r.Status, r.Body)
	}
}
