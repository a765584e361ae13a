package iran

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	jalaali "github.com/jalaali/go-jalaali"
)

// jalaliDate reads a Jalali date typed as Y/M/D (Persian or Latin digits, '/' or '-') and says whether it
// is a real date.
func jalaliDate(raw string) ([3]int, bool) {
	var ymd [3]int
	parts := strings.FieldsFunc(LatinDigits(strings.TrimSpace(raw)), func(r rune) bool { return r == '/' || r == '-' })
	if len(parts) != 3 || len(parts[0]) != 4 || len(parts[1]) > 2 || len(parts[2]) > 2 {
		return ymd, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || !OnlyDigits(p) {
			return ymd, false
		}
		ymd[i] = n
	}
	return ymd, jalaali.IsValidDate(ymd[0], ymd[1], ymd[2])
}

// JalaliDayStart is midnight in Tehran at the start of the Jalali day raw names. Years outside 1300–1499
// are refused with ErrDate: a Gregorian date such as 2026-11-25 would otherwise read as a Jalali day six
// centuries away.
func JalaliDayStart(raw string) (time.Time, error) {
	ymd, ok := jalaliDate(raw)
	if !ok || ymd[0] < 1300 || ymd[0] > 1499 {
		return time.Time{}, ErrDate
	}
	gy, gm, gd, err := jalaali.ToGregorian(ymd[0], jalaali.Month(ymd[1]), ymd[2])
	if err != nil {
		return time.Time{}, ErrDate
	}
	return time.Date(gy, gm, gd, 0, 0, 0, 0, Tehran), nil
}

// JalaliDayExact is JalaliDayStart of a day written exactly as the API writes one, YYYY/MM/DD with both
// month and day zero-padded (Persian or Arabic-Indic digits too) and nothing around it: the form a client
// sends a term of money in (a standing order's last day), where "1405/9/15" or " 1405/09/15" is a mistake to
// refuse rather than guess at. A date query reads the looser forms, through Day.
func JalaliDayExact(raw string) (time.Time, error) {
	s := LatinDigits(raw)
	if len(s) != 10 || s[4] != '/' || s[7] != '/' || !OnlyDigits(s[:4]) || !OnlyDigits(s[5:7]) || !OnlyDigits(s[8:]) {
		return time.Time{}, ErrDate
	}
	return JalaliDayStart(s)
}

// JalaliMonthStart is the instant the Jalali month holding t began: its first day's midnight in Tehran.
func JalaliMonthStart(t time.Time) time.Time {
	local := t.In(Tehran)
	jy, jm, _, err := jalaali.ToJalaali(local.Year(), local.Month(), local.Day())
	if err != nil { // outside the calendar's range: the Gregorian month is the next best bound
		return time.Date(local.Year(), local.Month(), 1, 0, 0, 0, 0, Tehran)
	}
	gy, gm, gd, err := jalaali.ToGregorian(jy, jm, 1)
	if err != nil {
		return time.Date(local.Year(), local.Month(), 1, 0, 0, 0, 0, Tehran)
	}
	return time.Date(gy, gm, gd, 0, 0, 0, 0, Tehran)
}

// JalaliDayText writes the Jalali day t falls on in Tehran as "1405/09/07" (Latin digits, as the API's
// dates are; the screens write Persian ones).
func JalaliDayText(t time.Time) string {
	local := t.In(Tehran)
	y, m, d, err := jalaali.ToJalaali(local.Year(), local.Month(), local.Day())
	if err != nil { // outside the calendar's range, which no day of the shop is
		return local.Format(time.DateOnly)
	}
	return fmt.Sprintf("%04d/%02d/%02d", y, int(m), d)
}

// JalaliDayOfMonth is the day of its Jalali month (1–31) that t falls on in Tehran; 0 outside the calendar's
// range, which no day of the shop is.
func JalaliDayOfMonth(t time.Time) int {
	local := t.In(Tehran)
	_, _, d, err := jalaali.ToJalaali(local.Year(), local.Month(), local.Day())
	if err != nil {
		return 0
	}
	return d
}
