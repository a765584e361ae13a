package app

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

func with(base map[string]any, key string, value any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	out[key] = value
	return out
}

func TestRegisterRefusesBadInputAndChangesNothing(t *testing.T) {
	s := newTestShop(t)
	ok := registration(1)
	s.run(t, []scenario{
		{name: "refuses an empty first name", method: "POST", path: "/api/auth/register", body: with(ok, "first_name", "  "), wantStatus: 400, wantContains: msgFirstNameInvalid, wantAbsent: []string{"registration_id"}},
		{name: "refuses an empty last name", method: "POST", path: "/api/auth/register", body: with(ok, "last_name", ""), wantStatus: 400, wantContains: msgLastNameInvalid, wantAbsent: []string{"registration_id"}},
		{name: "refuses a national id with a wrong check digit", method: "POST", path: "/api/auth/register", body: with(ok, "national_id", "0013542418"), wantStatus: 400, wantContains: msgNationalIDInvalid, wantAbsent: []string{"registration_id"}},
		{name: "refuses a national id of eleven digits", method: "POST", path: "/api/auth/register", body: with(ok, "national_id", "00135424190"), wantStatus: 400, wantContains: msgNationalIDInvalid, wantAbsent: []string{"registration_id"}},
		{name: "refuses a landline number", method: "POST", path: "/api/auth/register", body: with(ok, "phone_number", "02188776655"), wantStatus: 400, wantContains: msgPhoneInvalid, wantAbsent: []string{"registration_id"}},
		{name: "refuses a short password", method: "POST", path: "/api/auth/register", body: with(ok, "password", "12ab"), wantStatus: 400, wantContains: msgPasswordShort, wantAbsent: []string{"registration_id"}},
		{name: "refuses a common password", method: "POST", path: "/api/auth/register", body: with(ok, "password", "۱۲۳۴۵۶"), wantStatus: 400, wantContains: msgPasswordCommon, wantAbsent: []string{"registration_id"}},
		{name: "refuses a password over 128 characters", method: "POST", path: "/api/auth/register", body: with(ok, "password", strings.Repeat("ط", 129)), wantStatus: 400, wantContains: msgPasswordLong, wantAbsent: []string{"registration_id"}},
		{name: "refuses a missing birth date", method: "POST", path: "/api/auth/register", body: with(ok, "birth_date", ""), wantStatus: 400, wantContains: msgBirthDateRequired, wantAbsent: []string{"registration_id"}},
		{name: "refuses month 13", method: "POST", path: "/api/auth/register", body: with(ok, "birth_date", "1370/13/01"), wantStatus: 400, wantContains: msgBirthDateInvalid, wantAbsent: []string{"registration_id"}},
		{name: "refuses Esfand 30 of a common year", method: "POST", path: "/api/auth/register", body: with(ok, "birth_date", "1402/12/30"), wantStatus: 400, wantContains: msgBirthDateInvalid, wantAbsent: []string{"registration_id"}},
		{name: "refuses a year before 1300", method: "POST", path: "/api/auth/register", body: with(ok, "birth_date", "1299/12/29"), wantStatus: 400, wantContains: msgBirthDateInvalid, wantAbsent: []string{"registration_id"}},
		{name: "refuses a customer under 18", method: "POST", path: "/api/auth/register", body: with(ok, "birth_date", "1400/01/01"), wantStatus: 400, wantContains: msgBirthDateUnderage, wantAbsent: []string{"registration_id"}},
		{name: "refuses an unknown referral code", method: "POST", path: "/api/auth/register", body: with(ok, "referral_code", "NOPE2345"), wantStatus: 400, wantContains: msgReferralInvalid, wantAbsent: []string{"registration_id"}},
		{name: "refuses a body that is not JSON", method: "POST", path: "/api/auth/register", body: "{first_name:", wantStatus: 400, wantContains: msgBadJSON, wantAbsent: []string{"registration_id"}},
		{name: "refuses a body over 1 MB", method: "POST", path: "/api/auth/register", body: `{"first_name":"` + strings.Repeat("a", 1<<20) + `"}`, wantStatus: 413, wantContains: msgBodyTooLarge, wantAbsent: []string{"registration_id"}},
	})
	if n := strings.Count(s.sms.String(), "sms to="); n != 0 {
		t.Fatalf("bad input sent %d SMS", n)
	}
	var pending int
	if err := s.store.ReadDB().QueryRow(`SELECT COUNT(*) FROM pending_registrations`).Scan(&pending); err != nil || pending != 0 {
		t.Fatalf("bad input kept %d pending sign-ups (err %v)", pending, err)
	}
}

