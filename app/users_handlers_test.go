package app

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestProfileUpdate(t *testing.T) {
	s := newTestShop(t)
	access, _ := s.signUp(80)
	good := map[string]any{"first_name": "كيان", "last_name": "يزدانی", "birth_date": "1368/12/29"}
	s.run(t, []scenario{
		{name: "refuses a signed-out caller", method: "PUT", path: "/api/users/update", body: good, wantStatus: 401, wantContains: msgLoginRequired, wantAbsent: []string{`"birth_date"`}},
		{name: "refuses an unknown token", method: "PUT", path: "/api/users/update", token: "not-a-token", body: good, wantStatus: 401, wantContains: msgSessionExpired, wantAbsent: []string{`"birth_date"`}},
		{name: "refuses an empty first name", method: "PUT", path: "/api/users/update", token: access, body: with(good, "first_name", ""), wantStatus: 400, wantContains: msgFirstNameInvalid, wantAbsent: []string{`"birth_date"`}},
		{name: "refuses a name of 51 letters", method: "PUT", path: "/api/users/update", token: access, body: with(good, "last_name", strings.Repeat("ب", 51)), wantStatus: 400, wantContains: msgLastNameInvalid, wantAbsent: []string{`"birth_date"`}},
		{name: "refuses a birth date without separators", method: "PUT", path: "/api/users/update", token: access, body: with(good, "birth_date", "13680101"), wantStatus: 400, wantContains: msgBirthDateInvalid, wantAbsent: []string{`"birth_date"`}},
		{name: "refuses a Gregorian-looking date", method: "PUT", path: "/api/users/update", token: access, body: with(good, "birth_date", "1990/05/01"), wantStatus: 400, wantContains: msgBirthDateUnderage, wantAbsent: []string{`"birth_date"`}},
		{name: "folds Arabic letters and pads the date", method: "PUT", path: "/api/users/update", token: access, body: with(good, "birth_date", "1368/1/9"), wantStatus: 200, wantContains: `"birth_date":"1368/01/09"`},
	})
	me := s.do("GET", "/api/users/me", access, nil)
	user := me.JSON["user"].(map[string]any)
	if user["first_name"] != "کیان" || user["last_name"] != "یزدانی" {
		t.Fatalf("names stored as %q %q", user["first_name"], user["last_name"])
	}
	if user["national_id"] != registration(80)["national_id"] || user["phone_number"] != registration(80)["phone_number"] {
		t.Fatalf("phone or national id changed: %v", user)
	}
}

// grantedCustomer is a fresh customer signed in on two devices who has verified a profile code on the
// first: the first may now change the password once.
func (s *testShop) grantedCustomer() (c trader, other string) {
	s.t.Helper()
	c = s.newCustomer()
	id, _ := strconv.ParseInt(c.id, 10, 64)
	other = s.newLogin(id)
	s.mustDo("POST", "/api/auth/request-verification-code", c.token, map[string]string{"phone_number": c.phone})
	s.mustDo("POST", "/api/auth/verify-profile-code", c.token, map[string]string{"phone_number": c.phone, "code": s.lastCode(c.phone)})
	return c, other
}

// changedPassword is a grantedCustomer who has changed the password to "طلای-من-۱۴۰۴" on the first device.
func (s *testShop) changedPassword() (c trader, other string) {
	s.t.Helper()
	c, other = s.grantedCustomer()
	s.mustDo("PUT", "/api/users/change-password", c.token, map[string]string{"password": "طلای-من-۱۴۰۴"})
	return c, other
}

