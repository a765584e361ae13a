package app

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"goldshop/store"
)

const (
	androidChrome  = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
	windowsFirefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
)

// loginFrom signs phone in with registration's password from a browser sending userAgent.
func (s *testShop) loginFrom(phone, userAgent string) reply {
	s.t.Helper()
	req, err := http.NewRequest("POST", s.srv.URL+"/api/auth/login", strings.NewReader(
		fmt.Sprintf(`{"phone_number":%q,"password":%q}`, phone, registration(0)["password"])))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", userAgent)
	r := s.send(nil, req)
	if r.Status != 200 {
		s.t.Fatalf("login from %s: %d %s", userAgent, r.Status, r.Body)
	}
	return r
}

// logins lists the caller's logins as the security screen reads them.
func (s *testShop) logins(token string) []map[string]any {
	s.t.Helper()
	r := s.mustDo("GET", "/api/users/me/logins", token, nil)
	var out []map[string]any
	for _, l := range r.JSON["logins"].([]any) {
		out = append(out, l.(map[string]any))
	}
	return out
}

// A person sees every device signed in, this one first and marked, and ends another: its next call is 401
// and its chat socket closes, while this one goes on. Another person's login cannot be ended from here.
func TestAPersonSeesTheirLoginsAndEndsOne(t *testing.T) {
	s := newTestShop(t)
	phoneTok, _ := s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	laptop := s.loginFrom(phone, windowsFirefox)
	laptopTok := laptop.str("accessToken")
	strangerTok, _ := s.signUp(2)
	_, strangerLogin := s.loginOf(t, strangerTok)

	s.clock.Advance(time.Minute)
	if r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": laptop.str("refreshToken")}); r.Status != 200 {
		t.Fatalf("refresh: %d %s", r.Status, r.Body)
	} else {
		laptopTok = r.str("accessToken")
	}
	list := s.logins(phoneTok)
	if len(list) != 2 || list[0]["current"] != true || list[1]["current"] != false {
		t.Fatalf("logins: %v", list)
	}
	if list[1]["device"] != "فایرفاکس روی ویندوز" || list[1]["address"] != "127.0.0.1" {
		t.Fatalf("the laptop's login: %v", list[1])
	}
	if list[1]["last_used_at"] == list[1]["created_at"] {
		t.Fatalf("the laptop's refresh was not recorded as a use: %v", list[1])
	}
	for _, k := range []string{"token", "hash", "user_agent"} {
		if _, ok := list[1][k]; ok {
			t.Fatalf("a login shows %s: %v", k, list[1])
		}
	}
	laptopSocket := s.dialChat(t, laptopTok)
	wantLive(t, laptopSocket, "the laptop before it is ended")

	if r := s.do("DELETE", fmt.Sprintf("/api/users/me/logins/%d", strangerLogin), phoneTok, nil); r.Status != 404 || r.str("message") != msgLoginNotFound {
		t.Fatalf("ending another person's login: %d %s", r.Status, r.Body)
	}
	if r := s.do("GET", "/api/users/me", strangerTok, nil); r.Status != 200 {
		t.Fatalf("the stranger was signed out: %d", r.Status)
	}
	laptopLogin := int64(list[1]["id"].(float64))
	if r := s.do("DELETE", fmt.Sprintf("/api/users/me/logins/%d", laptopLogin), phoneTok, nil); r.Status != 200 || r.str("message") != msgLoginEnded {
		t.Fatalf("ending the laptop: %d %s", r.Status, r.Body)
	}
	wantEnded(t, laptopSocket, "the ended laptop")
	if r := s.do("GET", "/api/users/me", laptopTok, nil); r.Status != 401 {
		t.Fatalf("the ended laptop's next call: %d", r.Status)
	}
	if r := s.do("DELETE", fmt.Sprintf("/api/users/me/logins/%d", laptopLogin), phoneTok, nil); r.Status != 404 {
		t.Fatalf("ending it twice: %d", r.Status)
	}
	if r := s.do("DELETE", "/api/users/me/logins/x", phoneTok, nil); r.Status != 404 {
		t.Fatalf("a login id that is no number: %d", r.Status)
	}
	if list := s.logins(phoneTok); len(list) != 1 || list[0]["current"] != true {
		t.Fatalf("after ending the laptop: %v", list)
	}
	if r := s.do("GET", "/api/users/me/logins", "", nil); r.Status != 401 {
		t.Fatalf("signed out: %d", r.Status)
	}
}

