package app

import (
	"goldshop/persian"
	"goldshop/rules"
	"strconv"
	"strings"
	"time"

	jalaali "github.com/jalaali/go-jalaali"
)

// parseJalaliDate reads a Jalali date typed as Y/M/D (Persian or Latin digits, '/' or '-') and says whether
// it is a real date.
func parseJalaliDate(raw string) ([3]int, bool) {
	var ymd [3]int
	parts := strings.FieldsFunc(persian.LatinDigits(strings.TrimSpace(raw)), func(r rune) bool { return r == '/' || r == '-' })
	if len(parts) != 3 || len(parts[0]) != 4 || len(parts[1]) > 2 || len(parts[2]) > 2 {
		return ymd, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || !persian.OnlyDigits(p) {
			return ymd, false
		}
		ymd[i] = n
	}
	return ymd, jalaali.IsValidDate(ymd[0], ymd[1], ymd[2])
}

// jalaliDayStart is midnight in Tehran at the start of the Jalali day raw names. Years outside 1300–1499
// are refused: a Gregorian date such as 2026-11-25 would otherwise read as a Jalali day six centuries away.
func jalaliDayStart(raw string) (time.Time, bool) {
	ymd, ok := parseJalaliDate(raw)
	if !ok || ymd[0] < 1300 || ymd[0] > 1499 {
		return time.Time{}, false
	}
	gy, gm, gd, err := jalaali.ToGregorian(ymd[0], jalaali.Month(ymd[1]), ymd[2])
	if err != nil {
		return time.Time{}, false
	}
	return time.Date(gy, gm, gd, 0, 0, 0, 0, rules.Tehran), true
}
