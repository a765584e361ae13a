package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

// Old gold bought at the counter goes to the melter as a batch (the owner's call, staff see it); the lab's
// bar comes back with its lab and ingot, the batch shows the loss, and the owner's reserve panel shows the
// vault by state and the month's counter figures.
func TestAMeltBatchGoesOutAndComesBackAsABar(t *testing.T) {
	s := newCounterShop(t)
	r := s.record("buy-1", map[string]any{"buybacks": []map[string]any{{"description": "النگوی کهنه", "weight": "3", "purity": "750"}},
		"payouts": []map[string]any{{"method": "cash", "amount": "300000000"}}})
	if r.Status != 201 {
		t.Fatalf("buy-back %d %s", r.Status, r.Body)
	}
	lots := s.mustDo("GET", "/api/admin/vault/melts", s.staff, nil)
	lot := lots.JSON["lots"].([]any)[0].(map[string]any)
	lotID := fmt.Sprint(lot["id"])
	if lot["assay"] != "unassayed" || lot["tag"] == "" {
		t.Fatalf("lots %s", lots.Body)
	}
	hand := s.mustDo("POST", "/api/admin/vault", s.owner, map[string]any{"kind": "melted", "description": "خرده طلا",
		"weight": "2", "purity": "750", "assay": "unassayed"})
	handID := fmt.Sprint(hand.JSON["item"].(map[string]any)["id"])
	send := map[string]any{"item_ids": []any{idNumber(lotID), idNumber(handID)}, "melter": "کارگاه ذوب"}
	s.run(t, []scenario{
		{name: "staff cannot send a batch", method: "POST", path: "/api/admin/vault/melts", token: s.staff, body: send, wantStatus: 403},
		{name: "a customer cannot see the batches", method: "GET", path: "/api/admin/vault/melts", token: s.customer.token,
			wantStatus: 403, wantAbsent: []string{`"lots"`}},
		{name: "no lots", method: "POST", path: "/api/admin/vault/melts", token: s.owner, body: map[string]any{"item_ids": []any{}},
			wantStatus: 400, wantContains: msgMeltLots},
		{name: "a lot twice", method: "POST", path: "/api/admin/vault/melts", token: s.owner,
			body: map[string]any{"item_ids": []any{idNumber(lotID), idNumber(lotID)}}, wantStatus: 400, wantContains: msgMeltLots},
		{name: "a ring is not a lot", method: "POST", path: "/api/admin/vault/melts", token: s.owner,
			body: map[string]any{"item_ids": []any{idNumber(s.ring)}}, wantStatus: 409, wantContains: msgMeltNotALot},
		{name: "a ring cannot be marked unassayed", method: "POST", path: "/api/admin/vault", token: s.owner,
			body: map[string]any{"kind": "jewellery", "weight": "1", "purity": "750", "assay": "unassayed"}, wantStatus: 400,
			wantContains: msgVaultAssay},
	})
	before := s.mustDo("GET", "/api/admin/reserve", s.owner, nil)
	sent := s.mustDo("POST", "/api/admin/vault/melts", s.owner, send)
	batch := sent.JSON["batch"].(map[string]any)
	id := fmt.Sprint(batch["id"])
	if batch["status"] != "sent" || batch["lots750"] != "5.000" || len(batch["lots"].([]any)) != 2 || batch["bar_id"] != nil {
		t.Fatalf("sent %s", sent.Body)
	}
	during := s.mustDo("GET", "/api/admin/reserve", s.owner, nil)
	if during.JSON["held"] != before.JSON["held"] || !strings.Contains(during.Body, `"in_melt":{"count":2,"weight750":"5.000"}`) {
		t.Fatalf("reserve before %s during %s", before.Body, during.Body)
	}
	result := map[string]any{"weight": "4.9", "purity": "۷۵۸", "lab": "آزمایشگاه ری", "ingot_number": "8841"}
	s.run(t, []scenario{
		{name: "staff cannot enter a result", method: "POST", path: "/api/admin/vault/melts/" + id + "/result", token: s.staff,
			body: result, wantStatus: 403},
		{name: "a result needs its lab and ingot", method: "POST", path: "/api/admin/vault/melts/" + id + "/result", token: s.owner,
			body: map[string]any{"weight": "4.9", "purity": "758"}, wantStatus: 400, wantContains: msgMeltLabRequired},
		{name: "a result needs a weight", method: "POST", path: "/api/admin/vault/melts/" + id + "/result", token: s.owner,
			body: map[string]any{"weight": "-1", "purity": "758", "lab": "ری", "ingot_number": "1"}, wantStatus: 400},
		{name: "an unknown batch", method: "POST", path: "/api/admin/vault/melts/999/result", token: s.owner, body: result,
			wantStatus: 404, wantContains: msgMeltNotFound},
	})
	// 4.9 g at 758 is 4.952 g of 750: 48 mg lost of the lots' 5 g
	done := s.mustDo("POST", "/api/admin/vault/melts/"+id+"/result", s.owner, result)
	batch = done.JSON["batch"].(map[string]any)
	if batch["status"] != "done" || batch["bar750"] != "4.952" || batch["loss750"] != "0.048" || batch["bar_id"] == nil {
		t.Fatalf("done %s", done.Body)
	}
	bar := s.mustDo("GET", "/api/admin/vault/"+fmt.Sprint(batch["bar_id"]), s.staff, nil)
	if !strings.Contains(bar.Body, `"ingot_number":"8841"`) || !strings.Contains(bar.Body, `"assay":""`) {
		t.Fatalf("bar %s", bar.Body)
	}
	if r := s.do("POST", "/api/admin/vault/melts/"+id+"/cancel", s.owner, map[string]any{}); r.Status != 409 {
		t.Fatalf("a done batch cancelled: %d %s", r.Status, r.Body)
	}
	panel := s.mustDo("GET", "/api/admin/reserve", s.owner, nil)
	month := panel.JSON["month"].(map[string]any)
	if month["buy_backs"] != float64(300_000_000) || month["melt_loss750"] != "0.048" || month["melted_batches"] != float64(1) {
		t.Fatalf("month %s", panel.Body)
	}
	if r := s.do("GET", "/api/admin/reserve", s.staff, nil); r.Status != 403 {
		t.Fatalf("staff read the owner's figures: %d", r.Status)
	}
}