func TestRegisterThenVerifyCreatesTheCustomer(t *testing.T) {
	s := newTestShop(t)
	body := with(registration(2), "phone_number", "+98 912 100 0002")
	body = with(body, "first_name", "  علي  ")
	body = with(body, "birth_date", "۱۳۷۵/۲/۳")
	r := s.do("POST", "/api/auth/register", "", body)
	if r.Status != 200 || r.str("phone_number") != "09121000002" || r.str("message") == "" || r.str("registration_id") == "" {
		t.Fatalf("register: %d %s", r.Status, r.Body)
	}
	if _, err := s.store.UserByPhone(context.Background(), "09121000002"); err == nil {
		t.Fatal("the user exists before the code is verified")
	}
	r = s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": "09121000002", "code": s.lastCode("09121000002"),
		"registration_id": r.str("registration_id")})
	if r.Status != 200 || r.str("accessToken") == "" || r.str("refreshToken") == "" {
		t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
	user := r.JSON["user"].(map[string]any)
	if user["first_name"] != "علی" || user["birth_date"] != "1375/02/03" || user["is_admin"] != float64(0) || user["grade"] != float64(1) {
		t.Fatalf("user stored as %v", user)
	}
	if strings.Contains(r.Body, "argon2") || strings.Contains(r.Body, "password") {
		t.Fatalf("sign-in answer leaks the password hash: %s", r.Body)
	}
	me := s.do("GET", "/api/users/me", r.str("accessToken"), nil)
	if me.Status != 200 || !strings.Contains(me.Body, `"balance_gold":"0.000"`) || !strings.Contains(me.Body, "09121000002") {
		t.Fatalf("me: %d %s", me.Status, me.Body)
	}
	if me.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("personal answer is cacheable: %q", me.Header.Get("Cache-Control"))
	}
	// The same phone or national id cannot sign up again.
	s.run(t, []scenario{
		{name: "refuses a phone that already has an account", method: "POST", path: "/api/auth/register", body: registration(2), wantStatus: 409, wantContains: msgPhoneTaken, wantAbsent: []string{"registration_id"}},
		{name: "refuses a national id that already has an account", method: "POST", path: "/api/auth/register",
			body: with(registration(3), "national_id", registration(2)["national_id"]), wantStatus: 409, wantContains: msgNationalIDTaken, wantAbsent: []string{"registration_id"}},
	})
}

func TestReferralCodeIsStoredOnTheInvitee(t *testing.T) {
	s := newTestShop(t)
	access, _ := s.signUp(10)
	inviter := s.do("GET", "/api/users/me", access, nil).JSON["user"].(map[string]any)
	code := inviter["referral_code"].(string)
	if len(code) != 8 {
		t.Fatalf("referral code %q", code)
	}
	body := with(registration(11), "referral_code", strings.ToLower(code))
	if r := s.completeSignUp(nil, body); r.Status != 200 {
		t.Fatalf("sign-up with code: %d %s", r.Status, r.Body)
	}
	phone := body["phone_number"].(string)
	invitee, err := s.store.UserByPhone(context.Background(), phone)
	if err != nil || invitee.ReferredBy != int64(inviter["id"].(float64)) {
		t.Fatalf("invitee referred_by = %d, want %v (err %v)", invitee.ReferredBy, inviter["id"], err)
	}
}

