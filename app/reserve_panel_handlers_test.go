package app

import (
	"encoding/json"
	"testing"
)

func (s *testShop) reservePanel(t *testing.T, owner string) reservePanelView {
	t.Helper()
	var v reservePanelView
	if err := json.Unmarshal([]byte(s.mustDo("GET", "/api/admin/reserve", owner, nil).Body), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// The owner's panel follows the reserve from empty to ample to near its margin, with the vault's composition.
func TestTheReservePanelWarnsNearTheMargin(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	s.setPrice(owner, 10_000_000)
	if v := s.reservePanel(t, owner); v.Level != "short" || v.Ratio != nil || v.Room != "0.000" || !v.GuardEnabled {
		t.Fatalf("a new shop must be short with no ratio: %+v", v)
	}
	s.addVaultItem(owner, map[string]any{"kind": "melted", "description": "آبشده", "weight": "10", "purity": "750"})
	s.addVaultItem(owner, vaultCoin()) // 9.759 g at 750
	c := s.newTrader(1, "")
	s.charge(owner, c, "rial", "500000000")
	s.trade(c, "buy", map[string]any{"amount_gold": "4"})

	v := s.reservePanel(t, owner)
	if v.Owed != "4.000" || v.Held != "19.759" || v.Reserve != "19.759" || v.Promised != "0.000" ||
		v.Room != "15.759" || v.Ratio == nil || *v.Ratio != "4.93" || v.Level != "ok" || v.MarginPercent != "0.00" {
		t.Fatalf("after a 4 g buy: %+v", v)
	}
	kinds := map[string]vaultTotalView{}
	for _, k := range v.Composition {
		kinds[k.Kind] = k
	}
	if kinds["melted"].Weight750 != "10.000" || kinds["coin"].Count != 1 || kinds["coin"].Weight750 != "9.759" ||
		kinds["bar"].Count != 0 {
		t.Fatalf("composition %+v", v.Composition)
	}

	// A 5 % margin leaves 19.759/1.05 − 4 = 14.818 g; buying 14.5 g leaves 0.318 g, under a twentieth.
	s.mustDo("PUT", "/api/admin/reserve-settings", owner, map[string]any{"margin_percent": "5"})
	s.trade(c, "buy", map[string]any{"amount_gold": "14.5"})
	if v := s.reservePanel(t, owner); v.Level != "near" || v.Room != "0.318" || v.MarginPercent != "5.00" {
		t.Fatalf("near the margin: %+v", v)
	}
}

func TestTheReservePanelIsTheOwnersAlone(t *testing.T) {
	s := newBareShop(t)
	staff := s.signInStaff("09350000002")
	c := s.newCustomer()
	s.run(t, []scenario{
		{name: "refuses staff", method: "GET", path: "/api/admin/reserve", token: staff, wantStatus: 403, wantAbsent: []string{"owed"}},
		{name: "refuses a customer", method: "GET", path: "/api/admin/reserve", token: c.token, wantStatus: 403, wantAbsent: []string{"owed"}},
		{name: "refuses a stranger", method: "GET", path: "/api/admin/reserve", wantStatus: 401, wantAbsent: []string{"owed"}},
	})
}