// idNumber keeps an id as a JSON number in a body.
func idNumber(id string) any {
	var n int64
	fmt.Sscan(id, &n)
	return n
}

// The drawer's day: cash in by invoice, the owner's cash to the bank, a close by staff with a shortfall; the
// closed day takes no invoice until the owner reopens it, with a reason.
func TestTheDayClosesWithADifferenceAndReopensByTheOwner(t *testing.T) {
	s := newCounterShop(t)
	today := time.Now().In(iran.Tehran).Format(time.DateOnly)
	priced := s.mustDo("POST", "/api/admin/counter/price", s.staff, map[string]any{"sales": []map[string]any{{"item_id": s.bar}}})
	net := fmt.Sprint(int64(priced.JSON["net"].(float64)))
	if r := s.record("bar-1", map[string]any{"sales": []map[string]any{{"item_id": s.bar}},
		"payments": []map[string]any{{"method": "cash", "amount": net}}}); r.Status != 201 {
		t.Fatalf("sale %d %s", r.Status, r.Body)
	}
	move := map[string]any{"direction": "out", "counterpart": "bank", "amount": "500000000", "reason": "واریز به بانک"}
	s.run(t, []scenario{
		{name: "staff cannot move the drawer's cash", method: "POST", path: "/api/admin/counter/drawer", token: s.staff,
			body: move, wantStatus: 403},
		{name: "a movement needs its reason", method: "POST", path: "/api/admin/counter/drawer", token: s.owner,
			body: map[string]any{"direction": "out", "counterpart": "bank", "amount": "1"}, wantStatus: 400, wantContains: msgDrawerReason},
		{name: "more than the drawer holds", method: "POST", path: "/api/admin/counter/drawer", token: s.owner,
			body:       map[string]any{"direction": "out", "counterpart": "bank", "amount": "99000000000", "reason": "x"},
			wantStatus: 409, wantContains: msgDrawerShort},
		{name: "a bad day", method: "GET", path: "/api/admin/counter/days/2026-13-01", token: s.staff, wantStatus: 400,
			wantContains: msgDayBad},
		{name: "a customer cannot read the day", method: "GET", path: "/api/admin/counter/days/" + today, token: s.customer.token,
			wantStatus: 403, wantAbsent: []string{`"cash_in"`}},
	})
	raw, _ := json.Marshal(move)
	req, _ := http.NewRequest("POST", s.srv.URL+"/api/admin/counter/drawer", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.owner)
	req.Header.Set("Idempotency-Key", "drawer-1") // under a key the call commits after its answer is made
	moved := s.send(nil, req)
	if d, _ := moved.JSON["day"].(map[string]any); moved.Status != 200 || d["drawer_out"] != float64(500_000_000) {
		t.Fatalf("the movement's answer %s", moved.Body)
	}
	day := s.mustDo("GET", "/api/admin/counter/days/"+today, s.staff, nil)
	expected := int64(day.JSON["expected_cash"].(float64))
	if day.JSON["cash_in"] != priced.JSON["net"] || day.JSON["invoices"] != float64(1) || day.JSON["closed"] != nil ||
		expected != int64(priced.JSON["net"].(float64))-500_000_000 || day.JSON["gold_out750"] != "10.000" {
		t.Fatalf("day %s", day.Body)
	}
	if days := s.mustDo("GET", "/api/admin/counter/days", s.owner, nil); !strings.Contains(days.Body, `"date":"`+today+`"`) {
		t.Fatalf("unclosed %s", days.Body)
	}
	if r := s.do("POST", "/api/admin/counter/days/"+today+"/close", s.staff, map[string]any{"counted_cash": "-1"}); r.Status != 400 {
		t.Fatalf("a negative count: %d %s", r.Status, r.Body)
	}
	closed := s.mustDo("POST", "/api/admin/counter/days/"+today+"/close", s.staff,
		map[string]any{"counted_cash": fmt.Sprint(expected - 50_000), "note": "کسری"})
	c := closed.JSON["day"].(map[string]any)["closed"].(map[string]any)
	if c["difference"] != float64(-50_000) || c["counted_cash"] != float64(expected-50_000) {
		t.Fatalf("closed %s", closed.Body)
	}
	if days := s.mustDo("GET", "/api/admin/counter/days", s.owner, nil); strings.Contains(days.Body, `"date":"`+today+`"`) {
		t.Fatalf("a closed day listed as open: %s", days.Body)
	}
	s.run(t, []scenario{
		{name: "no invoice on a closed day", method: "POST", path: "/api/admin/counter/invoices", token: s.staff,
			body:       map[string]any{"sales": []map[string]any{{"item_id": s.ring}}, "payments": []map[string]any{{"method": "cash", "amount": "1"}}},
			wantStatus: 409, wantContains: msgDayClosed},
		{name: "no movement on a closed day", method: "POST", path: "/api/admin/counter/drawer", token: s.owner,
			body: map[string]any{"direction": "in", "counterpart": "owner", "amount": "1", "reason": "x"}, wantStatus: 409, wantContains: msgDayClosed},
		{name: "closed twice", method: "POST", path: "/api/admin/counter/days/" + today + "/close", token: s.staff,
			body: map[string]any{"counted_cash": "0"}, wantStatus: 409, wantContains: msgDayClosed},
		{name: "staff cannot reopen", method: "POST", path: "/api/admin/counter/days/" + today + "/reopen", token: s.staff,
			body: map[string]any{"reason": "x"}, wantStatus: 403},
		{name: "a reopen needs its reason", method: "POST", path: "/api/admin/counter/days/" + today + "/reopen", token: s.owner,
			body: map[string]any{"reason": ""}, wantStatus: 400, wantContains: msgReopenReason},
		{name: "a day not yet come", method: "POST", path: "/api/admin/counter/days/2099-01-01/close", token: s.staff,
			body: map[string]any{"counted_cash": "0"}, wantStatus: 409, wantContains: msgDayNotYet},
	})
	reopened := s.mustDo("POST", "/api/admin/counter/days/"+today+"/reopen", s.owner, map[string]any{"reason": "شمارش دوباره"})
	if reopened.JSON["day"].(map[string]any)["closed"] != nil {
		t.Fatalf("reopened %s", reopened.Body)
	}
	audit := s.mustDo("GET", "/api/admin/audit", s.owner, nil)
	if !strings.Contains(audit.Body, "counter.day.reopen") || !strings.Contains(audit.Body, "counter.day.close") {
		t.Fatalf("audit %s", audit.Body)
	}
}

