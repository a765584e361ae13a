package app

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"goldshop/store"
)

// An owner or staff member who signed in without a second factor can do nothing but enrol it: every other
// call, admin or not, is 403 with words that say so, and the chat refuses their socket; once the factor is on,
// the same login works, and the next sign-in asks for it.
func TestAnAdminWithoutASecondFactorCanOnlyEnrol(t *testing.T) {
	s := newTestShop(t)
	for _, role := range []string{store.RoleOwner, store.RoleStaff} {
		t.Run(role, func(t *testing.T) {
			s := s.forT(t)
			phone := map[string]string{store.RoleOwner: "09350000011", store.RoleStaff: "09350000012"}[role]
			if _, _, err := AddAdmin(context.Background(), s.store, AdminInput{Phone: phone, Password: "desk-pass-55", Role: role}); err != nil {
				t.Fatal(err)
			}
			login := s.mustDo("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "desk-pass-55"})
			token := login.str("accessToken")
			if user := login.JSON["user"].(map[string]any); user["must_enrol_second_factor"] != true || user["second_factor"] != false {
				t.Fatalf("login answer: %s", login.Body)
			}
			for _, c := range []struct{ method, path string }{
				{"GET", "/api/admin/users"}, {"GET", "/api/wallet/requests"}, {"GET", "/api/admin/staff"},
				{"POST", "/api/admin/prices"}, {"GET", "/api/wallet/balances"}, {"GET", "/api/notifications"},
				{"PUT", "/api/users/update"},
			} {
				if r := s.do(c.method, c.path, token, map[string]any{}); r.Status != 403 || r.str("message") != msgEnrolFirst {
					t.Errorf("%s %s before enrolling: %d %s", c.method, c.path, r.Status, r.Body)
				}
			}
			if r := s.mustDo("GET", "/api/users/me", token, nil); r.JSON["user"].(map[string]any)["must_enrol_second_factor"] != true {
				t.Fatalf("me: %s", r.Body)
			}
			if _, err := s.app.chatUser(httptest.NewRequest("GET", "/socket.io/", nil), []byte(fmt.Sprintf(`{"token":%q}`, token))); err == nil {
				t.Error("a chat socket before enrolling")
			}

			s.enrolTOTP(t, token, "desk-pass-55")
			if r := s.mustDo("GET", "/api/users/me", token, nil); r.JSON["user"].(map[string]any)["must_enrol_second_factor"] != false {
				t.Fatalf("me after enrolling: %s", r.Body)
			}
			s.mustDo("GET", "/api/admin/users", token, nil)
			if _, err := s.app.chatUser(httptest.NewRequest("GET", "/socket.io/", nil), []byte(fmt.Sprintf(`{"token":%q}`, token))); err != nil {
				t.Errorf("the chat after enrolling: %v", err)
			}
			again := s.mustDo("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "desk-pass-55"})
			if again.JSON["second_factor_required"] != true || again.str("accessToken") != "" {
				t.Fatalf("the next sign-in: %s", again.Body)
			}
		})
	}
	// a customer is never held to it
	c := s.newCustomer()
	s.mustDo("GET", "/api/wallet/balances", c.token, nil)
}

// The owner takes a staff member's lost factor away: audited, their logins end at once, and their next
// sign-in enrols again. Staff cannot, an owner cannot drop their own from the web, and nothing on is 404.
func TestTheOwnerResetsAStaffMembersSecondFactor(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	staff := s.signInStaff("09350000013")
	staffID, ownerID := s.userID(staff), s.userID(owner)
	other := s.signInStaff("09350000014")

	if r := s.do("DELETE", "/api/admin/staff/"+staffID+"/second-factor", other, nil); r.Status != 403 {
		t.Fatalf("staff resetting staff: %d %s", r.Status, r.Body)
	}
	if r := s.do("DELETE", "/api/admin/staff/"+ownerID+"/second-factor", owner, nil); r.Status != 403 || r.str("message") != msgOwnerFactorOnServer {
		t.Fatalf("the owner's own: %d %s", r.Status, r.Body)
	}
	if r := s.do("DELETE", "/api/admin/staff/"+s.newCustomer().id+"/second-factor", owner, nil); r.Status != 404 {
		t.Fatalf("a customer's: %d %s", r.Status, r.Body)
	}
	s.mustDo("DELETE", "/api/admin/staff/"+staffID+"/second-factor", owner, nil)
	if r := s.do("GET", "/api/users/me", staff, nil); r.Status != 401 {
		t.Fatalf("the staff member's login after the reset: %d", r.Status)
	}
	var audited int
	s.store.ReadDB().QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'second_factor.reset' AND target = ?
		AND admin_id = ?`, "user:"+staffID, ownerID).Scan(&audited)
	if audited != 1 {
		t.Fatalf("%d audit rows", audited)
	}
	if r := s.do("DELETE", "/api/admin/staff/"+staffID+"/second-factor", owner, nil); r.Status != 404 || r.str("message") != msgSecondFactorNotOn {
		t.Fatalf("a reset with nothing on: %d %s", r.Status, r.Body)
	}
	login := s.mustDo("POST", "/api/auth/login", "", map[string]string{"phone_number": "09350000013", "password": "staff-pass-77"})
	if login.str("accessToken") == "" || login.JSON["user"].(map[string]any)["must_enrol_second_factor"] != true {
		t.Fatalf("the next sign-in: %s", login.Body)
	}
}
