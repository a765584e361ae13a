package rules

import "testing"

func TestVazn750FloorsToTheMilligram(t *testing.T) {
	cases := []struct {
		vaznMg, ayarCenti, want int64
	}{
		{10_000, 75_000, 10_000},  // 10 g at 750 is 10 g
		{10_000, 99_990, 13_332},  // 13.332 g (13.3320)
		{12_345, 90_000, 14_814},  // 14.814 g
		{1_000, 100_000, 1_333},   // pure: 1.3333… floored
		{1, 74_999, 0},            // below a milligram
		{100_000, 58_500, 78_000}, // 585 purity
		{7, 75_001, 7},            // 7.00009…
		{1_000_000_000, 100_000, 1_333_333_333},
	}
	for _, c := range cases {
		if got := Vazn750Mg(c.vaznMg, c.ayarCenti); got != c.want {
			t.Errorf("Vazn750Mg(%d, %d) = %d, want %d", c.vaznMg, c.ayarCenti, got, c.want)
		}
	}
}

func TestParseAyar(t *testing.T) {
	for in, want := range map[string]int64{"750": 75_000, "999.9": 99_990, "۷۵۰٫۵۰": 75_050, "۷۵۰/۵": 75_050, "0.01": 1, "1000": 100_000} {
		if got, ok := ParseAyar(in); !ok || got != want {
			t.Errorf("ParseAyar(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "0", "1000.01", "750.123", "-750", "abc", ".5", "7e2"} {
		if _, ok := ParseAyar(bad); ok {
			t.Errorf("ParseAyar(%q) accepted", bad)
		}
	}
	if FormatAyar(75_050) != "750.50" {
		t.Fatal(FormatAyar(75_050))
	}
}
