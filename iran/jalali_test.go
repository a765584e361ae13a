package iran

import (
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
