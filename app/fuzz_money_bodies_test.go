package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"goldshop/iran/irantest"
	"goldshop/rules"
	"goldshop/store"
)

// moneyCall is one JSON call that moves money or may: its route and who makes it.
type moneyCall struct {
	method, path string
	admin        bool
}

var moneyCalls = []moneyCall{
	{"POST", "/api/wallet/withdraw", false},
	{"POST", "/api/prices/buy", false},
	{"POST", "/api/prices/sell", false},
	{"POST", "/api/prices/verify-transaction", false},
	{"POST", "/api/adminCharge/charge", true},
	{"POST", "/api/gold/request", false},
	{"POST", "/api/bank-accounts", false},
}

// typedField is the text a JSON field carried, read the test's own way: a string's contents or a number as
// written; ok is false when the field is missing, null or neither.
func typedField(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return "", false
	case raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return "", false
		}
		return s, true
	case raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9':
		return string(raw), true
	}
	return "", false
}

// moneyFields are the fields of every money call, as raw JSON, decoded as the handlers decode their bodies
// (the first JSON value; field names matched as encoding/json matches them).
type moneyFields struct {
	Amount     json.RawMessage `json:"amount"`
	AmountRial json.RawMessage `json:"amount_rial"`
	AmountGold json.RawMessage `json:"amount_gold"`
	Type       json.RawMessage `json:"type"`
}

func readMoneyFields(body []byte) moneyFields {
	var f moneyFields
	_ = json.NewDecoder(bytes.NewReader(body)).Decode(&f)
	return f
}

// wantGoldMg is the test's reading of a typed gold amount: 0.001 g to 1,000,000 g with at most three decimals.
func wantGoldMg(raw json.RawMessage) (int64, bool) {
	s, ok := typedField(raw)
	if !ok {
		return 0, false
	}
	return irantest.WantFixed(irantest.TypedNumber(s), 3, 1, rules.MaxAmountMg)
}

// wantRial is what rules.ParseAmountRial(iran.NumberText(s)) must answer: a whole rial from 1 to 10^15
// (decisions.md, Amounts) typed with at most 18 digits.
func wantRial(s string) (int64, bool) { return irantest.WantWhole(s, rules.MaxAmountRial) }

func wantRialField(raw json.RawMessage) (int64, bool) {
	s, ok := typedField(raw)
	if !ok {
		return 0, false
	}
	return wantRial(s)
}

