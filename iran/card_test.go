package iran

import (
	"testing"

	"goldshop/iran/irantest"
)

func TestBankTableAndChecks(t *testing.T) {
	if len(bankByBIN) < 40 || bankByBIN["610433"] != "بانک ملت" || bankByBIN["621986"] != "بانک سامان" {
		t.Fatalf("bank table has %d BINs", len(bankByBIN))
	}
	for _, c := range []struct {
		digits string
		want   bool
	}{{"4111111111111111", true}, {"4111111111111112", false}, {"0000000000000000", true}, {"", false}} {
		if Luhn(c.digits) != c.want {
			t.Errorf("Luhn(%q) != %v", c.digits, c.want)
		}
	}
	// the IBAN of ISO 13616's own Iranian example shape: IR + 2 check digits + 22 digits
	if _, err := IBAN(irantest.IBANFor("0170000000000000000000")); err != nil {
		t.Fatal("a computed IBAN failed mod-97")
	}
	if _, err := IBAN("IR000170000000000000000000"); err == nil {
		t.Fatal("check digits 00 passed")
	}
}
