package app

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"goldshop/store"
)

// securityEvents reads the owner's security events through the API with query q.
func (s *testShop) securityEvents(owner, q string) []map[string]any {
	s.t.Helper()
	r := s.mustDo("GET", "/api/admin/security-events?"+q, owner, nil)
	var out []map[string]any
	for _, it := range r.JSON["items"].([]any) {
		out = append(out, it.(map[string]any))
	}
	return out
}

// eventLine is an event as "kind outcome reason", for comparing a person's trail.
func eventLine(e map[string]any) string {
	return fmt.Sprintf("%s %s %s", e["kind"], e["outcome"], e["reason"])
}

// Every authentication decision of a person is a row the owner reads, with its reason, newest first; no
// password, code or token is ever in it.
func TestEveryAuthenticationDecisionIsASecurityEvent(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	tok, refresh := s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	password := registration(0)["password"].(string)

	if r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "not-her-password-1"}); r.Status != 401 {
		t.Fatalf("wrong password: %d", r.Status)
	}
	if r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": "09129999999", "password": password}); r.Status != 401 {
		t.Fatalf("unknown phone: %d", r.Status)
	}
	s.signIn(phone)
	// the code sign-in: a wrong code, then the right one
	s.clock.Advance(time.Minute) // the sign-up's code was texted a moment ago
	s.mustDo("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone})
	right := s.lastCode(phone)
	wrong := fmt.Sprintf("%05d", (atoi(right)+1)%100000)
	if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": wrong}); r.Status != 400 {
		t.Fatalf("wrong code: %d %s", r.Status, r.Body)
	}
	s.mustDo("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": right})
	// the first refresh token, rotated and then shown again after the grace: reuse
	s.mustDo("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh})
	s.clock.Advance(time.Minute)
	if r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh}); r.Status != 401 {
		t.Fatalf("reuse: %d", r.Status)
	}
	// a profile code typed wrong
	tok = s.signIn(phone)
	s.clock.Advance(time.Minute)
	s.mustDo("POST", "/api/auth/request-verification-code", tok, map[string]string{"phone_number": phone})
	profileCode := s.lastCode(phone)
	if r := s.do("POST", "/api/auth/verify-profile-code", tok, map[string]string{"phone_number": phone,
		"code": fmt.Sprintf("%05d", (atoi(profileCode)+1)%100000)}); r.Status != 400 {
		t.Fatalf("wrong profile code: %d", r.Status)
	}
	s.mustDo("POST", "/api/auth/logout", tok, nil)

	trail := s.securityEvents(owner, "phone="+phone)
	var lines []string
	for _, e := range trail {
		lines = append(lines, eventLine(e))
	}
	want := []string{
		"logout success ",
		"code.profile failure wrong_code",
		"sign_in.password success ",
		"refresh failure reused",
		"sign_in.code success ",
		"sign_in.code failure wrong_code",
		"sign_in.password success ",
		"sign_in.password failure wrong_password",
		"sign_in.code success sign_up",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the customer's trail:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	for _, e := range trail {
		// a wrong sign-in code is refused before anyone is looked up: it names the phone alone
		if e["address"] != "127.0.0.1" || (e["actor"] == nil) != (eventLine(e) == "sign_in.code failure wrong_code") {
			t.Fatalf("an event of hers: %v", e)
		}
		if e["actor"] != nil && e["actor"].(map[string]any)["phone_number"] != phone {
			t.Fatalf("an event of hers names someone else: %v", e)
		}
	}
	unknown := s.securityEvents(owner, "phone=09129999999")
	if len(unknown) != 1 || eventLine(unknown[0]) != "sign_in.password failure unknown_phone" || unknown[0]["actor"] != nil {
		t.Fatalf("the unknown phone: %v", unknown)
	}
	raw := s.mustDo("GET", "/api/admin/security-events", owner, nil).Body
	for _, secret := range []string{password, "not-her-password-1", right, wrong, profileCode, refresh, tok} {
		if strings.Contains(raw, secret) {
			t.Fatalf("a secret is in the security events: %q", secret)
		}
	}
	// the owner's own sign-in went through its second step
	ownerTrail := s.securityEvents(owner, "phone=09350000001&kind=sign_in.second_factor")
	if len(ownerTrail) != 0 {
		t.Fatalf("the owner enrolled at first sign-in and answered no challenge: %v", ownerTrail)
	}
	if got := s.securityEvents(owner, "phone=09350000001&kind=second_factor.enrolled"); len(got) != 1 || got[0]["outcome"] != "success" {
		t.Fatalf("the owner's enrolment: %v", got)
	}
}

