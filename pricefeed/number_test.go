package pricefeed

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

// Numbers as the sources and people write them, and what is not one.
func TestDecimalTextReadsWrittenNumbers(t *testing.T) {
	good := map[string]string{
		"192,056,000": "192056000",
		"197621000":   "197621000",
		"۱۸٬۵۷۸٬۲۰۰":  "18578200",
		"١٨٥٧٨٢٠٠":    "18578200",
		"4,396.28":    "4396.28",
		"۴٬۳۹۶٫۲۸":    "4396.28",
		" 18578200 ":  "18578200",
		"18،578،200":  "18578200",
		"0.0001":      "0.0001",
		"000123":      "123",
	}
	for in, want := range good {
		d, err := decimalText(in, false)
		if err != nil || d.String() != want {
			t.Errorf("decimalText(%q) = %s, %v; want %s", in, d, err, want)
		}
	}
	for _, in := range []string{"", "-", "-5", "+5", "1e6", "12 345", "1.2.3", ".5", "5.", "۲۰ مرداد", "18.5 million", "NaN", "0x10", "1_000"} {
		if d, err := decimalText(in, false); err == nil {
			t.Errorf("decimalText(%q) = %s, want an error", in, d)
		}
	}
	for in, want := range map[string]string{"-2": "-2", "+1.5": "1.5", "-۰٫۲۵": "-0.25"} {
		if d, err := decimalText(in, true); err != nil || d.String() != want {
			t.Errorf("signed decimalText(%q) = %s, %v; want %s", in, d, err, want)
		}
	}
}

// The مظنه ÷ 4.3318 rounds half up at an exact tie, and toman ×10 happens before it.
func TestPerGram750RoundsHalfUp(t *testing.T) {
	cases := []struct {
		value, unit, per string
		want             int64
	}{
		{"4333.9659", UnitRial, PerMithqal705, 1001},  // exactly 1000.5
		{"4333.9658", UnitRial, PerMithqal705, 1000},  // 1000.49997…
		{"433.39659", UnitToman, PerMithqal705, 1001}, // the same in toman
		{"804760000", UnitRial, PerMithqal705, 185_779_584},
		{"80476000", UnitToman, PerMithqal705, 185_779_584},
		{"12345.5", UnitRial, PerGram750, 12346},
		{"12345.49", UnitRial, PerGram750, 12345},
		{"1234.55", UnitToman, PerGram750, 12346},
		{"18578200", UnitToman, PerGram750, 185_782_000},
		{"1e3", UnitRial, PerGram750, 1000},
	}
	for _, tc := range cases {
		got, err := perGram750(quote{value: decimal.RequireFromString(tc.value), unit: tc.unit}, tc.per)
		if err != nil || got != tc.want {
			t.Errorf("%s %s per %s = %d, %v; want %d", tc.value, tc.unit, tc.per, got, err, tc.want)
		}
	}
}

// The json source's times: seconds or milliseconds, RFC 3339, or a Tehran wall clock.
func TestAnyTimeReadsTheSourcesClock(t *testing.T) {
	at := time.Unix(1786022992, 0)
	good := []struct {
		in   any
		want time.Time
	}{
		{json.Number("1786022992"), at},
		{json.Number("1786022992000"), at},
		{json.Number("1786022992123"), at.Add(123 * time.Millisecond)},
		{"1786022992", at},
		{"۱۷۸۶۰۲۲۹۹۲", at},
		{"2026-08-06T13:29:52Z", at},
		{"2026-08-06T16:59:52+03:30", at},
		{"2026-08-06T13:29:52.5Z", at.Add(500 * time.Millisecond)},
		{"2026-08-06 16:59:52", at},
		{"۲۰۲۶-۰۸-۰۶ ۱۶:۵۹:۵۲", at},
	}
	for _, tc := range good {
		got, err := anyTime(tc.in, "t")
		if err != nil || !got.Equal(tc.want) {
			t.Errorf("anyTime(%v) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	bad := []struct {
		in      any
		wantErr error
	}{
		{nil, ErrMissing},
		{json.Number("0"), ErrBadTime},
		{json.Number("-1"), ErrBadTime},
		{json.Number("1786022992.5"), ErrBadTime},
		{true, ErrBadTime},
		{"2026/08/06 16:59:52", ErrBadTime},
		{"1405-05-15 16:59:52", ErrBadTime}, // Navasan's Jalali "date", read as Gregorian
		{"1405-05-15T16:59:52+03:30", ErrBadTime},
		{"2026-08-06 16:59:52x", ErrBadTime},
		{"16:59", ErrBadTime},
	}
	for _, tc := range bad {
		if got, err := anyTime(tc.in, "t"); !errors.Is(err, tc.wantErr) {
			t.Errorf("anyTime(%v) = %v, %v; want %v", tc.in, got, err, tc.wantErr)
		}
	}
}
