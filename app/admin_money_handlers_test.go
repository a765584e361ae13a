package app

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"goldshop/iran"
	"goldshop/store"
)

func TestManualChargeFindsTheUserAndCredits(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	s.signUp(2)
	otherPhone := registration(2)["phone_number"].(string)
	admin := s.signInAdmin()
	me := s.do("GET", "/api/users/me", user, nil)
	id := fmt.Sprint(me.JSON["user"].(map[string]any)["id"])
	phone := me.JSON["user"].(map[string]any)["phone_number"].(string)
	// charged is a fresh customer the admin charged 2,000,000 rial with a description, then 1.235 g without.
	charged := func(s *testShop) trader {
		c := s.newCustomer()
		if r := s.do("POST", "/api/adminCharge/charge", admin, map[string]any{"userId": c.id, "type": "rial", "amount": 2_000_000, "description": "واریز نقدی در مغازه"}); r.Status != 200 {
			s.t.Fatalf("charge: %d %s", r.Status, r.Body)
		}
		s.charge(admin, c, "gold", "1.235")
		return c
	}
	// asChargedCustomer reads the statement of a customer of charged.
	asChargedCustomer := func(s *testShop, c *scenario) { c.token = charged(s).token }
	// forNewCustomer charges a fresh customer, so a charge finds no balance left by another case.
	forNewCustomer := func(s *testShop, c *scenario) {
		body := maps.Clone(c.body.(map[string]any))
		body["userId"] = s.newCustomer().id
		c.body = body
	}
	refused := []string{`"balance_rial"`, `"balance_gold"`}
	s.run(t, []scenario{
		{name: "refuses a customer looking users up", method: "GET", path: "/api/adminCharge/user/" + id, token: user, wantStatus: 403, wantAbsent: []string{phone}},
		{name: "refuses a customer charging", method: "POST", path: "/api/adminCharge/charge", token: user, body: map[string]any{"userId": id, "type": "rial", "amount": 5}, wantStatus: 403, wantAbsent: refused},
		{name: "finds a user by id", method: "GET", path: "/api/adminCharge/user/" + id, token: admin, wantStatus: 200, wantContains: `"phone_number":"` + phone + `"`, wantAbsent: []string{otherPhone}},
		{name: "finds a user by phone in Persian digits", method: "GET", path: "/api/adminCharge/user/" + iran.Digits(phone), token: admin, wantStatus: 200, wantContains: `"id":` + id, wantAbsent: []string{otherPhone}},
		{name: "finds a user by part of the name", method: "GET", path: "/api/adminCharge/user/سارا", token: admin, wantStatus: 200, wantContains: `"balance_rial":"0"`},
		{name: "says when nobody matches", method: "GET", path: "/api/adminCharge/user/نیما", token: admin, wantStatus: 404, wantContains: msgUserNotFound, wantAbsent: []string{phone}},
		{name: "refuses a zero rial charge", method: "POST", path: "/api/adminCharge/charge", token: admin, body: map[string]any{"userId": id, "type": "rial", "amount": 0}, wantStatus: 400, wantContains: msgChargeAmount, wantAbsent: refused},
		{name: "refuses a fractional rial charge", method: "POST", path: "/api/adminCharge/charge", token: admin, body: map[string]any{"userId": id, "type": "rial", "amount": "1.5"}, wantStatus: 400, wantContains: msgChargeAmount, wantAbsent: refused},
		{name: "refuses gold with four decimals", method: "POST", path: "/api/adminCharge/charge", token: admin, body: map[string]any{"userId": id, "type": "gold", "amount": "1.2345"}, wantStatus: 400, wantContains: msgChargeGoldAmount, wantAbsent: refused},
		{name: "refuses a negative gold charge", method: "POST", path: "/api/adminCharge/charge", token: admin, body: map[string]any{"userId": id, "type": "gold", "amount": "-1"}, wantStatus: 400, wantContains: msgChargeGoldAmount, wantAbsent: refused},
		{name: "refuses an unknown type", method: "POST", path: "/api/adminCharge/charge", token: admin, body: map[string]any{"userId": id, "type": "usd", "amount": 1}, wantStatus: 400, wantContains: msgChargeType, wantAbsent: refused},
		{name: "refuses an unknown user", method: "POST", path: "/api/adminCharge/charge", token: admin, body: map[string]any{"userId": 9999, "type": "rial", "amount": 1}, wantStatus: 404, wantContains: msgUserNotFound, wantAbsent: refused},
		{name: "refuses a long description", method: "POST", path: "/api/adminCharge/charge", token: admin, body: map[string]any{"userId": id, "type": "rial", "amount": 1, "description": strings.Repeat("ب", 201)}, wantStatus: 400, wantContains: msgDescriptionLong, wantAbsent: refused},
		{name: "charges rial given as a Persian string", method: "POST", path: "/api/adminCharge/charge", token: admin, setup: forNewCustomer,
			body: map[string]any{"type": "rial", "amount": "۲٬۰۰۰٬۰۰۰", "description": "واریز نقدی در مغازه"}, wantStatus: 200, wantContains: `"balance_rial":"2000000"`},
		{name: "charges gold in grams", method: "POST", path: "/api/adminCharge/charge", token: admin, setup: forNewCustomer,
			body: map[string]any{"type": "gold", "amount": "1.235"}, wantStatus: 200, wantContains: `"balance_gold":"1.235"`},
		{name: "shows the charges on the statement", method: "GET", path: "/api/transactions/all", setup: asChargedCustomer, wantStatus: 200, wantContains: `"description":"واریز نقدی در مغازه"`},
		{name: "gives a charge without description the default text", method: "GET", path: "/api/transactions/all", setup: asChargedCustomer, wantStatus: 200, wantContains: descManualCharge},
		{name: "shows gold charges as gold_deposit", method: "GET", path: "/api/transactions/all", setup: asChargedCustomer, wantStatus: 200, wantContains: `"type":"gold_deposit","status":"deposited"`},
	})
	if b := s.balances(user); b["balance_rial"] != "0" || b["balance_gold"] != "0.000" {
		t.Fatalf("the refused charges moved money: %v", b)
	}
	// The audit keeps the balances a charge found.
	charged(s)
	if log, _ := s.store.AuditLog(t.Context(), store.AuditFilter{Limit: 1}); log[0].Action != "charge.gold" || !strings.Contains(fmt.Sprint(log[0].Before), "2000000") {
		t.Fatalf("audit %+v", log[0])
	}
}

