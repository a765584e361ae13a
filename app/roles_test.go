package app

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"goldshop/store"
)

// signInStaff makes a staff member with `goldshop admin add --role staff`'s code path and signs them in.
func (s *testShop) signInStaff(phone string) string {
	s.t.Helper()
	if _, _, err := AddAdmin(context.Background(), s.store, AdminInput{Phone: phone, Password: "staff-pass-77", Role: store.RoleStaff}); err != nil {
		s.t.Fatal(err)
	}
	return s.signInWithFactor(phone, "staff-pass-77")
}

// userID is the id of the token's user, as /api/users/me says.
func (s *testShop) userID(token string) string {
	s.t.Helper()
	user, _ := s.do("GET", "/api/users/me", token, nil).JSON["user"].(map[string]any)
	return fmt.Sprint(user["id"])
}

// ownerOnlyCalls are every call staff must be refused, with a body the owner's call would accept.
var ownerOnlyCalls = []struct {
	method, path string
	body         any
}{
	{"POST", "/api/admin/prices", map[string]any{"base_price": 50_000_000}},
	{"GET", "/api/admin/prices", nil},
	{"GET", "/api/admin/grades", nil},
	{"PUT", "/api/admin/grades/2", map[string]any{"sell_add": 1000, "buy_subtract": 1000}},
	{"PUT", "/api/admin/users/1", map[string]any{"grade": 2}},
	{"GET", "/api/admin/daily-limits", nil},
	{"PUT", "/api/admin/daily-limits/grades/2", map[string]any{"buy_rial": "1000"}},
	{"GET", "/api/admin/users/1/daily-limits", nil},
	{"PUT", "/api/admin/users/1/daily-limits", map[string]any{"buy_rial": "1000"}},
	{"GET", "/api/priceSettings", nil},
	{"PUT", "/api/priceSettings", map[string]any{}},
	{"GET", "/api/adminCharge/user/09120000001", nil},
	{"POST", "/api/adminCharge/charge", map[string]any{"userId": 1, "type": "rial", "amount": 1000}},
	{"POST", "/api/admin/abshodeh", map[string]any{}},
	{"PUT", "/api/admin/abshodeh/1", map[string]any{}},
	{"DELETE", "/api/admin/abshodeh/1", nil},
	{"POST", "/api/admin/vault", map[string]any{}},
	{"PUT", "/api/admin/vault/1", map[string]any{}},
	{"POST", "/api/admin/vault/1/out", map[string]any{"reason": "sold"}},
	{"GET", "/api/admin/shop", nil},
	{"PUT", "/api/admin/shop", map[string]any{"name": "طلای ستاره"}},
	{"POST", "/api/admin/shop/logo", nil},
	{"GET", "/api/admin/staff", nil},
	{"POST", "/api/admin/staff", map[string]any{"phone_number": "09120000001", "role": "owner"}},
	{"PUT", "/api/admin/staff/1", map[string]any{"role": "owner"}},
	{"DELETE", "/api/admin/staff/1", nil},
	{"GET", "/api/admin/audit", nil},
	{"GET", "/api/admin/backups", nil},
	{"POST", "/api/admin/backups", nil},
	{"GET", "/api/admin/backups/goldshop-20260101T000000Z.tar.gz", nil},
	{"GET", "/api/admin/certificate", nil},
	{"GET", "/api/admin/reserve-settings", nil},
	{"PUT", "/api/admin/reserve-settings", map[string]any{"margin_percent": "1"}},
	{"GET", "/api/admin/exports/trades.csv?from=2026-03-21&to=2026-03-21", nil},
	{"GET", "/api/admin/exports/wallet-requests.csv?from=2026-03-21&to=2026-03-21", nil},
	{"GET", "/api/admin/exports/gold-requests.csv?from=2026-03-21&to=2026-03-21", nil},
	{"GET", "/api/admin/exports/customers.csv?from=2026-03-21&to=2026-03-21", nil},
	{"GET", "/api/admin/counter/settings", nil},
	{"PUT", "/api/admin/counter/settings", map[string]any{}},
	{"POST", "/api/admin/counter/invoices/1/void", map[string]any{"reason": "اشتباه"}},
}

// staffCalls are the desks staff work at: they must never be refused for their role.
var staffCalls = []struct{ method, path string }{
	{"GET", "/api/wallet/requests"},
	{"GET", "/api/wallet/requests/admin"},
	{"GET", "/api/gold/admin-requests"},
	{"GET", "/api/chat/admin/rooms"},
	{"GET", "/api/admin/users"},
	{"GET", "/api/admin/users-balances"},
	{"GET", "/api/admin/user-transactions/1"},
	{"GET", "/api/adminGoldTransactions/gold-transactions"},
	{"GET", "/api/admin/dashboard"},
	{"GET", "/api/admin/abshodeh"},
	{"GET", "/api/admin/vault"},
	{"GET", "/api/admin/vault?status=all"},
	{"GET", "/api/admin/counter/terms"},
	{"GET", "/api/admin/counter/invoices"},
}

