package app

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// addVaultItem receives an item as the owner and returns its id.
func (s *testShop) addVaultItem(owner string, item map[string]any) string {
	s.t.Helper()
	r := s.mustDo("POST", "/api/admin/vault", owner, item)
	return fmt.Sprint(r.JSON["item"].(map[string]any)["id"])
}

// vaultBar is a coded bar of 100 g at 999.9 with the given ingot.
func vaultBar(ingot string) map[string]any {
	return map[string]any{"kind": "bar", "description": "شمش بانکی", "weight": "100", "purity": "999.9", "lab": "ری",
		"ingot_number": ingot, "standard_code": "ISIRI-1", "production_code": "P-7", "tracking_code": "T-" + ingot}
}

func vaultCoin() map[string]any {
	return map[string]any{"kind": "coin", "description": "سکه امامی", "weight": "8.133", "purity": "900"}
}

// vaultState is every item with its history, to show a refusal changed nothing.
func (s *testShop) vaultState() string {
	s.t.Helper()
	ctx := context.Background()
	items, err := s.store.VaultItems(ctx, "")
	if err != nil {
		s.t.Fatal(err)
	}
	var b strings.Builder
	for _, it := range items {
		moves, err := s.store.VaultMoves(ctx, it.ID)
		if err != nil {
			s.t.Fatal(err)
		}
		fmt.Fprintf(&b, "%+v %d moves\n", it, len(moves))
	}
	return b.String()
}

func TestTheOwnerKeepsTheVault(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	coin := s.addVaultItem(owner, vaultCoin())
	s.run(t, []scenario{
		{name: "an item in Persian digits; its 750-equivalent computed, the client's ignored", method: "POST",
			path: "/api/admin/vault", token: owner, body: map[string]any{"kind": "melted", "weight": "۱۰", "purity": "۹۹۹٫۹",
				"lab": "ری", "ingot_number": "۱۲۳", "weight750": "99"}, wantStatus: 200,
			wantContains: `"kind":"melted","description":"","weight":"10.000","purity":"999.90","weight750":"13.332","lab":"ری","ingot_number":"123"`},
		{name: "a coded bar", method: "POST", path: "/api/admin/vault", token: owner, body: vaultBar("1"), wantStatus: 200,
			wantContains: `"weight750":"133.320","lab":"ری","ingot_number":"1","standard_code":"ISIRI-1","production_code":"P-7","tracking_code":"T-1","status":"in","requestable":false`},
		{name: "the list has the items in the vault, totals by kind and what is held", method: "GET", path: "/api/admin/vault",
			token: owner, setup: func(s *testShop, c *scenario) {
				s.mustDo("POST", "/api/admin/vault/"+s.addVaultItem(owner, vaultCoin())+"/out", owner, map[string]any{"reason": "sold"})
			}, wantStatus: 200, wantContains: `"kind":"coin","count":1,"weight750":"9.759"`},
		{name: "what left is listed with ?status=all", method: "GET", path: "/api/admin/vault?status=all", token: owner,
			setup: func(s *testShop, c *scenario) {
				s.mustDo("POST", "/api/admin/vault/"+s.addVaultItem(owner, vaultBar("2"))+"/out", owner,
					map[string]any{"reason": "melted", "note": "ذوب برای ساخت"})
			}, wantStatus: 200, wantContains: `"ingot_number":"2"`},
		{name: "an item with its history", method: "GET", path: "/api/admin/vault/" + coin, token: owner, wantStatus: 200,
			wantContains: `"moves":[{"id":`},
		{name: "a weight change is journaled as a correction", method: "PUT", token: owner, setup: func(s *testShop, c *scenario) {
			c.path = "/api/admin/vault/" + s.addVaultItem(owner, vaultCoin())
		}, body: map[string]any{"weight": "8", "note": "ترازوی دقیق"}, wantStatus: 200,
			wantContains: `"description":"سکه امامی","weight":"8.000","purity":"900.00","weight750":"9.600"`},
		{name: "a bar added to the inventory is in the vault, requestable and held", method: "GET", path: "/api/admin/vault",
			token: owner, setup: func(s *testShop, c *scenario) { s.addBar(owner, "آزمایشگاه کرج", "77", "750", "2") },
			wantStatus: 200, wantContains: `"weight750":"2.000","lab":"آزمایشگاه کرج","ingot_number":"77","standard_code":"","production_code":"","tracking_code":"","status":"in","requestable":true`},
	})
	r := s.mustDo("GET", "/api/admin/vault?status=out", owner, nil)
	if strings.Contains(r.Body, `"status":"in"`) || !strings.Contains(r.Body, `"status":"out"`) {
		t.Errorf("?status=out: %s", r.Body)
	}
	// held is the sum of the totals, and what is listed by default is what is in.
	r = s.mustDo("GET", "/api/admin/vault", owner, nil)
	held, _ := s.store.VaultHeld(context.Background())
	if r.str("held") != fmt.Sprintf("%d.%03d", held/1000, held%1000) || strings.Contains(r.Body, `"status":"out"`) {
		t.Errorf("list: held %d, %s", held, r.Body)
	}
	h := s.mustDo("GET", "/api/admin/vault/"+coin, owner, nil).Body
	if !strings.Contains(h, `"kind":"received","delta750":"9.759","weight_after":"8.133","purity_after":"900.00","status_after":"in"`) {
		t.Errorf("history: %s", h)
	}
}