func TestPasswordChangeInThreeSteps(t *testing.T) {
	s := newTestShop(t)
	access, _ := s.signUp(90)
	phone := registration(90)["phone_number"].(string)

	s.run(t, []scenario{
		{name: "refuses a change before the phone is verified", method: "PUT", path: "/api/users/change-password", token: access, body: map[string]string{"password": "new-secret-77"}, wantStatus: 403, wantContains: msgPasswordGrantGone},
		{name: "refuses a code for someone else's phone", method: "POST", path: "/api/auth/request-verification-code", token: access, body: map[string]string{"phone_number": "09129999999"}, wantStatus: 403, wantContains: msgOwnPhoneOnly},
		{name: "refuses a signed-out code request", method: "POST", path: "/api/auth/request-verification-code", body: map[string]string{"phone_number": phone}, wantStatus: 401, wantContains: msgLoginRequired},
	})
	s.clock.Advance(61 * time.Second)
	if r := s.do("POST", "/api/auth/request-verification-code", access, map[string]string{"phone_number": phone}); r.Status != 200 {
		t.Fatalf("request code: %d %s", r.Status, r.Body)
	}
	code := s.lastCode(phone)
	// A profile code cannot sign anyone in, and a login code cannot open a password change.
	if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": code}); r.Status != 400 {
		t.Fatalf("a profile code signed in: %d %s", r.Status, r.Body)
	}
	if r := s.do("POST", "/api/auth/verify-profile-code", access, map[string]string{"phone_number": phone, "code": code}); r.Status != 200 || r.str("message") != msgCodeVerified {
		t.Fatalf("verify profile code: %d %s", r.Status, r.Body)
	}
	asGranted := func(s *testShop, c *scenario) { g, _ := s.grantedCustomer(); c.token = g.token }
	refused := []string{msgPasswordChanged}
	s.run(t, []scenario{
		{name: "refuses a short new password", method: "PUT", path: "/api/users/change-password", setup: asGranted, body: map[string]string{"password": "abc"}, wantStatus: 400, wantContains: msgPasswordShort, wantAbsent: refused},
		{name: "refuses a common new password", method: "PUT", path: "/api/users/change-password", setup: asGranted, body: map[string]string{"password": "Password1"}, wantStatus: 400, wantContains: msgPasswordCommon, wantAbsent: refused},
		{name: "changes the password", method: "PUT", path: "/api/users/change-password", setup: asGranted, body: map[string]string{"password": "طلای-من-۱۴۰۴"}, wantStatus: 200, wantContains: msgPasswordChanged},
		{name: "allows one change per verified code", method: "PUT", path: "/api/users/change-password", setup: func(s *testShop, c *scenario) { g, _ := s.changedPassword(); c.token = g.token },
			body: map[string]string{"password": "another-one-88"}, wantStatus: 403, wantContains: msgPasswordGrantGone, wantAbsent: refused},
		{name: "refuses the old password", method: "POST", path: "/api/auth/login", setup: func(s *testShop, c *scenario) {
			g, _ := s.changedPassword()
			c.body = map[string]string{"phone_number": g.phone, "password": "sara-gold-2024"}
		}, wantStatus: 401, wantContains: msgLoginWrong, wantAbsent: []string{"accessToken"}},
		{name: "accepts the new password", method: "POST", path: "/api/auth/login", setup: func(s *testShop, c *scenario) {
			g, _ := s.changedPassword()
			c.body = map[string]string{"phone_number": g.phone, "password": "طلای-من-۱۴۰۴"}
		}, wantStatus: 200, wantContains: "accessToken"},
		{name: "keeps this device signed in", method: "GET", path: "/api/users/me", setup: func(s *testShop, c *scenario) {
			g, _ := s.changedPassword()
			c.token, c.wantContains = g.token, g.phone
		}, wantStatus: 200},
		{name: "signs out the other devices", method: "GET", path: "/api/users/me", setup: func(s *testShop, c *scenario) { _, c.token = s.changedPassword() },
			wantStatus: 401, wantContains: msgSessionExpired, wantAbsent: []string{`"phone_number"`}},
	})
}

func TestPasswordChangeWindowCloses(t *testing.T) {
	s := newTestShop(t)
	access, _ := s.signUp(91)
	phone := registration(91)["phone_number"].(string)
	s.clock.Advance(61 * time.Second)
	s.do("POST", "/api/auth/request-verification-code", access, map[string]string{"phone_number": phone})
	s.do("POST", "/api/auth/verify-profile-code", access, map[string]string{"phone_number": phone, "code": s.lastCode(phone)})
	s.clock.Advance(passwordChangeWindow + time.Second)
	access2 := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"}).str("accessToken")
	if r := s.do("PUT", "/api/users/change-password", access2, map[string]string{"password": "late-change-55"}); r.Status != 403 {
		t.Fatalf("change after the window: %d %s", r.Status, r.Body)
	}
}

// Issue 14: the grant opened by a verified code belongs to the login that verified it, so a second
// (perhaps stolen) session of the same customer cannot use it to change the password and sign the first out.
func TestPasswordChangeGrantBelongsToTheLoginThatVerified(t *testing.T) {
	s := newTestShop(t)
	// tried is a grantedCustomer whose second login has tried to change the password.
	tried := func(s *testShop) (c trader, other string) {
		c, other = s.grantedCustomer()
		s.do("PUT", "/api/users/change-password", other, map[string]string{"password": "stolen-change-66"})
		return c, other
	}
	s.run(t, []scenario{
		{name: "refuses the change from another login of the same customer", method: "PUT", path: "/api/users/change-password", setup: func(s *testShop, c *scenario) { _, c.token = s.grantedCustomer() },
			body: map[string]string{"password": "stolen-change-66"}, wantStatus: 403, wantContains: msgPasswordGrantGone, wantAbsent: []string{msgPasswordChanged}},
		{name: "keeps the verifying login signed in", method: "GET", path: "/api/users/me", setup: func(s *testShop, c *scenario) {
			g, _ := tried(s)
			c.token, c.wantContains = g.token, g.phone
		}, wantStatus: 200},
		{name: "lets the verifying login change the password", method: "PUT", path: "/api/users/change-password", setup: func(s *testShop, c *scenario) {
			g, _ := tried(s)
			c.token = g.token
		}, body: map[string]string{"password": "my-own-change-67"}, wantStatus: 200, wantContains: msgPasswordChanged},
		{name: "signs the other login out", method: "GET", path: "/api/users/me", setup: func(s *testShop, c *scenario) {
			g, other := tried(s)
			s.mustDo("PUT", "/api/users/change-password", g.token, map[string]string{"password": "my-own-change-67"})
			c.token = other
		}, wantStatus: 401, wantContains: msgSessionExpired, wantAbsent: []string{`"phone_number"`}},
	})
}
