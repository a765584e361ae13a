package app

// The attacks of issue 14 on sign-up, login and refresh, each tried for real against the shop.

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"goldshop/store"
)

// parallel makes n calls at once, released together, and returns their answers in call order.
func parallel(n int, call func(i int) reply) []reply {
	out := make([]reply, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			<-start
			out[i] = call(i)
		}(i)
	}
	close(start)
	wg.Wait()
	return out
}

func statusCounts(rs []reply) map[int]int {
	n := map[int]int{}
	for _, r := range rs {
		n[r.Status]++
	}
	return n
}

// Issue 14: a second sign-up for a phone must not overwrite one whose code is still live.
func TestPendingSignUpCannotBeTakenOver(t *testing.T) {
	s := newTestShop(t)
	owner := registration(200)
	phone := owner["phone_number"].(string)
	ownerID := s.register(owner)
	code := s.lastCode(phone)
	attacker := with(with(with(owner, "password", "attacker-pass-31"), "first_name", "مهاجم"), "last_name", "ناشناس")

	s.clock.Advance(61 * time.Second)
	r := s.do("POST", "/api/auth/register", "", attacker)
	if r.Status != 409 || r.str("message") != msgSignUpPending || s.smsCount(phone) != 1 {
		t.Fatalf("second sign-up of a pending phone: %d %s, %d SMS", r.Status, r.Body, s.smsCount(phone))
	}
	r = s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": code, "registration_id": ownerID})
	if r.Status != 200 || r.JSON["user"].(map[string]any)["first_name"] != "سارا" {
		t.Fatalf("the owner's code: %d %s", r.Status, r.Body)
	}
	s.run(t, []scenario{
		{name: "signs the owner in with the owner's password", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": phone, "password": "sara-gold-2024"}, wantStatus: 200, wantContains: "accessToken"},
		{name: "refuses the attacker's password", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": phone, "password": "attacker-pass-31"}, wantStatus: 401, wantContains: msgLoginWrong, wantAbsent: []string{"accessToken"}},
	})
}

func TestPendingSignUpIsResentNotReplaced(t *testing.T) {
	s := newTestShop(t)
	owner := registration(201)
	phone := owner["phone_number"].(string)
	s.do("POST", "/api/auth/register", "", owner)
	attacker := with(owner, "first_name", "مهاجم")

	t.Run("a resend keeps the sign-up live past the first code's lifetime", func(t *testing.T) {
		s.clock.Advance(61 * time.Second)
		if r := s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone}); r.Status != 200 {
			t.Fatalf("resend: %d %s", r.Status, r.Body)
		}
		s.clock.Advance(61 * time.Second) // the first code has expired, the resent one has not
		if r := s.do("POST", "/api/auth/register", "", attacker); r.Status != 409 || r.str("message") != msgSignUpPending {
			t.Fatalf("sign-up over a resent code: %d %s", r.Status, r.Body)
		}
	})
	t.Run("wrong tries that void the code do not free the phone", func(t *testing.T) {
		wrong := fmt.Sprintf("%05d", (atoi(s.lastCode(phone))+1)%100000)
		for i := 0; i < store.CodeRules["auth"].MaxWrongTries; i++ {
			s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": wrong})
		}
		if r := s.do("POST", "/api/auth/register", "", attacker); r.Status != 409 {
			t.Fatalf("sign-up over a voided code: %d %s", r.Status, r.Body)
		}
	})
	t.Run("a sign-up whose codes have all expired may be replaced", func(t *testing.T) {
		s.clock.Advance(store.CodeRules["auth"].Lifetime)
		r := s.completeSignUp(nil, with(owner, "first_name", "سارینا"))
		if r.Status != 200 || r.JSON["user"].(map[string]any)["first_name"] != "سارینا" {
			t.Fatalf("verify the new sign-up: %d %s", r.Status, r.Body)
		}
	})
}

// Issue 14: the check, the password hash and the count were three steps, so parallel guesses got past the
// limit. Each attempt is counted before the password is checked.
func TestParallelWrongPasswordsStopAtTheLimit(t *testing.T) {
	s := newTestShop(t)
	s.signUp(41)
	phone := registration(41)["phone_number"].(string)
	const n = 40
	got := statusCounts(parallel(n, func(int) reply {
		return s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "wrong-guess"})
	}))
	if got[401] != loginFailsPerPhone.Max || got[429] != n-loginFailsPerPhone.Max {
		t.Fatalf("%d parallel wrong passwords: %v, want %d evaluated (401) and the rest 429", n, got, loginFailsPerPhone.Max)
	}
	r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"})
	if r.Status != 429 || r.str("message") != msgTooManyLogins {
		t.Fatalf("the right password after the limit: %d %s", r.Status, r.Body)
	}
}