func TestVerificationCodeRules(t *testing.T) {
	s := newTestShop(t)
	body := registration(20)
	phone := body["phone_number"].(string)
	id := s.register(body)
	first := s.lastCode(phone)
	wrong := fmt.Sprintf("%05d", (atoi(first)+1)%100000)

	t.Run("refuses a code of four digits", func(t *testing.T) {
		r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": "1234"})
		if r.Status != 400 || r.str("message") != msgCodeFormat {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
	})
	t.Run("refuses a resend within 60 seconds", func(t *testing.T) {
		r := s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone})
		if r.Status != 429 || !strings.Contains(r.str("message"), "ثانیه") || s.smsCount(phone) != 1 {
			t.Fatalf("%d %s, %d SMS", r.Status, r.Body, s.smsCount(phone))
		}
	})
	t.Run("voids the code after five wrong tries", func(t *testing.T) {
		for i := 0; i < 4; i++ {
			if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": wrong}); r.str("message") != msgCodeWrong {
				t.Fatalf("try %d: %d %s", i+1, r.Status, r.Body)
			}
		}
		if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": wrong}); r.str("message") != msgCodeVoid {
			t.Fatalf("fifth wrong try: %d %s", r.Status, r.Body)
		}
		if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": first, "registration_id": id}); r.Status != 400 {
			t.Fatalf("the right code still works after five wrong tries: %d %s", r.Status, r.Body)
		}
	})
	t.Run("resends after a minute and the new code works once", func(t *testing.T) {
		s.clock.Advance(61 * time.Second)
		if r := s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone}); r.Status != 200 {
			t.Fatalf("resend: %d %s", r.Status, r.Body)
		}
		code := s.lastCode(phone)
		if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": iran.Digits(code), "registration_id": id}); r.Status != 200 {
			t.Fatalf("verify with Persian digits: %d %s", r.Status, r.Body)
		}
		if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": code, "registration_id": id}); r.Status != 400 {
			t.Fatalf("a code worked twice: %d %s", r.Status, r.Body)
		}
	})
	t.Run("a code expires after two minutes", func(t *testing.T) {
		s.clock.Advance(61 * time.Second)
		s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone})
		code := s.lastCode(phone)
		s.clock.Advance(2*time.Minute + time.Second)
		r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": code})
		if r.Status != 400 || r.str("message") != msgCodeExpired {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
	})
	t.Run("caps codes per phone per day", func(t *testing.T) {
		for s.smsCount(phone) < store.CodeRules["auth"].DailyCap {
			s.clock.Advance(61 * time.Second)
			if r := s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone}); r.Status != 200 {
				t.Fatalf("code %d: %d %s", s.smsCount(phone)+1, r.Status, r.Body)
			}
		}
		s.clock.Advance(61 * time.Second)
		r := s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone})
		if r.Status != 429 || r.str("message") != msgCodeDailyCap {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		s.clock.Advance(24 * time.Hour)
		if r := s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone}); r.Status != 200 {
			t.Fatalf("next day: %d %s", r.Status, r.Body)
		}
	})
	t.Run("refuses a code for a phone nobody uses", func(t *testing.T) {
		r := s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": "09390000000"})
		if r.Status != 404 || r.str("message") != msgNoAccount {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
	})
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

func TestLoginByPasswordAndByCode(t *testing.T) {
	s := newTestShop(t)
	s.signUp(30)
	phone := registration(30)["phone_number"].(string)
	s.run(t, []scenario{
		{name: "signs in with phone and password", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": "+98" + phone[1:], "password": "sara-gold-2024"}, wantStatus: 200, wantContains: "accessToken"},
		{name: "refuses a wrong password", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": phone, "password": "sara-gold-2025"}, wantStatus: 401, wantContains: msgLoginWrong, wantAbsent: []string{"accessToken"}},
		{name: "gives an unknown phone the same answer", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": "09390000001", "password": "sara-gold-2024"}, wantStatus: 401, wantContains: msgLoginWrong, wantAbsent: []string{"accessToken"}},
		{name: "refuses an empty password", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": phone}, wantStatus: 400, wantContains: msgPasswordRequired},
		{name: "refuses a malformed phone", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": "12", "password": "x"}, wantStatus: 400, wantContains: msgPhoneInvalid},
	})
	s.clock.Advance(61 * time.Second)
	if r := s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone}); r.Status != 200 {
		t.Fatalf("request code: %d %s", r.Status, r.Body)
	}
	r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": s.lastCode(phone)})
	if r.Status != 200 || r.str("message") != msgLoginSuccess || r.JSON["user"].(map[string]any)["phone_number"] != phone {
		t.Fatalf("login by code: %d %s", r.Status, r.Body)
	}
}

func TestLoginFailuresPerPhoneAreRateLimited(t *testing.T) {
	s := newTestShop(t)
	s.signUp(40)
	phone := registration(40)["phone_number"].(string)
	for i := 0; i < loginFailsPerPhone.Max; i++ {
		if r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "wrong-guess"}); r.Status != 401 {
			t.Fatalf("guess %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"})
	if r.Status != 429 || r.str("message") != msgTooManyLogins {
		t.Fatalf("after %d failures the right password gives %d %s", loginFailsPerPhone.Max, r.Status, r.Body)
	}
	s.clock.Advance(loginFailsPerPhone.Window + time.Second)
	if r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"}); r.Status != 200 {
		t.Fatalf("after the window: %d %s", r.Status, r.Body)
	}
}

func TestLoginsPerAddressAreRateLimitedGenerously(t *testing.T) {
	s := newTestShop(t)
	for i := 0; i < loginsPerIP.Max; i++ {
		if r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": "junk"}); r.Status != 401 {
			t.Fatalf("attempt %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": "09121234567", "password": "whatever-1"})
	if r.Status != 429 || r.str("message") != msgTooManyRequests {
		t.Fatalf("attempt %d: %d %s", loginsPerIP.Max+1, r.Status, r.Body)
	}
}

func TestCodeRequestsPerAddressAreRateLimited(t *testing.T) {
	s := newTestShop(t)
	for i := 0; i < codeRequestsPerIP.Max; i++ {
		if r := s.do("POST", "/api/auth/register", "", registration(100+i)); r.Status != 200 {
			t.Fatalf("sign-up %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	r := s.do("POST", "/api/auth/register", "", registration(500))
	if r.Status != 429 || s.smsCount(registration(500)["phone_number"].(string)) != 0 {
		t.Fatalf("sign-up %d: %d %s", codeRequestsPerIP.Max+1, r.Status, r.Body)
	}
}

func TestRefreshRotatesAndDetectsReuse(t *testing.T) {
	s := newTestShop(t)
	access, refresh := s.signUp(50)
	r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh})
	if r.Status != 200 || r.str("accessToken") == "" || r.str("refreshToken") == refresh {
		t.Fatalf("refresh: %d %s", r.Status, r.Body)
	}
	newAccess, newRefresh := r.str("accessToken"), r.str("refreshToken")
	if me := s.do("GET", "/api/users/me", access, nil); me.Status != 401 || me.str("message") != msgSessionExpired {
		t.Fatalf("the old access token still works after rotation: %d", me.Status)
	}
	if me := s.do("GET", "/api/users/me", newAccess, nil); me.Status != 200 {
		t.Fatalf("new access token: %d %s", me.Status, me.Body)
	}
	// The old refresh token coming back after the reuse grace means a copy exists: the whole login dies.
	s.clock.Advance(refreshReuseGrace + time.Second)
	if r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh}); r.Status != 401 {
		t.Fatalf("reused refresh token: %d %s", r.Status, r.Body)
	}
	if me := s.do("GET", "/api/users/me", newAccess, nil); me.Status != 401 {
		t.Fatalf("login survived refresh-token reuse: %d", me.Status)
	}
	if r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": newRefresh}); r.Status != 401 {
		t.Fatalf("rotated token of a revoked login: %d", r.Status)
	}
}

