package app

import (
	"fmt"
	"testing"

	"goldshop/iran/irantest"
)

func TestPlainTextRefusesWhatCanSpoofALine(t *testing.T) {
	for s, want := range map[string]bool{
		"مریم صالحی":         true,
		"نیم‌فاصله":          true,  // ZWNJ
		"\u200fعلی":          true,  // RLM
		"علی\u202Eیرضا":      false, // right-to-left override
		"\u2066admin\u2069":  false, // isolates
		"a\u202Ab":           false, // embedding
		"NUL\x00":            false,
		"bell\a":             false,
		"\ufeffBOM":          false,
		"\ue000 private use": false,
		"broken \xff UTF-8":  false,
		"two\nlines":         true,
		"tab\tinside":        false,
	} {
		if got := plainText(s); got != want {
			t.Errorf("plainText(%q) = %v, want %v", s, got, want)
		}
	}
}

// A name, a reason or a description with a direction override is refused everywhere user text is stored.
func TestStoredTextRefusesDirectionOverrides(t *testing.T) {
	s := newTestShop(t)
	spoof := "مدیر\u202Eفروشگاه"
	body := registration(1)
	body["first_name"] = spoof
	s.run(t, []scenario{{name: "a sign-up name", method: "POST", path: "/api/auth/register", body: body, wantStatus: 400, wantContains: msgTextNotPlain, wantAbsent: []string{spoof}}})
	user, _ := s.signUp(2)
	admin := s.signInAdmin()
	me := s.do("GET", "/api/users/me", user, nil)
	id := me.JSON["user"].(map[string]any)["id"]
	dep := s.deposit(user, "5")
	s.run(t, []scenario{
		{name: "a profile name", method: "PUT", path: "/api/users/update", token: user, body: map[string]any{"first_name": spoof, "last_name": "کریمی", "birth_date": "1368/02/14"}, wantStatus: 400, wantContains: msgTextNotPlain, wantAbsent: []string{spoof}},
		{name: "a card holder", method: "POST", path: "/api/bank-accounts", token: user, body: map[string]any{"card_number": irantest.LuhnCard("603799112233445"), "account_holder_name": spoof}, wantStatus: 400, wantContains: msgTextNotPlain, wantAbsent: []string{spoof}},
		{name: "a charge description", method: "POST", path: "/api/adminCharge/charge", token: admin, body: map[string]any{"userId": id, "type": "rial", "amount": 5, "description": spoof}, wantStatus: 400, wantContains: msgTextNotPlain, wantAbsent: []string{spoof}},
		{name: "a reject reason", method: "PUT", path: fmt.Sprintf("/api/wallet/requests/%d", dep), token: admin, body: map[string]any{"status": "rejected", "reject_reason": spoof}, wantStatus: 400, wantContains: msgTextNotPlain, wantAbsent: []string{spoof}},
		{name: "a lab name", method: "POST", path: "/api/admin/abshodeh", token: admin, body: map[string]any{"rey": spoof, "ang": "12", "ayar": "750", "vazn": "10"}, wantStatus: 400, wantContains: msgTextNotPlain, wantAbsent: []string{spoof}},
	})
	if b := s.balances(user); b["balance_rial"] != "0" {
		t.Fatalf("a refused charge moved money: %v", b)
	}
}
