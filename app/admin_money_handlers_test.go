package app

import (
	"fmt"
	"strings"
	"testing"

	"goldshop/store"
)

func TestManualChargeFindsTheUserAndCredits(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	s.signUp(2)
	admin := s.signInAdmin()
	me := s.do("GET", "/api/users/me", user, nil)
	id := fmt.Sprint(me.JSON["user"].(map[string]any)["id"])
	phone := me.JSON["user"].(map[string]any)["phone_number"].(string)
	s.run(t, []scenario{
		{"refuses a customer looking users up", "GET", "/api/adminCharge/user/" + id, user, nil, 403, ""},
		{"refuses a customer charging", "POST", "/api/adminCharge/charge", user, map[string]any{"userId": id, "type": "rial", "amount": 5}, 403, ""},
		{"finds a user by id", "GET", "/api/adminCharge/user/" + id, admin, nil, 200, `"phone_number":"` + phone + `"`},
		{"finds a user by phone in Persian digits", "GET", "/api/adminCharge/user/" + persianDigits(phone), admin, nil, 200, `"id":` + id},
		{"finds a user by part of the name", "GET", "/api/adminCharge/user/سارا", admin, nil, 200, `"balance_rial":"0"`},
		{"says when nobody matches", "GET", "/api/adminCharge/user/نیما", admin, nil, 404, msgUserNotFound},
		{"refuses a zero rial charge", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": id, "type": "rial", "amount": 0}, 400, msgChargeAmount},
		{"refuses a fractional rial charge", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": id, "type": "rial", "amount": "1.5"}, 400, msgChargeAmount},
		{"refuses gold with four decimals", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": id, "type": "gold", "amount": "1.2345"}, 400, msgChargeGoldAmount},
		{"refuses a negative gold charge", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": id, "type": "gold", "amount": "-1"}, 400, msgChargeGoldAmount},
		{"refuses an unknown type", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": id, "type": "usd", "amount": 1}, 400, msgChargeType},
		{"refuses an unknown user", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": 9999, "type": "rial", "amount": 1}, 404, msgUserNotFound},
		{"refuses a long description", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": id, "type": "rial", "amount": 1, "description": strings.Repeat("ب", 201)}, 400, msgDescriptionLong},
		{"charges rial given as a Persian string", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": id, "type": "rial", "amount": "۲٬۰۰۰٬۰۰۰", "description": "واریز نقدی در مغازه"}, 200, `"balance_rial":"2000000"`},
		{"charges gold in grams", "POST", "/api/adminCharge/charge", admin, map[string]any{"userId": id, "type": "gold", "amount": "1.235"}, 200, `"balance_gold":"1.235"`},
		{"shows the charges on the statement", "GET", "/api/transactions/all", user, nil, 200, `"description":"واریز نقدی در مغازه"`},
		{"gives a charge without description the default text", "GET", "/api/transactions/all", user, nil, 200, descManualCharge},
		{"shows gold charges as gold_deposit", "GET", "/api/transactions/all", user, nil, 200, `"type":"gold_deposit","status":"deposited"`},
	})
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
	richID := fmt.Sprint(s.do("GET", "/api/users/me", rich, nil).JSON["user"].(map[string]any)["id"])
	s.run(t, []scenario{
		{"refuses customers", "GET", "/api/admin/users-balances", rich, nil, 403, ""},
		{"filters by minimum rial", "GET", "/api/admin/users-balances?minRial=1000", admin, nil, 200, `"balance_rial":"5000000"`},
		{"refuses a bad bound", "GET", "/api/admin/users-balances?minGold=abc", admin, nil, 400, msgFilterInvalid},
		{"filters by maximum gold in grams", "GET", "/api/admin/users-balances?maxGold=0.5&minRial=11", admin, nil, 200, `"id":` + richID},
		{"opens a user's ledger", "GET", "/api/admin/user-transactions/" + richID, admin, nil, 200, `"credit_rial":"5000000"`},
		{"says when the user does not exist", "GET", "/api/admin/user-transactions/9999", admin, nil, 404, msgUserNotFound},
		{"refuses a customer reading another's ledger", "GET", "/api/admin/user-transactions/" + richID, poor, nil, 403, ""},
		{"gives the owner's figures", "GET", "/api/admin/dashboard", admin, nil, 200, `"customers_rial":"5000010"`},
		{"counts money in today", "GET", "/api/admin/dashboard", admin, nil, 200, `"today_in_rial":"5000010"`},
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
	today := s.clock.Now().In(tehran).Format("2006-01-02")
	s.run(t, []scenario{
		{"filters by type", "GET", "/api/wallet/requests/admin?type=withdraw", admin, nil, 200, `[]`},
		{"refuses an unknown type", "GET", "/api/wallet/requests/admin?type=gift", admin, nil, 400, msgFilterInvalid},
		{"refuses an unknown status", "GET", "/api/wallet/requests/admin?status=lost", admin, nil, 400, msgFilterInvalid},
		{"refuses a malformed date", "GET", "/api/wallet/requests/admin?startDate=1404/01/01", admin, nil, 400, msgDateInvalid},
		{"refuses a start after the end", "GET", "/api/wallet/requests/admin?startDate=2025-02-02T00:00:00&endDate=2025-01-01T23:59:59", admin, nil, 400, msgDateRange},
		{"finds today's requests in Tehran time", "GET", "/api/wallet/requests/admin?startDate=" + today + "T00:00:00&endDate=" + today + "T23:59:59", admin, nil, 200, `"amount":"200"`},
		{"finds nothing before today", "GET", "/api/wallet/requests/admin?endDate=2020-01-01T23:59:59", admin, nil, 200, `[]`},
		{"searches by name", "GET", "/api/wallet/requests/admin?userSearch=سارا&status=pending", admin, nil, 200, `"first_name":"سارا"`},
	})
	phone := s.do("GET", "/api/users/me", other, nil).JSON["user"].(map[string]any)["phone_number"].(string)
	if body := s.do("GET", "/api/wallet/requests/admin?userSearch="+phone, admin, nil).Body; strings.Count(body, `"id":`) != 1 || !strings.Contains(body, `"amount":"200"`) {
		t.Fatalf("search by phone: %s", body)
	}
}
