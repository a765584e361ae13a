package app

import (
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// A customer turns TOTP on from the secret and its otpauth address, confirmed by a first code, and gets ten
// recovery codes once; then signing in by password or by SMS code answers a challenge with no token and no
// cookie, which a code of the authenticator (each taken once) or a recovery code (each used once) finishes.
func TestTOTPIsEnrolledThenAskedAtEverySignIn(t *testing.T) {
	s := newTestShop(t)
	c := s.newCustomer()
	if r := s.mustDo("GET", "/api/users/me/second-factor", c.token, nil); r.JSON["totp"] != false {
		t.Fatalf("before: %s", r.Body)
	}
	if r := s.do("POST", "/api/users/me/second-factor/totp/confirm", c.token, map[string]string{"code": "123456"}); r.Status != 404 || r.str("message") != msgTOTPNotStarted {
		t.Fatalf("a confirm before the start: %d %s", r.Status, r.Body)
	}
	if r := s.do("POST", "/api/users/me/second-factor/totp", c.token, map[string]string{}); r.Status != 400 || r.str("message") != msgFactorPasswordNeeded {
		t.Fatalf("a start without the password: %d %s", r.Status, r.Body)
	}
	if r := s.do("POST", "/api/users/me/second-factor/totp", c.token, map[string]string{"password": "not-the-one"}); r.Status != 403 || r.str("message") != msgFactorPasswordWrong {
		t.Fatalf("a start with a wrong password: %d %s", r.Status, r.Body)
	}
	start := s.mustDo("POST", "/api/users/me/second-factor/totp", c.token, map[string]string{"password": customerPassword})
	secret := start.str("secret")
	uri, err := url.Parse(start.str("uri"))
	if err != nil || uri.Scheme != "otpauth" || uri.Host != "totp" || uri.Query().Get("secret") != secret ||
		uri.Query().Get("issuer") != s.app.shop().Name || !strings.Contains(uri.Path, c.phone) || len(secret) < 32 {
		t.Fatalf("secret %q, uri %q", secret, start.str("uri"))
	}
	if r := s.do("POST", "/api/users/me/second-factor/totp/confirm", c.token, map[string]string{"code": "000000"}); r.Status != 400 || r.str("message") != msgTOTPCodeWrong {
		t.Fatalf("a wrong first code: %d %s", r.Status, r.Body)
	}
	if r := s.mustDo("GET", "/api/users/me/second-factor", c.token, nil); r.JSON["totp"] != false {
		t.Fatalf("on before its first code: %s", r.Body)
	}
	first := s.codeAt(t, secret)
	done := s.mustDo("POST", "/api/users/me/second-factor/totp/confirm", c.token, map[string]string{"code": first})
	var recovery []string
	seen := map[string]bool{}
	for _, v := range done.JSON["recovery_codes"].([]any) {
		recovery = append(recovery, v.(string))
		seen[v.(string)] = true
	}
	if len(recovery) != 10 || len(seen) != 10 {
		t.Fatalf("recovery codes %v", recovery)
	}
	if r := s.mustDo("GET", "/api/users/me/second-factor", c.token, nil); r.JSON["totp"] != true || r.JSON["recovery_codes_left"] != 10.0 {
		t.Fatalf("after: %s", r.Body)
	}
	if r := s.do("POST", "/api/users/me/second-factor/totp", c.token, map[string]string{"code": s.codeAt(t, secret)}); r.Status != 409 || r.str("message") != msgSecondFactorOn {
		t.Fatalf("a second enrolment over the first: %d %s", r.Status, r.Body)
	}
	var hashes int
	s.store.ReadDB().QueryRow(`SELECT COUNT(*) FROM recovery_codes WHERE code_hash = ?`, recovery[0]).Scan(&hashes)
	if hashes != 0 {
		t.Fatal("a recovery code kept as it is")
	}

	// Signing in by password: a challenge, no token, no cookie.
	browser := s.cookieClient()
	login := func() string { // from a browser signed in to nothing: no cookie is set before the second factor
		t.Helper()
		browser = s.cookieClient()
		r := s.call(browser, "POST", "/api/auth/login", "", map[string]string{"phone_number": c.phone, "password": "sara-gold-2024"})
		if r.Status != 200 || r.JSON["second_factor_required"] != true || r.str("challenge") == "" || r.str("accessToken") != "" ||
			r.Header.Get("Set-Cookie") != "" {
			t.Fatalf("login: %d %s (cookie %q)", r.Status, r.Body, r.Header.Get("Set-Cookie"))
		}
		return r.str("challenge")
	}
	answer := func(challenge, code string) reply {
		return s.call(browser, "POST", "/api/auth/second-factor", "", map[string]string{"challenge": challenge, "code": code})
	}
	ch := login()
	if r := s.call(browser, "GET", "/api/users/me", "", nil); r.Status != 401 {
		t.Fatalf("signed in before the second factor: %d", r.Status)
	}
	if r := answer(ch, first); r.Status != 401 || r.str("message") != msgSecondFactorWrong {
		t.Fatalf("the confirming code again: %d %s", r.Status, r.Body)
	}
	s.clock.Advance(totpPeriod * time.Second)
	r := answer(ch, s.codeAt(t, secret))
	if r.Status != 200 || r.str("accessToken") == "" || !strings.Contains(r.Header.Get("Set-Cookie"), "goldshop_session=") {
		t.Fatalf("the next code: %d %s", r.Status, r.Body)
	}
	if r := s.call(browser, "GET", "/api/users/me", "", nil); r.Status != 200 {
		t.Fatalf("the cookie after the second factor: %d", r.Status)
	}
	if r := answer(ch, s.codeAt(t, secret)); r.Status != 410 || r.str("message") != msgChallengeEnded {
		t.Fatalf("a finished challenge again: %d %s", r.Status, r.Body)
	}

	// A recovery code, typed in capitals without its dash, once.
	typed := strings.ToUpper(strings.ReplaceAll(recovery[3], "-", ""))
	if r := answer(login(), typed); r.Status != 200 {
		t.Fatalf("a recovery code: %d %s", r.Status, r.Body)
	}
	if r := answer(login(), recovery[3]); r.Status != 401 || r.str("message") != msgSecondFactorWrong {
		t.Fatalf("a used recovery code: %d %s", r.Status, r.Body)
	}
	if r := s.mustDo("GET", "/api/users/me/second-factor", c.token, nil); r.JSON["recovery_codes_left"] != 9.0 {
		t.Fatalf("after a recovery code: %s", r.Body)
	}

	// Signing in by SMS code asks for it too.
	s.clock.Advance(2 * time.Minute)
	s.mustDo("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": c.phone})
	v := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": c.phone, "code": s.lastCode(c.phone)})
	if v.Status != 200 || v.JSON["second_factor_required"] != true || v.str("accessToken") != "" {
		t.Fatalf("login by code: %d %s", v.Status, v.Body)
	}
	s.clock.Advance(totpPeriod * time.Second)
	if r := answer(v.str("challenge"), s.codeAt(t, secret)); r.Status != 200 {
		t.Fatalf("login by code, then the authenticator: %d %s", r.Status, r.Body)
	}
}