func TestTheVaultRefusesWithAReasonAndChangesNothing(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	c := s.newTrader(1, "")
	// the customer's gold comes before any holding here: these tests follow the vault alone
	s.mustDo("PUT", "/api/admin/reserve-settings", owner, map[string]any{"guard_enabled": false, "confirm": true})
	s.charge(owner, c, "gold", "100")
	coin := s.addVaultItem(owner, vaultCoin())
	s.addVaultItem(owner, vaultBar("9"))
	sold := s.addVaultItem(owner, vaultCoin())
	s.mustDo("POST", "/api/admin/vault/"+sold+"/out", owner, map[string]any{"reason": "sold"})
	s.addBar(owner, "ری", "50", "750", "1")
	reservedBar := s.addBar(owner, "ری", "51", "750", "2")
	s.requestBar(c, reservedBar)
	var offered, reserved string
	for _, it := range s.mustDo("GET", "/api/admin/vault", owner, nil).JSON["items"].([]any) {
		it := it.(map[string]any)
		switch it["ingot_number"] {
		case "50":
			offered = fmt.Sprint(it["id"])
		case "51":
			reserved = fmt.Sprint(it["id"])
		}
	}
	with := func(change map[string]any) map[string]any {
		out := vaultCoin()
		for k, v := range change {
			out[k] = v
		}
		return out
	}
	refused := []string{msgVaultAdded, msgVaultUpdated, msgVaultOut, `"item":`}
	before := s.vaultState()
	s.run(t, []scenario{
		{name: "customers cannot see the vault", method: "GET", path: "/api/admin/vault", token: c.token, wantStatus: 403, wantAbsent: []string{`"items"`}},
		{name: "signed out", method: "GET", path: "/api/admin/vault/" + coin, wantStatus: 401, wantAbsent: refused},
		{name: "no kind", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"kind": ""}), wantStatus: 400, wantContains: msgVaultKind, wantAbsent: refused},
		{name: "an unknown kind", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"kind": "diamond"}), wantStatus: 400, wantContains: msgVaultKind, wantAbsent: refused},
		{name: "a bar without its tracking code", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"kind": "bar", "lab": "ری", "ingot_number": "1", "standard_code": "S", "production_code": "P"}), wantStatus: 400, wantContains: msgVaultBarCodes, wantAbsent: refused},
		{name: "no weight", method: "POST", path: "/api/admin/vault", token: owner, body: map[string]any{"kind": "coin", "purity": "900"}, wantStatus: 400, wantContains: msgVaultWeight, wantAbsent: refused},
		{name: "a weight of zero", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"weight": "0"}), wantStatus: 400, wantContains: msgVaultWeight, wantAbsent: refused},
		{name: "a weight with four decimals", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"weight": "1.0005"}), wantStatus: 400, wantContains: msgVaultWeight, wantAbsent: refused},
		{name: "a purity above 1000", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"purity": "1000.01"}), wantStatus: 400, wantContains: msgVaultPurity, wantAbsent: refused},
		{name: "too light at 750", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"weight": "0.001", "purity": "1"}), wantStatus: 400, wantContains: msgVaultTooLight, wantAbsent: refused},
		{name: "a description past 500 letters", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"description": strings.Repeat("ط", 501)}), wantStatus: 400, wantContains: msgVaultDescription, wantAbsent: refused},
		{name: "a direction override in a description", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"description": "سکه\u202e"}), wantStatus: 400, wantContains: msgTextNotPlain, wantAbsent: refused},
		{name: "the same lab and ingot as a bar in the vault", method: "POST", path: "/api/admin/vault", token: owner, body: vaultBar("9"), wantStatus: 409, wantContains: msgVaultIngotTaken, wantAbsent: refused},
		{name: "the same lab and ingot as an abshodeh bar", method: "POST", path: "/api/admin/vault", token: owner, body: with(map[string]any{"lab": "ری", "ingot_number": "50"}), wantStatus: 409, wantContains: msgVaultIngotTaken, wantAbsent: refused},
		{name: "an unknown item", method: "GET", path: "/api/admin/vault/999", token: owner, wantStatus: 404, wantContains: msgVaultNotFound, wantAbsent: refused},
		{name: "an item id that is not a number", method: "GET", path: "/api/admin/vault/abc", token: owner, wantStatus: 404, wantContains: msgVaultNotFound},
		{name: "editing an unknown item", method: "PUT", path: "/api/admin/vault/999", token: owner, body: vaultCoin(), wantStatus: 404, wantContains: msgVaultNotFound, wantAbsent: refused},
		{name: "editing into an unknown kind", method: "PUT", path: "/api/admin/vault/" + coin, token: owner, body: map[string]any{"kind": "x"}, wantStatus: 400, wantContains: msgVaultKind, wantAbsent: refused},
		{name: "editing an item that left", method: "PUT", path: "/api/admin/vault/" + sold, token: owner, body: map[string]any{"weight": "9"}, wantStatus: 409, wantContains: msgVaultItemOut, wantAbsent: refused},
		{name: "turning an abshodeh bar into jewellery", method: "PUT", path: "/api/admin/vault/" + offered, token: owner, body: map[string]any{"kind": "jewellery"}, wantStatus: 409, wantContains: msgVaultBarLinked, wantAbsent: refused},
		{name: "reweighing a bar a customer asked for", method: "PUT", path: "/api/admin/vault/" + reserved, token: owner, body: map[string]any{"weight": "3"}, wantStatus: 409, wantContains: msgVaultBarBusy, wantAbsent: refused},
		{name: "no reason to take out", method: "POST", path: "/api/admin/vault/" + coin + "/out", token: owner, body: map[string]any{"note": "x"}, wantStatus: 400, wantContains: msgVaultReason, wantAbsent: refused},
		{name: "an unknown reason", method: "POST", path: "/api/admin/vault/" + coin + "/out", token: owner, body: map[string]any{"reason": "lost"}, wantStatus: 400, wantContains: msgVaultReason, wantAbsent: refused},
		{name: "a note past 500 letters", method: "POST", path: "/api/admin/vault/" + coin + "/out", token: owner, body: map[string]any{"reason": "sold", "note": strings.Repeat("ط", 501)}, wantStatus: 400, wantContains: msgVaultNote, wantAbsent: refused},
		{name: "a delivery outside its gold request", method: "POST", path: "/api/admin/vault/" + coin + "/out", token: owner, body: map[string]any{"reason": "delivered"}, wantStatus: 409, wantContains: msgVaultDeliveryByRequest, wantAbsent: refused},
		{name: "taking out what left", method: "POST", path: "/api/admin/vault/" + sold + "/out", token: owner, body: map[string]any{"reason": "melted"}, wantStatus: 409, wantContains: msgVaultItemOut, wantAbsent: refused},
		{name: "selling a bar a customer asked for", method: "POST", path: "/api/admin/vault/" + reserved + "/out", token: owner, body: map[string]any{"reason": "sold"}, wantStatus: 409, wantContains: msgVaultBarBusy, wantAbsent: refused},
		{name: "taking out an unknown item", method: "POST", path: "/api/admin/vault/999/out", token: owner, body: map[string]any{"reason": "sold"}, wantStatus: 404, wantContains: msgVaultNotFound, wantAbsent: refused},
	})
	if after := s.vaultState(); after != before {
		t.Errorf("a refusal changed the vault:\nbefore %s\nafter  %s", before, after)
	}
}

