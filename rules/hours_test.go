package rules

import "testing"

// A clock is exactly HH:MM, two digits each (Persian and Arabic-Indic digits are digits too): a plan's time
// and the trading hours are read by it, and nothing looser reaches a minute of the day (issue 36).
func TestParseClockReadsExactlyTwoDigitsEach(t *testing.T) {
	for _, c := range []struct {
		in     string
		minute int
		ok     bool
	}{
		{"00:00", 0, true},
		{"09:30", 570, true},
		{"23:59", 1439, true},
		{"۰۹:۳۰", 570, true},
		{"٠٩:٣٠", 570, true},
		{"+9:00", 0, false},
		{"-9:00", 0, false},
		{"9:00", 0, false},
		{"09:0", 0, false},
		{" 09:00", 0, false},
		{"09:00 ", 0, false},
		{"09 :00", 0, false},
		{"0 9:00", 0, false},
		{"24:00", 0, false},
		{"12:60", 0, false},
		{"09.30", 0, false},
		{"0930", 0, false},
		{"09:30:00", 0, false},
		{"", 0, false},
	} {
		if m, ok := ParseClock(c.in); ok != c.ok || m != c.minute {
			t.Errorf("ParseClock(%q) = %d, %v; want %d, %v", c.in, m, ok, c.minute, c.ok)
		}
	}
}
