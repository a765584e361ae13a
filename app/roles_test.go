package app

import (
	"context"
	"fmt"
	"net/http"
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
	r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "staff-pass-77"})
	if r.Status != 200 {
		s.t.Fatalf("staff login: %d %s", r.Status, r.Body)
	}
	return r.str("accessToken")
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
	{"GET", "/api/priceSettings", nil},
	{"PUT", "/api/priceSettings", map[string]any{}},
	{"GET", "/api/adminCharge/user/09120000001", nil},
	{"POST", "/api/adminCharge/charge", map[string]any{"userId": 1, "type": "rial", "amount": 1000}},
	{"POST", "/api/admin/abshodeh", map[string]any{}},
	{"PUT", "/api/admin/abshodeh/1", map[string]any{}},
	{"DELETE", "/api/admin/abshodeh/1", nil},
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
	s.run(t, []scenario{
		{"only the owner is listed at first", "GET", "/api/admin/staff", owner, nil, 200, `"role":"owner"`},
		{"a phone without an account is 404", "POST", "/api/admin/staff", owner, map[string]any{"phone_number": "09351112233", "role": "staff"}, 404, msgStaffNoAccount},
		{"a bad role is 400", "POST", "/api/admin/staff", owner, map[string]any{"phone_number": phone, "role": "admin"}, 400, msgStaffRole},
		{"a bad phone is 400", "POST", "/api/admin/staff", owner, map[string]any{"phone_number": "12", "role": "staff"}, 400, msgPhoneInvalid},
		{"the customer becomes staff", "POST", "/api/admin/staff", owner, map[string]any{"phone_number": phone, "role": "staff"}, 201, `"role":"staff"`},
		{"their open session is staff at once", "GET", "/api/wallet/requests", customer, nil, 200, ``},
		{"but not owner", "GET", "/api/admin/prices", customer, nil, 403, msgOwnerOnly},
		{"the last owner cannot be demoted", "PUT", "/api/admin/staff/" + ownerID, owner, map[string]any{"role": "staff"}, 409, msgLastOwner},
		{"nor removed", "DELETE", "/api/admin/staff/" + ownerID, owner, nil, 409, msgLastOwner},
		{"a customer's id is not a staff id", "PUT", "/api/admin/staff/999999", owner, map[string]any{"role": "owner"}, 404, ``},
		{"staff is promoted", "PUT", "/api/admin/staff/" + id, owner, map[string]any{"role": "owner"}, 200, `"role":"owner"`},
		{"and can open the prices at once", "GET", "/api/admin/prices", customer, nil, 200, ``},
		{"now the first owner can step down", "PUT", "/api/admin/staff/" + ownerID, customer, map[string]any{"role": "staff"}, 200, `"role":"staff"`},
		{"and is staff at once", "GET", "/api/admin/staff", owner, nil, 403, msgOwnerOnly},
		{"the new owner removes them", "DELETE", "/api/admin/staff/" + ownerID, customer, nil, 200, msgStaffRemoved},
		{"whose session loses admin rights at once", "GET", "/api/wallet/requests", owner, nil, 403, msgAdminOnly},
		{"and who is a customer again", "GET", "/api/users/me", owner, nil, 200, `"role":"customer"`},
	})
	r := s.do("GET", "/api/admin/staff", customer, nil)
	if strings.Count(r.Body, `"id"`) != 1 || strings.Contains(r.Body, "password") {
		t.Fatalf("staff list %s, want one owner and no hashes", r.Body)
	}
	log := s.do("GET", "/api/admin/audit?kind=staff.customer", customer, nil)
	if !strings.Contains(log.Body, `"before":{"phone_number":"09350000001","role":"staff"}`) {
		t.Fatalf("audit of the removal: %s", log.Body)
	}
}
