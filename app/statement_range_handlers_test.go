package app

import (
	"encoding/json"
	"testing"
	"time"

	"goldshop/iran"
)

func (s *testShop) statementRange(t *testing.T, token, from, to string) statementRangeView {
	t.Helper()
	var v statementRangeView
	r := s.mustDo("GET", "/api/transactions/statement?from="+from+"&to="+to, token, nil)
	if err := json.Unmarshal([]byte(r.Body), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// A printed statement holds the days asked, oldest first, between the balances at their start and end.
func TestTheStatementOfARangeOpensAndClosesOnItsDays(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	s.setPrice(owner, 10_000_000)
	c, other := s.newTrader(1, ""), s.newTrader(2, "")
	// three Tehran days at noon: a charge on the first, a buy and a charge on the second, a charge on the third
	noon := func(back int) time.Time {
		d := s.clock.Now().In(iran.Tehran).AddDate(0, 0, back)
		return time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, iran.Tehran)
	}
	s.clock.setClock(noon(1))
	owner = s.signInAdmin()
	day1 := s.clock.Now().In(iran.Tehran).Format(time.DateOnly)
	s.charge(owner, c, "rial", "100000000")
	s.charge(owner, other, "rial", "999000000")
	s.clock.setClock(noon(2))
	owner = s.signInAdmin()
	c.token = s.signIn(c.phone)
	day2 := s.clock.Now().In(iran.Tehran).Format(time.DateOnly)
	s.setPrice(owner, 10_000_000) // a day-old price is stale
	s.trade(c, "buy", map[string]any{"amount_gold": "2"})
	s.charge(owner, c, "gold", "0.5")
	s.clock.setClock(noon(3))
	owner = s.signInAdmin()
	c.token = s.signIn(c.phone)
	day3 := s.clock.Now().In(iran.Tehran).Format(time.DateOnly)
	s.charge(owner, c, "rial", "7")

	v := s.statementRange(t, c.token, day2, day2)
	if v.From != day2 || v.To != day2 || v.Opening != (totalsView{"100000000", "0.000"}) || len(v.Transactions) != 2 {
		t.Fatalf("day 2: %+v", v)
	}
	buy, charge := v.Transactions[0], v.Transactions[1]
	if buy.Type != "buy" || buy.CreditGold != "2.000" || buy.BalanceGold != "2.000" || charge.BalanceGold != "2.500" ||
		v.Closing.Gold != "2.500" || v.Closing.Rial != charge.BalanceRial || v.Closing.Rial != buy.BalanceRial {
		t.Fatalf("day 2 rows %+v closing %+v", v.Transactions, v.Closing)
	}
	all := s.statementRange(t, c.token, day1, day3)
	if all.Opening != (totalsView{"0", "0.000"}) || len(all.Transactions) != 4 || all.Closing.Gold != "2.500" {
		t.Fatalf("days 1–3: %+v", all)
	}
	bal := s.balances(c.token)
	if all.Closing.Rial != bal["balance_rial"] {
		t.Fatalf("closing %s, balances %v", all.Closing.Rial, bal)
	}
	if after := s.statementRange(t, c.token, day3, day3); after.Opening != v.Closing {
		t.Fatalf("day 3 opens at %+v, day 2 closed at %+v", after.Opening, v.Closing)
	}
}

func TestTheStatementOfARangeRefusesBadDays(t *testing.T) {
	s := newTestShop(t)
	c := s.newCustomer()
	path := func(from, to string) string { return "/api/transactions/statement?from=" + from + "&to=" + to }
	get := func(name, from, to string, status int, msg string) scenario {
		return scenario{name: name, method: "GET", path: path(from, to), token: c.token, wantStatus: status,
			wantContains: msg, wantAbsent: []string{"opening"}}
	}
	s.run(t, []scenario{
		get("needs both days", "2026-01-01", "", 400, msgExportDatesRequired),
		get("refuses a malformed day", "2026-13-01", "2026-12-01", 400, msgExportDateInvalid),
		get("refuses a Jalali day", "1405-01-01", "1405-02-01", 400, msgExportDateInvalid),
		// a query's + is a space: the day with a sign in front reaches the server as " 2026-01-01"
		get("refuses a day with a sign", "+2026-01-01", "2026-01-02", 400, msgExportDateInvalid),
		get("refuses a day with a space around it", "2026-01-01", "%202026-01-02", 400, msgExportDateInvalid),
		get("refuses from after to", "2026-03-02", "2026-03-01", 400, msgDateRange),
		get("refuses more than 366 days", "2025-01-01", "2026-01-02", 400, msgStatementRangeLong),
		{name: "allows 366 days", method: "GET", path: path("2024-01-01", "2024-12-31"), token: c.token, wantStatus: 200,
			wantContains: `"opening":{"rial":"0","gold":"0.000"}`},
		{name: "is for the signed in", method: "GET", path: path("2026-01-01", "2026-01-02"), wantStatus: 401,
			wantAbsent: []string{"opening"}},
	})
}
