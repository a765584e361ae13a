package rules

import "testing"

func TestReserveRoomKeepsTheMarginOnWhatIsOwed(t *testing.T) {
	for _, c := range []struct {
		reserve, owed, marginBP, want int64
	}{
		{1000, 0, 0, 1000},
		{1000, 400, 0, 600},
		{1000, 1000, 0, 0},
		{1000, 1200, 0, 0},      // already short: no room, never negative
		{1100, 0, 1000, 1000},   // 10 %: 1000 × 1.1 = 1100
		{1100, 500, 1000, 500},  // (500 + 500) × 1.1 = 1100
		{1099, 0, 1000, 999},    // rounds down: 999 × 1.1 = 1098.9
		{2000, 0, 10_000, 1000}, // 100 %
	} {
		room := ReserveRoom(c.reserve, c.owed, c.marginBP)
		if room != c.want {
			t.Errorf("ReserveRoom(%d, %d, %d) = %d, want %d", c.reserve, c.owed, c.marginBP, room, c.want)
		}
		// the defining inequality, in whole numbers: (owed + room) × (10000 + margin) ≤ reserve × 10000
		if room > 0 && (c.owed+room)*(10_000+c.marginBP) > c.reserve*10_000 {
			t.Errorf("room %d breaks the margin for %+v", room, c)
		}
		if (c.owed+room+1)*(10_000+c.marginBP) <= c.reserve*10_000 {
			t.Errorf("room %d leaves a milligram unused for %+v", room, c)
		}
	}
}

func TestMarginPercentReadsZeroToAHundredWithTwoDecimals(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "2.5": 250, "۲٫۵": 250, "100": 10_000, "0.01": 1} {
		if got, ok := ParseMarginPercent(in); !ok || got != want {
			t.Errorf("ParseMarginPercent(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "-1", "100.01", "1.234", "abc", "1e2"} {
		if _, ok := ParseMarginPercent(bad); ok {
			t.Errorf("ParseMarginPercent(%q) accepted", bad)
		}
	}
	if FormatMarginPercent(250) != "2.50" {
		t.Fatal(FormatMarginPercent(250))
	}
}
