package app

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
)

// onLocalhost calls the shop by the name "localhost", where a browser offers passkeys without TLS.
func (s *testShop) onLocalhost(method, path, token string, body any) reply {
	s.t.Helper()
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest(method, s.srv.URL+path, bytes.NewReader(raw))
	if err != nil {
		s.t.Fatal(err)
	}
	u, _ := url.Parse(s.srv.URL)
	req.Host = "localhost:" + u.Port()
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return s.send(nil, req)
}

func (s *testShop) localOrigin() string {
	u, _ := url.Parse(s.srv.URL)
	return "http://localhost:" + u.Port()
}

// addPasskey registers a soft authenticator for the token's person on localhost, its start proven by proof
// (a password or a code), and returns it with the confirm's answer.
func (s *testShop) addPasskey(t *testing.T, token string, proof map[string]string) (*softAuthenticator, reply) {
	t.Helper()
	start := s.onLocalhost("POST", "/api/users/me/second-factor/passkey", token, proof)
	if start.Status != 200 {
		t.Fatalf("passkey start: %d %s", start.Status, start.Body)
	}
	key := newSoftAuthenticator(t, s.localOrigin())
	return key, s.onLocalhost("POST", "/api/users/me/second-factor/passkey/confirm", token, key.create(t, start.Body))
}

// An owner adds a passkey beside the authenticator app and signs in with it on localhost; an assertion
// signed for another site, or one replayed on a new challenge, is a wrong answer. Where passkeys cannot work
// (a bare address) none is offered.
func TestAPasskeyPassesTheSecondStep(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	key, done := s.addPasskey(t, owner, map[string]string{"code": s.recoveryCode("09350000001")})
	if done.Status != 200 || len(done.JSON["recovery_codes"].([]any)) != 0 {
		t.Fatalf("passkey confirm beside TOTP: %d %s", done.Status, done.Body)
	}
	if st := s.onLocalhost("GET", "/api/users/me/second-factor", owner, nil); st.JSON["passkeys"] != float64(1) || st.JSON["passkey_available"] != true || st.JSON["totp"] != true {
		t.Fatalf("factors on localhost: %s", st.Body)
	}
	if st := s.do("GET", "/api/users/me/second-factor", owner, nil); st.JSON["passkey_available"] != false {
		t.Fatalf("factors on a bare address: %s", st.Body)
	}
	if r := s.do("POST", "/api/users/me/second-factor/passkey", owner, map[string]string{}); r.Status != 400 || r.str("message") != msgPasskeyUnavailable {
		t.Fatalf("passkey start on a bare address: %d %s", r.Status, r.Body)
	}

	login := func() reply {
		r := s.onLocalhost("POST", "/api/auth/login", "", map[string]string{"phone_number": adminPhone, "password": adminPassword})
		if r.Status != 200 || r.JSON["second_factor_required"] != true || r.JSON["passkey"] == nil || r.JSON["totp"] != true {
			t.Fatalf("login with a passkey on: %d %s", r.Status, r.Body)
		}
		return r
	}
	options := func(r reply) string {
		raw, _ := json.Marshal(r.JSON["passkey"])
		return string(raw)
	}
	first := login()
	assertion := key.get(t, options(first), "")
	signed := s.onLocalhost("POST", "/api/auth/second-factor", "", map[string]any{"challenge": first.str("challenge"), "passkey": assertion})
	if signed.Status != 200 || signed.str("accessToken") == "" {
		t.Fatalf("the passkey's answer: %d %s", signed.Status, signed.Body)
	}
	second := login()
	if r := s.onLocalhost("POST", "/api/auth/second-factor", "", map[string]any{"challenge": second.str("challenge"), "passkey": assertion}); r.Status != 401 {
		t.Fatalf("an assertion replayed on a new challenge: %d %s", r.Status, r.Body)
	}
	if r := s.onLocalhost("POST", "/api/auth/second-factor", "", map[string]any{"challenge": second.str("challenge"),
		"passkey": key.get(t, options(second), "evil.example")}); r.Status != 401 {
		t.Fatalf("an assertion for another site: %d %s", r.Status, r.Body)
	}
	if r := s.onLocalhost("POST", "/api/auth/second-factor", "", map[string]any{"challenge": second.str("challenge"),
		"passkey": map[string]any{"id": "x"}}); r.Status != 401 {
		t.Fatalf("a malformed assertion: %d %s", r.Status, r.Body)
	}
	if r := s.onLocalhost("POST", "/api/auth/second-factor", "", map[string]any{"challenge": second.str("challenge"),
		"passkey": key.get(t, options(second), "")}); r.Status != 200 {
		t.Fatalf("the right answer after three wrong ones: %d %s", r.Status, r.Body)
	}
	// on a bare address the login offers no passkey: the app's code still works
	r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": adminPhone, "password": adminPassword})
	if r.JSON["second_factor_required"] != true || r.JSON["passkey"] != nil {
		t.Fatalf("login on a bare address: %s", r.Body)
	}
	events := s.securityEvents(owner, "kind=sign_in.second_factor&outcome=success")
	if len(events) != 2 || events[0]["reason"] != "passkey" {
		t.Fatalf("the passkey sign-ins as events: %v", events)
	}
}

// A staff member may enrol a passkey as their first factor: it lifts the hold, and the answer carries the ten
// recovery codes. The owner's reset takes passkeys away with the rest.
func TestAPasskeyCanBeTheFirstFactor(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	if _, _, err := AddAdmin(t.Context(), s.store, AdminInput{Phone: "09350000002", Password: "staff-pass-77", Role: "staff"}); err != nil {
		t.Fatal(err)
	}
	r := s.onLocalhost("POST", "/api/auth/login", "", map[string]string{"phone_number": "09350000002", "password": "staff-pass-77"})
	staff := r.str("accessToken")
	if r := s.do("GET", "/api/admin/wallet/requests", staff, nil); r.Status != 403 {
		t.Fatalf("before enrolling: %d", r.Status)
	}
	_, done := s.addPasskey(t, staff, map[string]string{"password": "staff-pass-77"})
	if done.Status != 200 || len(done.JSON["recovery_codes"].([]any)) != 10 {
		t.Fatalf("a first passkey: %d %s", done.Status, done.Body)
	}
	if r := s.do("GET", "/api/users/me", staff, nil); r.JSON["user"].(map[string]any)["must_enrol_second_factor"] != false {
		t.Fatalf("the hold after a passkey: %s", r.Body)
	}
	if r := s.onLocalhost("POST", "/api/users/me/second-factor/passkey/confirm", staff, done.JSON); r.Status != 404 {
		t.Fatalf("a confirm with no registration waiting: %d %s", r.Status, r.Body)
	}
	s.mustDo("DELETE", "/api/admin/staff/"+s.userID(staff)+"/second-factor", owner, nil)
	var left int
	s.store.ReadDB().QueryRow(`SELECT COUNT(*) FROM passkeys`).Scan(&left)
	if left != 0 {
		t.Fatalf("%d passkeys after the reset", left)
	}
}