func TestAccessTokenExpires(t *testing.T) {
	s := newTestShop(t)
	access, refresh := s.signUp(51)
	s.clock.Advance(accessTokenTTL + time.Second)
	if me := s.do("GET", "/api/users/me", access, nil); me.Status != 401 {
		t.Fatalf("expired access token: %d", me.Status)
	}
	if r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh}); r.Status != 200 {
		t.Fatalf("refresh after access expiry: %d %s", r.Status, r.Body)
	}
	s.clock.Advance(refreshTokenTTL + time.Second)
	if r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh}); r.Status != 401 {
		t.Fatalf("expired refresh token: %d", r.Status)
	}
}

// On HTTPS the session cookie carries the __Host- prefix: Secure, for the whole site, for this host alone.
func TestTheSessionCookieIsAHostCookieOnHTTPS(t *testing.T) {
	s := newShopServed(t, true)
	s.signUp(61)
	phone := registration(61)["phone_number"].(string)
	browser := s.cookieClient()
	r := s.call(browser, "POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"})
	c := r.Header.Get("Set-Cookie")
	if r.Status != 200 || !strings.HasPrefix(c, "__Host-goldshop_session=") || !strings.Contains(c, "; Secure") ||
		!strings.Contains(c, "; Path=/;") || strings.Contains(strings.ToLower(c), "domain=") {
		t.Fatalf("login %d, session cookie %q", r.Status, c)
	}
	if me := s.call(browser, "GET", "/api/users/me", "", nil); me.Status != 200 {
		t.Fatalf("the host cookie alone: %d %s", me.Status, me.Body)
	}
}

