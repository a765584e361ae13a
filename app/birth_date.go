package app

import (
	"fmt"
	"goldshop/rules"
	"time"

	jalaali "github.com/jalaali/go-jalaali"
)

// normalizeBirthDate accepts a Jalali date typed as Y/M/D (Persian digits, '/' or '-') and returns it as
// YYYY/MM/DD when it is a real date from 1300/01/01 up to the day 18 years before today in Tehran;
// otherwise problem is the Persian reason.
func normalizeBirthDate(raw string, now time.Time) (clean, problem string) {
	ymd, ok := parseJalaliDate(raw)
	if !ok || ymd[0] < 1300 {
		return "", msgBirthDateInvalid
	}
	y, m, d := ymd[0], ymd[1], ymd[2]
	t := now.In(rules.Tehran)
	ty, tm, td, err := jalaali.ToJalaali(t.Year(), t.Month(), t.Day())
	if err != nil {
		return "", msgBirthDateInvalid
	}
	latest := [3]int{ty - 18, int(tm), td}
	if compareDate([3]int{y, m, d}, latest) > 0 {
		return "", msgBirthDateUnderage
	}
	return fmt.Sprintf("%04d/%02d/%02d", y, m, d), ""
}

func compareDate(a, b [3]int) int {
	for i := range a {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return 0
}
