package iran

import "testing"

// Numbers in messages are written with the screens' marks (ui/src/lib/money.ts), so a weight reads the
// same in a toast from the server and on the page.
func TestPersianNumberUsesTheScreensMarks(t *testing.T) {
	for in, want := range map[string]string{
		"0.1":        "۰/۱",
		"1000":       "۱٬۰۰۰",
		"1000.000":   "۱٬۰۰۰/۰۰۰",
		"1234567.89": "۱٬۲۳۴٬۵۶۷/۸۹",
		"-1234.5":    "-۱٬۲۳۴/۵",
		"12":         "۱۲",
	} {
		if got := Number(in); got != want {
			t.Errorf("Number(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNumericTextReadsEveryDecimalMark(t *testing.T) {
	for _, in := range []string{"1.5", "۱/۵", "۱٫۵", " ۱/۵ "} {
		if got := NumberText(in); got != "1.5" {
			t.Errorf("NumberText(%q) = %q", in, got)
		}
	}
	if got := NumberText("۱٬۰۰۰/۲۵"); got != "1000.25" {
		t.Errorf("grouped: %q", got)
	}
}

func TestGramsDropTrailingZeros(t *testing.T) {
	for mg, want := range map[int64]string{1500: "۱/۵", 1000: "۱", 1: "۰/۰۰۱", 1_234_500: "۱٬۲۳۴/۵"} {
		if got := Grams(mg); got != want {
			t.Errorf("Grams(%d) = %q, want %q", mg, got, want)
		}
	}
}