func TestLogoutRevokesTokensAndCookie(t *testing.T) {
	s := newTestShop(t)
	s.signUp(60)
	phone := registration(60)["phone_number"].(string)
	browser := s.cookieClient()
	r := s.call(browser, "POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"})
	if r.Status != 200 {
		t.Fatalf("login: %d %s", r.Status, r.Body)
	}
	if c := r.Header.Get("Set-Cookie"); !strings.Contains(c, "goldshop_session=") || !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "SameSite=Lax") {
		t.Fatalf("session cookie: %q", c)
	}
	access, refresh := r.str("accessToken"), r.str("refreshToken")
	if me := s.call(browser, "GET", "/api/users/me", "", nil); me.Status != 200 {
		t.Fatalf("cookie alone: %d %s", me.Status, me.Body)
	}
	if out := s.call(browser, "POST", "/api/auth/logout", access, nil); out.Status != 200 || out.str("message") != msgLoggedOut {
		t.Fatalf("logout: %d %s", out.Status, out.Body)
	}
	for name, res := range map[string]reply{
		"access token":  s.do("GET", "/api/users/me", access, nil),
		"cookie":        s.call(browser, "GET", "/api/users/me", "", nil),
		"refresh token": s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh}),
	} {
		if res.Status != 401 {
			t.Errorf("%s still works after logout: %d", name, res.Status)
		}
	}
}

func TestCookieWritesMustBeSameOrigin(t *testing.T) {
	s := newTestShop(t)
	s.signUp(70)
	phone := registration(70)["phone_number"].(string)
	browser := s.cookieClient()
	s.call(browser, "POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"})
	update := func(site, origin string) int {
		req, _ := http.NewRequest("PUT", s.srv.URL+"/api/users/update",
			strings.NewReader(`{"first_name":"مهسا","last_name":"احمدی","birth_date":"1370/05/20"}`))
		req.Header.Set("Sec-Fetch-Site", site)
		req.Header.Set("Content-Type", "application/json")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := browser.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if st := update("cross-site", "https://evil.example"); st != 403 {
		t.Fatalf("cross-site cookie write: %d", st)
	}
	u, _ := s.store.UserByPhone(context.Background(), phone)
	if u.FirstName != "سارا" {
		t.Fatalf("cross-site write changed the name to %q", u.FirstName)
	}
	if st := update("same-origin", s.srv.URL); st != 200 {
		t.Fatalf("same-origin cookie write: %d", st)
	}
}
