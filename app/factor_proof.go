package app

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

// Every change of a person's second factor asks again who they are (issue 36, ASVS 3.7.1): a stolen
// access token alone must not be able to put an attacker's authenticator in place, take the person's away or
// read new recovery codes. Where no factor is on the body carries the password; where one is, that factor's
// code (the authenticator's or a recovery code), counted against the person like a sign-in's.

// factorProof is the part of a factor change's body that proves the caller is its person, and whether the
// change ends the person's other logins.
type factorProof struct {
	Password       string `json:"password"`
	Code           string `json:"code"`
	EndOtherLogins *bool  `json:"end_other_logins"`
}

// factorChange turns a body's proof into the store's change, the password checked here (counted as one of
// the phone's password attempts) and a code handed to the store to take in the change's transaction. Other
// logins end when the body asks, or by default when endByDefault (a factor turned on).
func (a *App) factorChange(r *http.Request, p factorProof, endByDefault bool) (store.FactorChange, error) {
	c := changeOf(r, p.EndOtherLogins, endByDefault)
	st, err := a.store.SecondFactors(r.Context(), c.UserID)
	if err != nil {
		return c, err
	}
	if st.TOTP || st.Passkeys > 0 {
		if strings.TrimSpace(p.Code) == "" {
			return c, badRequest(msgFactorCodeNeeded)
		}
		answer, err := a.codeAnswer(r, c.UserID, p.Code)
		c.Proof = &answer
		return c, err
	}
	if p.Password == "" {
		return c, badRequest(msgFactorPasswordNeeded)
	}
	u, err := a.store.UserByID(r.Context(), c.UserID)
	if err != nil {
		return c, err
	}
	fails := loginFailBucket(u.PhoneNumber)
	if err := a.hit(r, msgTooManyLogins, fails); err != nil {
		return c, err
	}
	if !checkPassword(u.PasswordHash, p.Password) {
		noteOf(r).reason("wrong_password")
		return c, forbidden(msgFactorPasswordWrong)
	}
	c.PasswordChecked = true
	return c, a.store.ClearBucket(r.Context(), fails.Bucket)
}

// provenChange reads a factor change's body (factorProof) and turns its proof into the store's change; its
// error is the answer.
func (a *App) provenChange(w http.ResponseWriter, r *http.Request, endByDefault bool) (store.FactorChange, error) {
	var proof factorProof
	if err := decode(w, r, &proof); err != nil {
		return store.FactorChange{}, err
	}
	c, err := a.factorChange(r, proof, endByDefault)
	if err != nil {
		return c, a.factorChangeError(w, r, err)
	}
	return c, nil
}

// changeAnswer answers a change c the store made (ending ended other logins: their sockets close at once) or
// refused with err, ErrNotFound meaning what it was to change is gone (said as gone).
func (a *App) changeAnswer(w http.ResponseWriter, r *http.Request, c store.FactorChange, ended int, err error, gone string, answer map[string]any) error {
	if errors.Is(err, store.ErrNotFound) {
		return notFound(gone)
	} else if err != nil {
		return a.factorChangeError(w, r, err)
	}
	if ended > 0 {
		a.userLoginsRevoked(c.UserID, c.LoginID)
	}
	answer["ended_logins"] = ended
	return okJSON(w, answer)
}

// changeOf is the caller's change of their own factor, from this login, ending their other logins as end
// says, or as byDefault when it says nothing.
func changeOf(r *http.Request, end *bool, byDefault bool) store.FactorChange {
	pr := caller(r)
	c := store.FactorChange{UserID: pr.User.ID, LoginID: pr.LoginID, EndOtherLogins: byDefault}
	if end != nil {
		c.EndOtherLogins = *end
	}
	return c
}

// codeAnswer is what a typed code is for the person: a step of their authenticator, or else a recovery code.
// An authenticator sealed under another key (a restore without the key file) matches nothing.
func (a *App) codeAnswer(r *http.Request, userID int64, code string) (store.SecondFactorAnswer, error) {
	var answer store.SecondFactorAnswer
	t, err := a.store.TOTPOf(r.Context(), userID)
	switch {
	case err == nil && t.Confirmed:
		answer.Step, _ = matchTOTP(t.Secret, code, a.now())
	case err != nil && !errors.Is(err, store.ErrNotFound) && !errors.Is(err, store.ErrFactorSealedElsewhere):
		return answer, err
	}
	if answer.Step == 0 {
		answer.RecoveryHash = recoveryHash(userID, code)
	}
	return answer, nil
}

// factorChangeError is the answer to a factor change the store refused for its proof or its rule; other
// errors go on as they are.
func (a *App) factorChangeError(w http.ResponseWriter, r *http.Request, err error) error {
	var locked *store.SecondFactorLockedError
	switch {
	case errors.As(err, &locked):
		return a.factorsLocked(w, r, locked)
	case errors.Is(err, store.ErrWrongSecondFactor):
		noteOf(r).reason("wrong_code")
		return forbidden(msgFactorCodeWrong)
	case errors.Is(err, store.ErrFactorProofNeeded):
		return badRequest(msgFactorCodeNeeded)
	case errors.Is(err, store.ErrLastFactor):
		return conflict(msgLastFactor)
	}
	return err
}

// factorsLocked is 429 for a code while its person's wrong answers are locked out: the wait in words and in
// Retry-After.
func (a *App) factorsLocked(w http.ResponseWriter, r *http.Request, locked *store.SecondFactorLockedError) error {
	wait := max(locked.Until.Sub(a.now()), time.Second)
	w.Header().Set("Retry-After", strconv.FormatInt(int64((wait+time.Second-1)/time.Second), 10))
	a.refusalOnce(r, "rate_limited", "second_factor_lock")
	return tooMany(factorsLockedMessage(wait))
}

// factorsLockedMessage says how many minutes are left of a lock, in Persian digits.
func factorsLockedMessage(wait time.Duration) string {
	minutes := int64((wait + time.Minute - 1) / time.Minute)
	return fmt.Sprintf(msgFactorsLocked, iran.Digits(strconv.FormatInt(minutes, 10)))
}