// An owner's second step: the challenge asked, a wrong code, a recovery code, the same recovery code again
// (refused); staff added and removed; a factor reset. Then the filters and paging.
func TestSecondStepsAndRoleChangesAreSecurityEvents(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	staff := s.signInStaff("09350000002")
	_ = staff
	r := s.mustDo("POST", "/api/auth/login", "", map[string]string{"phone_number": "09350000002", "password": "staff-pass-77"})
	challenge := r.str("challenge")
	if r := s.do("POST", "/api/auth/second-factor", "", map[string]string{"challenge": challenge, "code": "000000"}); r.Status != 401 {
		t.Fatalf("a wrong code: %d", r.Status)
	}
	recovery := s.keys.byPhone["09350000002"][0]
	s.mustDo("POST", "/api/auth/second-factor", "", map[string]string{"challenge": challenge, "code": recovery})
	r = s.mustDo("POST", "/api/auth/login", "", map[string]string{"phone_number": "09350000002", "password": "staff-pass-77"})
	if r := s.do("POST", "/api/auth/second-factor", "", map[string]string{"challenge": r.str("challenge"), "code": recovery}); r.Status != 401 {
		t.Fatalf("a recovery code used twice: %d", r.Status)
	}
	staffID := s.userID(staff)
	s.mustDo("DELETE", "/api/admin/staff/"+staffID+"/second-factor", owner, nil)
	s.mustDo("DELETE", "/api/admin/staff/"+staffID, owner, nil)

	var lines []string
	for _, e := range s.securityEvents(owner, "phone=09350000002") {
		lines = append(lines, eventLine(e))
	}
	want := []string{
		"role.changed success staff_removed",
		"second_factor.reset success ",
		"sign_in.second_factor failure wrong_code",
		"sign_in.password success challenge",
		"sign_in.second_factor success recovery_code",
		"sign_in.second_factor failure wrong_code",
		"sign_in.password success challenge",
		"second_factor.enrolled success ",
		"second_factor.proof success ",
		"sign_in.password success ",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the staff member's trail:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	removed := s.securityEvents(owner, "kind=role.changed")[0]
	if removed["actor"].(map[string]any)["phone_number"] != "09350000001" || removed["phone_number"] != "09350000002" {
		t.Fatalf("an owner's act names the owner as actor and the staff member's phone: %v", removed)
	}

	// filters: outcome, kind, Jalali days, paging
	failures := s.securityEvents(owner, "outcome=failure&phone=09350000002")
	if len(failures) != 2 {
		t.Fatalf("failures: %v", failures)
	}
	page := s.mustDo("GET", "/api/admin/security-events?limit=2", owner, nil)
	next := page.str("next_cursor")
	if len(page.JSON["items"].([]any)) != 2 || next == "" {
		t.Fatalf("a page of two: %s", page.Body)
	}
	if more := s.securityEvents(owner, "limit=2&cursor="+next); len(more) != 2 || more[0]["id"].(float64) >= page.JSON["items"].([]any)[1].(map[string]any)["id"].(float64) {
		t.Fatalf("the next page: %v", more)
	}
	today := jalaliDay(s.clock.Now())
	if got := s.securityEvents(owner, "from="+url.QueryEscape(today)+"&to="+url.QueryEscape(today)); len(got) == 0 {
		t.Fatal("today's events are missing")
	}
	tomorrow := jalaliDay(s.clock.Now().Add(24 * time.Hour))
	if got := s.securityEvents(owner, "from="+url.QueryEscape(tomorrow)); len(got) != 0 {
		t.Fatalf("tomorrow's events: %v", got)
	}
	for _, q := range []string{"outcome=maybe", "phone=123", "from=" + url.QueryEscape(tomorrow) + "&to=" + url.QueryEscape(today), "cursor=-1", "actor=1"} {
		if r := s.do("GET", "/api/admin/security-events?"+q, owner, nil); r.Status != 400 {
			t.Fatalf("%s: %d %s", q, r.Status, r.Body)
		}
	}
}

// The owner alone reads the events; staff, customers and strangers are refused.
func TestOnlyTheOwnerReadsSecurityEvents(t *testing.T) {
	s := newTestShop(t)
	s.signInAdmin()
	staff := s.signInStaff("09350000002")
	customer, _ := s.signUp(1)
	for who, tok := range map[string]string{"staff": staff, "a customer": customer} {
		if r := s.do("GET", "/api/admin/security-events", tok, nil); r.Status != 403 {
			t.Fatalf("%s: %d", who, r.Status)
		}
	}
	if r := s.do("GET", "/api/admin/security-events", "", nil); r.Status != 401 {
		t.Fatalf("signed out: %d", r.Status)
	}
}

// Refusals by the origin check and the rate limits are written once a minute per address, however many.
func TestRefusalsAreWrittenOnceAMinute(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	for range 3 {
		req, _ := http.NewRequest("POST", s.srv.URL+"/api/auth/login", strings.NewReader(`{}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		if r := s.send(nil, req); r.Status != 403 {
			t.Fatalf("cross-site: %d", r.Status)
		}
	}
	phone := "09121234567"
	for range loginFailsPerPhone.Max + 3 {
		s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "guess-guess-1"})
	}
	if got := s.securityEvents(owner, "kind=origin.refused"); len(got) != 1 || got[0]["outcome"] != "failure" {
		t.Fatalf("origin refusals: %v", got)
	}
	if got := s.securityEvents(owner, "kind=rate_limited"); len(got) != 1 || got[0]["reason"] != "password" {
		t.Fatalf("rate limits: %v", got)
	}
	if got := s.securityEvents(owner, "phone="+phone+"&kind=sign_in.password"); len(got) != loginFailsPerPhone.Max {
		t.Fatalf("the refused guesses are one limit row, not a row each: %d sign-in rows", len(got))
	}
	s.clock.Advance(time.Minute)
	s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "guess-guess-1"})
	if got := s.securityEvents(owner, "kind=rate_limited"); len(got) != 2 {
		t.Fatalf("a minute later: %v", got)
	}
}

// Events are kept 180 days.
func TestSecurityEventsAreKept180Days(t *testing.T) {
	s := newTestShop(t)
	ctx, now := context.Background(), s.clock.Now()
	for _, age := range []time.Duration{181 * 24 * time.Hour, 179 * 24 * time.Hour} {
		if err := s.store.RecordSecurityEvent(ctx, store.SecurityEvent{At: now.Add(-age), Kind: "logout", Success: true}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.store.Prune(ctx, now); err != nil {
		t.Fatal(err)
	}
	rows, err := s.store.SecurityEvents(ctx, store.SecurityEventFilter{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || now.Sub(rows[0].At) > 180*24*time.Hour {
		t.Fatalf("kept: %v", rows)
	}
}
