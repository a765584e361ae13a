package app

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"goldshop/store"
)

// addBar puts a bar in the inventory as the admin and returns its id.
func (s *testShop) addBar(admin, rey, ang, ayar, vazn string) string {
	s.t.Helper()
	r := s.do("POST", "/api/admin/abshodeh", admin, map[string]any{"rey": rey, "ang": ang, "ayar": ayar, "vazn": vazn})
	if r.Status != 200 {
		s.t.Fatalf("add bar: %d %s", r.Status, r.Body)
	}
	return fmt.Sprint(r.JSON["bar"].(map[string]any)["id"])
}

// requestBar asks for a bar as the customer and returns the request's id.
func (s *testShop) requestBar(c trader, barID string) string {
	s.t.Helper()
	r := s.do("POST", "/api/gold/request", c.token, map[string]any{"bar_id": barID})
	if r.Status != 200 {
		s.t.Fatalf("request bar %s: %d %s", barID, r.Status, r.Body)
	}
	return fmt.Sprint(r.JSON["request"].(map[string]any)["id"])
}

func TestInventoryIsKeptByAdmins(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	bar := func(rey, ang, ayar, vazn any) map[string]any {
		return map[string]any{"rey": rey, "ang": ang, "ayar": ayar, "vazn": vazn}
	}
	// withBar adds a bar of lab rey and ingot ang before the case.
	withBar := func(rey, ang string) func(s *testShop, c *scenario) {
		return func(s *testShop, c *scenario) { s.addBar(admin, rey, ang, "750", "1") }
	}
	// atBar adds a bar of lab rey and ingot ang and points the case at it.
	atBar := func(rey, ang string) func(s *testShop, c *scenario) {
		return func(s *testShop, c *scenario) {
			c.path = "/api/admin/abshodeh/" + s.addBar(admin, rey, ang, "750", "1")
		}
	}
	// atDeletedBar is atBar for a bar the admin has deleted.
	atDeletedBar := func(rey, ang string) func(s *testShop, c *scenario) {
		return func(s *testShop, c *scenario) {
			atBar(rey, ang)(s, c)
			s.mustDo("DELETE", c.path, admin, nil)
		}
	}
	refused := []string{msgBarAdded, `"bar":`}
	s.run(t, []scenario{
		{name: "customers cannot list bars", method: "GET", path: "/api/admin/abshodeh", token: c.token, wantStatus: 403, wantAbsent: []string{`"rey"`}},
		{name: "customers cannot add bars", method: "POST", path: "/api/admin/abshodeh", token: c.token, body: bar("ری", "1", "750", "1"), wantStatus: 403, wantAbsent: refused},
		{name: "no lab", method: "POST", path: "/api/admin/abshodeh", token: admin, body: bar(" ", "1", "750", "1"), wantStatus: 400, wantContains: msgBarLab, wantAbsent: refused},
		{name: "no ingot", method: "POST", path: "/api/admin/abshodeh", token: admin, body: bar("ری", "", "750", "1"), wantStatus: 400, wantContains: msgBarIngot, wantAbsent: refused},
		{name: "purity above 1000", method: "POST", path: "/api/admin/abshodeh", token: admin, body: bar("ری", "1", "1000.5", "1"), wantStatus: 400, wantContains: msgBarAyar, wantAbsent: refused},
		{name: "purity of zero", method: "POST", path: "/api/admin/abshodeh", token: admin, body: bar("ری", "1", 0, "1"), wantStatus: 400, wantContains: msgBarAyar, wantAbsent: refused},
		{name: "weight with four decimals", method: "POST", path: "/api/admin/abshodeh", token: admin, body: bar("ری", "1", "750", "1.0005"), wantStatus: 400, wantContains: msgBarVazn, wantAbsent: refused},
		{name: "a weight of zero", method: "POST", path: "/api/admin/abshodeh", token: admin, body: bar("ری", "1", "750", "0"), wantStatus: 400, wantContains: msgBarVazn, wantAbsent: refused},
		{name: "too light at 750", method: "POST", path: "/api/admin/abshodeh", token: admin, body: bar("ری", "1", "1", "0.001"), wantStatus: 400, wantContains: msgBarTooLight, wantAbsent: refused},
		{name: "a bar in Persian digits; vazn750 computed, the client's ignored", method: "POST", path: "/api/admin/abshodeh", token: admin,
			body: map[string]any{"rey": "آزمایشگاه ری", "ang": "۱۲۳", "ayar": "۹۹۹٫۹", "vazn": "10", "vazn750": "99"}, wantStatus: 200,
			wantContains: `"rey":"آزمایشگاه ری","ang":"123","ayar":"999.90","vazn":"10.000","vazn750":"13.332","status":"available"`},
		{name: "the same ingot of the same lab", method: "POST", path: "/api/admin/abshodeh", token: admin, setup: withBar("آزمایشگاه ری", "201"),
			body: bar("آزمایشگاه  ری", "201", "750", "1"), wantStatus: 409, wantContains: msgBarIngotTaken, wantAbsent: refused},
		{name: "the same ingot of another lab", method: "POST", path: "/api/admin/abshodeh", token: admin, setup: withBar("آزمایشگاه ری", "202"),
			body: bar("آزمایشگاه کرج", "202", "750", "2"), wantStatus: 200, wantContains: msgBarAdded},
		{name: "the list", method: "GET", path: "/api/admin/abshodeh", token: admin, setup: withBar("آزمایشگاه کرج", "203"), wantStatus: 200, wantContains: `"rey":"آزمایشگاه کرج","ang":"203"`},
		{name: "an unknown inventory filter", method: "GET", path: "/api/admin/abshodeh?status=lost", token: admin, wantStatus: 400, wantContains: msgFilterInvalid, wantAbsent: []string{`"rey"`}},
		{name: "editing an unknown bar", method: "PUT", path: "/api/admin/abshodeh/999", token: admin, body: bar("ری", "9", "750", "1"), wantStatus: 404, wantContains: msgBarNotFound, wantAbsent: refused},
		{name: "editing into a taken ingot", method: "PUT", token: admin, setup: func(s *testShop, c *scenario) {
			s.addBar(admin, "آزمایشگاه ری", "204", "750", "1")
			atBar("آزمایشگاه کرج", "205")(s, c)
		}, body: bar("آزمایشگاه ری", "204", "750", "1"), wantStatus: 409, wantContains: msgBarIngotTaken, wantAbsent: []string{`"ang":"204"`}},
		{name: "editing", method: "PUT", token: admin, setup: atBar("آزمایشگاه کرج", "206"), body: bar("آزمایشگاه کرج", "207", "585", "2"), wantStatus: 200, wantContains: `"vazn750":"1.560"`},
		{name: "deleting", method: "DELETE", token: admin, setup: atBar("آزمایشگاه کرج", "208"), wantStatus: 200, wantContains: msgBarDeleted},
		{name: "deleting again", method: "DELETE", token: admin, setup: atDeletedBar("آزمایشگاه کرج", "209"), wantStatus: 404, wantContains: msgBarNotFound, wantAbsent: []string{msgBarDeleted}},
		{name: "a deleted bar's ingot is free again", method: "POST", path: "/api/admin/abshodeh", token: admin, setup: func(s *testShop, c *scenario) {
			s.mustDo("DELETE", "/api/admin/abshodeh/"+s.addBar(admin, "آزمایشگاه کرج", "210", "750", "1"), admin, nil)
		}, body: bar("آزمایشگاه کرج", "210", "750", "1"), wantStatus: 200, wantContains: msgBarAdded},
	})
	// Each change of the inventory is audited, and a refused one is not.
	id := s.addBar(admin, "آزمایشگاه کرج", "300", "750", "1")
	s.mustDo("PUT", "/api/admin/abshodeh/"+id, admin, bar("آزمایشگاه کرج", "301", "750", "2"))
	s.do("PUT", "/api/admin/abshodeh/"+id, admin, bar("آزمایشگاه ری", "123", "750", "1"))
	s.mustDo("DELETE", "/api/admin/abshodeh/"+id, admin, nil)
	s.do("DELETE", "/api/admin/abshodeh/"+id, admin, nil)
	log, _ := s.store.AuditLog(t.Context(), store.AuditFilter{Limit: 4})
	actions := []string{}
	for _, e := range log {
		actions = append(actions, e.Action)
	}
	if got := strings.Join(actions, " "); !strings.HasPrefix(got, "bar.delete bar.update bar.add ") {
		t.Fatalf("audit: %s", got)
	}
}

