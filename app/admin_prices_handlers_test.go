package app

import (
	"fmt"
	"strings"
	"testing"

	"goldshop/store"
)

func TestGradesSetEachCustomersPrices(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.run(t, []scenario{
		{"prices are null before a base price", "GET", "/api/prices/my-prices", c.token, nil, 200, `"grade":1,"buy_price":null,"sell_price":null,"last_updated":null,"is_price_fresh":false`},
		{"the admin table too", "GET", "/api/admin/prices", admin, nil, 200, `"base_price":null`},
	})
	s.setPrice(admin, 50_000_000)
	s.run(t, []scenario{
		{"customers cannot read grades", "GET", "/api/admin/grades", c.token, nil, 403, ""},
		{"customers cannot change grades", "PUT", "/api/admin/grades/2", c.token, map[string]any{"sell_add": 1, "buy_subtract": 1}, 403, ""},
		{"customers cannot change their own grade", "PUT", "/api/admin/users/" + c.id, c.token, map[string]any{"grade": 5}, 403, ""},
		{"grades start at zero", "GET", "/api/admin/grades", admin, nil, 200, `{"id":5,"sell_add":"0","buy_subtract":"0"}`},
		{"a negative rule", "PUT", "/api/admin/grades/2", admin, map[string]any{"sell_add": -1, "buy_subtract": 0}, 400, msgGradeValue},
		{"a fractional rule", "PUT", "/api/admin/grades/2", admin, map[string]any{"sell_add": "1.5", "buy_subtract": 0}, 400, msgGradeValue},
		{"a missing rule", "PUT", "/api/admin/grades/2", admin, map[string]any{"sell_add": 100}, 400, msgGradeValue},
		{"grade 6", "PUT", "/api/admin/grades/6", admin, map[string]any{"sell_add": 1, "buy_subtract": 1}, 404, msgGradeNotFound},
		{"grade 2's rules in Persian digits", "PUT", "/api/admin/grades/2", admin, map[string]any{"sell_add": "۲۵۰٬۰۰۰", "buy_subtract": "300000"}, 200, `"grade":{"id":2,"sell_add":"250000","buy_subtract":"300000"}`},
		{"grade 5 sells nothing at this base", "PUT", "/api/admin/grades/5", admin, map[string]any{"sell_add": 0, "buy_subtract": 50_000_000}, 200, msgGradeSaved},
		{"the price table follows", "GET", "/api/admin/prices", admin, nil, 200, `{"grade":2,"buy_price":"50250000","sell_price":"49700000"}`},
		{"a sell price of zero is null", "GET", "/api/admin/prices", admin, nil, 200, `{"grade":5,"buy_price":"50000000","sell_price":null}`},
		{"a customer starts at grade 1", "GET", "/api/prices/my-prices", c.token, nil, 200, `"grade":1,"buy_price":"50000000","sell_price":"50000000"`},
		{"grade 0 is refused", "PUT", "/api/admin/users/" + c.id, admin, map[string]any{"grade": 0}, 400, msgGradeRange},
		{"grade 2.5 is refused", "PUT", "/api/admin/users/" + c.id, admin, map[string]any{"grade": "2.5"}, 400, msgGradeRange},
		{"an unknown user", "PUT", "/api/admin/users/9999", admin, map[string]any{"grade": 2}, 404, msgUserNotFound},
		{"the admin moves the customer to grade 2", "PUT", "/api/admin/users/" + c.id, admin, map[string]any{"grade": "۲"}, 200, `"grade":2`},
		{"the customer's prices follow", "GET", "/api/prices/my-prices", c.token, nil, 200, `"grade":2,"buy_price":"50250000","sell_price":"49700000"`},
		{"the user list shows the grade", "GET", "/api/admin/users?search=" + c.phone, admin, nil, 200, `"grade":2`},
		{"the user list searches by name", "GET", "/api/admin/users?search=%D8%B3%D8%A7%D8%B1%D8%A7", admin, nil, 200, `"phone_number":"` + c.phone + `"`},
		{"a search matching nobody is empty", "GET", "/api/admin/users?search=nobody", admin, nil, 200, `[]`},
	})
	// Grade 5 cannot sell while its sell price is not above zero.
	if r := s.do("PUT", "/api/admin/users/"+c.id, admin, map[string]any{"grade": 5}); r.Status != 200 {
		t.Fatal(r.Body)
	}
	s.charge(admin, c, "gold", "1")
	if r := s.do("POST", "/api/prices/sell", c.token, map[string]any{"amount_gold": "0.5"}); r.Status != 400 || !strings.Contains(r.Body, msgPriceUnavailable) {
		t.Fatalf("selling at a price of zero: %d %s", r.Status, r.Body)
	}
	log, err := s.store.AuditLog(t.Context(), store.AuditFilter{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	actions := []string{}
	for _, e := range log {
		actions = append(actions, e.Action)
	}
	if got := strings.Join(actions, " "); !strings.Contains(got, "user.grade user.grade grade.update grade.update price.set") {
		t.Fatalf("audit actions, newest first: %s", got)
	}
}

func TestPriceSettingsAreCheckedAndAudited(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	put := func(name string, body map[string]any, status int, want string) scenario {
		return scenario{name, "PUT", "/api/priceSettings", admin, body, status, want}
	}
	s.run(t, []scenario{
		{"the defaults", "GET", "/api/priceSettings", admin, nil, 200, `{"buy_enabled":true,"sell_enabled":true,"buy_start_time":"00:00","buy_end_time":"23:59","sell_start_time":"00:00","sell_end_time":"23:59","min_weight":"0.001","max_weight":"1000.000","price_max_age_minutes":30,"referral_min_trade_rial":"1000000","referral_monthly_cap":10}`},
		put("a time without a leading zero", map[string]any{"buy_start_time": "8:00"}, 400, msgClockInvalid),
		put("hour 24", map[string]any{"sell_end_time": "24:00"}, 400, msgClockInvalid),
		put("a min weight of zero", map[string]any{"min_weight": "0"}, 400, msgMinWeightInvalid),
		put("a min weight with four decimals", map[string]any{"min_weight": "0.0005"}, 400, msgMinWeightInvalid),
		put("a max below the min", map[string]any{"min_weight": "2", "max_weight": "1"}, 400, msgMaxWeightInvalid),
		put("a max age of zero", map[string]any{"price_max_age_minutes": 0}, 400, msgMaxAgeInvalid),
		put("a max age over a week", map[string]any{"price_max_age_minutes": 10081}, 400, msgMaxAgeInvalid),
		put("a text for a flag", map[string]any{"buy_enabled": "yes"}, 400, ""),
		put("a negative referral minimum", map[string]any{"referral_min_trade_rial": "-1"}, 400, msgReferralMinInvalid),
		put("a fractional referral minimum", map[string]any{"referral_min_trade_rial": "1.5"}, 400, msgReferralMinInvalid),
		put("a referral cap over the bound", map[string]any{"referral_monthly_cap": 100001}, 400, msgReferralCapInvalid),
		{"nothing changed", "GET", "/api/priceSettings", admin, nil, 200, `"min_weight":"0.001","max_weight":"1000.000"`},
		put("the full object", map[string]any{"buy_enabled": false, "sell_enabled": true, "buy_start_time": "۰۹:۳۰",
			"buy_end_time": "20:00", "sell_start_time": "22:00", "sell_end_time": "02:00", "min_weight": "0.01",
			"max_weight": "۲۵۰", "price_max_age_minutes": "15", "referral_min_trade_rial": "۵٬۰۰۰٬۰۰۰", "referral_monthly_cap": 3}, 200, msgSettingsSaved),
		{"kept", "GET", "/api/priceSettings", admin, nil, 200, `{"buy_enabled":false,"sell_enabled":true,"buy_start_time":"09:30","buy_end_time":"20:00","sell_start_time":"22:00","sell_end_time":"02:00","min_weight":"0.010","max_weight":"250.000","price_max_age_minutes":15,"referral_min_trade_rial":"5000000","referral_monthly_cap":3}`},
	})
	log, _ := s.store.AuditLog(t.Context(), store.AuditFilter{Limit: 1})
	if len(log) != 1 || log[0].Action != "price_settings.save" || !strings.Contains(fmt.Sprint(log[0].After), "250000") {
		t.Fatalf("audit %+v", log)
	}
}

func TestGoldTransactionsListingFilters(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	a := s.newTrader(1, "")
	b := s.newTrader(2, "")
	s.setPrice(admin, 50_000_000)
	s.charge(admin, a, "rial", "100000000")
	s.charge(admin, b, "gold", "10")
	s.trade(a, "buy", map[string]any{"amount_gold": "1.5"})
	s.trade(b, "sell", map[string]any{"amount_gold": "0.25"})
	s.setPrice(admin, 52_000_000)
	s.trade(a, "buy", map[string]any{"amount_rial": 5_200_000})
	list := "/api/adminGoldTransactions/gold-transactions"
	s.run(t, []scenario{
		{"everything, newest first", "GET", list, admin, nil, 200, `"type":"buy","status":"approved","price_per_gram":"52000000","debit_rial":"5200000","credit_rial":"0","debit_gold":"0.000","credit_gold":"0.100"`},
		{"a sell is written the other way", "GET", list + "?type=sell", admin, nil, 200, `"debit_rial":"0","credit_rial":"12500000","debit_gold":"0.250","credit_gold":"0.000"`},
		{"an unknown type", "GET", list + "?type=gift", admin, nil, 400, msgFilterInvalid},
		{"an unknown status", "GET", list + "?status=pending", admin, nil, 400, msgFilterInvalid},
		{"rejected trades do not exist", "GET", list + "?status=rejected", admin, nil, 200, `[]`},
		{"a bad weight", "GET", list + "?minWeight=abc", admin, nil, 400, msgFilterInvalid},
		{"dates the wrong way round", "GET", list + "?startDate=2030-01-02T00:00:00&endDate=2030-01-01T00:00:00", admin, nil, 400, msgDateRange},
		{"a future range", "GET", list + "?startDate=2099-01-01T00:00:00", admin, nil, 200, `[]`},
	})
	count := func(q string) int {
		r := s.do("GET", list+q, admin, nil)
		if r.Status != 200 {
			t.Fatalf("%s: %d %s", q, r.Status, r.Body)
		}
		return strings.Count(r.Body, `"id":`)
	}
	for q, want := range map[string]int{
		"": 3, "?type=buy": 2, "?type=all&status=approved": 3, "?minWeight=0.2": 2, "?maxWeight=0.25": 2,
		"?minWeight=0.25&maxWeight=1.5": 2, "?minPricePerGram=51000000": 1, "?maxPricePerGram=50000000": 2,
		"?search=" + b.phone: 1, "?search=" + a.phone + "&type=sell": 0,
	} {
		if got := count(q); got != want {
			t.Errorf("%q: %d trades, want %d", q, got, want)
		}
	}
}

// An invitee's first trade gives the inviter 0.005 g once; later trades and other customers give nothing.
func TestReferralRewardIsPaidOncePerInvitee(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	inviter := s.newTrader(1, "")
	invitee := s.newTrader(2, inviter.referralCode)
	s.newTrader(3, strings.ToLower(inviter.referralCode)) // registered, never trades
	stranger := s.newTrader(4, "")
	s.setPrice(admin, 50_000_000)
	for _, c := range []trader{invitee, stranger} {
		s.charge(admin, c, "rial", "10000000")
	}
	s.run(t, []scenario{{"nothing earned yet", "GET", "/api/referral/stats", inviter.token, nil, 200,
		`{"earned":"0.000","invited":2,"referral_code":"` + inviter.referralCode + `"}`}})
	s.trade(invitee, "buy", map[string]any{"amount_rial": 1_000_000})
	s.trade(invitee, "buy", map[string]any{"amount_rial": 1_000_000})
	s.trade(stranger, "buy", map[string]any{"amount_rial": 1_000_000})
	s.run(t, []scenario{
		{"one reward", "GET", "/api/referral/stats", inviter.token, nil, 200, `"earned":"0.005","invited":2`},
		{"on the inviter's statement", "GET", "/api/transactions/all", inviter.token, nil, 200, `"type":"reward_referral","status":"approved","description":"` + descReferralReward + `"`},
		{"the invitee invited nobody", "GET", "/api/referral/stats", invitee.token, nil, 200, `"earned":"0.000","invited":0`},
	})
	s.wantBalance(t, inviter, "balance_gold", "0.005")
	if st := s.do("GET", "/api/transactions/all", inviter.token, nil); strings.Count(st.Body, "reward_referral") != 1 {
		t.Fatalf("inviter statement: %s", st.Body)
	}
}

// A confirm repeated with its Idempotency-Key gets the first answer and trades once.
func TestVerifyReplaysWithTheSameKey(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.setPrice(admin, 50_000_000)
	s.charge(admin, c, "rial", "10000000")
	s.quote(c, "buy", map[string]any{"amount_rial": 1_000_000})
	code := s.lastCode(c.phone)
	first := s.send(nil, s.verifyRequest(c.token, code, "buy", "tap-1"))
	again := s.send(nil, s.verifyRequest(c.token, code, "buy", "tap-1"))
	if first.Status != 200 || again.Status != 200 || first.Body != again.Body || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("first %d %s; again %d %s", first.Status, first.Body, again.Status, again.Body)
	}
	s.wantBalance(t, c, "balance_rial", "9000000")
}