func TestParallelWrongCodesStopAtTheTriesCap(t *testing.T) {
	s := newTestShop(t)
	body := registration(42)
	phone := body["phone_number"].(string)
	id := s.register(body)
	code := s.lastCode(phone)
	wrong := fmt.Sprintf("%05d", (atoi(code)+1)%100000)
	got := map[string]int{}
	for _, r := range parallel(20, func(int) reply {
		return s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": wrong})
	}) {
		got[r.str("message")]++
	}
	max := store.CodeRules["auth"].MaxWrongTries
	if got[msgCodeWrong] != max-1 || got[msgCodeVoid] != 1 || got[msgCodeExpired] != 20-max {
		t.Fatalf("20 parallel wrong codes: %v", got)
	}
	if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": code, "registration_id": id}); r.Status != 400 {
		t.Fatalf("the right code after the cap: %d %s", r.Status, r.Body)
	}
}

// Issue 14: two tabs refreshing at once must not look like a stolen token.
func TestParallelRefreshesKeepTheLoginAlive(t *testing.T) {
	for i, n := range []int{2, 5} {
		t.Run(fmt.Sprintf("%d at once", n), func(t *testing.T) {
			s := newTestShop(t)
			_, refresh := s.signUp(52 + i)
			rs := parallel(n, func(int) reply {
				return s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh})
			})
			for i, r := range rs {
				if r.Status != 200 || r.str("accessToken") != rs[0].str("accessToken") || r.str("refreshToken") != rs[0].str("refreshToken") {
					t.Fatalf("refresh %d of %d: %d %s (statuses %v)", i+1, n, r.Status, r.Body, statusCounts(rs))
				}
			}
			access, next := rs[0].str("accessToken"), rs[0].str("refreshToken")
			if me := s.do("GET", "/api/users/me", access, nil); me.Status != 200 {
				t.Fatalf("the login died: %d %s", me.Status, me.Body)
			}
			s.clock.Advance(refreshReuseGrace + time.Second)
			if r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": next}); r.Status != 200 {
				t.Fatalf("the successor after the grace: %d %s", r.Status, r.Body)
			}
		})
	}
}

func TestRefreshReuseOutsideTheGraceRevokesTheLogin(t *testing.T) {
	t.Run("the same old token after the grace", func(t *testing.T) {
		s := newTestShop(t)
		_, refresh := s.signUp(55)
		r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh})
		access, next := r.str("accessToken"), r.str("refreshToken")
		s.clock.Advance(10 * time.Second)
		if again := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh}); again.Status != 200 || again.str("refreshToken") != next {
			t.Fatalf("within the grace: %d %s", again.Status, again.Body)
		}
		s.clock.Advance(refreshReuseGrace - 10*time.Second + time.Second)
		if again := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh}); again.Status != 401 {
			t.Fatalf("after the grace: %d %s", again.Status, again.Body)
		}
		if me := s.do("GET", "/api/users/me", access, nil); me.Status != 401 {
			t.Fatalf("login survived reuse after the grace: %d", me.Status)
		}
		if r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": next}); r.Status != 401 {
			t.Fatalf("successor of a revoked login: %d", r.Status)
		}
	})
	t.Run("a token rotated twice ago, within the grace", func(t *testing.T) {
		s := newTestShop(t)
		_, first := s.signUp(56)
		second := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": first}).str("refreshToken")
		r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": second})
		if r.Status != 200 {
			t.Fatalf("second rotation: %d %s", r.Status, r.Body)
		}
		if again := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": first}); again.Status != 401 {
			t.Fatalf("a token rotated twice ago: %d %s", again.Status, again.Body)
		}
		if me := s.do("GET", "/api/users/me", r.str("accessToken"), nil); me.Status != 401 {
			t.Fatalf("login survived: %d", me.Status)
		}
	})
}

