package app

import (
	"goldshop/persian"
	"goldshop/rules"
	"math/big"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	jalaali "github.com/jalaali/go-jalaali"
)

// The fuzz targets of this file feed the parsers of typed text (amounts, phone numbers, national ids, names,
// birth dates, cards and IBANs) anything at all. Each checks what the parser promises against the test's
// own reading of the input, so a parser that accepts too much, too little or the wrong value fails.

// nastyText is seed input every text parser should survive: other scripts' digits and separators, signs,
// exponents, huge numbers, NUL, bidi controls, invalid and overlong UTF-8.
var nastyText = []string{
	"", " ", "0", "-1", "+1", "1e3", "1E-3", "0x10", "1_000", "∞", "NaN", "١٢٣", "۱۲۳", "۱٬۵۰۰٬۰۰۰", "1,500,000",
	"۱۲٫۵", "12/5", "1.5.5", ".5", "5.", "1٫", "99999999999999999999999999999999", "1000000000000000",
	"1000000000000001", "0000000000000000001", "\x00", "1\x00", "\u202e1500", "15\u200c00", "\u200f۱۲۳\u200e",
	"\xc0\xb1", "\xe0\x80\xb1", "\xff\xfe", "1\u00a0000", "１２３", "1\t2", " \u200c\t1", "−5",
}

// typedNumber is the test's own reading of a typed number: the text between outer spaces with Persian and
// Arabic-Indic digits made Latin, the thousands separators (, ٬ ، space, ZWNJ) dropped and the decimal marks
// (٫ and the screens' /) made '.'.
func typedNumber(s string) string {
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

var plainDecimal = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)

// wantFixed is what a fixed-point amount parser must answer for the ASCII text s: its value in units of
// 10^-decimals when s is a plain decimal number whose value is a whole number of units in [min, max].
func wantFixed(s string, decimals int, min, max int64) (int64, bool) {
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

// wantRial is what rules.ParseAmountRial(persian.NumberText(s)) must answer: a whole rial from 1 to 10^15 (decisions.md,
// Amounts) typed with at most 18 digits.
func wantRial(s string) (int64, bool) {
	t := typedNumber(s)
	if strings.Contains(t, ".") || len(t) > 18 {
		return 0, false
	}
	return wantFixed(t, 0, 1, rules.MaxAmountRial)
}

// FuzzAmountText: a typed rial, gold or purity text is accepted exactly when the test's own reading says it
// is a plain number within its bounds (rial 1..10^15, gold up to 1,000,000 g with at most three decimals,
// purity above 0 up to 1000 with two), with the same value; an accepted amount written as the API and as the
// screens write it reads back to the same value.
func FuzzAmountText(f *testing.F) {
	for _, s := range nastyText {
		f.Add(s)
	}
	for _, s := range []string{"1500000", "۱٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰", "1.5", "0.001", "0.0001", "1.0005", "1.5000",
		"1000000", "1000000.001", "۰/۰۰۱", "۷۵۰٫۵۰", "999.99", "1000.01", "0", "000.000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rial, ok := rules.ParseAmountRial(persian.NumberText(s))
		want, wantOK := wantRial(s)
		if ok != wantOK || ok && rial != want {
			t.Fatalf("rial %q: got %d %v, want %d %v", s, rial, ok, want, wantOK)
		}
		if ok {
			for _, shown := range []string{rules.FormatRial(rial), persian.Number(rules.FormatRial(rial))} {
				if again, ok := rules.ParseAmountRial(persian.NumberText(shown)); !ok || again != rial {
					t.Fatalf("rial %q = %d written as %q reads back as %d %v", s, rial, shown, again, ok)
				}
			}
		}

		mg, ok := rules.ParseGoldMg(persian.NumberText(s))
		wantMg, wantOK := wantFixed(typedNumber(s), 3, 0, rules.MaxAmountMg)
		if ok != wantOK || ok && mg != wantMg {
			t.Fatalf("gold %q: got %d mg %v, want %d %v", s, mg, ok, wantMg, wantOK)
		}
		if ok {
			for _, shown := range []string{rules.FormatGold(mg), persian.Number(rules.FormatGold(mg)), persian.Grams(mg)} {
				if again, ok := rules.ParseGoldMg(persian.NumberText(shown)); !ok || again != mg {
					t.Fatalf("gold %q = %d mg written as %q reads back as %d %v", s, mg, shown, again, ok)
				}
			}
			if rial > 0 && rial <= rules.MaxAmountMg/1000 && mg != rial*1000 {
				t.Fatalf("%q is %d rial but %d mg", s, rial, mg)
			}
		}

		centi, ok := rules.ParseAyar(s)
		wantCenti, wantOK := wantFixed(typedNumber(s), 2, 1, rules.MaxAyarCenti)
		if ok != wantOK || ok && centi != wantCenti {
			t.Fatalf("purity %q: got %d %v, want %d %v", s, centi, ok, wantCenti, wantOK)
		}
		if ok {
			if again, ok := rules.ParseAyar(rules.FormatAyar(centi)); !ok || again != centi {
				t.Fatalf("purity %q = %d written as %q reads back as %d %v", s, centi, rules.FormatAyar(centi), again, ok)
			}
		}
	})
}

