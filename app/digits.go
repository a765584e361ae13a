package app

import (
	"strings"
)

// latinDigits turns Persian (۰-۹) and Arabic-Indic (٠-٩) digits into Latin ones and leaves the rest alone.
func latinDigits(s string) string {
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

// numericText normalises a typed number: Latin digits, no spaces, and no thousands separators
// (Latin comma, Arabic thousands separator ٬ and Arabic comma ،). The decimal point may be '.', the '/' the
// screens show, or '٫'.
func numericText(s string) string {
	s = latinDigits(strings.TrimSpace(s))
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

// onlyDigits reports whether s is one or more Latin digits.
func onlyDigits(s string) bool {
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

// persianDigits writes every Latin digit of s as a Persian digit.
func persianDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return '۰' + (r - '0')
		}
		return r
	}, s)
}

// The marks of a number written for a person, the same as the screens' (ui/src/lib/money.ts): the Persian
// momayyez (٫) is drawn by Vazirmatn almost like the thousands separator, so the point is written "/".
const (
	groupMark   = "٬"
	decimalMark = "/"
)

// persianNumber writes a Latin decimal number ("-1234.5") as the screens do: "-۱٬۲۳۴/۵".
func persianNumber(s string) string {
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
	return persianDigits(b.String())
}