func TestCustomersRequestBarsAgainstTheirGold(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	a := s.newTrader(1, "")
	b := s.newTrader(2, "")
	s.charge(admin, a, "gold", "12")
	s.charge(admin, b, "gold", "30")
	small := s.addBar(admin, "ری", "1", "750", "5")     // 5.000
	mid := s.addBar(admin, "ری", "2", "900", "9")       // 10.800
	big := s.addBar(admin, "ری", "3", "750", "20")      // 20.000
	huge := s.addBar(admin, "کرج", "4", "999.9", "100") // 133.320
	r := s.do("GET", "/api/gold/abshode", a.token, nil)
	want := `{"close":[{"id":` + mid + `,"rey":"ری","ang":"2","ayar":"900.00","vazn":"9.000","vazn750":"10.800"},` +
		`{"id":` + small + `,"rey":"ری","ang":"1","ayar":"750.00","vazn":"5.000","vazn750":"5.000"}],` +
		`"higher":[{"id":` + big + `,"rey":"ری","ang":"3","ayar":"750.00","vazn":"20.000","vazn750":"20.000","shortfall":"8.000"},` +
		`{"id":` + huge + `,"rey":"کرج","ang":"4","ayar":"999.90","vazn":"100.000","vazn750":"133.320","shortfall":"121.320"}]}`
	if r.Status != 200 || strings.TrimSpace(r.Body) != want {
		t.Fatalf("abshode:\n got %s\nwant %s", r.Body, want)
	}
	byIngot := s.do("POST", "/api/gold/request", a.token, map[string]any{"rey": "ری", "ang": "2", "vazn": "0.001", "ayar": "1", "vazn750": "0.001"})
	if byIngot.Status != 200 || !strings.Contains(byIngot.Body, `"vazn750":"10.800","status":"pending"`) {
		t.Fatalf("by lab and ingot, weights sent ignored: %d %s", byIngot.Status, byIngot.Body)
	}
	id := fmt.Sprint(byIngot.JSON["request"].(map[string]any)["id"])
	s.run(t, []scenario{
		{name: "nothing chosen", method: "POST", path: "/api/gold/request", token: b.token, body: map[string]any{}, wantStatus: 400, wantContains: msgBarRequired, wantAbsent: []string{`"status":"pending"`}},
		{name: "an unknown bar", method: "POST", path: "/api/gold/request", token: b.token, body: map[string]any{"bar_id": 999}, wantStatus: 404, wantContains: msgBarNotFound, wantAbsent: []string{`"status":"pending"`}},
		{name: "a bar above the available gold", method: "POST", path: "/api/gold/request", token: b.token, body: map[string]any{"bar_id": huge}, wantStatus: 400, wantContains: msgInsufficientGold, wantAbsent: []string{`"status":"pending"`}},
		{name: "a second request while one is pending", method: "POST", path: "/api/gold/request", token: a.token, body: map[string]any{"bar_id": small}, wantStatus: 409, wantContains: msgGoldRequestPending, wantAbsent: []string{`"bar_id":` + small}},
		{name: "another customer cannot take the reserved bar", method: "POST", path: "/api/gold/request", token: b.token, body: map[string]any{"bar_id": mid}, wantStatus: 409, wantContains: msgBarTaken, wantAbsent: []string{`"status":"pending"`}},
		{name: "nor see it", method: "GET", path: "/api/gold/abshode", token: b.token, wantStatus: 200, wantContains: `"close":[{"id":` + big, wantAbsent: []string{`"id":` + mid + `,`}},
		{name: "the admin cannot edit it", method: "PUT", path: "/api/admin/abshodeh/" + mid, token: admin, body: map[string]any{"rey": "ری", "ang": "2", "ayar": "750", "vazn": "1"}, wantStatus: 409, wantContains: msgBarBusy},
		{name: "nor delete it", method: "DELETE", path: "/api/admin/abshodeh/" + mid, token: admin, wantStatus: 409, wantContains: msgBarBusy},
		{name: "the customer's list", method: "GET", path: "/api/gold/user-requests", token: a.token, wantStatus: 200, wantContains: `"bar_id":` + mid + `,"rey":"ری","ang":"2"`},
		{name: "another's list is their own", method: "GET", path: "/api/gold/user-requests", token: b.token, wantStatus: 200, wantContains: `[]`, wantAbsent: []string{`"bar_id":`}},
	})
	s.wantBalance(t, a, "balance_gold", "12.000")
	s.wantBalance(t, a, "available_gold", "1.200")
	// canceled is a fresh customer's request, canceled, for a bar of its own.
	canceled := func(s *testShop) (c trader, bar, id string) {
		c = s.newCustomer()
		s.charge(admin, c, "gold", "12")
		bar = s.addBar(admin, "ری", "c"+c.id, "750", "5")
		id = s.requestBar(c, bar)
		s.mustDo("POST", "/api/gold/requests/cancel/"+id, c.token, nil)
		return c, bar, id
	}
	s.run(t, []scenario{
		{name: "another customer cannot cancel it", method: "POST", path: "/api/gold/requests/cancel/" + id, token: b.token, wantStatus: 404, wantContains: msgGoldRequestGone, wantAbsent: []string{msgRequestCanceled}},
		{name: "the owner cancels", method: "POST", path: "/api/gold/requests/cancel/" + id, token: a.token, wantStatus: 200, wantContains: msgRequestCanceled},
		{name: "not twice", method: "POST", setup: func(s *testShop, sc *scenario) {
			c, _, id := canceled(s)
			sc.path, sc.token = "/api/gold/requests/cancel/"+id, c.token
		}, wantStatus: 409, wantContains: msgGoldCancelPending, wantAbsent: []string{msgRequestCanceled}},
		{name: "the bar is offered again", method: "GET", path: "/api/gold/abshode", token: b.token, setup: func(s *testShop, sc *scenario) {
			_, bar, _ := canceled(s)
			sc.wantContains = `"id":` + bar + `,`
		}, wantStatus: 200},
	})
	s.wantBalance(t, a, "available_gold", "12.000")
}

