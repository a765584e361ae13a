package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

// jalaliDay names the Tehran day of t as the audit filter takes it.
func jalaliDay(t time.Time) string { return iran.JalaliDayText(t) }

type auditPage struct {
	Items []struct {
		ID    int64
		Kind  string
		Actor *struct {
			ID          int64
			Name        string
			PhoneNumber string `json:"phone_number"`
		}
		Before, After json.RawMessage
	}
	NextCursor string `json:"next_cursor"`
}

func (s *testShop) audit(token, query string) auditPage {
	s.t.Helper()
	r := s.do("GET", "/api/admin/audit?"+query, token, nil)
	var p auditPage
	if r.Status != 200 || json.Unmarshal([]byte(r.Body), &p) != nil {
		s.t.Fatalf("audit %s: %d %s", query, r.Status, r.Body)
	}
	return p
}

func TestTheAuditLogFiltersByPersonKindAndJalaliDaysAndPages(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin() // admin.add by the command line: no actor
	ownerID := s.userID(owner)
	customer, _ := s.signUp(7)
	staffPhone := registration(7)["phone_number"].(string)
	if r := s.do("POST", "/api/admin/staff", owner, map[string]any{"phone_number": staffPhone, "role": "owner"}); r.Status != 201 {
		t.Fatal(r.Body)
	}
	day1 := s.clock.Now()
	for i := range 60 {
		s.do("POST", "/api/admin/prices", owner, map[string]any{"base_price": 50_000_000 + i*1000})
	}
	s.clock.Advance(48 * time.Hour) // the tokens expire: sign in again
	owner = s.signInWithFactor("09350000001", "owner-pass-99")
	customer = s.signInWithFactor(staffPhone, registration(7)["password"].(string))
	s.do("PUT", "/api/admin/shop", customer, map[string]any{"name": "طلای ستاره"})

	all := s.audit(owner, "")
	if len(all.Items) != 50 || all.NextCursor == "" || all.Items[0].Kind != "shop.update" {
		t.Fatalf("first page: %d items, next %q, newest %q", len(all.Items), all.NextCursor, all.Items[0].Kind)
	}
	if a := all.Items[0].Actor; a == nil || fmt.Sprint(a.ID) != s.userID(customer) || a.PhoneNumber != staffPhone || a.Name != "سارا احمدی" {
		t.Fatalf("actor of the newest: %+v", a)
	}
	rest := s.audit(owner, "cursor="+all.NextCursor)
	if len(rest.Items) != 13 || rest.NextCursor != "" || rest.Items[len(rest.Items)-1].Kind != "admin.add" || rest.Items[len(rest.Items)-1].Actor != nil {
		t.Fatalf("last page: %d items, next %q", len(rest.Items), rest.NextCursor)
	}
	if rest.Items[0].ID >= all.Items[49].ID {
		t.Fatal("pages overlap")
	}
	if p := s.audit(owner, "kind=price.set&limit=7"); len(p.Items) != 7 || p.Items[0].Kind != "price.set" || !strings.Contains(string(p.Items[0].After), "50059000") {
		t.Fatalf("kind filter: %+v", p)
	}
	if p := s.audit(owner, "actor="+ownerID+"&kind=staff.owner"); len(p.Items) != 1 || !strings.Contains(string(p.Items[0].Before), `"role":"customer"`) {
		t.Fatalf("actor filter: %+v", p)
	}
	today, before := jalaliDay(s.clock.Now()), jalaliDay(day1)
	if p := s.audit(owner, "from="+today+"&to="+today); len(p.Items) != 1 || p.Items[0].Kind != "shop.update" {
		t.Fatalf("today only: %d items", len(p.Items))
	}
	if p := s.audit(owner, "to="+before+"&limit=50"); len(p.Items) != 50 || p.Items[0].Kind != "price.set" {
		t.Fatalf("up to day 1 (inclusive): %d items", len(p.Items))
	}
	if p := s.audit(owner, "from="+strings.NewReplacer("0", "۰", "1", "۱", "2", "۲", "3", "۳", "4", "۴", "5", "۵", "6", "۶", "7", "۷", "8", "۸", "9", "۹").Replace(today)); len(p.Items) != 1 {
		t.Fatalf("Persian digits: %d items", len(p.Items))
	}
	s.run(t, []scenario{
		{name: "a made-up date", method: "GET", path: "/api/admin/audit?from=1403/13/01", token: owner, wantStatus: 400, wantContains: msgAuditFilter, wantAbsent: []string{`"items"`}},
		// one convention for every period (day_range.go): a Gregorian day is read too; a Jalali day written with
		// dashes is taken for a mistaken Gregorian one and refused
		{name: "a Jalali day with dashes", method: "GET", path: "/api/admin/audit?to=1405-09-04", token: owner, wantStatus: 400, wantContains: msgAuditFilter, wantAbsent: []string{`"items"`}},
		{name: "a bad cursor", method: "GET", path: "/api/admin/audit?cursor=abc", token: owner, wantStatus: 400, wantContains: msgAuditFilter, wantAbsent: []string{`"items"`}},
		{name: "a negative limit", method: "GET", path: "/api/admin/audit?limit=-1", token: owner, wantStatus: 400, wantContains: msgAuditFilter, wantAbsent: []string{`"items"`}},
		{name: "a bad actor", method: "GET", path: "/api/admin/audit?actor=1%20OR%201=1", token: owner, wantStatus: 400, wantContains: msgAuditFilter, wantAbsent: []string{`"items"`}},
		{name: "an unknown kind finds nothing", method: "GET", path: "/api/admin/audit?kind=x'--", token: owner, wantStatus: 200, wantContains: `{"items":[],"next_cursor":""}`},
	})
}
