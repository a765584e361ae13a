package app

import (
	"fmt"
	"strings"
	"testing"

	"goldshop/iran"
	"goldshop/iran/irantest"
)

func TestBankAccountRules(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	other, _ := s.signUp(2)
	badLuhn := melliCard[:15] + fmt.Sprint((int(melliCard[15]-'0')+1)%10)
	iban := irantest.IBANFor("0170000000123456789012")
	badIBAN := iban[:5] + fmt.Sprint((int(iban[5]-'0')+1)%10) + iban[6:]
	asNewCustomer := func(s *testShop, c *scenario) { c.token = s.newCustomer().token }
	// withMelliCard is a fresh customer who has registered melliCard.
	withMelliCard := func(s *testShop, c *scenario) {
		c.token = s.newCustomer().token
		s.addCard(c.token, melliCard)
	}
	refused := []string{`"bank_name"`}
	s.run(t, []scenario{
		{name: "refuses 15 digits", method: "POST", path: "/api/bank-accounts", token: user, body: map[string]string{"card_number": melliCard[:15]}, wantStatus: 400, wantContains: msgCardDigits, wantAbsent: refused},
		{name: "refuses 17 digits", method: "POST", path: "/api/bank-accounts", token: user, body: map[string]string{"card_number": melliCard + "1"}, wantStatus: 400, wantContains: msgCardDigits, wantAbsent: refused},
		{name: "refuses letters", method: "POST", path: "/api/bank-accounts", token: user, body: map[string]string{"card_number": "6037-99ab-0000-0001"}, wantStatus: 400, wantContains: msgCardDigits, wantAbsent: refused},
		{name: "refuses a card failing the Luhn check", method: "POST", path: "/api/bank-accounts", token: user, body: map[string]string{"card_number": badLuhn}, wantStatus: 400, wantContains: msgCardInvalid, wantAbsent: refused},
		{name: "refuses a card of no known bank", method: "POST", path: "/api/bank-accounts", token: user, body: map[string]string{"card_number": irantest.LuhnCard("411111111111111")}, wantStatus: 400, wantContains: msgCardUnknownBank, wantAbsent: refused},
		{name: "refuses an IBAN failing mod-97", method: "POST", path: "/api/bank-accounts", token: user, body: map[string]string{"card_number": melliCard, "iban": badIBAN}, wantStatus: 400, wantContains: msgIBANInvalid, wantAbsent: refused},
		{name: "refuses a short IBAN", method: "POST", path: "/api/bank-accounts", token: user, body: map[string]string{"card_number": melliCard, "iban": "IR12"}, wantStatus: 400, wantContains: msgIBANInvalid, wantAbsent: refused},
		{name: "accepts a card in Persian digits with dashes, finding its bank", method: "POST", path: "/api/bank-accounts", setup: asNewCustomer,
			body: map[string]string{"card_number": iran.Digits(melliCard[:4] + "-" + melliCard[4:8] + "-" + melliCard[8:12] + "-" + melliCard[12:])}, wantStatus: 200, wantContains: `"bank_name":"بانک ملی ایران"`},
		{name: "refuses the same card twice", method: "POST", path: "/api/bank-accounts", setup: withMelliCard, body: map[string]string{"card_number": melliCard}, wantStatus: 409, wantContains: msgCardTaken, wantAbsent: refused},
		{name: "accepts a card with a spaced IBAN without IR", method: "POST", path: "/api/bank-accounts", setup: asNewCustomer,
			body: map[string]string{"card_number": irantest.LuhnCard("610433000000002"), "iban": strings.TrimPrefix(iban[:4]+" "+iban[4:], "IR")}, wantStatus: 200, wantContains: `"iban":"` + iban + `"`},
		{name: "names the holder after the customer", method: "GET", path: "/api/bank-accounts", setup: withMelliCard, wantStatus: 200, wantContains: `"account_holder_name":"سارا احمدی"`},
		{name: "shows another customer none of them", method: "GET", path: "/api/bank-accounts", token: other, wantStatus: 200, wantContains: `[]`, wantAbsent: []string{`"account_holder_name"`}},
		{name: "refuses anonymous access", method: "GET", path: "/api/bank-accounts", wantStatus: 401, wantAbsent: []string{`"account_holder_name"`}},
	})
	if n := strings.Count(s.do("GET", "/api/bank-accounts", user, nil).Body, `"id":`); n != 0 {
		t.Fatalf("refused cards were kept: %d accounts", n)
	}
	s.addCard(user, melliCard)
	s.addCard(user, irantest.LuhnCard("610433000000002"))
	id := between(s.do("GET", "/api/bank-accounts", user, nil).Body, `"id":`, `,`)
	s.run(t, []scenario{
		{name: "refuses deleting another customer's account", method: "DELETE", path: "/api/bank-accounts/" + id, token: other, wantStatus: 404, wantContains: msgBankAccountNotFound, wantAbsent: []string{msgBankAccountDeleted}},
		{name: "deletes the owner's account", method: "DELETE", path: "/api/bank-accounts/" + id, token: user, wantStatus: 200, wantContains: msgBankAccountDeleted},
		{name: "refuses deleting it twice", method: "DELETE", setup: func(s *testShop, c *scenario) {
			c.token = s.newCustomer().token
			c.path = fmt.Sprintf("/api/bank-accounts/%d", s.addCard(c.token, melliCard))
			s.mustDo("DELETE", c.path, c.token, nil)
		}, wantStatus: 404, wantContains: msgBankAccountNotFound, wantAbsent: []string{msgBankAccountDeleted}},
	})
	if n := strings.Count(s.do("GET", "/api/bank-accounts", user, nil).Body, `"id":`); n != 1 {
		t.Fatalf("%d accounts left, want 1", n)
	}
}
