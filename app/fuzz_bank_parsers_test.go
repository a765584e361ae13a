package app

import (
	"strings"
	"testing"

	"goldshop/persian"
)

// The bank parsers against reference implementations: the Luhn check of card numbers and the mod-97 of IBANs.

// refLuhn is the Luhn check written the test's own way: from the right, every second digit doubled.
func refLuhn(digits string) bool {
	sum := 0
	for i, double := len(digits)-1, false; i >= 0; i, double = i-1, !double {
		d := int(digits[i] - '0')
		if double {
			d = d*2%10 + d*2/10
		}
		sum += d
	}
	return digits != "" && sum%10 == 0
}

// FuzzCardNumber: an accepted card is 16 ASCII digits that pass Luhn (as the test computes it) and start with
// a known BIN naming its bank, are exactly the typed digits, and are accepted again as themselves; luhnValid
// agrees with the test's Luhn on every digit string.
func FuzzCardNumber(f *testing.F) {
	for _, s := range nastyText {
		f.Add(s)
	}
	for _, s := range []string{luhnCard("603799123456789"), "6037-9912-3456-7899", "۶۰۳۷ ۹۹۱۲ ۳۴۵۶ ۷۸۹۰", "6037991234567890",
		luhnCard("123456789012345"), luhnCard("603799123456789") + "0", "603799123456789", "6037\u200c9912\u200c3456\u200c7899",
		"6037,9912,3456,7899", "6037/9912/3456/7899", "603799123456789\x00", "\u202d6037991234567899", "0000000000000000",
		"60379912345678990000000000000000000000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		if d := persian.LatinDigits(typed); onlyASCIIDigits(d) && luhnValid(d) != refLuhn(d) {
			t.Fatalf("luhnValid(%q) = %v", d, luhnValid(d))
		}
		card, bank, err := checkCard(typed)
		if err != nil {
			if card != "" || bank != "" {
				t.Fatalf("%q refused but gave %q %q", typed, card, bank)
			}
			return
		}
		if len(card) != 16 || !onlyASCIIDigits(card) || !refLuhn(card) {
			t.Fatalf("%q accepted as %q", typed, card)
		}
		if bank == "" || bank != bankByBIN[card[:6]] {
			t.Fatalf("%q accepted with bank %q", typed, bank)
		}
		var digits strings.Builder
		for _, r := range typedNumber(typed) {
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
		if again, againBank, err := checkCard(card); err != nil || again != card || againBank != bank {
			t.Fatalf("%q → %q → %q %q %v", typed, card, again, againBank, err)
		}
	})
}

// refMod97 is ISO 7064 mod 97-10 over an IBAN, the test's own way: the first four characters moved to the
// end, letters as 10..35, the remainder taken digit by digit.
func refMod97(iban string) int {
	rem := 0
	for _, r := range iban[4:] + iban[:4] {
		switch {
		case r >= '0' && r <= '9':
			rem = (rem*10 + int(r-'0')) % 97
		case r >= 'A' && r <= 'Z':
			rem = (rem*100 + int(r-'A') + 10) % 97
		default:
			return -1
		}
	}
	return rem
}

// FuzzIBAN: an accepted IBAN is IR and 24 ASCII digits passing mod-97 (as the test computes it), its digits
// are the typed ones, and it is accepted again as itself.
func FuzzIBAN(f *testing.F) {
	for _, s := range nastyText {
		f.Add(s)
	}
	good := ibanFor("0170000000100324200001")
	for _, s := range []string{good, good[2:], strings.ToLower(good), "IR 06 0170 0000 0010 0324 2000 01", "IR-" + good[2:],
		persian.Digits(good), "IR00" + good[4:], good + "0", good[:25], "IR" + good, "DE" + good[2:], "ir" + good[2:] + "\x00",
		"\u202a" + good, "ır" + good[2:], good[:10] + "\u200c" + good[10:], "IR\u00a0" + good[2:]} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		iban, ok := normalizeIBAN(typed)
		if !ok {
			if iban != "" {
				t.Fatalf("%q refused but gave %q", typed, iban)
			}
			return
		}
		if len(iban) != 26 || iban[:2] != "IR" || !onlyASCIIDigits(iban[2:]) || refMod97(iban) != 1 {
			t.Fatalf("%q accepted as %q", typed, iban)
		}
		if ibanFor(iban[4:]) != iban {
			t.Fatalf("%q accepted as %q, whose check digits are %s", typed, iban, ibanFor(iban[4:])[2:4])
		}
		var digits strings.Builder
		for _, r := range typedDigits(typed) {
			if r >= '0' && r <= '9' {
				digits.WriteRune(r)
			}
		}
		if digits.String() != iban[2:] {
			t.Fatalf("%q accepted as %q", typed, iban)
		}
		if again, ok := normalizeIBAN(iban); !ok || again != iban {
			t.Fatalf("%q → %q → %q %v", typed, iban, again, ok)
		}
	})
}
