package app

import (
	"strings"
	"testing"
)

func TestPasswordsAreHashedAtProductionCosts(t *testing.T) {
	if want := (argonParams{MemoryKiB: 19 * 1024, Time: 2, Threads: 1}); argonAtStart != want || productionArgon != want {
		t.Fatalf("argon2id costs %+v (production %+v), want OWASP's %+v", argonAtStart, productionArgon, want)
	}
	h := hashPasswordAt(argonAtStart, "رمز-طلای-۱۴۰۵")
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q does not carry the production costs", h)
	}
	if !checkPassword(h, "رمز-طلای-۱۴۰۵") || checkPassword(h, "رمز-طلای-۱۴۰۶") {
		t.Fatal("a production-cost hash is not checked by its own costs")
	}
	// A hash made at other costs (the tests' own) is checked at the costs it carries.
	if low := hashPassword("x"); !checkPassword(low, "x") || checkPassword(low, "y") || strings.Contains(low, "m=19456") {
		t.Fatalf("a lower-cost hash %q", low)
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