var mobile = regexp.MustCompile(`^09[0-9]{9}$`)

// FuzzPhoneNumber: an accepted phone is 09 and nine ASCII digits, normalising it again changes nothing, its
// digits are the typed digits' last ten, and the input held nothing but digits, spaces, dashes, brackets and
// a plus.
func FuzzPhoneNumber(f *testing.F) {
	for _, s := range nastyText {
		f.Add(s)
	}
	for _, s := range []string{"09121234567", "+989121234567", "00989121234567", "989121234567", "9121234567",
		"۰۹۱۲۱۲۳۴۵۶۷", "٠٩١٢١٢٣٤٥٦٧", "0912 123 4567", "(0912) 123-4567", "+98 (912) 123 45 67", "0098 912 123 4567",
		"08121234567", "0912123456", "091212345678", "++989121234567", "98 9121234567", "0\u200c9121234567",
		"09121234567\x00", "\u202e09121234567", "0912١٢٣٤٥٦٧", "９１２１２３４５６７", "+09121234567", "0+9121234567"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		phone, ok := normalizePhone(raw)
		if !ok {
			if phone != "" {
				t.Fatalf("%q refused but gave %q", raw, phone)
			}
			if mobile.MatchString(raw) {
				t.Fatalf("the canonical %q was refused", raw)
			}
			return
		}
		if !mobile.MatchString(phone) {
			t.Fatalf("%q accepted as %q", raw, phone)
		}
		if again, ok := normalizePhone(phone); !ok || again != phone {
			t.Fatalf("%q → %q → %q %v", raw, phone, again, ok)
		}
		var digits strings.Builder
		for _, r := range persian.LatinDigits(raw) {
			switch {
			case r >= '0' && r <= '9':
				digits.WriteRune(r)
			case strings.ContainsRune(" -()+", r), unicode.IsSpace(r):
			default:
				t.Fatalf("%q accepted as %q though it holds %q", raw, phone, r)
			}
		}
		if !strings.HasSuffix(digits.String(), phone[1:]) {
			t.Fatalf("%q accepted as %q, not its digits %q", raw, phone, digits.String())
		}
	})
}

// FuzzNationalID: an id is accepted exactly when it is ten ASCII digits, not all the same, whose last is
// the check digit of the first nine as the test computes it (nationalID).
func FuzzNationalID(f *testing.F) {
	for _, s := range nastyText {
		f.Add(s)
	}
	for _, s := range []string{nationalID("001234567"), nationalID("123456789"), "0000000000", "1111111111", "0012345678",
		"001234567", "00123456789", "۰۰۱۲۳۴۵۶۷۸", "00123456-8", "\x000123456789", "-123456789", "+123456789"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		want := len(id) == 10 && onlyASCIIDigits(id) && strings.Count(id, id[:1]) != 10 && nationalID(id[:9]) == id
		if got := validNationalID(id); got != want {
			t.Fatalf("validNationalID(%q) = %v, want %v", id, got, want)
		}
	})
}

func onlyASCIIDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// FuzzPersonName: a normalised name is trimmed, has single spaces between words and no other white space, no
// Arabic yeh or kaf, and normalising it again changes nothing; nameOK accepts 1 to 50 characters, and
// plainText refuses exactly the invisible and reordering characters decisions.md names.
func FuzzPersonName(f *testing.F) {
	for _, s := range nastyText {
		f.Add(s)
	}
	for _, s := range []string{"سارا", "  علي   كريمي ", "مصطفى", "نرگس\u200cخاتون", "a\u00a0b", "a\u2028b", "\u3000x\u3000",
		strings.Repeat("ب", 50), strings.Repeat("ب", 51), "x\u0085y", "ي ى ك", "مدیر\u202eفروشگاه", "a\u2067b",
		"a\u061cb", "a\ufeffb", "a\u00adb", "a\ue000b", "a\U000f0000b", "a\ufffdb", "نرگس\u200dخاتون", "a\u200eb\u200f",
		"a\x7fb", "a\u009fb", "a\U000e0041b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		name := normalizeName(raw)
		if again := normalizeName(name); again != name {
			t.Fatalf("%q → %q → %q", raw, name, again)
		}
		if strings.ContainsAny(name, "يىك") || strings.Contains(name, "  ") || name != strings.TrimSpace(name) {
			t.Fatalf("%q normalised to %q", raw, name)
		}
		for _, r := range name {
			if unicode.IsSpace(r) && r != ' ' {
				t.Fatalf("%q normalised to %q, which keeps white space %q", raw, name, r)
			}
		}
		n := utf8.RuneCountInString(name)
		if nameOK(name) != (n >= 1 && n <= 50) {
			t.Fatalf("nameOK(%q) = %v with %d characters", name, nameOK(name), n)
		}
		if plainText(name) != wantPlain(name) {
			t.Fatalf("plainText(%q) = %v", name, plainText(name))
		}
	})
}

// wantPlain is decisions.md's "plain text only" read the test's own way: valid UTF-8 without control
// characters (but newlines), bidi embeddings, overrides or isolates, private-use code points or invisible
// format characters other than ZWNJ, ZWJ, LRM and RLM.
func wantPlain(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		switch {
		case r == '\n', r == '\u200c', r == '\u200d', r == '\u200e', r == '\u200f':
		case r < 0x20, r >= 0x7f && r < 0xa0, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
			r >= 0xe000 && r <= 0xf8ff, r >= 0xf0000 && r <= 0xffffd, r >= 0x100000 && r <= 0x10fffd, r == utf8.RuneError, unicode.In(r, unicode.Cf):
			return false
		}
	}
	return true
}

var cleanDate = regexp.MustCompile(`^[0-9]{4}/[0-9]{2}/[0-9]{2}$`)