// Issue 14 (pre-emptive sign-up): an attacker signs the victim's phone up first, with the attacker's own
// password. The victim, told by the 409 that a code was sent, signs in by code; that code must not complete
// the attacker's sign-up, because it is bound to the registration id only the attacker's register answer
// carried.
func TestPreemptiveSignUpIsNotCompletedByTheVictimsCode(t *testing.T) {
	s := newTestShop(t)
	victim := registration(210)
	phone := victim["phone_number"].(string)
	attacker := with(with(with(victim, "password", "attacker-pass-31"), "first_name", "مهاجم"), "last_name", "ناشناس")
	attackerID := s.register(attacker)
	otherID := s.register(registration(211)) // someone else's pending sign-up

	s.clock.Advance(61 * time.Second)
	if r := s.do("POST", "/api/auth/register", "", victim); r.Status != 409 || r.str("message") != msgSignUpPending {
		t.Fatalf("the victim's own sign-up: %d %s", r.Status, r.Body)
	}
	for _, tc := range []struct {
		name string
		body map[string]string
	}{
		{"refuses the code without a registration id", map[string]string{}},
		{"refuses the code with a made-up registration id", map[string]string{"registration_id": strings.Repeat("A", 43)}},
		{"refuses the code with another sign-up's registration id", map[string]string{"registration_id": otherID}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s.clock.Advance(61 * time.Second)
			if r := s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone}); r.Status != 200 {
				t.Fatalf("login code: %d %s", r.Status, r.Body)
			}
			body := map[string]string{"phone_number": phone, "code": s.lastCode(phone)}
			for k, v := range tc.body {
				body[k] = v
			}
			r := s.do("POST", "/api/auth/verify", "", body)
			if r.Status != 400 || r.str("message") != msgSignUpOtherDevice || r.str("accessToken") != "" {
				t.Fatalf("verify: %d %s", r.Status, r.Body)
			}
			if _, err := s.store.UserByPhone(context.Background(), phone); err == nil {
				t.Fatal("the attacker's sign-up became a user")
			}
		})
	}
	s.run(t, []scenario{
		{name: "refuses the attacker's password", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": phone, "password": "attacker-pass-31"}, wantStatus: 401, wantContains: msgLoginWrong, wantAbsent: []string{"accessToken"}},
	})
	// A wrong code stays a code error even with the right id.
	s.clock.Advance(61 * time.Second)
	s.do("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": phone})
	wrong := fmt.Sprintf("%05d", (atoi(s.lastCode(phone))+1)%100000)
	if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": wrong, "registration_id": attackerID}); r.Status != 400 || r.str("message") != msgCodeWrong {
		t.Fatalf("a wrong code with the right id: %d %s", r.Status, r.Body)
	}

	// Once the attacker's codes have expired the victim signs up and completes it with their own id.
	s.clock.Advance(store.CodeRules["auth"].Lifetime)
	r := s.completeSignUp(nil, victim)
	if r.Status != 200 || r.JSON["user"].(map[string]any)["first_name"] != "سارا" {
		t.Fatalf("the victim's sign-up: %d %s", r.Status, r.Body)
	}
	s.run(t, []scenario{
		{name: "signs the victim in with the victim's password", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": phone, "password": "sara-gold-2024"}, wantStatus: 200, wantContains: "accessToken"},
		{name: "still refuses the attacker's password", method: "POST", path: "/api/auth/login", body: map[string]string{"phone_number": phone, "password": "attacker-pass-31"}, wantStatus: 401, wantContains: msgLoginWrong, wantAbsent: []string{"accessToken"}},
	})
}

// The registration id is returned once and stored only as its SHA-256 hash; the right one completes the
// sign-up it was returned for.
func TestRegistrationIDIsStoredOnlyAsAHash(t *testing.T) {
	s := newTestShop(t)
	body := registration(212)
	phone := body["phone_number"].(string)
	id := s.register(body)
	if raw, err := base64.RawURLEncoding.DecodeString(id); err != nil || len(raw) != 32 {
		t.Fatalf("registration id %q is not 32 random bytes in base64url (%v)", id, err)
	}
	var stored string
	if err := s.store.ReadDB().QueryRow(`SELECT secret_hash FROM pending_registrations WHERE phone_number = ?`, phone).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256([]byte(id)); stored != hex.EncodeToString(sum[:]) || strings.Contains(stored, id) {
		t.Fatalf("stored %q for id %q", stored, id)
	}
	r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": phone, "code": s.lastCode(phone), "registration_id": id})
	if r.Status != 200 || r.str("message") != msgRegisterSuccess {
		t.Fatalf("verify with the right id: %d %s", r.Status, r.Body)
	}
}
