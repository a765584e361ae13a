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
// (Latin comma, Arabic thousands separator ٬ and Arabic comma ،). The decimal point may be '.' or '٫'.
func numericText(s string) string {
	s = latinDigits(strings.TrimSpace(s))
	return strings.Map(func(r rune) rune {
		switch r {
		case ',', '٬', '،', ' ', '\u200c':
			return -1
		case '٫':
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