// FuzzBirthDate: an accepted birth date is written YYYY/MM/DD, is a real Jalali date from 1300 whose Gregorian
// twin converts back to it, is the date typed, reads again as itself, stays accepted later, and lies 18 years
// (give or take the two calendars' leap days) before today in Tehran; "underage" is said only of real dates.
func FuzzBirthDate(f *testing.F) {
	for _, s := range nastyText {
		f.Add(s, int64(0))
	}
	for _, s := range []string{"1370/05/20", "۱۳۷۰/۰۵/۲۰", "1370-5-20", "1370/12/30", "1399/12/30", "1400/12/30",
		"1403/12/30", "1370/13/01", "1370/00/10", "1370/06/31", "1370/07/31", "1299/12/29", "1300/01/01", "9999/12/29",
		"1370//05/20", "/1370/05/20/", "+1370/5/20", "1370/+5/20", "1370/-5/20", "1370/5/٢٠", "١٣٧٠/٠٥/٢٠",
		"1370 /05/20", "1370/05/20\x00", "\u202b1370/05/20", "13700/05/20", "0001/01/01"} {
		f.Add(s, int64(0))
	}
	f.Add("1386/12/29", int64(-1))
	f.Add("1386/01/01", int64(1<<40))
	base := time.Date(2025, 3, 20, 20, 30, 0, 0, time.UTC) // Nowruz 1404 in Tehran
	f.Fuzz(func(t *testing.T, raw string, shift int64) {
		now := base.Add(time.Duration(shift%(50*365*24*3600)) * time.Second) // within fifty years of base
		clean, problem := normalizeBirthDate(raw, now)
		switch problem {
		case "":
		case msgBirthDateInvalid:
			if clean != "" {
				t.Fatalf("%q refused but gave %q", raw, clean)
			}
			return
		case msgBirthDateUnderage:
			y, m, d, ok := typedDate(raw)
			if !ok || y < 1300 || !jalaali.IsValidDate(y, m, d) {
				t.Fatalf("%q called underage but it is no date", raw)
			}
			if g := gregorianOf(t, y, m, d); !g.AddDate(18, 0, 2).After(now.In(rules.Tehran)) {
				t.Fatalf("%q (%s) called underage at %s", raw, g.Format(time.DateOnly), now.In(rules.Tehran))
			}
			return
		default:
			t.Fatalf("%q: unknown problem %q", raw, problem)
		}
		if !cleanDate.MatchString(clean) {
			t.Fatalf("%q accepted as %q", raw, clean)
		}
		y, m, d, _ := typedDate(clean)
		if ty, tm, td, ok := typedDate(raw); !ok || ty != y || tm != m || td != d {
			t.Fatalf("%q accepted as %q, another date", raw, clean)
		}
		if y < 1300 || !jalaali.IsValidDate(y, m, d) {
			t.Fatalf("%q accepted as %q, no real date", raw, clean)
		}
		g := gregorianOf(t, y, m, d)
		if jy, jm, jd, err := jalaali.ToJalaali(g.Year(), g.Month(), g.Day()); err != nil || jy != y || int(jm) != m || jd != d {
			t.Fatalf("%q: %s is %d/%d/%d back in Jalali (%v)", clean, g.Format(time.DateOnly), jy, jm, jd, err)
		}
		if g.AddDate(18, 0, -2).After(now.In(rules.Tehran)) {
			t.Fatalf("%q (%s) accepted at %s, under 18", raw, g.Format(time.DateOnly), now.In(rules.Tehran))
		}
		if again, problem := normalizeBirthDate(clean, now); again != clean || problem != "" {
			t.Fatalf("%q → %q → %q %q", raw, clean, again, problem)
		}
		if _, problem := normalizeBirthDate(raw, now.AddDate(1, 0, 0)); problem != "" {
			t.Fatalf("%q accepted at %s but not a year later: %s", raw, now, problem)
		}
	})
}

// typedDate reads three numbers separated by / or - (Latin, Persian or Arabic-Indic digits) the test's own
// way.
func typedDate(s string) (y, m, d int, ok bool) {
	var nums []int
	cur, in := 0, false
	for _, r := range typedDigits(strings.TrimSpace(s)) {
		switch {
		case r >= '0' && r <= '9':
			if cur > 1e6 {
				return 0, 0, 0, false
			}
			cur, in = cur*10+int(r-'0'), true
		case r == '/' || r == '-':
			if in {
				nums = append(nums, cur)
			}
			cur, in = 0, false
		default:
			return 0, 0, 0, false
		}
	}
	if in {
		nums = append(nums, cur)
	}
	if len(nums) != 3 {
		return 0, 0, 0, false
	}
	return nums[0], nums[1], nums[2], true
}

// typedDigits makes Persian and Arabic-Indic digits Latin, the test's own way.
func typedDigits(s string) string {
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

func gregorianOf(t *testing.T, y, m, d int) time.Time {
	gy, gm, gd, err := jalaali.ToGregorian(y, jalaali.Month(m), d)
	if err != nil {
		t.Fatalf("%d/%d/%d has no Gregorian date: %v", y, m, d, err)
	}
	return time.Date(gy, gm, gd, 0, 0, 0, 0, rules.Tehran)
}
