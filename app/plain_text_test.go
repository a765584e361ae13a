package app

import (
	"fmt"
	"testing"
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
	s.run(t, []scenario{{"a sign-up name", "POST", "/api/auth/register", "", body, 400, msgTextNotPlain}})
	user, _ := s.signUp(2)
	admin := s.signInAdmin()
	me := s.do("GET", "/api/users/me", user, nil)
	id := me.JSON["user"].(map[string]any)["id"]
	dep := s.deposit(user, "5")
	s.run(t, []scenario{
		{"a profile name", "PUT", "/api/users/update", user, map[string]any{"first_name": spoof, "last_name": "کریمی", "birth_date": "1368/02/14"}, 400, msgTextNotPlain},
		{"a card holder", "POST", "/api/bank-accounts", user, map[string]any{"card_number": luhnCard("603799112233445"), "account_holder_name": spoof}, 400, msgTextNotPlain},
		{"a charge description", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": id, "type": "rial", "amount": 5, "description": spoof}, 400, msgTextNotPlain},
		{"a reject reason", "PUT", fmt.Sprintf("/api/wallet/requests/%d", dep), admin, map[string]any{"status": "rejected", "reject_reason": spoof}, 400, msgTextNotPlain},
		{"a lab name", "POST", "/api/admin/abshodeh", admin, map[string]any{"rey": spoof, "ang": "12", "ayar": "750", "vazn": "10"}, 400, msgTextNotPlain},
		{"a balance with nothing moved", "GET", "/api/wallet/balances", user, nil, 200, `"balance_rial":"0"`},
	})
}
