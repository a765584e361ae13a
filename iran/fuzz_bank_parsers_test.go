package iran

import (
	"strings"
	"testing"

	"goldshop/iran/irantest"
)

// The bank parsers against reference implementations: the Luhn check of card numbers and the mod-97 of IBANs.

// FuzzCardNumber: an accepted card is 16 ASCII digits that pass Luhn (as the test computes it) and start with
// a known BIN naming its bank, are exactly the typed digits, and are accepted again as themselves; Luhn
// agrees with the test's Luhn on every digit string.
func FuzzCardNumber(f *testing.F) {
	for _, s := range irantest.NastyText {
		f.Add(s)
	}
	for _, s := range []string{irantest.LuhnCard("603799123456789"), "6037-9912-3456-7899", "۶۰۳۷ ۹۹۱۲ ۳۴۵۶ ۷۸۹۰", "6037991234567890",
		irantest.LuhnCard("123456789012345"), irantest.LuhnCard("603799123456789") + "0", "603799123456789", "6037\u200c9912\u200c3456\u200c7899",
		"6037,9912,3456,7899", "6037/9912/3456/7899", "603799123456789\x00", "\u202d6037991234567899", "0000000000000000",
		"60379912345678990000000000000000000000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		if d := LatinDigits(typed); irantest.OnlyASCIIDigits(d) && Luhn(d) != irantest.Luhn(d) {
			t.Fatalf("Luhn(%q) = %v", d, Luhn(d))
		}
		card, bank, err := Card(typed)
		if err != nil {
			if card != "" || bank != "" {
				t.Fatalf("%q refused but gave %q %q", typed, card, bank)
			}
			return
		}
		if len(card) != 16 || !irantest.OnlyASCIIDigits(card) || !irantest.Luhn(card) {
			t.Fatalf("%q accepted as %q", typed, card)
		}
		if bank == "" || bank != bankByBIN[card[:6]] {
			t.Fatalf("%q accepted with bank %q", typed, bank)
		}
		var digits strings.Builder
		for _, r := range irantest.TypedNumber(typed) {
			switch {
			case r >= '0' && r <= '9':
				digits.WriteRune(r)
			case r == '-':
			default:
				t.Fatalf("%q accepted as %q though it holds %q", typed, card, r)
			}
		}
		if digits.String() != card {
			t.Fatalf("%q accepted as %q", typed, card)
		}
		if again, againBank, err := Card(card); err != nil || again != card || againBank != bank {
			t.Fatalf("%q → %q → %q %q %v", typed, card, again, againBank, err)
		}
	})
}

// FuzzIBAN: an accepted IBAN is IR and 24 ASCII digits passing mod-97 (as the test computes it), its digits
// are the typed ones, and it is accepted again as itself.
func FuzzIBAN(f *testing.F) {
	for _, s := range irantest.NastyText {
		f.Add(s)
	}
	good := irantest.IBANFor("0170000000100324200001")
	for _, s := range []string{good, good[2:], strings.ToLower(good), "IR 06 0170 0000 0010 0324 2000 01", "IR-" + good[2:],
		Digits(good), "IR00" + good[4:], good + "0", good[:25], "IR" + good, "DE" + good[2:], "ir" + good[2:] + "\x00",
		"\u202a" + good, "ır" + good[2:], good[:10] + "\u200c" + good[10:], "IR\u00a0" + good[2:]} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		iban, err := IBAN(typed)
		if err != nil {
			if iban != "" {
				t.Fatalf("%q refused but gave %q", typed, iban)
			}
			return
		}
		if len(iban) != 26 || iban[:2] != "IR" || !irantest.OnlyASCIIDigits(iban[2:]) || irantest.Mod97(iban) != 1 {
			t.Fatalf("%q accepted as %q", typed, iban)
		}
		if irantest.IBANFor(iban[4:]) != iban {
			t.Fatalf("%q accepted as %q, whose check digits are %s", typed, iban, irantest.IBANFor(iban[4:])[2:4])
		}
		var digits strings.Builder
		for _, r := range irantest.TypedDigits(typed) {
			if r >= '0' && r <= '9' {
				digits.WriteRune(r)
			}
		}
		if digits.String() != iban[2:] {
			t.Fatalf("%q accepted as %q", typed, iban)
		}
		if again, err := IBAN(iban); err != nil || again != iban {
			t.Fatalf("%q → %q → %q %v", typed, iban, again, err)
		}
	})
}
