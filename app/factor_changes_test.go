package app

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"goldshop/store"
)

// Finding 2 of issue 36: with only a customer's access token, an attacker turned TOTP on with their own
// secret and locked the customer out, and nobody was told. Every factor change now asks again (the password
// where no factor is on, the factor's code where one is), is texted to the person and written to the security
// events, and turning a factor on ends the other logins.
func TestAFactorChangeAsksAgainTellsThePersonAndEndsTheOtherLogins(t *testing.T) {
	s := newTestShop(t)
	c := s.newCustomer()
	stolen := s.mustDo("POST", "/api/auth/login", "", map[string]string{"phone_number": c.phone, "password": customerPassword}).str("accessToken")
	ctx := context.Background()
	s.app.sendDueSMS(ctx)
	told := len(s.noticeTexts(c.phone))

	// the thief's token alone enrols nothing
	for _, body := range []any{nil, map[string]string{}, map[string]string{"code": "123456"}} {
		if r := s.do("POST", "/api/users/me/second-factor/totp", stolen, body); r.Status != 400 {
			t.Fatalf("a start without the password (%v): %d %s", body, r.Status, r.Body)
		}
	}
	if r := s.do("POST", "/api/users/me/second-factor/totp", stolen, map[string]string{"password": "guess-1234"}); r.Status != 403 {
		t.Fatalf("a start with a guessed password: %d %s", r.Status, r.Body)
	}
	if r := s.do("POST", "/api/users/me/second-factor/totp/confirm", stolen, map[string]string{"code": "123456"}); r.Status != 404 {
		t.Fatalf("a confirm with nothing started: %d %s", r.Status, r.Body)
	}

	// the customer turns it on from their phone: the thief's login ends, the customer is told
	start := s.mustDo("POST", "/api/users/me/second-factor/totp", c.token, map[string]string{"password": customerPassword})
	secret := start.str("secret")
	done := s.mustDo("POST", "/api/users/me/second-factor/totp/confirm", c.token, map[string]string{"code": s.codeAt(t, secret)})
	if done.JSON["ended_logins"] != 1.0 {
		t.Fatalf("the other logins by default: %s", done.Body)
	}
	if r := s.do("GET", "/api/users/me", stolen, nil); r.Status != 401 {
		t.Fatalf("the other login after a factor went on: %d", r.Status)
	}
	s.app.sendDueSMS(ctx)
	if texts := s.noticeTexts(c.phone); len(texts) != told+1 || !strings.Contains(texts[told], "برنامه احراز هویت روشن شد") {
		t.Fatalf("the customer told: %q", texts[told:])
	}
	var recovery []string
	for _, v := range done.JSON["recovery_codes"].([]any) {
		recovery = append(recovery, v.(string))
	}

	// with a factor on, a change takes its code, not the password
	if r := s.do("DELETE", "/api/users/me/second-factor/totp", c.token, map[string]string{"password": customerPassword}); r.Status != 400 || r.str("message") != msgFactorCodeNeeded {
		t.Fatalf("removing with the password: %d %s", r.Status, r.Body)
	}
	if r := s.do("DELETE", "/api/users/me/second-factor/totp", c.token, map[string]string{"code": "000000"}); r.Status != 403 || r.str("message") != msgFactorCodeWrong {
		t.Fatalf("removing with a wrong code: %d %s", r.Status, r.Body)
	}
	if st := s.mustDo("GET", "/api/users/me/second-factor", c.token, nil); st.JSON["totp"] != true {
		t.Fatalf("a wrong code changed it: %s", st.Body)
	}

	// new recovery codes for one of the old ones; the old ones stop working
	renewed := s.mustDo("POST", "/api/users/me/second-factor/recovery-codes", c.token, map[string]string{"code": recovery[0]})
	if n := len(renewed.JSON["recovery_codes"].([]any)); n != 10 || renewed.JSON["ended_logins"] != 0.0 {
		t.Fatalf("renewed: %s", renewed.Body)
	}
	if r := s.do("DELETE", "/api/users/me/second-factor/totp", c.token, map[string]string{"code": recovery[1]}); r.Status != 403 {
		t.Fatalf("an old recovery code after the renewal: %d %s", r.Status, r.Body)
	}

	// off with the app's code; a second login stays unless asked
	other := s.mustDo("POST", "/api/auth/login", "", map[string]string{"phone_number": c.phone, "password": customerPassword})
	s.clock.Advance(totpPeriod * time.Second)
	otherToken := s.mustDo("POST", "/api/auth/second-factor", "", map[string]string{"challenge": other.str("challenge"),
		"code": s.codeAt(t, secret)}).str("accessToken")
	s.clock.Advance(totpPeriod * time.Second)
	off := s.mustDo("DELETE", "/api/users/me/second-factor/totp", c.token, map[string]string{"code": s.codeAt(t, secret)})
	if off.JSON["ended_logins"] != 0.0 {
		t.Fatalf("off: %s", off.Body)
	}
	s.mustDo("GET", "/api/users/me", otherToken, nil)
	if st := s.mustDo("GET", "/api/users/me/second-factor", c.token, nil); st.JSON["totp"] != false || st.JSON["recovery_codes_left"] != 0.0 {
		t.Fatalf("after off: %s", st.Body)
	}
	if r := s.do("DELETE", "/api/users/me/second-factor/totp", c.token, map[string]string{"password": customerPassword}); r.Status != 404 {
		t.Fatalf("off again: %d %s", r.Status, r.Body)
	}
	s.app.sendDueSMS(ctx)
	var texts []string // the factor's notices, among the new login's
	for _, text := range s.noticeTexts(c.phone)[told:] {
		if strings.Contains(text, "تایید دومرحله‌ای حساب شما تغییر کرد") {
			texts = append(texts, text)
		}
	}
	if len(texts) != 3 || !strings.Contains(texts[1], "کدهای بازیابی تازه ساخته شد") ||
		!strings.Contains(texts[2], "برنامه احراز هویت برداشته شد") {
		t.Fatalf("every change told: %q", texts)
	}
	events, err := s.store.SecurityEvents(ctx, store.SecurityEventFilter{Phone: c.phone, Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, e := range events {
		outcome := map[bool]string{true: "success", false: "failure"}[e.Success]
		kinds = append(kinds, e.Kind+" "+outcome)
	}
	want := "second_factor.removed failure,second_factor.removed success,sign_in.second_factor success,sign_in.password success," +
		"second_factor.removed failure,recovery_codes.renewed success,second_factor.removed failure,second_factor.removed failure," +
		"second_factor.enrolled success,second_factor.proof success,second_factor.enrolled failure," +
		"second_factor.proof failure,second_factor.proof failure,second_factor.proof failure,second_factor.proof failure," +
		"sign_in.password success"
	if got := strings.Join(kinds, ","); got != want {
		t.Fatalf("security events:\n%s\nwant:\n%s", got, want)
	}
}

// An owner or staff member keeps a second factor: their last one cannot go from the web (a reset does it).
func TestAnAdminsLastFactorStays(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	r := s.do("DELETE", "/api/users/me/second-factor/totp", owner, map[string]string{"code": s.recoveryCode(adminPhone)})
	if r.Status != 409 || r.str("message") != msgLastFactor {
		t.Fatalf("an owner's only factor: %d %s", r.Status, r.Body)
	}
	if st := s.mustDo("GET", "/api/users/me/second-factor", owner, nil); st.JSON["totp"] != true || st.JSON["recovery_codes_left"] == 0.0 {
		t.Fatalf("refused, yet changed: %s", st.Body)
	}
}

// Passkeys are listed and removed by their person only, each removal proven and told.
func TestPasskeysAreListedAndRemoved(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	_, done := s.addPasskey(t, owner, map[string]string{"code": s.recoveryCode(adminPhone)})
	if done.Status != 200 || done.JSON["ended_logins"] != 0.0 {
		t.Fatalf("added: %d %s", done.Status, done.Body)
	}
	list := s.mustDo("GET", "/api/users/me/second-factor/passkeys", owner, nil).JSON["passkeys"].([]any)
	if len(list) != 1 || list[0].(map[string]any)["last_used_at"] != nil || list[0].(map[string]any)["created_at"] == nil {
		t.Fatalf("passkeys: %v", list)
	}
	id := list[0].(map[string]any)["id"].(string)
	customer := s.newCustomer()
	if r := s.do("DELETE", "/api/users/me/second-factor/passkeys/"+id, customer.token, map[string]string{"password": customerPassword}); r.Status != 404 {
		t.Fatalf("another person's passkey: %d %s", r.Status, r.Body)
	}
	if r := s.do("GET", "/api/users/me/second-factor/passkeys", customer.token, nil); strings.Contains(r.Body, id) {
		t.Fatalf("another person's list: %s", r.Body)
	}
	if r := s.do("DELETE", "/api/users/me/second-factor/passkeys/"+id, owner, map[string]string{}); r.Status != 400 {
		t.Fatalf("a removal without the code: %d %s", r.Status, r.Body)
	}
	s.mustDo("DELETE", "/api/users/me/second-factor/passkeys/"+id, owner, map[string]string{"code": s.recoveryCode(adminPhone)})
	if list := s.mustDo("GET", "/api/users/me/second-factor/passkeys", owner, nil).JSON["passkeys"].([]any); len(list) != 0 {
		t.Fatalf("after the removal: %v", list)
	}
}

// The owner resets a customer's factor (audited, texted, their logins ended); staff and customers cannot, and
// nobody resets their own from the web.
func TestTheOwnerResetsACustomersFactor(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	staff := s.signInStaff("09350000002")
	c := s.newCustomer()
	s.enrolTOTP(t, c.token, customerPassword)
	id := s.userID(c.token)
	path := "/api/admin/users/" + id + "/second-factor"
	for _, who := range []string{staff, c.token} {
		if r := s.do("DELETE", path, who, nil); r.Status != 403 {
			t.Fatalf("a reset by %s: %d %s", who, r.Status, r.Body)
		}
	}
	if r := s.do("DELETE", "/api/admin/users/"+s.userID(owner)+"/second-factor", owner, nil); r.Status != 403 || r.str("message") != msgOwnerFactorOnServer {
		t.Fatalf("the owner's own: %d %s", r.Status, r.Body)
	}
	if r := s.do("DELETE", "/api/admin/users/999999/second-factor", owner, nil); r.Status != 404 {
		t.Fatalf("nobody's: %d", r.Status)
	}
	ctx := context.Background()
	s.app.sendDueSMS(ctx)
	told := len(s.noticeTexts(c.phone))
	s.mustDo("DELETE", path, owner, nil)
	if r := s.do("GET", "/api/users/me", c.token, nil); r.Status != 401 {
		t.Fatalf("the customer's login after the reset: %d", r.Status)
	}
	s.app.sendDueSMS(ctx)
	if texts := s.noticeTexts(c.phone); len(texts) != told+1 || !strings.Contains(texts[told], "فروشگاه تایید دومرحله‌ای را برداشت") {
		t.Fatalf("the customer told: %q", texts[told:])
	}
	if r := s.do("DELETE", path, owner, nil); r.Status != 404 || r.str("message") != msgSecondFactorNotOn {
		t.Fatalf("a second reset: %d %s", r.Status, r.Body)
	}
	var audited int
	s.store.ReadDB().QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'second_factor.reset' AND target = ?`, "user:"+id).Scan(&audited)
	if audited != 1 {
		t.Fatalf("%d audit rows", audited)
	}
}

// The passkey's relying party comes from what the operator configured: the Host header counts only on a
// loopback connection, and a TLS name only when it is the certificate's.
func TestThePasskeyRelyingPartyIsNotTakenFromTheClient(t *testing.T) {
	s := newTestShop(t)
	req := func(local, remote, host string, sni string) *http.Request {
		r := httptest.NewRequest("GET", "/api/users/me/second-factor", nil)
		r.Host, r.RemoteAddr = host, remote
		r = r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, &net.TCPAddr{IP: net.ParseIP(local), Port: 8080}))
		if sni != "" {
			r.TLS = &tls.ConnectionState{ServerName: sni}
		}
		return r
	}
	for _, c := range []struct {
		name          string
		local, remote string
		host, sni     string
		want          bool
	}{
		{"localhost on a loopback connection", "127.0.0.1", "127.0.0.1:5555", "localhost:8080", "", true},
		{"localhost written by a client from the internet", "198.51.100.7", "203.0.113.9:5555", "localhost:8080", "", false},
		{"localhost through a proxy on this machine, from elsewhere", "127.0.0.1", "203.0.113.9:5555", "localhost:8080", "", false},
		{"a TLS name the shop holds no certificate for", "198.51.100.7", "203.0.113.9:5555", "evil.example", "evil.example", false},
		{"a bare address", "198.51.100.7", "203.0.113.9:5555", "198.51.100.7:8080", "", false},
	} {
		if _, got := s.app.relyingParty(req(c.local, c.remote, c.host, c.sni)); got != c.want {
			t.Errorf("%s: passkeys %v, want %v", c.name, got, c.want)
		}
	}
	s.app.cert = func() (CertificateStatus, bool) {
		return CertificateStatus{Source: "files", Domain: "shop.example"}, true
	}
	if _, ok := s.app.relyingParty(req("198.51.100.7", "203.0.113.9:5555", "shop.example", "shop.example")); !ok {
		t.Error("the certificate's own name: no passkeys")
	}
	if _, ok := s.app.relyingParty(req("198.51.100.7", "203.0.113.9:5555", "evil.example", "evil.example")); ok {
		t.Error("another name beside the certificate's: passkeys")
	}
	s.app.trustProxy = true
	if _, ok := s.app.relyingParty(req("127.0.0.1", "127.0.0.1:5555", "localhost:8080", "")); ok {
		t.Error("localhost behind a trusted proxy: passkeys")
	}
}