// Every transition of decisions.md §6, allowed and refused, with its effect on the ledger and the bar.
func TestGoldRequestTransitions(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.charge(admin, c, "gold", "1000")
	decide := func(id, to, reason string) reply {
		return s.do("PUT", "/api/gold/requests/"+id, admin, map[string]any{"status": to, "reject_reason": reason})
	}
	fresh := func(ang string) string { // a new pending request for a new 10 g bar
		return s.requestBar(c, s.addBar(admin, "ری", ang, "750", "10"))
	}
	states := map[string]func(string) string{ // bring a fresh request to a state
		"pending":  fresh,
		"approved": func(ang string) string { id := fresh(ang); decide(id, "approved", ""); return id },
		"ready": func(ang string) string {
			id := fresh(ang)
			decide(id, "approved", "")
			decide(id, "ready", "")
			return id
		},
		"delivered": func(ang string) string {
			id := fresh(ang)
			decide(id, "approved", "")
			decide(id, "delivered", "")
			return id
		},
		"rejected": func(ang string) string { id := fresh(ang); decide(id, "rejected", ""); return id },
		"canceled": func(ang string) string {
			id := fresh(ang)
			s.do("POST", "/api/gold/requests/cancel/"+id, c.token, nil)
			return id
		},
	}
	allowed := map[string]bool{"pending>approved": true, "pending>rejected": true, "approved>ready": true,
		"approved>delivered": true, "approved>rejected": true, "ready>delivered": true, "ready>rejected": true}
	n := 0
	for from, reach := range states {
		for _, to := range []string{"pending", "approved", "ready", "delivered", "rejected", "canceled"} {
			n++
			t.Run(from+">"+to, func(t *testing.T) {
				id := reach(fmt.Sprint(n))
				r := decide(id, to, "")
				if allowed[from+">"+to] {
					if r.Status != 200 {
						t.Fatalf("%d %s", r.Status, r.Body)
					}
				} else if r.Status != 409 || !strings.Contains(r.Body, msgGoldTransition) {
					t.Fatalf("%d %s", r.Status, r.Body)
				}
				s.do("POST", "/api/gold/requests/cancel/"+id, c.token, nil) // one pending request at a time
			})
		}
	}
	s.run(t, []scenario{
		{name: "customers cannot decide", method: "PUT", path: "/api/gold/requests/1", token: c.token, body: map[string]any{"status": "approved"}, wantStatus: 403},
		{name: "an unknown status", method: "PUT", path: "/api/gold/requests/1", token: admin, body: map[string]any{"status": "lost"}, wantStatus: 400, wantContains: msgGoldStatus},
		{name: "no status", method: "PUT", path: "/api/gold/requests/1", token: admin, body: map[string]any{}, wantStatus: 400, wantContains: msgGoldStatus},
		{name: "an unknown request", method: "PUT", path: "/api/gold/requests/99999", token: admin, body: map[string]any{"status": "approved"}, wantStatus: 404, wantContains: msgGoldRequestGone},
		{name: "a bad filter", method: "GET", path: "/api/gold/admin-requests?status=lost", token: admin, wantStatus: 400, wantContains: msgFilterInvalid},
		{name: "dates the wrong way round", method: "GET", path: "/api/gold/admin-requests?startDate=2030-01-02T00:00:00&endDate=2030-01-01T00:00:00", token: admin, wantStatus: 400, wantContains: msgDateRange},
		{name: "customers cannot list", method: "GET", path: "/api/gold/admin-requests", token: c.token, wantStatus: 403, wantAbsent: []string{`"reject_reason"`}},
		{name: "the default reject reason", method: "GET", path: "/api/gold/admin-requests?status=rejected", token: admin, wantStatus: 200, wantContains: `"reject_reason":"` + msgDefaultRejectGold + `"`},
	})
	if r := s.do("GET", "/api/gold/admin-requests?status=delivered&userSearch="+c.phone, admin, nil); strings.Count(r.Body, `"id":`) != 8 { // six made delivered (one per target), approved>delivered, ready>delivered
		t.Fatalf("delivered: %s", r.Body)
	}
}