func TestStaffAreRefusedEverythingButTheirDesks(t *testing.T) {
	s := newTestShop(t)
	customer, _ := s.signUp(1)
	staff := s.signInStaff("09350000002")
	owner := s.signInAdmin()
	for _, c := range ownerOnlyCalls {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			r := s.do(c.method, c.path, staff, c.body)
			if r.Status != http.StatusForbidden || r.str("message") != msgOwnerOnly {
				t.Fatalf("staff: %d %s, want 403 %q", r.Status, r.Body, msgOwnerOnly)
			}
			if r := s.do(c.method, c.path, customer, c.body); r.Status != http.StatusForbidden || r.str("message") != msgAdminOnly {
				t.Fatalf("customer: %d %s, want 403 %q", r.Status, r.Body, msgAdminOnly)
			}
			if r := s.do(c.method, c.path, "", c.body); r.Status != http.StatusUnauthorized {
				t.Fatalf("signed out: %d %s, want 401", r.Status, r.Body)
			}
			if r := s.do(c.method, c.path, owner, c.body); r.Status == http.StatusForbidden || r.Status == http.StatusUnauthorized {
				t.Fatalf("owner: %d %s", r.Status, r.Body)
			}
		})
	}
	for _, c := range staffCalls {
		t.Run("staff "+c.method+" "+c.path, func(t *testing.T) {
			if r := s.do(c.method, c.path, staff, nil); r.Status != http.StatusOK {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
			if r := s.do(c.method, c.path, customer, nil); r.Status != http.StatusForbidden {
				t.Fatalf("customer: %d %s", r.Status, r.Body)
			}
		})
	}
	for token, want := range map[string]string{owner: `"role":"owner"`, staff: `"role":"staff"`, customer: `"role":"customer"`} {
		if r := s.do("GET", "/api/users/me", token, nil); !strings.Contains(r.Body, want) {
			t.Errorf("me: %s, want %s", r.Body, want)
		}
	}
}

