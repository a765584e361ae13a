package iran

import "testing"

func TestPhone(t *testing.T) {
	for in, want := range map[string]string{
		"09121234567":    "09121234567",
		"+989121234567":  "09121234567",
		"00989121234567": "09121234567",
		"989121234567":   "09121234567",
		"9121234567":     "09121234567",
		"۰۹۱۲ ۱۲۳ ۴۵۶۷":  "09121234567",
		"٠٩١٢١٢٣٤٥٦٧":    "09121234567",
		"0912-123-4567":  "09121234567",
		"02188776655":    "",
		"0912123456":     "",
		"091212345678":   "",
		"+1 9121234567":  "",
		"0912123456a":    "",
		"":               "",
	} {
		got, err := Phone(in)
		if got != want || (err == nil) != (want != "") {
			t.Errorf("Phone(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestValidNationalID(t *testing.T) {
	for id, want := range map[string]bool{
		"0013542419":  true,
		"0499370899":  true,
		"0013542418":  false,
		"1111111111":  false, // passes the arithmetic, never issued
		"001354241":   false,
		"00135424199": false,
		"001354241a":  false,
	} {
		if got := ValidNationalID(id); got != want {
			t.Errorf("ValidNationalID(%q) = %v", id, got)
		}
	}
}

func TestName(t *testing.T) {
	if got := Name("  علي   كريمي "); got != "علی کریمی" {
		t.Fatalf("got %q", got)
	}
}
