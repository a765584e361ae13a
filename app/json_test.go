package app

import (
	"fmt"
	"net/http"
	"strings"
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
		{name: "refuses two amounts", method: "POST", path: "/api/adminCharge/charge", token: admin, body: charge(`"amount":5,"amount":5000000`), wantStatus: 400, wantContains: msgBadJSON, wantAbsent: []string{`"balance_rial"`}},
		{name: "refuses two amounts in two letter cases", method: "POST", path: "/api/adminCharge/charge", token: admin, body: charge(`"amount":5,"Amount":5000000`), wantStatus: 400, wantContains: msgBadJSON, wantAbsent: []string{`"balance_rial"`}},
		{name: "refuses a field named in another letter case", method: "POST", path: "/api/adminCharge/charge", token: admin, body: charge(`"AMOUNT":5000000`), wantStatus: 400, wantContains: msgBadJSON, wantAbsent: []string{`"balance_rial"`}},
		{name: "refuses two targets", method: "POST", path: "/api/adminCharge/charge", token: admin, body: `{"userId":1,"userId":` + id + `,"type":"rial","amount":5}`, wantStatus: 400, wantContains: msgBadJSON, wantAbsent: []string{`"balance_rial"`}},
		{name: "refuses a second value after the body", method: "POST", path: "/api/adminCharge/charge", token: admin, body: charge(`"amount":5`) + `{"amount":9}`, wantStatus: 400, wantContains: msgBadJSON, wantAbsent: []string{`"balance_rial"`}},
		{name: "refuses garbage after the body", method: "POST", path: "/api/adminCharge/charge", token: admin, body: charge(`"amount":5`) + `x`, wantStatus: 400, wantContains: msgBadJSON, wantAbsent: []string{`"balance_rial"`}},
		{name: "refuses a duplicate inside a nested object", method: "POST", path: "/api/adminCharge/charge", token: admin, body: charge(`"amount":5,"note":{"a":1,"a":2}`), wantStatus: 400, wantContains: msgBadJSON, wantAbsent: []string{`"balance_rial"`}},
	})
	if got := s.balances(user)["balance_rial"]; got != "0" {
		t.Fatalf("a refused body moved money: balance %v", got)
	}
	s.run(t, []scenario{
		{name: "takes a plain body with white space after it", method: "POST", path: "/api/adminCharge/charge", token: admin, body: charge(`"amount":5`) + " \n", wantStatus: 200, wantContains: `"balance_rial":"5"`},
	})
	if got := s.balances(user)["balance_rial"]; got != "5" {
		t.Fatalf("balance after one charge: %v", got)
	}
}

// A JSON call takes only a JSON body: a form or text body (which a page of another site may send without the
// browser asking first) is 415 and moves nothing; a charset beside the type is fine.
func TestJSONCallsRefuseAnotherContentType(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	admin := s.signInAdmin()
	id := fmt.Sprint(s.do("GET", "/api/users/me", user, nil).JSON["user"].(map[string]any)["id"])
	body := `{"userId":` + id + `,"type":"rial","amount":5}`
	charge := func(contentType string) reply {
		req, _ := http.NewRequest("POST", s.srv.URL+"/api/adminCharge/charge", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+admin)
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		return s.send(nil, req)
	}
	for _, ct := range []string{"", "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
		"multipart/form-data; boundary=x", "application/jsonx", "application/json-patch+json", "json"} {
		if r := charge(ct); r.Status != 415 || r.str("message") != msgNotJSON {
			t.Errorf("Content-Type %q: %d %s", ct, r.Status, r.Body)
		}
	}
	if got := s.balances(user)["balance_rial"]; got != "0" {
		t.Fatalf("a refused body moved money: balance %v", got)
	}
	if r := charge("application/json; charset=utf-8"); r.Status != 200 {
		t.Fatalf("JSON with a charset: %d %s", r.Status, r.Body)
	}
	if r := charge("Application/JSON"); r.Status != 200 {
		t.Fatalf("JSON in capitals: %d %s", r.Status, r.Body)
	}
}