// FuzzMoneyBodies sends fuzzed JSON bodies to the money calls (withdraw, buy and sell quotes, trade
// confirmation, the admin's charge, gold requests, bank accounts) of one real shop. No body is answered 5xx;
// a refused one (4xx) moves no balance of anyone; an accepted one moves exactly what the body said (the
// amount of a withdraw or charge, the bar of a gold request, the quote a confirmation executes) and leaves the
// ledger's invariants true. Accepted withdraws and gold requests are cancelled again so the customer's money
// lasts the whole run. "CODE" in a body stands for the last code texted to the customer, so confirmations can
// succeed.
func FuzzMoneyBodies(f *testing.F) {
	shop := newTestShop(f)
	ctx := context.Background()
	admin := shop.signInAdmin()
	c := shop.newTrader(1, "")
	shop.setPrice(admin, 50_000_000)
	shop.charge(admin, c, "rial", "1000000000000")
	shop.charge(admin, c, "gold", "100")
	card := irantest.LuhnCard("603799123456789")
	accountID := shop.addSettledCard(c.token, card)
	barID := shop.addBar(admin, "آزمایشگاه ری", "7", "750", "1")
	adminUser, err := shop.store.UserByPhone(ctx, adminPhone)
	if err != nil {
		f.Fatal(err)
	}
	customerID, _ := strconv.ParseInt(c.id, 10, 64)
	users := []int64{adminUser.ID, customerID}

	seeds := [][]string{
		{`{"amount":"1500000","bank_account_id":{account}}`, `{"amount":1500000,"bank_account_id":"{account}"}`,
			`{"amount":"۱٬۵۰۰٬۰۰۰","bank_account_id":"۱"}`, `{"amount":"-1","bank_account_id":{account}}`,
			`{"amount":"1e6","bank_account_id":{account}}`, `{"amount":1e6,"bank_account_id":{account}}`,
			`{"amount":"1000000000000001","bank_account_id":{account}}`, `{"amount":"99999999999999999999999","bank_account_id":{account}}`,
			`{"amount":"1.5","bank_account_id":{account}}`, `{"amount":"\u0000","bank_account_id":{account}}`,
			`{"amount":"\u202e100","bank_account_id":{account}}`, `{"AMOUNT":"100","Bank_Account_Id":{account}}`,
			`{"amount":"100","amount":"200","bank_account_id":{account}}`, `{"amount":"100","bank_account_id":{account}} {"amount":"5"}`,
			`{"amount":"100","bank_account_id":-1}`, `{"amount":"100","bank_account_id":1.5}`, `[]`, `null`, ``, `{`,
			`"` + strings.Repeat("[", 10000) + `"`, `{"amount":{"x":1},"bank_account_id":1}`},
		{`{"amount_rial":"1000000"}`, `{"amount_gold":"0.5"}`, `{"amount_gold":"۰٫۵"}`, `{"amount_gold":"0/5"}`,
			`{"amount_rial":1000000,"amount_gold":"0.1"}`, `{"amount_gold":1e-3}`, `{"amount_gold":"0.0001"}`,
			`{"amount_gold":"1000000.001"}`, `{"amount_rial":"۱۰۰۰۰۰۰۰۰۰۰۰۰۰۰۰"}`, `{"amount_rial":null,"amount_gold":""}`},
		{`{"amount_gold":"0.5"}`, `{"amount_rial":"1000000"}`, `{"amount_gold":"-0.5"}`, `{"amount_gold":"100.001"}`},
		{`{"verification_code":"CODE","transaction_type":"buy"}`, `{"verification_code":"CODE","transaction_type":"sell"}`,
			`{"verification_code":"CODE","transaction_type":" buy "}`, `{"verification_code":"CODE","transaction_type":"BUY"}`,
			`{"verification_code":"۱۲۳۴۵","transaction_type":"buy"}`, `{"verification_code":12345,"transaction_type":"buy"}`},
		{`{"userId":{customer},"type":"rial","amount":"1000"}`, `{"userId":"{customer}","type":"gold","amount":"0.001"}`,
			`{"userId":{customer},"type":"gold","amount":"۱٫۵","description":"نقدی"}`, `{"userId":{customer},"type":"RIAL","amount":"1"}`,
			`{"userId":{customer},"type":"rial","amount":"-1"}`, `{"userId":{customer},"type":"gold","amount":"0"}`,
			`{"userId":{customer},"type":"rial","amount":"5","description":"\u202eabc"}`, `{"userId":0,"type":"rial","amount":"5"}`,
			`{"userId":{customer},"type":"rial","amount":"5","description":"` + strings.Repeat("x", 201) + `"}`,
			`{"userId":99999999999999999999,"type":"rial","amount":"5"}`, `{"userId":{customer},"type":"rial","amount":5.0}`},
		{`{"bar_id":{bar}}`, `{"bar_id":"{bar}"}`, `{"rey":"آزمایشگاه ري","ang":"۷"}`, `{"rey":" آزمایشگاه  ری ","ang":"7"}`,
			`{"bar_id":"0"}`, `{"bar_id":-1}`, `{"bar_id":"1e0"}`, `{"bar_id":{bar},"vazn750":"1000"}`},
		{`{"card_number":"{new card}"}`, `{"card_number":"{spaced card}","iban":"{iban}"}`, `{"card_number":"{card}"}`,
			`{"card_number":"{card}","iban":"IR00 0170 0000 0010 0324 2000 01"}`, `{"card_number":"{card}","account_holder_name":"\u202eعلی"}`,
			`{"card_number":"1234567812345678"}`, `{"card_number":"{card}0"}`},
	}
	other := irantest.LuhnCard("610433987654321")
	fill := strings.NewReplacer("{account}", fmt.Sprint(accountID), "{customer}", c.id, "{bar}", barID, "{card}", card,
		"{new card}", irantest.LuhnCard("589210111122223"), "{spaced card}", other[:4]+" "+other[4:8]+" "+other[8:12]+" "+other[12:],
		"{iban}", irantest.IBANFor("0170000000100324200001"))
	for route, bodies := range seeds {
		for _, b := range bodies {
			f.Add(uint8(route), []byte(fill.Replace(b)))
		}
	}

	var lastQuote map[string]any // this worker's newest quote, which a confirmation executes
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		s := *shop
		s.t = t
		call := moneyCalls[int(route)%len(moneyCalls)]
		token := c.token
		if call.admin {
			token = admin
		}
		if bytes.Contains(body, []byte("CODE")) {
			body = bytes.ReplaceAll(body, []byte("CODE"), []byte(s.lastCode(c.phone)))
		}
		before := snapshotBalances(t, s.store, users)
		r := s.do(call.method, call.path, token, string(body))
		after := snapshotBalances(t, s.store, users)
		if r.Status >= 500 || r.Status != 200 && r.Status < 400 {
			t.Fatalf("%s %s answered %d: %s", call.path, body, r.Status, r.Body)
		}
		if r.Status != 200 {
			if !equalBalances(before, after) {
				t.Fatalf("%s %s refused with %d but balances moved: %v → %v", call.path, body, r.Status, before, after)
			}
			return
		}
		want := map[int64]store.Balances{} // what each balance must be now
		for id, b := range before {
			want[id] = b
		}
		fields := readMoneyFields(body)
		switch call.path {
		case "/api/wallet/withdraw":
			amount, ok := wantRialField(fields.Amount)
			got := r.JSON["request"].(map[string]any)
			if !ok || got["amount"] != rules.FormatRial(amount) || got["type"] != "withdraw" {
				t.Fatalf("withdraw %s accepted as %v", body, got)
			}
			b := want[customerID]
			b.AvailableRial -= amount
			want[customerID] = b
			defer s.mustRestore(t, fmt.Sprintf("/api/wallet/requests/cancel/%v", got["id"]), c.token, users, before)
		case "/api/prices/buy", "/api/prices/sell":
			q := r.JSON["quote"].(map[string]any)
			rial, byRial := wantRialField(fields.AmountRial)
			mg, byGold := wantGoldMg(fields.AmountGold)
			if byRial == byGold || byRial && q["amount_rial"] != rules.FormatRial(rial) || byGold && q["amount_gold"] != rules.FormatGold(mg) {
				t.Fatalf("quote %s accepted as %v", body, q)
			}
			lastQuote = q
		case "/api/prices/verify-transaction":
			e := r.JSON["transaction"].(map[string]any)
			if lastQuote == nil {
				t.Fatalf("%s confirmed %v with no quote", body, e)
			}
			b := want[customerID]
			dRial, dGold := entryMoves(t, e)
			b.Rial, b.AvailableRial, b.Gold, b.AvailableGold = b.Rial+dRial, b.AvailableRial+dRial, b.Gold+dGold, b.AvailableGold+dGold
			want[customerID] = b
			quoteRial, quoteGold := mustRial(t, lastQuote["amount_rial"]), mustGold(t, lastQuote["amount_gold"])
			if lastQuote["type"] == store.EntryBuy {
				quoteRial = -quoteRial // a buy pays rial for gold
			} else {
				quoteGold = -quoteGold // a sell pays gold for rial
			}
			if dRial != quoteRial || dGold != quoteGold {
				t.Fatalf("%s executed %v, not the quote %v", body, e, lastQuote)
			}
			lastQuote = nil
		case "/api/adminCharge/charge":
			u := r.JSON["user"].(map[string]any)
			id := int64(u["id"].(float64))
			b, known := want[id]
			typ, _ := typedField(fields.Type)
			switch rial, rialOK := wantRialField(fields.Amount); {
			case !known:
				t.Fatalf("charge %s credited user %d", body, id)
			case typ == "rial" && rialOK:
				b.Rial, b.AvailableRial = b.Rial+rial, b.AvailableRial+rial
			case typ == "gold":
				mg, ok := wantGoldMg(fields.Amount)
				if !ok {
					t.Fatalf("charge %s accepted", body)
				}
				b.Gold, b.AvailableGold = b.Gold+mg, b.AvailableGold+mg
			default:
				t.Fatalf("charge %s accepted", body)
			}
			want[id] = b
		case "/api/gold/request":
			g := r.JSON["request"].(map[string]any)
			b := want[customerID]
			b.AvailableGold -= mustGold(t, g["vazn750"])
			want[customerID] = b
			defer s.mustRestore(t, fmt.Sprintf("/api/gold/requests/cancel/%v", g["id"]), c.token, users, before)
		case "/api/bank-accounts":
			acc := r.JSON["account"].(map[string]any)
			card, _ := acc["card_number"].(string)
			iban, _ := acc["iban"].(string)
			if len(card) != 16 || !irantest.OnlyASCIIDigits(card) || !irantest.Luhn(card) || iban != "" && irantest.Mod97(iban) != 1 {
				t.Fatalf("bank account %s accepted as %v", body, acc)
			}
		}
		if !equalBalances(want, after) {
			t.Fatalf("%s %s: balances %v → %v, want %v", call.path, body, before, after, want)
		}
		if _, err := s.store.CheckInvariants(ctx); err != nil {
			t.Fatalf("%s %s broke the ledger: %v", call.path, body, err)
		}
	})
}

