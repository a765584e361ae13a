package app

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"goldshop/iran"
	"goldshop/store"
)

// The second factor (issue 27): TOTP as RFC 6238 has it (SHA-1, six digits, a 30-second step, one step either
// way for a phone's clock), each code taken once, and ten one-time recovery codes kept as hashes.
const (
	totpPeriod        = 30
	recoveryCodeCount = 10
	// challengeTTL is how long a sign-in waits for its second factor.
	challengeTTL = 5 * time.Minute
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// totpConfirmTries bounds the codes a person may try while confirming their own new factor.
var totpConfirmTries = store.Limit{Max: 10, Window: 10 * time.Minute}

// matchTOTP is the time step whose code code is, within one step of now; ok is false when none matches.
func matchTOTP(secret, code string, now time.Time) (step int64, ok bool) {
	code = iran.LatinDigits(strings.TrimSpace(code))
	if len(code) != 6 || !iran.OnlyDigits(code) {
		return 0, false
	}
	current := now.Unix() / totpPeriod
	for _, s := range []int64{current - 1, current, current + 1} {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(s*totpPeriod, 0), totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s, true
		}
	}
	return 0, false
}

// recoveryAlphabet leaves out the letters and digits a person misreads (0 and o, 1 and l and i).
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// newRecoveryCodes are ten codes of ten letters ("k7mq2-x9c4t", about 49 bits each) and their hashes.
func newRecoveryCodes(userID int64) (codes []string, hashes [][]byte) {
	for range recoveryCodeCount {
		raw := make([]byte, 10)
		rand.Read(raw)
		var b strings.Builder
		for i, c := range raw {
			if i == 5 {
				b.WriteByte('-')
			}
			b.WriteByte(recoveryAlphabet[int(c)%len(recoveryAlphabet)])
		}
		codes = append(codes, b.String())
		hashes = append(hashes, recoveryHash(userID, b.String()))
	}
	return codes, hashes
}

// recoveryHash is what the store keeps of a recovery code: bound to its person, read as typed (any case,
// with or without its dash and spaces).
func recoveryHash(userID int64, code string) []byte {
	code = strings.ToLower(strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' {
			return -1
		}
		return r
	}, iran.LatinDigits(code)))
	h := sha256.New()
	binary.Write(h, binary.BigEndian, userID)
	h.Write([]byte(code))
	return h.Sum(nil)
}

