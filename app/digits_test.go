package app

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
		if got := persianNumber(in); got != want {
			t.Errorf("persianNumber(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNumericTextReadsEveryDecimalMark(t *testing.T) {
	for _, in := range []string{"1.5", "۱/۵", "۱٫۵", " ۱/۵ "} {
		if got := numericText(in); got != "1.5" {
			t.Errorf("numericText(%q) = %q", in, got)
		}
	}
	if got := numericText("۱٬۰۰۰/۲۵"); got != "1000.25" {
		t.Errorf("grouped: %q", got)
	}
}