func TestUsersBalancesAndLedgerForAdmins(t *testing.T) {
	s := newTestShop(t)
	rich, _ := s.signUp(1)
	poor, _ := s.signUp(2)
	admin := s.signInAdmin()
	s.fund(rich, admin, "5000000")
	s.fund(poor, admin, "10")
	richID, poorID := s.userID(rich), s.userID(poor)
	s.run(t, []scenario{
		{name: "refuses customers", method: "GET", path: "/api/admin/users-balances", token: rich, wantStatus: 403},
		{name: "filters by minimum rial", method: "GET", path: "/api/admin/users-balances?minRial=1000", token: admin, wantStatus: 200, wantContains: `"balance_rial":"5000000"`, wantAbsent: []string{`"id":` + poorID + `,`}},
		{name: "refuses a bad bound", method: "GET", path: "/api/admin/users-balances?minGold=abc", token: admin, wantStatus: 400, wantContains: msgFilterInvalid},
		{name: "filters by maximum gold in grams", method: "GET", path: "/api/admin/users-balances?maxGold=0.5&minRial=11", token: admin, wantStatus: 200, wantContains: `"id":` + richID + `,`, wantAbsent: []string{`"id":` + poorID + `,`}},
		{name: "opens a user's ledger", method: "GET", path: "/api/admin/user-transactions/" + richID, token: admin, wantStatus: 200, wantContains: `"credit_rial":"5000000"`, wantAbsent: []string{`"credit_rial":"10"`}},
		{name: "says when the user does not exist", method: "GET", path: "/api/admin/user-transactions/9999", token: admin, wantStatus: 404, wantContains: msgUserNotFound},
		{name: "refuses a customer reading another's ledger", method: "GET", path: "/api/admin/user-transactions/" + richID, token: poor, wantStatus: 403, wantAbsent: []string{`"credit_rial"`}},
		{name: "gives the owner's figures", method: "GET", path: "/api/admin/dashboard", token: admin, wantStatus: 200, wantContains: `"customers_rial":"5000010"`},
		{name: "counts money in today", method: "GET", path: "/api/admin/dashboard", token: admin, wantStatus: 200, wantContains: `"today_in_rial":"5000010"`},
	})
	if body := s.do("GET", "/api/admin/users-balances?minRial=1000", admin, nil).Body; strings.Count(body, `"id":`) != 1 {
		t.Fatalf("minRial did not filter: %s", body)
	}
	s.deposit(poor, "77")
	if body := s.do("GET", "/api/admin/dashboard", admin, nil).Body; !strings.Contains(body, `"pending_deposits":{"count":1,"amount":"77"}`) {
		t.Fatalf("dashboard %s", body)
	}
}

func TestAdminWalletRequestFilters(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	other, _ := s.signUp(2)
	admin := s.signInAdmin()
	s.deposit(user, "100")
	s.deposit(other, "200")
	today := s.clock.Now().In(iran.Tehran).Format("2006-01-02")
	s.run(t, []scenario{
		{name: "filters by type", method: "GET", path: "/api/wallet/requests/admin?type=withdraw", token: admin, wantStatus: 200, wantContains: `[]`, wantAbsent: []string{`"amount":`}},
		{name: "refuses an unknown type", method: "GET", path: "/api/wallet/requests/admin?type=gift", token: admin, wantStatus: 400, wantContains: msgFilterInvalid},
		{name: "refuses an unknown status", method: "GET", path: "/api/wallet/requests/admin?status=lost", token: admin, wantStatus: 400, wantContains: msgFilterInvalid},
		{name: "refuses a malformed date", method: "GET", path: "/api/wallet/requests/admin?startDate=1404/01/01", token: admin, wantStatus: 400, wantContains: msgDateInvalid},
		{name: "refuses a start after the end", method: "GET", path: "/api/wallet/requests/admin?startDate=2025-02-02T00:00:00&endDate=2025-01-01T23:59:59", token: admin, wantStatus: 400, wantContains: msgDateRange},
		{name: "finds today's requests in Tehran time", method: "GET", path: "/api/wallet/requests/admin?startDate=" + today + "T00:00:00&endDate=" + today + "T23:59:59", token: admin, wantStatus: 200, wantContains: `"amount":"200"`},
		{name: "finds nothing before today", method: "GET", path: "/api/wallet/requests/admin?endDate=2020-01-01T23:59:59", token: admin, wantStatus: 200, wantContains: `[]`, wantAbsent: []string{`"amount":`}},
		{name: "searches by name", method: "GET", path: "/api/wallet/requests/admin?userSearch=سارا&status=pending", token: admin, wantStatus: 200, wantContains: `"first_name":"سارا"`},
	})
	phone := s.do("GET", "/api/users/me", other, nil).JSON["user"].(map[string]any)["phone_number"].(string)
	if body := s.do("GET", "/api/wallet/requests/admin?userSearch="+phone, admin, nil).Body; strings.Count(body, `"id":`) != 1 || !strings.Contains(body, `"amount":"200"`) {
		t.Fatalf("search by phone: %s", body)
	}
}
