package iran

import (
	"testing"
	"time"
)

func TestBirthDateBoundaryIsEighteenJalaliYears(t *testing.T) {
	// 1404/09/01 in Tehran is 2025-11-22.
	now := time.Date(2025, 11, 22, 12, 0, 0, 0, Tehran)
	for date, want := range map[string]error{
		"1386/09/01":  nil,         // 18 today
		"1386/09/02":  ErrUnderage, // 18 tomorrow
		"1386/8/30":   nil,
		"1300/01/01":  nil,
		"1402/12/30":  ErrDate, // 1402 is a common year
		"1399/12/30":  ErrUnderage,
		"۱۳۷۰-۰۱-۰۱":  nil,
		"1370/1":      ErrDate,
		"13700/01/01": ErrDate,
	} {
		if _, got := BirthDate(date, now); got != want {
			t.Errorf("%s: got %v, want %v", date, got, want)
		}
	}
}
