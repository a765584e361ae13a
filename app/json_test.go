package app

import (
	"fmt"
	"testing"
)

// A money call means exactly one thing: a body that encoding/json would settle quietly (the last of two keys,
// a key in another letter case, something after the value) is refused and moves nothing.
func TestAmbiguousMoneyBodiesAreRefused(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	admin := s.signInAdmin()
	me := s.do("GET", "/api/users/me", user, nil)
	id := fmt.Sprint(me.JSON["user"].(map[string]any)["id"])
	charge := func(fields string) string { return `{"userId":` + id + `,"type":"rial",` + fields + `}` }
	s.run(t, []scenario{
		{"refuses two amounts", "POST", "/api/adminCharge/charge", admin, charge(`"amount":5,"amount":5000000`), 400, msgBadJSON},
		{"refuses two amounts in two letter cases", "POST", "/api/adminCharge/charge", admin, charge(`"amount":5,"Amount":5000000`), 400, msgBadJSON},
		{"refuses a field named in another letter case", "POST", "/api/adminCharge/charge", admin, charge(`"AMOUNT":5000000`), 400, msgBadJSON},
		{"refuses two targets", "POST", "/api/adminCharge/charge", admin, `{"userId":1,"userId":` + id + `,"type":"rial","amount":5}`, 400, msgBadJSON},
		{"refuses a second value after the body", "POST", "/api/adminCharge/charge", admin, charge(`"amount":5`) + `{"amount":9}`, 400, msgBadJSON},
		{"refuses garbage after the body", "POST", "/api/adminCharge/charge", admin, charge(`"amount":5`) + `x`, 400, msgBadJSON},
		{"refuses a duplicate inside a nested object", "POST", "/api/adminCharge/charge", admin, charge(`"amount":5,"note":{"a":1,"a":2}`), 400, msgBadJSON},
	})
	if got := s.balances(user)["balance_rial"]; got != "0" {
		t.Fatalf("a refused body moved money: balance %v", got)
	}
	s.run(t, []scenario{
		{"takes a plain body with white space after it", "POST", "/api/adminCharge/charge", admin, charge(`"amount":5`) + " \n", 200, ""},
	})
	if got := s.balances(user)["balance_rial"]; got != "5" {
		t.Fatalf("balance after one charge: %v", got)
	}
}
