package iran

import "strings"

// How numbers are read from and written for the shop's people: Persian and Arabic-Indic digits, their
// separators and decimal marks, the same as the screens (ui/src/lib/money.ts).

// LatinDigits turns Persian (۰-۹) and Arabic-Indic (٠-٩) digits into Latin ones and leaves the rest alone.
func LatinDigits(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '۰' && r <= '۹':
			return '0' + (r - '۰')
		case r >= '٠' && r <= '٩':
			return '0' + (r - '٠')
		}
		return r
	}, s)
}

// NumberText normalises a typed number: Latin digits, no spaces, and no thousands separators (Latin comma,
// Arabic thousands separator ٬ and Arabic comma ،). The decimal point may be '.', the '/' the screens show,
// or '٫'.
func NumberText(s string) string {
	s = LatinDigits(strings.TrimSpace(s))
	return strings.Map(func(r rune) rune {
		switch r {
		case ',', '٬', '،', ' ', '\u200c':
			return -1
		case '٫', '/':
			return '.'
		}
		return r
	}, s)
}

// OnlyDigits reports whether s is one or more Latin digits.
func OnlyDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// Digits writes every Latin digit of s as a Persian digit.
func Digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return '۰' + (r - '0')
		}
		return r
	}, s)
}

// The marks of a number written for a person: the Persian momayyez (٫) is drawn by Vazirmatn almost like the
// thousands separator, so the point is written "/".
const (
	groupMark   = "٬"
	decimalMark = "/"
)

// Number writes a Latin decimal number ("-1234.5") as the screens do: "-۱٬۲۳۴/۵".
func Number(s string) string {
	sign, digits := "", s
	if strings.HasPrefix(s, "-") {
		sign, digits = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(digits, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(groupMark)
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteString(decimalMark + frac)
	}
	return Digits(b.String())
}
