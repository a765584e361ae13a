// Package irantest holds the tests' own readings of Iran's typed formats: digits, numbers, card and IBAN
// check digits, national ids. They are written apart from package iran, which they must not import, so a
// test or fuzz target can hold iran (and the parsers of rules and app built on it) against a second,
// independent reading, and build valid test data (cards, IBANs, national ids) without trusting it.
package irantest

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// NastyText is seed input every text parser should survive: other scripts' digits and separators, signs,
// exponents, huge numbers, NUL, bidi controls, invalid and overlong UTF-8.
var NastyText = []string{
	"", " ", "0", "-1", "+1", "1e3", "1E-3", "0x10", "1_000", "∞", "NaN", "١٢٣", "۱۲۳", "۱٬۵۰۰٬۰۰۰", "1,500,000",
	"۱۲٫۵", "12/5", "1.5.5", ".5", "5.", "1٫", "99999999999999999999999999999999", "1000000000000000",
	"1000000000000001", "0000000000000000001", "\x00", "1\x00", "\u202e1500", "15\u200c00", "\u200f۱۲۳\u200e",
	"\xc0\xb1", "\xe0\x80\xb1", "\xff\xfe", "1\u00a0000", "１２３", "1\t2", " \u200c\t1", "−5",
}

// TypedNumber is the test's own reading of a typed number: the text between outer spaces with Persian and
// Arabic-Indic digits made Latin, the thousands separators (, ٬ ، space, ZWNJ) dropped and the decimal marks
// (٫ and the screens' /) made '.'.
func TypedNumber(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r >= '۰' && r <= '۹':
			b.WriteRune('0' + r - '۰')
		case r >= '٠' && r <= '٩':
			b.WriteRune('0' + r - '٠')
		case r == ',' || r == '٬' || r == '،' || r == ' ' || r == '\u200c':
		case r == '٫' || r == '/':
			b.WriteByte('.')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TypedDigits makes Persian and Arabic-Indic digits Latin, the test's own way.
func TypedDigits(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '۰' && r <= '۹':
			r = '0' + r - '۰'
		case r >= '٠' && r <= '٩':
			r = '0' + r - '٠'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// OnlyASCIIDigits reports whether s is one or more of the bytes 0-9.
func OnlyASCIIDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

var plainDecimal = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)

// WantFixed is what a fixed-point amount parser must answer for the ASCII text s: its value in units of
// 10^-decimals when s is a plain decimal number whose value is a whole number of units in [min, max].
func WantFixed(s string, decimals int, min, max int64) (int64, bool) {
	if !plainDecimal.MatchString(s) {
		return 0, false
	}
	v, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	v.Mul(v, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)))
	if !v.IsInt() || v.Num().Cmp(big.NewInt(min)) < 0 || v.Num().Cmp(big.NewInt(max)) > 0 {
		return 0, false
	}
	return v.Num().Int64(), true
}

// WantWhole is what a parser of typed whole amounts (rial) must answer for the typed text s: a whole number
// from 1 to max (decisions.md, Amounts) typed with at most 18 digits.
func WantWhole(s string, max int64) (int64, bool) {
	t := TypedNumber(s)
	if strings.Contains(t, ".") || len(t) > 18 {
		return 0, false
	}
	return WantFixed(t, 0, 1, max)
}

// Luhn is the Luhn check written the test's own way: from the right, every second digit doubled.
func Luhn(digits string) bool {
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

// LuhnCard completes fifteen digits with their Luhn check digit.
func LuhnCard(fifteen string) string {
	for d := 0; d <= 9; d++ {
		if c := fmt.Sprintf("%s%d", fifteen, d); Luhn(c) {
			return c
		}
	}
	panic("unreachable")
}

// Mod97 is ISO 7064 mod 97-10 over an IBAN, the test's own way: the first four characters moved to the
// end, letters as 10..35, the remainder taken digit by digit.
func Mod97(iban string) int {
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

// IBANFor makes a valid Iranian IBAN from its 22-digit account part by computing the check digits.
func IBANFor(bban string) string {
	n, _ := new(big.Int).SetString(bban+"182700", 10)
	check := 98 - new(big.Int).Mod(n, big.NewInt(97)).Int64()
	return fmt.Sprintf("IR%02d%s", check, bban)
}

// NationalID makes a valid national id from nine digits by computing its check digit.
func NationalID(nine string) string {
	sum := 0
	for i := 0; i < 9; i++ {
		sum += int(nine[i]-'0') * (10 - i)
	}
	rem := sum % 11
	if rem >= 2 {
		rem = 11 - rem
	}
	return fmt.Sprintf("%s%d", nine, rem)
}