// The money of one request through approval, readiness, rejection and delivery.
func TestGoldRequestLedger(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.charge(admin, c, "gold", "25")
	decide := func(id, to, reason string) {
		t.Helper()
		if r := s.do("PUT", "/api/gold/requests/"+id, admin, map[string]any{"status": to, "reject_reason": reason}); r.Status != 200 {
			t.Fatalf("%s: %d %s", to, r.Status, r.Body)
		}
	}
	first := s.requestBar(c, s.addBar(admin, "ری", "7", "900", "10")) // 12.000 at 750
	s.wantBalance(t, c, "available_gold", "13.000")
	decide(first, "approved", "")
	s.wantBalance(t, c, "balance_gold", "13.000")
	decide(first, "ready", "")
	st := s.do("GET", "/api/transactions/all", c.token, nil).Body
	if !strings.Contains(st, `"type":"gold_request","status":"ready","description":"آبشده ری، انگ ۷"`) || !strings.Contains(st, `"debit_gold":"12.000"`) {
		t.Fatalf("statement after ready: %s", st)
	}
	decide(first, "rejected", "انگ با رسید آزمایشگاه نمی‌خواند")
	s.wantBalance(t, c, "balance_gold", "25.000")
	st = s.do("GET", "/api/transactions/all", c.token, nil).Body
	if strings.Count(st, `"type":"gold_request","status":"rejected"`) != 2 || !strings.Contains(st, `"credit_gold":"12.000"`) {
		t.Fatalf("statement after the rejection: %s", st)
	}
	// The rejected bar is offered again; the next request of it is delivered and the bar is gone.
	second := s.requestBar(c, strings.SplitN(strings.TrimPrefix(s.do("GET", "/api/gold/abshode", c.token, nil).Body, `{"close":[{"id":`), ",", 2)[0])
	decide(second, "approved", "")
	decide(second, "delivered", "")
	s.wantBalance(t, c, "balance_gold", "13.000")
	if r := s.do("GET", "/api/admin/abshodeh", admin, nil); r.Status != 200 || strings.TrimSpace(r.Body) != "[]" {
		t.Fatalf("a delivered bar is still in the inventory: %d %s", r.Status, r.Body)
	}
	for _, filter := range []string{"delivered", "all"} {
		if r := s.do("GET", "/api/admin/abshodeh?status="+filter, admin, nil); strings.Count(r.Body, `"status":"delivered"`) != 1 {
			t.Fatalf("?status=%s: %s", filter, r.Body)
		}
	}
	if r := s.do("GET", "/api/gold/admin-requests?status=delivered", admin, nil); !strings.Contains(r.Body, `"id":`+second+`,`) {
		t.Fatalf("the delivered request left the history: %s", r.Body)
	}
	if r := s.do("GET", "/api/gold/abshode", c.token, nil); r.Body != `{"close":[],"higher":[]}`+"\n" && strings.TrimSpace(r.Body) != `{"close":[],"higher":[]}` {
		t.Fatalf("a delivered bar is offered: %s", r.Body)
	}
}

