package iran

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	jalaali "github.com/jalaali/go-jalaali"

	"goldshop/app/plaintext"
	"goldshop/iran/irantest"
)

// The fuzz targets of this file feed the parsers of typed identity text (phone numbers, national ids, names,
// birth dates) anything at all. Each checks what the parser promises against the test's
// own reading of the input, so a parser that accepts too much, too little or the wrong value fails.

var mobile = regexp.MustCompile(`^09[0-9]{9}$`)

// FuzzPhoneNumber: an accepted phone is 09 and nine ASCII digits, normalising it again changes nothing, its
// digits are the typed digits' last ten, and the input held nothing but digits, spaces, dashes, brackets and
// a plus.
func FuzzPhoneNumber(f *testing.F) {
	for _, s := range irantest.NastyText {
		f.Add(s)
	}
	for _, s := range []string{"09121234567", "+989121234567", "00989121234567", "989121234567", "9121234567",
		"۰۹۱۲۱۲۳۴۵۶۷", "٠٩١٢١٢٣٤٥٦٧", "0912 123 4567", "(0912) 123-4567", "+98 (912) 123 45 67", "0098 912 123 4567",
		"08121234567", "0912123456", "091212345678", "++989121234567", "98 9121234567", "0\u200c9121234567",
		"09121234567\x00", "\u202e09121234567", "0912١٢٣٤٥٦٧", "９１２１２３４５６７", "+09121234567", "0+9121234567"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		phone, err := Phone(raw)
		if err != nil {
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
		if again, err := Phone(phone); err != nil || again != phone {
			t.Fatalf("%q → %q → %q %v", raw, phone, again, err)
		}
		var digits strings.Builder
		for _, r := range LatinDigits(raw) {
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
	for _, s := range irantest.NastyText {
		f.Add(s)
	}
	for _, s := range []string{irantest.NationalID("001234567"), irantest.NationalID("123456789"), "0000000000", "1111111111", "0012345678",
		"001234567", "00123456789", "۰۰۱۲۳۴۵۶۷۸", "00123456-8", "\x000123456789", "-123456789", "+123456789"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		want := len(id) == 10 && irantest.OnlyASCIIDigits(id) && strings.Count(id, id[:1]) != 10 && irantest.NationalID(id[:9]) == id
		if got := ValidNationalID(id); got != want {
			t.Fatalf("ValidNationalID(%q) = %v, want %v", id, got, want)
		}
	})
}

// FuzzPersonName: a normalised name is trimmed, has single spaces between words and no other white space, no
// Arabic yeh or kaf, and normalising it again changes nothing; NameFits accepts 1 to 50 characters, and
// plaintext.Valid (which app applies to every name) refuses exactly the invisible and reordering characters decisions.md names.
func FuzzPersonName(f *testing.F) {
	for _, s := range irantest.NastyText {
		f.Add(s)
	}
	for _, s := range []string{"سارا", "  علي   كريمي ", "مصطفى", "نرگس\u200cخاتون", "a\u00a0b", "a\u2028b", "\u3000x\u3000",
		strings.Repeat("ب", 50), strings.Repeat("ب", 51), "x\u0085y", "ي ى ك", "مدیر\u202eفروشگاه", "a\u2067b",
		"a\u061cb", "a\ufeffb", "a\u00adb", "a\ue000b", "a\U000f0000b", "a\ufffdb", "نرگس\u200dخاتون", "a\u200eb\u200f",
		"a\x7fb", "a\u009fb", "a\U000e0041b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		name := Name(raw)
		if again := Name(name); again != name {
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
		if NameFits(name) != (n >= 1 && n <= 50) {
			t.Fatalf("NameFits(%q) = %v with %d characters", name, NameFits(name), n)
		}
		if plaintext.Valid(name) != wantPlain(name) {
			t.Fatalf("plaintext.Valid(%q) = %v", name, plaintext.Valid(name))
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
// (give or take the two calendars' leap days) before today in Tehran; ErrUnderage is said only of real dates.
func FuzzBirthDate(f *testing.F) {
	for _, s := range irantest.NastyText {
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
		clean, err := BirthDate(raw, now)
		switch {
		case err == nil:
		case errors.Is(err, ErrDate):
			if clean != "" {
				t.Fatalf("%q refused but gave %q", raw, clean)
			}
			return
		case errors.Is(err, ErrUnderage):
			y, m, d, ok := typedDate(raw)
			if !ok || y < 1300 || !jalaali.IsValidDate(y, m, d) {
				t.Fatalf("%q called underage but it is no date", raw)
			}
			if g := gregorianOf(t, y, m, d); !g.AddDate(18, 0, 2).After(now.In(Tehran)) {
				t.Fatalf("%q (%s) called underage at %s", raw, g.Format(time.DateOnly), now.In(Tehran))
			}
			return
		default:
			t.Fatalf("%q: unknown error %v", raw, err)
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
		if g.AddDate(18, 0, -2).After(now.In(Tehran)) {
			t.Fatalf("%q (%s) accepted at %s, under 18", raw, g.Format(time.DateOnly), now.In(Tehran))
		}
		if again, err := BirthDate(clean, now); again != clean || err != nil {
			t.Fatalf("%q → %q → %q %v", raw, clean, again, err)
		}
		if _, err := BirthDate(raw, now.AddDate(1, 0, 0)); err != nil {
			t.Fatalf("%q accepted at %s but not a year later: %v", raw, now, err)
		}
	})
}

// typedDate reads three numbers separated by / or - (Latin, Persian or Arabic-Indic digits) the test's own
// way.
func typedDate(s string) (y, m, d int, ok bool) {
	var nums []int
	cur, in := 0, false
	for _, r := range irantest.TypedDigits(strings.TrimSpace(s)) {
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

func gregorianOf(t *testing.T, y, m, d int) time.Time {
	gy, gm, gd, err := jalaali.ToGregorian(y, jalaali.Month(m), d)
	if err != nil {
		t.Fatalf("%d/%d/%d has no Gregorian date: %v", y, m, d, err)
	}
	return time.Date(gy, gm, gd, 0, 0, 0, 0, Tehran)
}
