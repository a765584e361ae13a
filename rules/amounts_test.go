package rules

import (
	"testing"

	"goldshop/iran"
)

func TestNumericTextAndParseRial(t *testing.T) {
	for in, want := range map[string]int64{"1500000": 1500000, "۱٬۵۰۰٬۰۰۰": 1500000, "1,500,000": 1500000, "١٥٠٠": 1500, " 42 ": 42} {
		if got, ok := ParseRial(iran.NumberText(in)); !ok || got != want {
			t.Errorf("ParseRial(iran.NumberText(%q)) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "-1", "1.5", "1e6", "abc", "9999999999999999999"} {
		if _, ok := ParseRial(iran.NumberText(in)); ok {
			t.Errorf("ParseRial(%q) accepted", in)
		}
	}
}