// usersSecondFactor answers GET /api/users/me/second-factor: which factors are on.
func (a *App) usersSecondFactor(w http.ResponseWriter, r *http.Request) error {
	st, err := a.store.SecondFactors(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	_, passkeys := a.relyingParty(r)
	return okJSON(w, map[string]any{"totp": st.TOTP, "passkeys": st.Passkeys, "passkey_available": passkeys,
		"recovery_codes_left": st.RecoveryCodes})
}

// usersTOTPStart answers POST /api/users/me/second-factor/totp {password} or {code} (factorProof): a new
// secret for an authenticator app, as base32 and as the otpauth:// address its QR code carries, with the
// shop's name as issuer. It is on only once a first code confirms it; 409 while a confirmed one is on.
func (a *App) usersTOTPStart(w http.ResponseWriter, r *http.Request) error {
	u := caller(r).User
	if st, err := a.store.SecondFactors(r.Context(), u.ID); err != nil {
		return err
	} else if st.TOTP { // said before the proof is asked: it would be spent for nothing
		return conflict(msgSecondFactorOn)
	}
	c, err := a.provenChange(w, r, false)
	if err != nil {
		return err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: a.shop().Name, AccountName: u.PhoneNumber, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return err
	}
	if err := a.store.StartTOTP(r.Context(), c, key.Secret(), a.now()); errors.Is(err, store.ErrConflict) {
		return conflict(msgSecondFactorOn)
	} else if err != nil {
		return a.factorChangeError(w, r, err)
	}
	return okJSON(w, map[string]string{"secret": key.Secret(), "uri": key.URL()})
}

// usersTOTPConfirm answers POST /api/users/me/second-factor/totp/confirm {code, end_other_logins?}: the app's
// first code turns the factor on, told to the person, and ends their other logins unless they ask not to;
// the answer carries the ten recovery codes, shown this once.
func (a *App) usersTOTPConfirm(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Code           string `json:"code"`
		EndOtherLogins *bool  `json:"end_other_logins"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	u := caller(r).User
	if err := a.hit(r, msgTooManyCodes, bucket(totpConfirmTries, "totp-confirm:"+strconv.FormatInt(u.ID, 10))); err != nil {
		return err
	}
	t, err := a.store.TOTPOf(r.Context(), u.ID)
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrFactorSealedElsewhere):
		return notFound(msgTOTPNotStarted)
	case err != nil:
		return err
	case t.Confirmed:
		return conflict(msgSecondFactorOn)
	}
	step, ok := matchTOTP(t.Secret, req.Code, a.now())
	if !ok {
		return badRequest(msgTOTPCodeWrong)
	}
	c := changeOf(r, req.EndOtherLogins, true) // its start was proven
	codes, hashes := newRecoveryCodes(u.ID)
	ended, err := a.store.ConfirmTOTP(r.Context(), c, step, hashes, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return conflict(msgSecondFactorOn) // another confirm came first
	}
	return a.changeAnswer(w, r, c, ended, err, msgTOTPNotStarted, map[string]any{"message": msgTOTPOn, "recovery_codes": codes})
}

// usersTOTPRemove answers DELETE /api/users/me/second-factor/totp {code, end_other_logins?}: the
// authenticator goes, told to the person; 404 when none is on, 409 for an owner's or staff member's last
// factor.
func (a *App) usersTOTPRemove(w http.ResponseWriter, r *http.Request) error {
	c, err := a.provenChange(w, r, false)
	if err != nil {
		return err
	}
	ended, err := a.store.RemoveTOTP(r.Context(), c, a.now())
	return a.changeAnswer(w, r, c, ended, err, msgTOTPNotOn, map[string]any{"message": msgTOTPOff})
}

// usersRecoveryCodesRenew answers POST /api/users/me/second-factor/recovery-codes {code, end_other_logins?}:
// ten new recovery codes in place of the old ones, shown this once and told to the person.
func (a *App) usersRecoveryCodesRenew(w http.ResponseWriter, r *http.Request) error {
	c, err := a.provenChange(w, r, false)
	if err != nil {
		return err
	}
	codes, hashes := newRecoveryCodes(c.UserID)
	ended, err := a.store.RenewRecoveryCodes(r.Context(), c, hashes, a.now())
	return a.changeAnswer(w, r, c, ended, err, msgSecondFactorNotOn, map[string]any{"message": msgRecoveryRenewed, "recovery_codes": codes})
}

// finishSignIn ends a sign-in whose first factor (a password, an SMS code) was right: tokens and the cookie at
// once, with the phone's failed attempts (fails, when a password signed in) forgotten; or, for a person with
// a second factor on, a challenge and nothing else (no token, no cookie, and the attempts still counted until
// the second step passes).
func (a *App) finishSignIn(w http.ResponseWriter, r *http.Request, u store.User, msg, fails string) error {
	st, err := a.store.SecondFactors(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if st.TOTP || st.Passkeys > 0 {
		assertion, session, err := a.passkeyAssertion(r, u)
		if err != nil {
			return err
		}
		token, hash := newToken()
		now := a.now()
		if err := a.store.StartChallenge(r.Context(), u.ID, hash, session, now, now.Add(challengeTTL)); err != nil {
			return err
		}
		noteOf(r).reason("challenge")
		answer := map[string]any{"second_factor_required": true, "challenge": token, "message": msgSecondFactorNeeded,
			"totp": st.TOTP}
		if assertion != nil {
			answer["passkey"] = assertion // the options of navigator.credentials.get
		}
		return okJSON(w, answer)
	}
	if fails != "" {
		if err := a.store.ClearBucket(r.Context(), fails); err != nil {
			return err
		}
	}
	pair, err := a.signIn(r, u)
	if err != nil {
		return err
	}
	return okJSON(w, signedIn{pair, viewUser(u), msg})
}

// challengeEnded is 410: the challenge is gone (unknown, out of tries or time), so the screen goes back to the
// first step instead of asking again; a wrong code is 401 and may be tried again.
func challengeEnded() error { return &apiError{http.StatusGone, msgChallengeEnded} }

// authSecondFactor answers POST /api/auth/second-factor {challenge, code}: the second step of a sign-in. A
// six-digit code is the authenticator's (each taken once), anything else a recovery code (each used once).
// Five wrong answers end the challenge, and ten of the person's in 15 minutes, whatever the challenge, lock
// their codes (429, a growing wait); each is counted in the answer's own transaction. Passing it forgets the
// phone's failed password attempts.
func (a *App) authSecondFactor(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Challenge string          `json:"challenge"`
		Code      string          `json:"code"`
		Passkey   json.RawMessage `json:"passkey"` // the browser's assertion, in place of a code
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if err := a.limitLogins(r); err != nil {
		return err
	}
	byPasskey := len(req.Passkey) > 0 && string(req.Passkey) != "null"
	if strings.TrimSpace(req.Code) == "" && !byPasskey {
		return badRequest(msgSecondFactorNeeded)
	}
	hash := hashToken(req.Challenge)
	now := a.now()
	userID, passkeySession, err := a.store.ChallengeUser(r.Context(), hash, now)
	if errors.Is(err, store.ErrChallengeEnded) {
		return challengeEnded()
	} else if err != nil {
		return err
	}
	u, err := a.store.UserByID(r.Context(), userID)
	if err != nil {
		return err
	}
	note := noteOf(r)
	note.about(u)
	answer := store.SecondFactorAnswer{ByPasskey: byPasskey}
	how := "totp"
	if byPasskey {
		how = "passkey"
		if answer.Passkey, err = a.checkPasskey(r, u, passkeySession, req.Passkey); err != nil {
			return err
		}
	} else if answer, err = a.codeAnswer(r, userID, req.Code); err != nil {
		return err
	} else if answer.Step == 0 {
		how = "recovery_code"
	}
	_, err = a.store.AnswerChallenge(r.Context(), hash, answer, now)
	var locked *store.SecondFactorLockedError
	switch {
	case errors.As(err, &locked):
		return a.factorsLocked(w, r, locked)
	case errors.Is(err, store.ErrWrongSecondFactor):
		note.reason("wrong_code")
		return unauthorized(msgSecondFactorWrong)
	case errors.Is(err, store.ErrChallengeEnded):
		return challengeEnded()
	case err != nil:
		return err
	}
	note.reason(how)
	if err := a.store.ClearBucket(r.Context(), loginFailBucket(u.PhoneNumber).Bucket); err != nil {
		return err
	}
	pair, err := a.signIn(r, u)
	if err != nil {
		return err
	}
	return okJSON(w, signedIn{pair, viewUser(u), msgLoginSuccess})
}
