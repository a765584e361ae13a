package app

import (
	"fmt"
	"strings"
	"testing"
)

func TestBankAccountRules(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	other, _ := s.signUp(2)
	badLuhn := melliCard[:15] + fmt.Sprint((int(melliCard[15]-'0')+1)%10)
	iban := ibanFor("0170000000123456789012")
	badIBAN := iban[:5] + fmt.Sprint((int(iban[5]-'0')+1)%10) + iban[6:]
	s.run(t, []scenario{
		{"refuses 15 digits", "POST", "/api/bank-accounts", user, map[string]string{"card_number": melliCard[:15]}, 400, msgCardDigits},
		{"refuses 17 digits", "POST", "/api/bank-accounts", user, map[string]string{"card_number": melliCard + "1"}, 400, msgCardDigits},
		{"refuses letters", "POST", "/api/bank-accounts", user, map[string]string{"card_number": "6037-99ab-0000-0001"}, 400, msgCardDigits},
		{"refuses a card failing the Luhn check", "POST", "/api/bank-accounts", user, map[string]string{"card_number": badLuhn}, 400, msgCardInvalid},
		{"refuses a card of no known bank", "POST", "/api/bank-accounts", user, map[string]string{"card_number": luhnCard("411111111111111")}, 400, msgCardUnknownBank},
		{"refuses an IBAN failing mod-97", "POST", "/api/bank-accounts", user, map[string]string{"card_number": melliCard, "iban": badIBAN}, 400, msgIBANInvalid},
		{"refuses a short IBAN", "POST", "/api/bank-accounts", user, map[string]string{"card_number": melliCard, "iban": "IR12"}, 400, msgIBANInvalid},
		{"accepts a card in Persian digits with dashes, finding its bank", "POST", "/api/bank-accounts", user,
			map[string]string{"card_number": persianDigits(melliCard[:4] + "-" + melliCard[4:8] + "-" + melliCard[8:12] + "-" + melliCard[12:])}, 200, `"bank_name":"بانک ملی ایران"`},
		{"refuses the same card twice", "POST", "/api/bank-accounts", user, map[string]string{"card_number": melliCard}, 409, msgCardTaken},
		{"accepts a card with a spaced IBAN without IR", "POST", "/api/bank-accounts", user,
			map[string]string{"card_number": luhnCard("610433000000002"), "iban": strings.TrimPrefix(iban[:4]+" "+iban[4:], "IR")}, 200, `"iban":"` + iban + `"`},
		{"names the holder after the customer", "GET", "/api/bank-accounts", user, nil, 200, `"account_holder_name":"سارا احمدی"`},
		{"shows another customer none of them", "GET", "/api/bank-accounts", other, nil, 200, `[]`},
		{"refuses anonymous access", "GET", "/api/bank-accounts", "", nil, 401, ""},
	})
	id := between(s.do("GET", "/api/bank-accounts", user, nil).Body, `"id":`, `,`)
	s.run(t, []scenario{
		{"refuses deleting another customer's account", "DELETE", "/api/bank-accounts/" + id, other, nil, 404, msgBankAccountNotFound},
		{"deletes the owner's account", "DELETE", "/api/bank-accounts/" + id, user, nil, 200, msgBankAccountDeleted},
		{"refuses deleting it twice", "DELETE", "/api/bank-accounts/" + id, user, nil, 404, msgBankAccountNotFound},
	})
	if n := strings.Count(s.do("GET", "/api/bank-accounts", user, nil).Body, `"id":`); n != 1 {
		t.Fatalf("%d accounts left, want 1", n)
	}
}

func TestBankTableAndChecks(t *testing.T) {
	if len(bankByBIN) < 40 || bankByBIN["610433"] != "بانک ملت" || bankByBIN["621986"] != "بانک سامان" {
		t.Fatalf("bank table has %d BINs", len(bankByBIN))
	}
	for _, c := range []struct {
		digits string
		want   bool
	}{{"4111111111111111", true}, {"4111111111111112", false}, {"0000000000000000", true}, {"", false}} {
		if luhnValid(c.digits) != c.want {
			t.Errorf("luhnValid(%q) != %v", c.digits, c.want)
		}
	}
	// the IBAN of ISO 13616's own Iranian example shape: IR + 2 check digits + 22 digits
	if _, ok := normalizeIBAN(ibanFor("0170000000000000000000")); !ok {
		t.Fatal("a computed IBAN failed mod-97")
	}
	if _, ok := normalizeIBAN("IR000170000000000000000000"); ok {
		t.Fatal("check digits 00 passed")
	}
}
