package app

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/pquerna/otp/totp"

	"goldshop/store"
)

// adminKeys are the second factors the tests enrolled on one shop, by phone. Owner and staff cannot work
// without one, so every admin a test signs in has one; signing the same person in again answers the
// challenge with one of their recovery codes (a TOTP code is taken once per 30-second step, and the test
// clock stands still).
type adminKeys struct {
	mu      sync.Mutex
	byPhone map[string][]string // unused recovery codes
}

func newAdminKeys() *adminKeys { return &adminKeys{byPhone: map[string][]string{}} }

// customerPassword is the password of every customer newCustomer makes.
const customerPassword = "sara-gold-2024"

// enrolTOTP enrols token's person (whose password is password) in TOTP as an authenticator app would, from
// the secret of the answer, and returns the secret and the recovery codes.
func (s *testShop) enrolTOTP(t testing.TB, token, password string) (secret string, recovery []string) {
	t.Helper()
	start := s.forT(t).mustDo("POST", "/api/users/me/second-factor/totp", token, map[string]string{"password": password})
	secret = start.str("secret")
	done := s.forT(t).mustDo("POST", "/api/users/me/second-factor/totp/confirm", token, map[string]string{"code": s.codeAt(t, secret)})
	for _, c := range done.JSON["recovery_codes"].([]any) {
		recovery = append(recovery, c.(string))
	}
	return secret, recovery
}

// codeAt is the authenticator's code for secret at the shop's now.
func (s *testShop) codeAt(t testing.TB, secret string) string {
	t.Helper()
	code, err := totp.GenerateCode(secret, s.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// signInWithFactor signs an owner or staff member in by password as the login screen does, through the
// second factor: enrolled on the first sign-in (which can do nothing else until then), answered with a
// recovery code on the next ones. It returns the access token.
func (s *testShop) signInWithFactor(phone, password string) string {
	s.t.Helper()
	r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": password})
	if r.Status != 200 {
		s.t.Fatalf("admin login: %d %s", r.Status, r.Body)
	}
	keys := s.keys
	keys.mu.Lock()
	defer keys.mu.Unlock()
	if r.JSON["second_factor_required"] == true {
		codes := keys.byPhone[phone]
		if len(codes) == 0 {
			s.t.Fatalf("%s signed in more times than they have recovery codes", phone)
		}
		keys.byPhone[phone] = codes[1:]
		return s.mustDo("POST", "/api/auth/second-factor", "", map[string]string{"challenge": r.str("challenge"), "code": codes[0]}).str("accessToken")
	}
	token := r.str("accessToken")
	_, keys.byPhone[phone] = s.enrolTOTP(s.t, token, password)
	return token
}

// recoveryCode spends one of the recovery codes the tests keep for phone's person.
func (s *testShop) recoveryCode(phone string) string {
	s.t.Helper()
	s.keys.mu.Lock()
	defer s.keys.mu.Unlock()
	codes := s.keys.byPhone[phone]
	if len(codes) == 0 {
		s.t.Fatalf("%s has no recovery codes left", phone)
	}
	s.keys.byPhone[phone] = codes[1:]
	return codes[0]
}

// giveSecondFactor turns a confirmed second factor on for userID straight through the store, for a caller
// made there too (newOwner).
func (s *testShop) giveSecondFactor(userID int64) {
	s.t.Helper()
	ctx, now := context.Background(), s.clock.Now()
	c := store.FactorChange{UserID: userID, PasswordChecked: true}
	if err := s.store.StartTOTP(ctx, c, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", now); errors.Is(err, store.ErrConflict) {
		return // on already
	} else if err != nil {
		s.t.Fatal(err)
	}
	if _, err := s.store.ConfirmTOTP(ctx, c, now.Unix()/totpPeriod, nil, now); err != nil {
		s.t.Fatal(err)
	}
}
