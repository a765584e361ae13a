package cli

import (
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
)

// jsonCall sends one JSON request to a running shop and decodes the JSON answer.
type jsonCall func(method, path, token string, body any) (status int, answer map[string]any, err error)

// recoveryCodes keeps the recovery codes of the admins these tests enrolled, by shop address and phone: an
// owner or staff member can do nothing before enrolling a second factor, and a TOTP code is taken once per
// 30-second step, so a second sign-in within one step answers its challenge with a recovery code.
var recoveryCodes sync.Map // string → []string

// passSecondFactor turns an admin's password-login answer into an access token as the login screen does:
// on the first sign-in it enrols an authenticator (its start proven by the password, a code computed here from
// the secret, as the phone's app would), on later ones it answers the challenge with a recovery code.
func passSecondFactor(t *testing.T, call jsonCall, key, password string, login map[string]any) string {
	t.Helper()
	must := func(method, path, token string, body any) map[string]any {
		t.Helper()
		status, answer, err := call(method, path, token, body)
		if err != nil || status != 200 {
			t.Fatalf("%s %s: %d %v %v", method, path, status, answer, err)
		}
		return answer
	}
	if login["second_factor_required"] == true {
		v, _ := recoveryCodes.Load(key)
		codes, _ := v.([]string)
		if len(codes) == 0 {
			t.Fatalf("%s: a second sign-in without recovery codes", key)
		}
		recoveryCodes.Store(key, codes[1:])
		return must("POST", "/api/auth/second-factor", "", map[string]string{"challenge": login["challenge"].(string), "code": codes[0]})["accessToken"].(string)
	}
	token := login["accessToken"].(string)
	secret := must("POST", "/api/users/me/second-factor/totp", token, map[string]string{"password": password})["secret"].(string)
	code, err := totp.GenerateCode(secret, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, c := range must("POST", "/api/users/me/second-factor/totp/confirm", token, map[string]string{"code": code})["recovery_codes"].([]any) {
		codes = append(codes, c.(string))
	}
	recoveryCodes.Store(key, codes)
	return token
}

// signInAdmin signs an admin in by password through their second factor and returns the access token.
func (c *drillClient) signInAdmin(phone, password string) string {
	c.t.Helper()
	login := c.must("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": password})
	return passSecondFactor(c.t, c.call, c.base+" "+phone, password, login)
}