func TestAbshodehBarsMoveTheVault(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	staff := s.signInStaff("09350000002")
	c := s.newTrader(1, "")
	// the customer's gold comes before any holding here: these tests follow the vault alone
	s.mustDo("PUT", "/api/admin/reserve-settings", owner, map[string]any{"guard_enabled": false, "confirm": true})
	s.charge(owner, c, "gold", "100")
	itemOf := func(ingot string) map[string]any {
		for _, it := range s.mustDo("GET", "/api/admin/vault?status=all", owner, nil).JSON["items"].([]any) {
			if it := it.(map[string]any); it["ingot_number"] == ingot {
				return it
			}
		}
		t.Fatalf("no item of ingot %s", ingot)
		return nil
	}
	bar := s.addBar(owner, "ری", "1", "750", "10")
	s.mustDo("PUT", "/api/admin/abshodeh/"+bar, owner, map[string]any{"rey": "ری", "ang": "1", "ayar": "750", "vazn": "12"})
	item := fmt.Sprint(itemOf("1")["id"])
	if h := s.mustDo("GET", "/api/admin/vault/"+item, staff, nil).Body; !strings.Contains(h, `"kind":"corrected","delta750":"2.000","weight_before":"10.000","weight_after":"12.000"`) {
		t.Errorf("an edited bar's history: %s", h)
	}
	// Editing through the vault reaches the bar customers are offered.
	s.mustDo("PUT", "/api/admin/vault/"+item, owner, map[string]any{"weight": "11", "tracking_code": "T-1"})
	if r := s.mustDo("GET", "/api/gold/abshode", c.token, nil); !strings.Contains(r.Body, `"vazn":"11.000"`) {
		t.Errorf("the offer after a vault edit: %s", r.Body)
	}
	id := s.requestBar(c, bar)
	for _, to := range []string{"approved", "delivered"} {
		s.mustDo("PUT", "/api/gold/requests/"+id, owner, map[string]any{"status": to})
	}
	got := itemOf("1")
	if got["status"] != "out" || got["requestable"] != false {
		t.Errorf("a delivered bar's item %v", got)
	}
	if h := s.mustDo("GET", "/api/admin/vault/"+item, owner, nil).Body; !strings.Contains(h, `"kind":"delivered","delta750":"-11.000","status_after":"out"`) ||
		!strings.Contains(h, `"gold_request_id":`+id) {
		t.Errorf("a delivered bar's history: %s", h)
	}
	gone := s.addBar(owner, "ری", "2", "750", "1")
	s.mustDo("DELETE", "/api/admin/abshodeh/"+gone, owner, nil)
	if got := itemOf("2"); got["status"] != "out" {
		t.Errorf("a deleted bar's item %v", got)
	}
	if r := s.mustDo("GET", "/api/admin/vault", staff, nil); r.str("held") != "0.000" {
		t.Errorf("held after the bars left: %s", r.Body)
	}
}