// Two customers asking for the same bar at the same moment: one gets it, the other is told it is taken.
func TestTwoCustomersRaceForOneBar(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	bar := s.addBar(admin, "ری", "1", "750", "1")
	var customers []trader
	for i := 1; i <= 6; i++ {
		c := s.newTrader(i, "")
		s.charge(admin, c, "gold", "5")
		customers = append(customers, c)
	}
	var wg sync.WaitGroup
	statuses := make([]int, len(customers))
	for i, c := range customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = s.do("POST", "/api/gold/request", c.token, map[string]any{"bar_id": bar}).Status
		}()
	}
	wg.Wait()
	won := 0
	for _, st := range statuses {
		switch st {
		case 200:
			won++
		case 409:
		default:
			t.Fatalf("statuses %v", statuses)
		}
	}
	if won != 1 {
		t.Fatalf("%d customers got the one bar: %v", won, statuses)
	}
}

// A bar is a vault item: once delivered it is neither asked for nor edited again, by id or by its lab and
// ingot, it is listed as delivered in the inventory and as out in the vault; a new bar may carry the same lab
// and ingot, since the first left the shop.
func TestADeliveredBarIsItsVaultItemOut(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.charge(admin, c, "gold", "30")
	bar := s.addBar(admin, "ری", "11", "750", "10")
	id := s.requestBar(c, bar)
	for _, to := range []string{"approved", "delivered"} {
		s.mustDo("PUT", "/api/gold/requests/"+id, admin, map[string]any{"status": to})
	}
	s.run(t, []scenario{
		{name: "asked for again by id", method: "POST", path: "/api/gold/request", token: c.token, body: map[string]any{"bar_id": bar}, wantStatus: 409, wantContains: msgBarTaken},
		{name: "asked for again by lab and ingot", method: "POST", path: "/api/gold/request", token: c.token, body: map[string]any{"rey": "ری", "ang": "11"}, wantStatus: 409, wantContains: msgBarTaken},
		{name: "edited", method: "PUT", path: "/api/admin/abshodeh/" + bar, token: admin, body: map[string]any{"rey": "ری", "ang": "11", "ayar": "750", "vazn": "9"}, wantStatus: 409, wantContains: msgBarBusy},
		{name: "deleted", method: "DELETE", path: "/api/admin/abshodeh/" + bar, token: admin, wantStatus: 409, wantContains: msgBarBusy},
		{name: "listed as delivered", method: "GET", path: "/api/admin/abshodeh?status=delivered", token: admin, wantStatus: 200, wantContains: `"id":` + bar + `,"rey":"ری","ang":"11"`},
		{name: "gone from the shop's list", method: "GET", path: "/api/admin/abshodeh", token: admin, wantStatus: 200, wantAbsent: []string{`"id":` + bar + `,`}},
		{name: "out of the vault, naming itself", method: "GET", path: "/api/admin/vault?status=out", token: admin, wantStatus: 200, wantContains: `"status":"out","requestable":false,"bar_id":` + bar},
	})
	again := s.addBar(admin, "ری", "11", "750", "10")
	if again == bar {
		t.Fatalf("the new bar took the delivered one's id %s", bar)
	}
	if r := s.do("POST", "/api/gold/request", c.token, map[string]any{"rey": "ری", "ang": "11"}); r.Status != 200 || !strings.Contains(r.Body, `"bar_id":`+again) {
		t.Fatalf("the new bar by lab and ingot: %d %s", r.Status, r.Body)
	}
}
