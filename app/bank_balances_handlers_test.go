package app

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

type bankBalancesAnswer struct {
	Items, Latest []bankBalanceView
	Total         string
	RialOwed      string `json:"rial_owed"`
	Ratio         *string
}

func (s *testShop) bankBalances(t *testing.T, owner string) bankBalancesAnswer {
	t.Helper()
	var a bankBalancesAnswer
	if err := json.Unmarshal([]byte(s.mustDo("GET", "/api/admin/bank-balances", owner, nil).Body), &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// The owner records dated balances; the panel sums each bank's newest against every customer's rial.
func TestBankBalancesSetTheBanksAgainstCustomersRial(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	today := s.clock.Now().In(iran.Tehran)
	day := func(back int) string { return today.AddDate(0, 0, -back).Format(time.DateOnly) }
	if a := s.bankBalances(t, owner); len(a.Items) != 0 || a.Total != "0" || a.RialOwed != "0" || a.Ratio != nil {
		t.Fatalf("a new shop: %+v", a)
	}
	c1, c2 := s.newTrader(1, ""), s.newTrader(2, "")
	s.charge(owner, c1, "rial", "300000000")
	s.charge(owner, c2, "rial", "100000000")
	for _, b := range []map[string]any{
		{"bank": "ملت", "balance": "250000000", "as_of": day(3)},
		{"bank": "ملت", "balance": "۲۰۰٬۰۰۰٬۰۰۰", "as_of": day(1)},
		{"bank": "ملت", "balance": 900000000, "as_of": day(5)}, // recorded late for an older day: not the newest
		{"bank": "سامان", "balance": "10,000,000", "as_of": day(0)},
	} {
		if r := s.do("POST", "/api/admin/bank-balances", owner, b); r.Status != 201 || r.JSON["message"] != msgBankBalanceSaved {
			t.Fatalf("record %v: %d %s", b, r.Status, r.Body)
		}
	}
	a := s.bankBalances(t, owner)
	if len(a.Items) != 4 || a.Items[0].Bank != "سامان" || a.Items[3].Balance != "900000000" {
		t.Fatalf("history newest first: %+v", a.Items)
	}
	if len(a.Latest) != 2 || a.Total != "210000000" || a.RialOwed != "400000000" || a.Ratio == nil || *a.Ratio != "0.52" {
		t.Fatalf("latest %+v total %s owed %s ratio %v", a.Latest, a.Total, a.RialOwed, a.Ratio)
	}
	if p := s.audit(owner, "kind=bank_balance"); len(p.Items) != 4 {
		t.Fatalf("audited %d records, want 4", len(p.Items))
	}
}

func TestBankBalancesRefuseBadInputAndOthers(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	staff := s.signInStaff("09350000002")
	c := s.newCustomer()
	today := s.clock.Now().In(iran.Tehran)
	good := func(change map[string]any) map[string]any {
		b := map[string]any{"bank": "ملت", "balance": "1000", "as_of": today.Format(time.DateOnly)}
		for k, v := range change {
			b[k] = v
		}
		return b
	}
	post := func(name, token string, body map[string]any, status int, msg string) scenario {
		return scenario{name: name, method: "POST", path: "/api/admin/bank-balances", token: token, body: body,
			wantStatus: status, wantContains: msg, wantAbsent: []string{`"item"`}}
	}
	s.run(t, []scenario{
		post("refuses a one-letter bank", owner, good(map[string]any{"bank": " م "}), 400, msgBankBalanceBank),
		post("refuses a bank name of 51 letters", owner, good(map[string]any{"bank": strings.Repeat("ب", 51)}), 400, msgBankBalanceBank),
		post("refuses a control character", owner, good(map[string]any{"bank": "ملت\u0000"}), 400, msgBankBalanceBank),
		post("refuses a negative balance", owner, good(map[string]any{"balance": "-5"}), 400, msgBankBalanceAmount),
		post("refuses a fraction of a rial", owner, good(map[string]any{"balance": "10.5"}), 400, msgBankBalanceAmount),
		post("refuses an empty balance", owner, good(map[string]any{"balance": ""}), 400, msgBankBalanceAmount),
		post("refuses a balance beyond 10^16", owner, good(map[string]any{"balance": "10000000000000001"}), 400, msgBankBalanceAmount),
		post("refuses tomorrow", owner, good(map[string]any{"as_of": today.AddDate(0, 0, 1).Format(time.DateOnly)}), 400, msgBankBalanceDate),
		post("refuses a Jalali date", owner, good(map[string]any{"as_of": "1405-09-05"}), 400, msgBankBalanceDate),
		post("refuses a missing date", owner, good(map[string]any{"as_of": ""}), 400, msgBankBalanceDate),
		post("refuses staff", staff, good(nil), 403, ""),
		post("refuses a customer", c.token, good(nil), 403, ""),
		{name: "hides the balances from staff", method: "GET", path: "/api/admin/bank-balances", token: staff, wantStatus: 403,
			wantAbsent: []string{"rial_owed"}},
	})
	if a := s.bankBalances(t, owner); len(a.Items) != 0 {
		t.Fatalf("a refused record was kept: %+v", a.Items)
	}
	if p := s.audit(owner, "kind=bank_balance"); len(p.Items) != 0 {
		t.Fatalf("a refused record was audited: %+v", p.Items)
	}
}