// Five wrong answers end a challenge, a challenge is its person's only, it lasts five minutes, and one code
// sent twice at once is taken once.
func TestASecondFactorChallengeIsCountedBoundAndShort(t *testing.T) {
	s := newTestShop(t)
	a, b := s.newCustomer(), s.newCustomer()
	secretA, _ := s.enrolTOTP(t, a.token, customerPassword)
	secretB, _ := s.enrolTOTP(t, b.token, customerPassword)
	login := func(phone string) string {
		r := s.mustDo("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"})
		return r.str("challenge")
	}
	answer := func(challenge, code string) reply {
		return s.do("POST", "/api/auth/second-factor", "", map[string]string{"challenge": challenge, "code": code})
	}
	s.clock.Advance(totpPeriod * time.Second)

	ch := login(a.phone)
	if r := answer(ch, s.codeAt(t, secretB)); r.Status != 401 || r.str("message") != msgSecondFactorWrong {
		t.Fatalf("b's code on a's challenge: %d %s", r.Status, r.Body)
	}
	for i := range 4 {
		if r := answer(ch, "not-a-code"); r.Status != 401 || r.str("message") != msgSecondFactorWrong {
			t.Fatalf("wrong try %d: %d %s", i+2, r.Status, r.Body)
		}
	}
	if r := answer(ch, s.codeAt(t, secretA)); r.Status != 410 || r.str("message") != msgChallengeEnded {
		t.Fatalf("the right code after five wrong: %d %s", r.Status, r.Body)
	}

	late := login(a.phone)
	s.clock.Advance(challengeTTL + time.Second)
	if r := answer(late, s.codeAt(t, secretA)); r.Status != 410 || r.str("message") != msgChallengeEnded {
		t.Fatalf("an expired challenge: %d %s", r.Status, r.Body)
	}

	// the same code on two challenges at once: one sign-in
	one, two := login(a.phone), login(a.phone)
	code := s.codeAt(t, secretA)
	var wg sync.WaitGroup
	statuses := make([]int, 2)
	for i, c := range []string{one, two} {
		wg.Go(func() { statuses[i] = answer(c, code).Status })
	}
	wg.Wait()
	if slices.Sort(statuses); statuses[0] != 200 || statuses[1] != 401 {
		t.Fatalf("one code twice at once: %v", statuses)
	}
	if r := answer("", code); r.Status != 410 || r.str("message") != msgChallengeEnded {
		t.Fatalf("no challenge: %d %s", r.Status, r.Body)
	}
}
