package iran

import (
	"errors"
	"fmt"
	"time"

	jalaali "github.com/jalaali/go-jalaali"
)

// ErrUnderage is returned for a real birth date less than 18 years before today in Tehran.
var ErrUnderage = errors.New("iran: born less than 18 years ago")

// BirthDate accepts a Jalali date typed as Y/M/D (Persian digits, '/' or '-') and returns it as YYYY/MM/DD
// when it is a real date from 1300/01/01 up to the day 18 years before now in Tehran. Otherwise the error
// is ErrDate, or ErrUnderage for a real date that is too recent.
func BirthDate(raw string, now time.Time) (string, error) {
	ymd, ok := jalaliDate(raw)
	if !ok || ymd[0] < 1300 {
		return "", ErrDate
	}
	y, m, d := ymd[0], ymd[1], ymd[2]
	t := now.In(Tehran)
	ty, tm, td, err := jalaali.ToJalaali(t.Year(), t.Month(), t.Day())
	if err != nil {
		return "", ErrDate
	}
	latest := [3]int{ty - 18, int(tm), td}
	if compareDate([3]int{y, m, d}, latest) > 0 {
		return "", ErrUnderage
	}
	return fmt.Sprintf("%04d/%02d/%02d", y, m, d), nil
}

func compareDate(a, b [3]int) int {
	for i := range a {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return 0
}