func snapshotBalances(t *testing.T, st *store.Store, users []int64) map[int64]store.Balances {
	t.Helper()
	out := map[int64]store.Balances{}
	for _, id := range users {
		b, err := st.Balances(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		out[id] = b
	}
	return out
}

func equalBalances(a, b map[int64]store.Balances) bool {
	if len(a) != len(b) {
		return false
	}
	for id, x := range a {
		if b[id] != x {
			return false
		}
	}
	return true
}

// mustRestore cancels an accepted request and checks every balance is back where it was.
func (s *testShop) mustRestore(t *testing.T, path, token string, users []int64, want map[int64]store.Balances) {
	t.Helper()
	if r := s.do("POST", path, token, nil); r.Status != 200 {
		t.Fatalf("cancel %s: %d %s", path, r.Status, r.Body)
	}
	if got := snapshotBalances(t, s.store, users); !equalBalances(got, want) {
		t.Fatalf("cancel %s left %v, want %v", path, got, want)
	}
}

// entryMoves is what a statement entry did to the customer: rial and milligrams, credit minus debit.
func entryMoves(t *testing.T, e map[string]any) (rial, mg int64) {
	t.Helper()
	return mustRial(t, e["credit_rial"]) - mustRial(t, e["debit_rial"]), mustGold(t, e["credit_gold"]) - mustGold(t, e["debit_gold"])
}

func mustRial(t *testing.T, v any) int64 {
	t.Helper()
	s, _ := v.(string)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("rial %v: %v", v, err)
	}
	return n
}

func mustGold(t *testing.T, v any) int64 {
	t.Helper()
	s, _ := v.(string)
	n, ok := rules.ParseGoldMg(s)
	if !ok {
		t.Fatalf("gold %v", v)
	}
	return n
}
