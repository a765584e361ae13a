package app

import (
	"goldshop/persian"
	"goldshop/rules"
	"testing"
)

func TestNormalizePhone(t *testing.T) {
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
		got, ok := normalizePhone(in)
		if got != want || ok != (want != "") {
			t.Errorf("normalizePhone(%q) = %q, %v; want %q", in, got, ok, want)
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
		if got := validNationalID(id); got != want {
			t.Errorf("validNationalID(%q) = %v", id, got)
		}
	}
}

func TestNumericTextAndParseRial(t *testing.T) {
	for in, want := range map[string]int64{"1500000": 1500000, "۱٬۵۰۰٬۰۰۰": 1500000, "1,500,000": 1500000, "١٥٠٠": 1500, " 42 ": 42} {
		if got, ok := rules.ParseRial(persian.NumberText(in)); !ok || got != want {
			t.Errorf("rules.ParseRial(persian.NumberText(%q)) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "-1", "1.5", "1e6", "abc", "9999999999999999999"} {
		if _, ok := rules.ParseRial(persian.NumberText(in)); ok {
			t.Errorf("rules.ParseRial(%q) accepted", in)
		}
	}
}

func TestNormalizeName(t *testing.T) {
	if got := normalizeName("  علي   كريمي "); got != "علی کریمی" {
		t.Fatalf("got %q", got)
	}
}

func TestPasswordHashing(t *testing.T) {
	h := hashPassword("رمز-طولانی-فارسی")
	if h == hashPassword("رمز-طولانی-فارسی") {
		t.Fatal("two hashes of one password are equal: the salt is missing")
	}
	if !checkPassword(h, "رمز-طولانی-فارسی") || checkPassword(h, "رمز-طولانی-فارسي") || checkPassword("garbage", "x") {
		t.Fatal("checkPassword gives a wrong answer")
	}
	// argon2id has no 72-byte cut: passwords that differ only after 72 bytes differ.
	long := ""
	for i := 0; i < 40; i++ {
		long += "ط"
	}
	if checkPassword(hashPassword(long+"a"), long+"b") {
		t.Fatal("a long password matched a different one")
	}
}