// "End all others" keeps this login and ends every other one, cookie sessions among them.
func TestEndingAllOtherLoginsKeepsThisOne(t *testing.T) {
	s := newTestShop(t)
	phoneTok, _ := s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	tabletTok := s.loginFrom(phone, androidChrome).str("accessToken")
	browser := s.cookieClient()
	if r := s.call(browser, "POST", "/api/auth/login", "", map[string]string{"phone_number": phone,
		"password": registration(0)["password"].(string)}); r.Status != 200 {
		t.Fatalf("cookie login: %d", r.Status)
	}
	if r := s.call(browser, "GET", "/api/users/me/logins", "", nil); r.Status != 200 || len(r.JSON["logins"].([]any)) != 3 {
		t.Fatalf("the cookie browser's list: %d %s", r.Status, r.Body)
	}
	r := s.mustDo("DELETE", "/api/users/me/logins", phoneTok, nil)
	if r.JSON["ended"] != float64(2) || r.str("message") != msgOtherLoginsEnded {
		t.Fatalf("end all others: %s", r.Body)
	}
	if r := s.do("GET", "/api/users/me", tabletTok, nil); r.Status != 401 {
		t.Fatalf("the tablet: %d", r.Status)
	}
	if r := s.call(browser, "GET", "/api/users/me", "", nil); r.Status != 401 {
		t.Fatalf("the cookie browser: %d", r.Status)
	}
	if r := s.do("GET", "/api/users/me", phoneTok, nil); r.Status != 200 {
		t.Fatalf("this login: %d", r.Status)
	}
	if list := s.logins(phoneTok); len(list) != 1 {
		t.Fatalf("after ending the others: %v", list)
	}
}

// A new login is texted to the person with its device and Jalali time, always (a sign-up's first login is
// not); so is a password change. The texts are in the notifications too.
func TestANewLoginAndAPasswordChangeAreTexted(t *testing.T) {
	s := newTestShop(t)
	tok, _ := s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	userID, _ := s.loginOf(t, tok)
	// every notice turned off: a login's notices go all the same
	if err := s.store.SetNotificationSettings(context.Background(), userID, store.SMSSettings{}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	s.app.sendDueSMS(ctx)
	before := len(s.noticeTexts(phone))
	s.loginFrom(phone, androidChrome)
	s.app.sendDueSMS(ctx)
	texts := s.noticeTexts(phone)
	if len(texts) != before+1 || !strings.Contains(texts[len(texts)-1], "ورود تازه به حساب شما با کروم روی اندروید در ۱۴") {
		t.Fatalf("the new login's notice: %q", texts[before:])
	}
	// the password change, from the phone
	s.mustDo("POST", "/api/auth/request-verification-code", tok, map[string]string{"phone_number": phone})
	s.mustDo("POST", "/api/auth/verify-profile-code", tok, map[string]string{"phone_number": phone, "code": s.lastCode(phone)})
	s.mustDo("PUT", "/api/users/change-password", tok, map[string]string{"password": "a-new-gold-pass-7"})
	s.app.sendDueSMS(ctx)
	texts = s.noticeTexts(phone)
	if !strings.Contains(texts[len(texts)-1], "رمز عبور حساب شما با برنامه در ۱۴") {
		t.Fatalf("the password change's notice: %q", texts[len(texts)-1])
	}
	r := s.mustDo("GET", "/api/notifications", tok, nil)
	items := r.JSON["items"].([]any)
	if len(items) < 2 || items[0].(map[string]any)["kind"] != "password_changed" || items[1].(map[string]any)["kind"] != "new_login" {
		t.Fatalf("notifications: %s", r.Body)
	}
}

var noticeLine = regexp.MustCompile(`(?m)^notice to=(\S+) template=\S+ text="(.*)"$`)

// noticeTexts are the notices texted to phone, oldest first.
func (s *testShop) noticeTexts(phone string) []string {
	var out []string
	for _, m := range noticeLine.FindAllStringSubmatch(s.sms.String(), -1) {
		if m[1] == phone {
			text, err := strconv.Unquote(`"` + m[2] + `"`)
			if err != nil {
				s.t.Fatalf("a notice line: %v", err)
			}
			out = append(out, text)
		}
	}
	return out
}
