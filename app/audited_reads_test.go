package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// What the shop's people open of a customer's data is on record: a receipt and a ledger, who opened it and
// whose it is, once per admin, thing and hour; a customer opening their own is not. The owner filters them.
func TestAdminReadsOfACustomersDataAreAudited(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	staff := s.signInStaff("09350000002")
	c := s.newCustomer()
	id := s.deposit(c.token, "1000000")
	receipt := ""
	var mine []map[string]any
	if err := json.Unmarshal([]byte(s.mustDo("GET", "/api/wallet/requests/user", c.token, nil).Body), &mine); err != nil {
		t.Fatal(err)
	}
	for _, req := range mine {
		if fmt.Sprint(req["id"]) == fmt.Sprint(id) {
			receipt, _ = req["receipt_image"].(string)
		}
	}
	if receipt == "" {
		t.Fatal("no receipt address")
	}
	for range 2 {
		if r := s.do("GET", receipt, c.token, nil); r.Status != 200 {
			t.Fatalf("the customer's own receipt: %d", r.Status)
		}
	}
	if p := s.audit(owner, "kind="+readReceipt); len(p.Items) != 0 {
		t.Fatalf("a customer's read of their own receipt audited: %+v", p.Items)
	}
	for range 3 { // a list showing it, then the picture opened, then again
		if r := s.do("GET", receipt, staff, nil); r.Status != 200 {
			t.Fatalf("staff opening a receipt: %d", r.Status)
		}
	}
	for range 2 {
		s.mustDo("GET", "/api/admin/user-transactions/"+c.id, staff, nil)
	}
	staffID := s.userID(staff)
	p := s.audit(owner, "kind="+readReceipt)
	if len(p.Items) != 1 || p.Items[0].Actor == nil || fmt.Sprint(p.Items[0].Actor.ID) != staffID ||
		!strings.Contains(string(p.Items[0].After), `"user_id":`+c.id) || !strings.Contains(string(p.Items[0].After), `"phone_number":"`+c.phone+`"`) {
		t.Fatalf("the receipt read: %+v", p.Items)
	}
	if p := s.audit(owner, "kind="+readLedger+"&actor="+staffID); len(p.Items) != 1 || !strings.Contains(string(p.Items[0].After), `"user_id":`+c.id) {
		t.Fatalf("the ledger read: %+v", p.Items)
	}
	s.clock.Advance(readAuditWindow + time.Minute)
	login := func(phone, password string) string {
		return s.signInWithFactor(phone, password)
	}
	staff = login("09350000002", "staff-pass-77")
	if r := s.do("GET", receipt, staff, nil); r.Status != 200 {
		t.Fatalf("staff opening the receipt an hour later: %d", r.Status)
	}
	owner = login("09350000001", "owner-pass-99")
	if p := s.audit(owner, "kind="+readReceipt); len(p.Items) != 2 {
		t.Fatalf("%d receipt reads on record after the hour, want 2", len(p.Items))
	}
}
