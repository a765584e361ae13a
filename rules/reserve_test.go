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

func TestLevelOfReserveWarnsUnderATwentiethOfRoom(t *testing.T) {
	cases := []struct {
		reserve, owed Mg
		marginBP      int64
		want          ReserveLevel
	}{
		{0, 0, 0, ReserveShort},               // a new shop: nothing held, nothing may be sold
		{10_000, 10_000, 0, ReserveShort},     // all of it owed
		{10_000, 12_000, 0, ReserveShort},     // owed beyond the reserve (the guard was off)
		{10_000, 9_501, 0, ReserveNear},       // 499 mg of room, under 500
		{10_000, 9_500, 0, ReserveOK},         // 500 mg of room: exactly a twentieth
		{10_500, 10_000, 500, ReserveShort},   // a 5 % margin eats the last 500 mg
		{10_500, 9_600, 500, ReserveNear},     // 400 mg of room, under 525
		{21_000, 10_000, 10_000, ReserveNear}, // 100 %: 500 mg of room, under 1 050
		{21_000, 9_000, 10_000, ReserveOK},    // 1 500 mg of room
	}
	for _, c := range cases {
		if got := LevelOfReserve(c.reserve, c.owed, c.marginBP); got != c.want {
			t.Errorf("LevelOfReserve(%d, %d, %d) = %s, want %s", c.reserve, c.owed, c.marginBP, got, c.want)
		}
	}
}

func TestCoverRatioRoundsDown(t *testing.T) {
	cases := []struct {
		held, owed int64
		want       string
		ok         bool
	}{
		{10_000, 4_000, "2.50", true},
		{2, 3, "0.66", true}, // 0.666…, never shown as 0.67
		{0, 5, "0.00", true},
		{5, 0, "", false},
		{1_000_000_000_000_000, 3, "333333333333333.33", true},
		{99_999_999_999_999_999, 100_000_000_000_000_000, "0.99", true}, // never rounded up to 1.00
	}
	for _, c := range cases {
		got, ok := CoverRatio(c.held, c.owed)
		if got != c.want || ok != c.ok {
			t.Errorf("CoverRatio(%d, %d) = %q, %v; want %q, %v", c.held, c.owed, got, ok, c.want, c.ok)
		}
	}
}