// A label's barcode is a Code 128 PNG of its tag code, for the shop's admins only.
func TestATagsBarcodeIsAPNG(t *testing.T) {
	s := newCounterShop(t)
	req, _ := http.NewRequest("GET", s.srv.URL+"/api/admin/vault/barcode/R-100.png", nil)
	req.Header.Set("Authorization", "Bearer "+s.staff)
	r := s.send(nil, req)
	img, err := png.Decode(bytes.NewReader([]byte(r.Body)))
	if r.Status != 200 || err != nil || img.Bounds().Dx() < 100 || r.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("barcode %d %v %v", r.Status, err, r.Header)
	}
	s.run(t, []scenario{
		{name: "a code Code 128 cannot carry", method: "GET", path: "/api/admin/vault/barcode/%D8%B7.png", token: s.staff,
			wantStatus: 400, wantContains: msgTagBadCode},
		{name: "a customer cannot draw labels", method: "GET", path: "/api/admin/vault/barcode/R-100.png", token: s.customer.token,
			wantStatus: 403},
		{name: "a tag Code 128 cannot carry is refused", method: "POST", path: "/api/admin/vault", token: s.owner,
			body: map[string]any{"kind": "jewellery", "weight": "1", "purity": "750", "tag": "طلا"}, wantStatus: 400,
			wantContains: msgTagBadCode},
		{name: "a tag another piece has", method: "POST", path: "/api/admin/vault", token: s.owner,
			body: map[string]any{"kind": "jewellery", "weight": "1", "purity": "750", "tag": "R-100"}, wantStatus: 409,
			wantContains: msgVaultTagTaken},
	})
}
