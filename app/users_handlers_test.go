package app

import (
	"strings"
	"testing"
	"time"
)

func TestProfileUpdate(t *testing.T) {
	s := newTestShop(t)
	access, _ := s.signUp(80)
	good := map[string]any{"first_name": "كيان", "last_name": "يزدانی", "birth_date": "1368/12/29"}
	s.run(t, []scenario{
		{"refuses a signed-out caller", "PUT", "/api/users/update", "", good, 401, msgLoginRequired},
		{"refuses an unknown token", "PUT", "/api/users/update", "not-a-token", good, 401, msgSessionExpired},
		{"refuses an empty first name", "PUT", "/api/users/update", access, with(good, "first_name", ""), 400, msgFirstNameInvalid},
		{"refuses a name of 51 letters", "PUT", "/api/users/update", access, with(good, "last_name", strings.Repeat("ب", 51)), 400, msgLastNameInvalid},
		{"refuses a birth date without separators", "PUT", "/api/users/update", access, with(good, "birth_date", "13680101"), 400, msgBirthDateInvalid},
		{"refuses a Gregorian-looking date", "PUT", "/api/users/update", access, with(good, "birth_date", "1990/05/01"), 400, msgBirthDateUnderage},
		{"folds Arabic letters and pads the date", "PUT", "/api/users/update", access, with(good, "birth_date", "1368/1/9"), 200, `"birth_date":"1368/01/09"`},
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

func TestBirthDateBoundaryIsEighteenJalaliYears(t *testing.T) {
	// 1404/09/01 in Tehran is 2025-11-22.
	now := time.Date(2025, 11, 22, 12, 0, 0, 0, tehran)
	for date, want := range map[string]string{
		"1386/09/01":  "",                   // 18 today
		"1386/09/02":  msgBirthDateUnderage, // 18 tomorrow
		"1386/8/30":   "",
		"1300/01/01":  "",
		"1402/12/30":  msgBirthDateInvalid, // 1402 is a common year
		"1399/12/30":  msgBirthDateUnderage,
		"۱۳۷۰-۰۱-۰۱":  "",
		"1370/1":      msgBirthDateInvalid,
		"13700/01/01": msgBirthDateInvalid,
	} {
		if _, got := normalizeBirthDate(date, now); got != want {
			t.Errorf("%s: got %q, want %q", date, got, want)
		}
	}
}

func TestPasswordChangeInThreeSteps(t *testing.T) {
	s := newTestShop(t)
	access, _ := s.signUp(90)
	phone := registration(90)["phone_number"].(string)
	other := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"}).str("accessToken")

	s.run(t, []scenario{
		{"refuses a change before the phone is verified", "PUT", "/api/users/change-password", access, map[string]string{"password": "new-secret-77"}, 403, msgPasswordGrantGone},
		{"refuses a code for someone else's phone", "POST", "/api/auth/request-verification-code", access, map[string]string{"phone_number": "09129999999"}, 403, msgOwnPhoneOnly},
		{"refuses a signed-out code request", "POST", "/api/auth/request-verification-code", "", map[string]string{"phone_number": phone}, 401, msgLoginRequired},
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
	s.run(t, []scenario{
		{"refuses a short new password", "PUT", "/api/users/change-password", access, map[string]string{"password": "abc"}, 400, msgPasswordShort},
		{"refuses a common new password", "PUT", "/api/users/change-password", access, map[string]string{"password": "Password1"}, 400, msgPasswordCommon},
		{"changes the password", "PUT", "/api/users/change-password", access, map[string]string{"password": "طلای-من-۱۴۰۴"}, 200, msgPasswordChanged},
		{"allows one change per verified code", "PUT", "/api/users/change-password", access, map[string]string{"password": "another-one-88"}, 403, msgPasswordGrantGone},
		{"refuses the old password", "POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"}, 401, msgLoginWrong},
		{"accepts the new password", "POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "طلای-من-۱۴۰۴"}, 200, "accessToken"},
		{"keeps this device signed in", "GET", "/api/users/me", access, nil, 200, phone},
		{"signs out the other devices", "GET", "/api/users/me", other, nil, 401, msgSessionExpired},
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
	first, _ := s.signUp(92)
	phone := registration(92)["phone_number"].(string)
	second := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"}).str("accessToken")
	s.clock.Advance(61 * time.Second)
	s.do("POST", "/api/auth/request-verification-code", first, map[string]string{"phone_number": phone})
	if r := s.do("POST", "/api/auth/verify-profile-code", first, map[string]string{"phone_number": phone, "code": s.lastCode(phone)}); r.Status != 200 {
		t.Fatalf("verify profile code: %d %s", r.Status, r.Body)
	}
	s.run(t, []scenario{
		{"refuses the change from another login of the same customer", "PUT", "/api/users/change-password", second, map[string]string{"password": "stolen-change-66"}, 403, msgPasswordGrantGone},
		{"keeps the verifying login signed in", "GET", "/api/users/me", first, nil, 200, phone},
		{"lets the verifying login change the password", "PUT", "/api/users/change-password", first, map[string]string{"password": "my-own-change-67"}, 200, msgPasswordChanged},
		{"signs the other login out", "GET", "/api/users/me", second, nil, 401, msgSessionExpired},
	})
}