func TestTheOwnerManagesStaffAndNeverLosesTheLastOwner(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	customer, _ := s.signUp(7)
	phone := registration(7)["phone_number"].(string)
	id, ownerID := s.userID(customer), s.userID(owner)
	refused := []string{`"role":"staff"`, `"role":"owner"`}
	// While the owner the command line made is the shop's only staff:
	s.run(t, []scenario{
		{name: "only the owner is listed at first", method: "GET", path: "/api/admin/staff", token: owner, wantStatus: 200, wantContains: `"role":"owner"`, wantAbsent: []string{`"role":"staff"`}},
		{name: "a phone without an account is 404", method: "POST", path: "/api/admin/staff", token: owner, body: map[string]any{"phone_number": "09351112233", "role": "staff"}, wantStatus: 404, wantContains: msgStaffNoAccount, wantAbsent: refused},
		{name: "a bad role is 400", method: "POST", path: "/api/admin/staff", token: owner, body: map[string]any{"phone_number": phone, "role": "admin"}, wantStatus: 400, wantContains: msgStaffRole, wantAbsent: refused},
		{name: "a bad phone is 400", method: "POST", path: "/api/admin/staff", token: owner, body: map[string]any{"phone_number": "12", "role": "staff"}, wantStatus: 400, wantContains: msgPhoneInvalid, wantAbsent: refused},
		{name: "the last owner cannot be demoted", method: "PUT", path: "/api/admin/staff/" + ownerID, token: owner, body: map[string]any{"role": "staff"}, wantStatus: 409, wantContains: msgLastOwner, wantAbsent: refused},
		{name: "nor removed", method: "DELETE", path: "/api/admin/staff/" + ownerID, token: owner, wantStatus: 409, wantContains: msgLastOwner, wantAbsent: []string{msgStaffRemoved}},
		{name: "a customer's id is not a staff id", method: "PUT", path: "/api/admin/staff/999999", token: owner, body: map[string]any{"role": "owner"}, wantStatus: 404, wantAbsent: refused},
	})

	// The first owner hands the shop over to the customer and is removed.
	s.mustDo("POST", "/api/admin/staff", owner, map[string]any{"phone_number": phone, "role": "staff"})
	s.mustDo("PUT", "/api/admin/staff/"+id, owner, map[string]any{"role": "owner"})
	// promoted, they can do nothing before their second factor is on
	if r := s.do("GET", "/api/admin/staff", customer, nil); r.Status != 403 || r.str("message") != msgEnrolFirst {
		t.Fatalf("a new owner before enrolling: %d %s", r.Status, r.Body)
	}
	s.enrolTOTP(t, customer, customerPassword)
	s.mustDo("PUT", "/api/admin/staff/"+ownerID, customer, map[string]any{"role": "staff"})
	s.mustDo("DELETE", "/api/admin/staff/"+ownerID, customer, nil)
	r := s.do("GET", "/api/admin/staff", customer, nil)
	if strings.Count(r.Body, `"id"`) != 1 || strings.Contains(r.Body, "password") {
		t.Fatalf("staff list %s, want one owner and no hashes", r.Body)
	}
	log := s.do("GET", "/api/admin/audit?kind=staff.customer", customer, nil)
	if !strings.Contains(log.Body, `"before":{"phone_number":"09350000001","role":"staff"}`) {
		t.Fatalf("audit of the removal: %s", log.Body)
	}

	// Each change of a role, on a fresh customer of the new owner.
	owner = customer
	// staffMember is a fresh customer with a second factor on, whom the owner made staff.
	staffMember := func(s *testShop) trader {
		c := s.newCustomer()
		id, _ := strconv.ParseInt(c.id, 10, 64)
		s.giveSecondFactor(id)
		s.mustDo("POST", "/api/admin/staff", owner, map[string]any{"phone_number": c.phone, "role": "staff"})
		return c
	}
	// coOwner is a fresh customer the owner made staff and then owner.
	coOwner := func(s *testShop) trader {
		c := staffMember(s)
		s.mustDo("PUT", "/api/admin/staff/"+c.id, owner, map[string]any{"role": "owner"})
		return c
	}
	// steppedDown is a co-owner the owner has made staff again.
	steppedDown := func(s *testShop) trader {
		c := coOwner(s)
		s.mustDo("PUT", "/api/admin/staff/"+c.id, owner, map[string]any{"role": "staff"})
		return c
	}
	// removed is a former co-owner the owner has removed from the staff.
	removed := func(s *testShop) trader {
		c := steppedDown(s)
		s.mustDo("DELETE", "/api/admin/staff/"+c.id, owner, nil)
		return c
	}
	s.run(t, []scenario{
		{name: "the customer becomes staff", method: "POST", path: "/api/admin/staff", token: owner, setup: func(s *testShop, c *scenario) {
			c.body = map[string]any{"phone_number": s.newCustomer().phone, "role": "staff"}
		}, wantStatus: 201, wantContains: `"role":"staff"`},
		{name: "their open session is staff at once", method: "GET", path: "/api/wallet/requests", setup: func(s *testShop, c *scenario) { c.token = staffMember(s).token }, wantStatus: 200},
		{name: "but not owner", method: "GET", path: "/api/admin/prices", setup: func(s *testShop, c *scenario) { c.token = staffMember(s).token }, wantStatus: 403, wantContains: msgOwnerOnly, wantAbsent: []string{`"base_price"`}},
		{name: "staff is promoted", method: "PUT", token: owner, setup: func(s *testShop, c *scenario) { c.path = "/api/admin/staff/" + staffMember(s).id },
			body: map[string]any{"role": "owner"}, wantStatus: 200, wantContains: `"role":"owner"`},
		{name: "and can open the prices at once", method: "GET", path: "/api/admin/prices", setup: func(s *testShop, c *scenario) { c.token = coOwner(s).token }, wantStatus: 200},
		{name: "now the first owner can step down", method: "PUT", setup: func(s *testShop, c *scenario) {
			first, second := coOwner(s), coOwner(s)
			c.path, c.token = "/api/admin/staff/"+first.id, second.token
		}, body: map[string]any{"role": "staff"}, wantStatus: 200, wantContains: `"role":"staff"`},
		{name: "and is staff at once", method: "GET", path: "/api/admin/staff", setup: func(s *testShop, c *scenario) { c.token = steppedDown(s).token }, wantStatus: 403, wantContains: msgOwnerOnly, wantAbsent: []string{`"role":"owner"`}},
		{name: "the new owner removes them", method: "DELETE", setup: func(s *testShop, c *scenario) {
			first, second := coOwner(s), coOwner(s)
			s.mustDo("PUT", "/api/admin/staff/"+first.id, second.token, map[string]any{"role": "staff"})
			c.path, c.token = "/api/admin/staff/"+first.id, second.token
		}, wantStatus: 200, wantContains: msgStaffRemoved},
		{name: "whose session loses admin rights at once", method: "GET", path: "/api/wallet/requests", setup: func(s *testShop, c *scenario) { c.token = removed(s).token },
			wantStatus: 403, wantContains: msgAdminOnly},
		{name: "and who is a customer again", method: "GET", path: "/api/users/me", setup: func(s *testShop, c *scenario) { c.token = removed(s).token },
			wantStatus: 200, wantContains: `"role":"customer"`, wantAbsent: []string{`"role":"staff"`}},
	})
}
