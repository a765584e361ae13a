package app

import (
	"goldshop/rules"
	"time"

	jalaali "github.com/jalaali/go-jalaali"
)

// jalaliMonthStart is the instant the Jalali month holding t began: its first day's midnight in Tehran.
func jalaliMonthStart(t time.Time) time.Time {
	local := t.In(rules.Tehran)
	jy, jm, _, err := jalaali.ToJalaali(local.Year(), local.Month(), local.Day())
	if err != nil { // outside the calendar's range: the Gregorian month is the next best bound
		return time.Date(local.Year(), local.Month(), 1, 0, 0, 0, 0, rules.Tehran)
	}
	gy, gm, gd, err := jalaali.ToGregorian(jy, jm, 1)
	if err != nil {
		return time.Date(local.Year(), local.Month(), 1, 0, 0, 0, 0, rules.Tehran)
	}
	return time.Date(gy, gm, gd, 0, 0, 0, 0, rules.Tehran)
}
