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
	s.run(t, []scenario{
		{"customers cannot list bars", "GET", "/api/admin/abshodeh", c.token, nil, 403, ""},
		{"customers cannot add bars", "POST", "/api/admin/abshodeh", c.token, bar("ری", "1", "750", "1"), 403, ""},
		{"no lab", "POST", "/api/admin/abshodeh", admin, bar(" ", "1", "750", "1"), 400, msgBarLab},
		{"no ingot", "POST", "/api/admin/abshodeh", admin, bar("ری", "", "750", "1"), 400, msgBarIngot},
		{"purity above 1000", "POST", "/api/admin/abshodeh", admin, bar("ری", "1", "1000.5", "1"), 400, msgBarAyar},
		{"purity of zero", "POST", "/api/admin/abshodeh", admin, bar("ری", "1", 0, "1"), 400, msgBarAyar},
		{"weight with four decimals", "POST", "/api/admin/abshodeh", admin, bar("ری", "1", "750", "1.0005"), 400, msgBarVazn},
		{"a weight of zero", "POST", "/api/admin/abshodeh", admin, bar("ری", "1", "750", "0"), 400, msgBarVazn},
		{"too light at 750", "POST", "/api/admin/abshodeh", admin, bar("ری", "1", "1", "0.001"), 400, msgBarTooLight},
		{"a bar in Persian digits; vazn750 computed, the client's ignored", "POST", "/api/admin/abshodeh", admin,
			map[string]any{"rey": "آزمایشگاه ری", "ang": "۱۲۳", "ayar": "۹۹۹٫۹", "vazn": "10", "vazn750": "99"}, 200,
			`"rey":"آزمایشگاه ری","ang":"123","ayar":"999.90","vazn":"10.000","vazn750":"13.332","status":"available"`},
		{"the same ingot of the same lab", "POST", "/api/admin/abshodeh", admin, bar("آزمایشگاه  ری", "123", "750", "1"), 409, msgBarIngotTaken},
		{"the same ingot of another lab", "POST", "/api/admin/abshodeh", admin, bar("آزمایشگاه کرج", "123", "750", "2"), 200, msgBarAdded},
		{"the list", "GET", "/api/admin/abshodeh", admin, nil, 200, `"rey":"آزمایشگاه کرج"`},
		{"an unknown inventory filter", "GET", "/api/admin/abshodeh?status=lost", admin, nil, 400, msgFilterInvalid},
		{"editing an unknown bar", "PUT", "/api/admin/abshodeh/999", admin, bar("ری", "9", "750", "1"), 404, msgBarNotFound},
		{"editing into a taken ingot", "PUT", "/api/admin/abshodeh/2", admin, bar("آزمایشگاه ری", "123", "750", "1"), 409, msgBarIngotTaken},
		{"editing", "PUT", "/api/admin/abshodeh/2", admin, bar("آزمایشگاه کرج", "124", "585", "2"), 200, `"vazn750":"1.560"`},
		{"deleting", "DELETE", "/api/admin/abshodeh/2", admin, nil, 200, msgBarDeleted},
		{"deleting again", "DELETE", "/api/admin/abshodeh/2", admin, nil, 404, msgBarNotFound},
		{"a deleted bar's ingot is free again", "POST", "/api/admin/abshodeh", admin, bar("آزمایشگاه کرج", "124", "750", "1"), 200, msgBarAdded},
	})
	log, _ := s.store.AuditLog(t.Context(), store.AuditFilter{Limit: 5})
	actions := []string{}
	for _, e := range log {
		actions = append(actions, e.Action)
	}
	if got := strings.Join(actions, " "); got != "bar.add bar.delete bar.update bar.add bar.add" {
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
		{"nothing chosen", "POST", "/api/gold/request", b.token, map[string]any{}, 400, msgBarRequired},
		{"an unknown bar", "POST", "/api/gold/request", b.token, map[string]any{"bar_id": 999}, 404, msgBarNotFound},
		{"a bar above the available gold", "POST", "/api/gold/request", b.token, map[string]any{"bar_id": huge}, 400, msgInsufficientGold},
		{"a second request while one is pending", "POST", "/api/gold/request", a.token, map[string]any{"bar_id": small}, 409, msgGoldRequestPending},
		{"another customer cannot take the reserved bar", "POST", "/api/gold/request", b.token, map[string]any{"bar_id": mid}, 409, msgBarTaken},
		{"nor see it", "GET", "/api/gold/abshode", b.token, nil, 200, `"close":[{"id":` + big},
		{"the admin cannot edit it", "PUT", "/api/admin/abshodeh/" + mid, admin, map[string]any{"rey": "ری", "ang": "2", "ayar": "750", "vazn": "1"}, 409, msgBarBusy},
		{"nor delete it", "DELETE", "/api/admin/abshodeh/" + mid, admin, nil, 409, msgBarBusy},
		{"the customer's list", "GET", "/api/gold/user-requests", a.token, nil, 200, `"bar_id":` + mid + `,"rey":"ری","ang":"2"`},
		{"another's list is their own", "GET", "/api/gold/user-requests", b.token, nil, 200, `[]`},
	})
	if strings.Contains(s.do("GET", "/api/gold/abshode", b.token, nil).Body, `"id":`+mid+`,`) {
		t.Fatal("a reserved bar is offered")
	}
	s.wantBalance(t, a, "balance_gold", "12.000")
	s.wantBalance(t, a, "available_gold", "1.200")
	s.run(t, []scenario{
		{"another customer cannot cancel it", "POST", "/api/gold/requests/cancel/" + id, b.token, nil, 404, msgGoldRequestGone},
		{"the owner cancels", "POST", "/api/gold/requests/cancel/" + id, a.token, nil, 200, msgRequestCanceled},
		{"not twice", "POST", "/api/gold/requests/cancel/" + id, a.token, nil, 409, msgGoldCancelPending},
		{"the bar is offered again", "GET", "/api/gold/abshode", b.token, nil, 200, `"id":` + mid + `,`},
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
		{"customers cannot decide", "PUT", "/api/gold/requests/1", c.token, map[string]any{"status": "approved"}, 403, ""},
		{"an unknown status", "PUT", "/api/gold/requests/1", admin, map[string]any{"status": "lost"}, 400, msgGoldStatus},
		{"no status", "PUT", "/api/gold/requests/1", admin, map[string]any{}, 400, msgGoldStatus},
		{"an unknown request", "PUT", "/api/gold/requests/99999", admin, map[string]any{"status": "approved"}, 404, msgGoldRequestGone},
		{"a bad filter", "GET", "/api/gold/admin-requests?status=lost", admin, nil, 400, msgFilterInvalid},
		{"dates the wrong way round", "GET", "/api/gold/admin-requests?startDate=2030-01-02T00:00:00&endDate=2030-01-01T00:00:00", admin, nil, 400, msgDateRange},
		{"customers cannot list", "GET", "/api/gold/admin-requests", c.token, nil, 403, ""},
		{"the default reject reason", "GET", "/api/gold/admin-requests?status=rejected", admin, nil, 200, `"reject_reason":"` + msgDefaultRejectGold + `"`},
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
