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
		{name: "prices are null before a base price", method: "GET", path: "/api/prices/my-prices", token: c.token, wantStatus: 200, wantContains: `"grade":1,"buy_price":null,"sell_price":null,"last_updated":null,"is_price_fresh":false`},
		{name: "the admin table too", method: "GET", path: "/api/admin/prices", token: admin, wantStatus: 200, wantContains: `"base_price":null`},
		{name: "grades start at zero", method: "GET", path: "/api/admin/grades", token: admin, wantStatus: 200, wantContains: `{"id":5,"sell_add":"0","buy_subtract":"0"}`},
	})
	// The shop's base is 50,000,000 rial; grade 2 adds 250,000 to buy and takes 300,000 off sell, and grade 5
	// sells nothing. The cases that save these rules save the same again, so no case changes what another reads.
	s.setPrice(admin, 50_000_000)
	s.mustDo("PUT", "/api/admin/grades/2", admin, map[string]any{"sell_add": 250_000, "buy_subtract": 300_000})
	s.mustDo("PUT", "/api/admin/grades/5", admin, map[string]any{"sell_add": 0, "buy_subtract": 50_000_000})
	// atGrade2 is a fresh customer the admin moved to grade 2.
	atGrade2 := func(s *testShop, admin string) trader {
		g := s.newCustomer()
		s.mustDo("PUT", "/api/admin/users/"+g.id, admin, map[string]any{"grade": 2})
		return g
	}
	s.run(t, []scenario{
		{name: "customers cannot read grades", method: "GET", path: "/api/admin/grades", token: c.token, wantStatus: 403, wantAbsent: []string{`"sell_add"`}},
		{name: "customers cannot change grades", method: "PUT", path: "/api/admin/grades/2", token: c.token, body: map[string]any{"sell_add": 1, "buy_subtract": 1}, wantStatus: 403, wantAbsent: []string{msgGradeSaved}},
		{name: "customers cannot change their own grade", method: "PUT", path: "/api/admin/users/" + c.id, token: c.token, body: map[string]any{"grade": 5}, wantStatus: 403, wantAbsent: []string{`"grade":5`}},
		{name: "a negative rule", method: "PUT", path: "/api/admin/grades/2", token: admin, body: map[string]any{"sell_add": -1, "buy_subtract": 0}, wantStatus: 400, wantContains: msgGradeValue, wantAbsent: []string{msgGradeSaved}},
		{name: "a fractional rule", method: "PUT", path: "/api/admin/grades/2", token: admin, body: map[string]any{"sell_add": "1.5", "buy_subtract": 0}, wantStatus: 400, wantContains: msgGradeValue, wantAbsent: []string{msgGradeSaved}},
		{name: "a missing rule", method: "PUT", path: "/api/admin/grades/2", token: admin, body: map[string]any{"sell_add": 100}, wantStatus: 400, wantContains: msgGradeValue, wantAbsent: []string{msgGradeSaved}},
		{name: "grade 6", method: "PUT", path: "/api/admin/grades/6", token: admin, body: map[string]any{"sell_add": 1, "buy_subtract": 1}, wantStatus: 404, wantContains: msgGradeNotFound, wantAbsent: []string{msgGradeSaved}},
		{name: "grade 2's rules in Persian digits", method: "PUT", path: "/api/admin/grades/2", token: admin,
			body: map[string]any{"sell_add": "۲۵۰٬۰۰۰", "buy_subtract": "300000"}, wantStatus: 200, wantContains: `"grade":{"id":2,"sell_add":"250000","buy_subtract":"300000"}`},
		{name: "grade 5 sells nothing at this base", method: "PUT", path: "/api/admin/grades/5", token: admin,
			body: map[string]any{"sell_add": 0, "buy_subtract": 50_000_000}, wantStatus: 200, wantContains: msgGradeSaved},
		{name: "the price table follows", method: "GET", path: "/api/admin/prices", token: admin, wantStatus: 200, wantContains: `{"grade":2,"buy_price":"50250000","sell_price":"49700000"}`},
		{name: "a sell price of zero is null", method: "GET", path: "/api/admin/prices", token: admin, wantStatus: 200, wantContains: `{"grade":5,"buy_price":"50000000","sell_price":null}`},
		{name: "a customer starts at grade 1", method: "GET", path: "/api/prices/my-prices", token: c.token, wantStatus: 200, wantContains: `"grade":1,"buy_price":"50000000","sell_price":"50000000"`},
		{name: "grade 0 is refused", method: "PUT", path: "/api/admin/users/" + c.id, token: admin, body: map[string]any{"grade": 0}, wantStatus: 400, wantContains: msgGradeRange, wantAbsent: []string{`"grade":0`}},
		{name: "grade 2.5 is refused", method: "PUT", path: "/api/admin/users/" + c.id, token: admin, body: map[string]any{"grade": "2.5"}, wantStatus: 400, wantContains: msgGradeRange, wantAbsent: []string{`"grade":`}},
		{name: "an unknown user", method: "PUT", path: "/api/admin/users/9999", token: admin, body: map[string]any{"grade": 2}, wantStatus: 404, wantContains: msgUserNotFound, wantAbsent: []string{`"grade":`}},
		{name: "the admin moves the customer to grade 2", method: "PUT", token: admin, setup: func(s *testShop, c *scenario) { c.path = "/api/admin/users/" + s.newCustomer().id },
			body: map[string]any{"grade": "۲"}, wantStatus: 200, wantContains: `"grade":2`},
		{name: "the customer's prices follow", method: "GET", path: "/api/prices/my-prices", setup: func(s *testShop, c *scenario) { c.token = atGrade2(s, admin).token },
			wantStatus: 200, wantContains: `"grade":2,"buy_price":"50250000","sell_price":"49700000"`},
		{name: "the user list shows the grade", method: "GET", token: admin, setup: func(s *testShop, c *scenario) { c.path = "/api/admin/users?search=" + atGrade2(s, admin).phone },
			wantStatus: 200, wantContains: `"grade":2`, wantAbsent: []string{c.phone}},
		{name: "the user list searches by name", method: "GET", path: "/api/admin/users?search=%D8%B3%D8%A7%D8%B1%D8%A7", token: admin, wantStatus: 200, wantContains: `"phone_number":"` + c.phone + `"`},
		{name: "a search matching nobody is empty", method: "GET", path: "/api/admin/users?search=nobody", token: admin, wantStatus: 200, wantContains: `[]`, wantAbsent: []string{c.phone}},
	})
	if b := s.do("GET", "/api/prices/my-prices", c.token, nil).Body; !strings.Contains(b, `"grade":1,`) {
		t.Fatalf("the refused grade changes moved the customer: %s", b)
	}

	// Grade 5 cannot sell while its sell price is not above zero.
	s.setPrice(admin, 50_000_000)
	s.mustDo("PUT", "/api/admin/grades/2", admin, map[string]any{"sell_add": 250_000, "buy_subtract": 300_000})
	s.mustDo("PUT", "/api/admin/grades/5", admin, map[string]any{"sell_add": 0, "buy_subtract": 50_000_000})
	s.mustDo("PUT", "/api/admin/users/"+c.id, admin, map[string]any{"grade": 2})
	s.mustDo("PUT", "/api/admin/users/"+c.id, admin, map[string]any{"grade": 5})
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
		return scenario{name: name, method: "PUT", path: "/api/priceSettings", token: admin, body: body, wantStatus: status, wantContains: want, wantAbsent: []string{msgSettingsSaved}}
	}
	defaults := `{"buy_enabled":true,"sell_enabled":true,"buy_start_time":"00:00","buy_end_time":"23:59","sell_start_time":"00:00","sell_end_time":"23:59","min_weight":"0.001","max_weight":"1000.000","price_max_age_minutes":30,"referral_min_trade_rial":"1000000","referral_monthly_cap":10}`
	full := map[string]any{"buy_enabled": false, "sell_enabled": true, "buy_start_time": "۰۹:۳۰",
		"buy_end_time": "20:00", "sell_start_time": "22:00", "sell_end_time": "02:00", "min_weight": "0.01",
		"max_weight": "۲۵۰", "price_max_age_minutes": "15", "referral_min_trade_rial": "۵٬۰۰۰٬۰۰۰", "referral_monthly_cap": 3}
	s.run(t, []scenario{
		{name: "the defaults", method: "GET", path: "/api/priceSettings", token: admin, wantStatus: 200, wantContains: defaults},
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
	})
	if r := s.do("GET", "/api/priceSettings", admin, nil); !strings.Contains(r.Body, defaults) {
		t.Fatalf("the refused settings changed something: %s", r.Body)
	}
	if log, _ := s.store.AuditLog(t.Context(), store.AuditFilter{Limit: 1}); len(log) != 0 && log[0].Action == "price_settings.save" {
		t.Fatalf("refused settings were audited: %+v", log)
	}
	// Saved, the settings stay so: the one case that saves them saves the same again.
	s.mustDo("PUT", "/api/priceSettings", admin, full)
	s.run(t, []scenario{
		{name: "the full object", method: "PUT", path: "/api/priceSettings", token: admin, body: full, wantStatus: 200, wantContains: msgSettingsSaved},
		{name: "kept", method: "GET", path: "/api/priceSettings", token: admin, wantStatus: 200, wantContains: `{"buy_enabled":false,"sell_enabled":true,"buy_start_time":"09:30","buy_end_time":"20:00","sell_start_time":"22:00","sell_end_time":"02:00","min_weight":"0.010","max_weight":"250.000","price_max_age_minutes":15,"referral_min_trade_rial":"5000000","referral_monthly_cap":3}`},
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
		{name: "everything, newest first", method: "GET", path: list, token: admin, wantStatus: 200, wantContains: `"type":"buy","status":"approved","price_per_gram":"52000000","debit_rial":"5200000","credit_rial":"0","debit_gold":"0.000","credit_gold":"0.100"`},
		{name: "a sell is written the other way", method: "GET", path: list + "?type=sell", token: admin, wantStatus: 200, wantContains: `"debit_rial":"0","credit_rial":"12500000","debit_gold":"0.250","credit_gold":"0.000"`, wantAbsent: []string{`"type":"buy"`}},
		{name: "an unknown type", method: "GET", path: list + "?type=gift", token: admin, wantStatus: 400, wantContains: msgFilterInvalid},
		{name: "an unknown status", method: "GET", path: list + "?status=pending", token: admin, wantStatus: 400, wantContains: msgFilterInvalid},
		{name: "rejected trades do not exist", method: "GET", path: list + "?status=rejected", token: admin, wantStatus: 200, wantContains: `[]`, wantAbsent: []string{`"type":`}},
		{name: "a bad weight", method: "GET", path: list + "?minWeight=abc", token: admin, wantStatus: 400, wantContains: msgFilterInvalid},
		{name: "dates the wrong way round", method: "GET", path: list + "?startDate=2030-01-02T00:00:00&endDate=2030-01-01T00:00:00", token: admin, wantStatus: 400, wantContains: msgDateRange},
		{name: "a future range", method: "GET", path: list + "?startDate=2099-01-01T00:00:00", token: admin, wantStatus: 200, wantContains: `[]`, wantAbsent: []string{`"type":`}},
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
	s.run(t, []scenario{{name: "nothing earned yet", method: "GET", path: "/api/referral/stats", token: inviter.token, wantStatus: 200,
		wantContains: `{"earned":"0.000","invited":2,"referral_code":"` + inviter.referralCode + `"}`}})
	s.trade(invitee, "buy", map[string]any{"amount_rial": 1_000_000})
	s.trade(invitee, "buy", map[string]any{"amount_rial": 1_000_000})
	s.trade(stranger, "buy", map[string]any{"amount_rial": 1_000_000})
	s.run(t, []scenario{
		{name: "one reward", method: "GET", path: "/api/referral/stats", token: inviter.token, wantStatus: 200, wantContains: `"earned":"0.005","invited":2`},
		{name: "on the inviter's statement", method: "GET", path: "/api/transactions/all", token: inviter.token, wantStatus: 200, wantContains: `"type":"reward_referral","status":"approved","description":"` + descReferralReward + `"`},
		{name: "the invitee invited nobody", method: "GET", path: "/api/referral/stats", token: invitee.token, wantStatus: 200, wantContains: `"earned":"0.000","invited":0`},
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
