package iran

import (
	"errors"
	"testing"
	"time"
)

func TestJalaliMonthStartsAtTehranMidnightOfItsFirstDay(t *testing.T) {
	for _, c := range []struct{ at, want string }{
		{"2026-11-25T12:00:00Z", "2026-11-22T00:00:00+03:30"}, // 4 Azar 1405 → 1 Azar
		{"2026-11-21T20:29:00Z", "2026-10-23T00:00:00+03:30"}, // 23:59 on 30 Aban in Tehran
		{"2026-11-21T20:30:00Z", "2026-11-22T00:00:00+03:30"}, // 00:00 on 1 Azar in Tehran
		{"2027-03-21T10:00:00Z", "2027-03-21T00:00:00+03:30"}, // Nowruz 1406
	} {
		at, _ := time.Parse(time.RFC3339, c.at)
		if got := JalaliMonthStart(at).Format(time.RFC3339); got != c.want {
			t.Errorf("JalaliMonthStart(%s) = %s, want %s", c.at, got, c.want)
		}
	}
}

func TestDayReadsGregorianAndJalaliDaysOnly(t *testing.T) {
	want := time.Date(2026, 11, 27, 0, 0, 0, 0, Tehran) // 1405/09/06
	for _, raw := range []string{"2026-11-27", "۲۰۲۶-۱۱-۲۷", "1405/09/06", "۱۴۰۵/۰۹/۰۶", "1405/9/6"} {
		if got, err := Day(raw); err != nil || !got.Equal(want) {
			t.Errorf("Day(%q) = %v, %v; want %v", raw, got, err, want)
		}
	}
	for _, raw := range []string{"", "1405-09-06", "2026/11/27", "27/11/2026", "2026-11-27T10:00:00", "2026-11-31", "1405/13/01", "tomorrow", " 2026-11-27", "2026-11-27 ", " 1405/09/06"} {
		if got, err := Day(raw); !errors.Is(err, ErrDate) {
			t.Errorf("Day(%q) = %v, %v; want ErrDate", raw, got, err)
		}
	}
}

// A Jalali day is written by its Tehran date: 20:45 UTC on 28 November 2026 is already 29 November (8 Azar
// 1405) in Tehran.
func TestJalaliDayTextIsTheTehranDay(t *testing.T) {
	if got := JalaliDayText(time.Date(2026, 11, 28, 20, 45, 0, 0, time.UTC)); got != "1405/09/08" {
		t.Fatalf("got %s", got)
	}
	if got := JalaliDayText(time.Date(2026, 11, 28, 20, 15, 0, 0, time.UTC)); got != "1405/09/07" {
		t.Fatalf("got %s", got)
	}
}

// A day sent as a term is exactly YYYY/MM/DD, zero-padded, in any of Iran's digits; the looser forms Day
// still reads for a date query are refused here, as is a day that is not a day.
func TestJalaliDayExactReadsOnlyTheZeroPaddedForm(t *testing.T) {
	want := time.Date(2026, 12, 6, 0, 0, 0, 0, Tehran) // 1405/09/15
	for _, raw := range []string{"1405/09/15", "۱۴۰۵/۰۹/۱۵", "١٤٠٥/٠٩/١٥"} {
		if got, err := JalaliDayExact(raw); err != nil || !got.Equal(want) {
			t.Errorf("JalaliDayExact(%q) = %v, %v; want %v", raw, got, err, want)
		}
	}
	for _, raw := range []string{"", "1405/9/15", "1405/09/5", "1405/9/5", " 1405/09/15", "1405/09/15 ", "\t1405/09/15",
		"1405-09-15", "1405/09-15", "01405/09/15", "405/09/15", "1405/13/01", "1405/12/31", "1299/01/01", "1500/01/01",
		"+405/09/15", "1405/+9/15", "1405/09/15T00:00", "2026-12-06", "1405/۰۹/ ۵"} {
		if got, err := JalaliDayExact(raw); !errors.Is(err, ErrDate) {
			t.Errorf("JalaliDayExact(%q) = %v, %v; want ErrDate", raw, got, err)
		}
	}
	// the date queries keep their looser form
	if _, err := Day("1405/9/15"); err != nil {
		t.Errorf("Day(1405/9/15): %v", err)
	}
}
