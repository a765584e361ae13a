package rules

import (
	"fmt"
	"time"

	"goldshop/iran"
)

// Hours are one side's trading hours: switched on or off, and a window of Tehran minutes of the day
// [Start, End], both ends inclusive to the minute. A start after its end crosses midnight (22:00–02:00 holds
// 23:30 and 01:00).
type Hours struct {
	Enabled    bool
	Start, End int
}

// Open reports whether the side may trade at t.
func (h Hours) Open(t time.Time) bool {
	return h.Enabled && InWindow(h.Start, h.End, MinuteOfDay(t))
}

// MinuteOfDay is the Tehran wall-clock minute (0..1439) at t.
func MinuteOfDay(t time.Time) int {
	h, m, _ := t.In(iran.Tehran).Clock()
	return h*60 + m
}

// InWindow reports whether minute falls in [start, end], a window that crosses midnight when start > end.
func InWindow(start, end, minute int) bool {
	if start <= end {
		return minute >= start && minute <= end
	}
	return minute >= start || minute <= end
}

// ClockText writes a minute of the day as HH:mm.
func ClockText(minute int) string {
	if minute < 0 || minute >= 24*60 {
		return fmt.Sprintf("%02d:%02d", minute/60, minute%60)
	}
	h, m := minute/60, minute%60 // two digits each, without fmt: the trade screen's poll writes four a call
	return string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)})
}

// ParseClock reads HH:mm (Persian digits too) as a minute of the day.
func ParseClock(s string) (int, bool) {
	s = iran.LatinDigits(s)
	if len(s) != 5 || s[2] != ':' || !iran.OnlyDigits(s[:2]) || !iran.OnlyDigits(s[3:]) {
		return 0, false
	}
	h, m := int(s[0]-'0')*10+int(s[1]-'0'), int(s[3]-'0')*10+int(s[4]-'0')
	if h > 23 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}
