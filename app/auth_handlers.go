package app

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

type registerRequest struct {
	profileInput
	NationalID   string `json:"national_id"`
	PhoneNumber  string `json:"phone_number"`
	Password     string `json:"password"`
	ReferralCode string `json:"referral_code"`
}

// authRegister keeps a pending sign-up and texts its code, bound to it; the user is made when the code is
// verified together with the registration id of this answer. A sign-up whose code is still live is never
// replaced (409): its code is resent through authCodeRequest instead, so nobody can swap in their own
// password while the owner waits for the SMS. The registration id (kept only as a hash) is what stops the
// opposite: someone signing the owner's phone up first and having the owner's login code complete it.
func (a *App) authRegister(w http.ResponseWriter, r *http.Request) error {
	var req registerRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if err := req.profileInput.normalize(a); err != nil {
		return err
	}
	nationalID := iran.LatinDigits(strings.TrimSpace(req.NationalID))
	if !iran.ValidNationalID(nationalID) {
		return badRequest(msgNationalIDInvalid)
	}
	phone, err := iran.Phone(req.PhoneNumber)
	if err != nil {
		return badRequest(msgPhoneInvalid)
	}
	if problem := passwordProblem(req.Password); problem != "" {
		return badRequest(problem)
	}
	var referredBy int64
	if code := strings.TrimSpace(iran.LatinDigits(req.ReferralCode)); code != "" {
		inviter, err := a.store.UserByReferralCode(r.Context(), code)
		if errors.Is(err, store.ErrNotFound) {
			return badRequest(msgReferralInvalid)
		} else if err != nil {
			return err
		}
		referredBy = inviter.ID
	}
	phoneTaken, idTaken, err := a.store.PhoneOrNationalIDTaken(r.Context(), phone, nationalID)
	switch {
	case err != nil:
		return err
	case phoneTaken:
		return conflict(msgPhoneTaken)
	case idTaken:
		return conflict(msgNationalIDTaken)
	}
	registrationID, secretHash := newToken()
	reg := store.Registration{PhoneNumber: phone, NationalID: nationalID, FirstName: req.FirstName,
		LastName: req.LastName, BirthDate: req.BirthDate, ReferredBy: referredBy, CreatedAt: a.now(),
		SecretHash: secretHash}
	err = a.textCode(r, phone, store.PurposeAuth, func(codeHash []byte, lim store.CodeLimits) (time.Duration, error) {
		reg.PasswordHash = hashPassword(req.Password)
		return a.store.StartRegistration(r.Context(), reg, codeHash, lim, a.now())
	})
	if errors.Is(err, store.ErrSignUpPending) {
		return conflict(msgSignUpPending)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]string{"phone_number": phone, "message": msgRegisterCodeSent,
		"registration_id": registrationID})
}

type phoneRequest struct {
	PhoneNumber string `json:"phone_number"`
}

// authCodeRequest texts a login code to a customer, or re-sends a pending sign-up's code, bound to that
// sign-up (should the sign-up be replaced meanwhile, the code completes nothing).
func (a *App) authCodeRequest(w http.ResponseWriter, r *http.Request) error {
	var req phoneRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	phone, err := iran.Phone(req.PhoneNumber)
	if err != nil {
		return badRequest(msgPhoneInvalid)
	}
	scope := "" // a login code
	if _, err := a.store.UserByPhone(r.Context(), phone); errors.Is(err, store.ErrNotFound) {
		reg, err := a.store.PendingRegistration(r.Context(), phone)
		if errors.Is(err, store.ErrNotFound) {
			return notFound(msgNoAccount)
		} else if err != nil {
			return err
		}
		scope = store.SignUpScope(reg.ID)
	} else if err != nil {
		return err
	}
	if err := a.sendCode(r, phone, store.PurposeAuth, scope); err != nil {
		return err
	}
	return okJSON(w, map[string]string{"phone_number": phone, "message": msgCodeSent})
}

type verifyRequest struct {
	PhoneNumber    string `json:"phone_number"`
	Code           string `json:"code"`
	RegistrationID string `json:"registration_id"` // needed to complete a sign-up; a login ignores it
}

// signedIn is the answer to every way of signing in.
type signedIn struct {
	tokenPair
	User    userView `json:"user"`
	Message string   `json:"message"`
}

// authVerify spends a login or sign-up code: it signs an existing customer in, or creates the pending
// sign-up the code was issued for (and no other) when the caller also holds that sign-up's registration id.
// The code is checked (and spent) first; a right code without the id completes nothing.
func (a *App) authVerify(w http.ResponseWriter, r *http.Request) error {
	var req verifyRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	phone, err := iran.Phone(req.PhoneNumber)
	if err != nil {
		return badRequest(msgPhoneInvalid)
	}
	if err := a.limitLogins(r); err != nil {
		return err
	}
	noteOf(r).phone = phone
	scope, err := a.checkCode(r, phone, store.PurposeAuth, req.Code)
	if err != nil {
		return err
	}
	msg := msgLoginSuccess
	u, err := a.store.UserByPhone(r.Context(), phone)
	if errors.Is(err, store.ErrNotFound) {
		msg = msgRegisterSuccess
		noteOf(r).reason("sign_up")
		u, err = a.store.CompleteSignUp(r.Context(), phone, scope, hashToken(req.RegistrationID), a.now())
		switch {
		case errors.Is(err, store.ErrNotFound):
			return notFound(msgNoAccount)
		case errors.Is(err, store.ErrSignUpSecret):
			return badRequest(msgSignUpOtherDevice)
		case errors.Is(err, store.ErrConflict):
			return conflict(msgNationalIDTaken)
		}
	}
	if err != nil {
		return err
	}
	noteOf(r).about(u)
	return a.finishSignIn(w, r, u, msg, "")
}

type loginRequest struct {
	PhoneNumber string `json:"phone_number"`
	Password    string `json:"password"`
}

// authLogin signs in with phone and password. Attempts count per phone, before the password is checked, and
// a sign-in clears them (loginFailBucket), after its second step where one is on; a wrong phone and a wrong password get the same answer in the
// same time.
func (a *App) authLogin(w http.ResponseWriter, r *http.Request) error {
	var req loginRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	phone, err := iran.Phone(req.PhoneNumber)
	if err != nil {
		return badRequest(msgPhoneInvalid)
	}
	if req.Password == "" {
		return badRequest(msgPasswordRequired)
	}
	if err := a.limitLogins(r); err != nil {
		return err
	}
	fails := loginFailBucket(phone)
	note := noteOf(r)
	note.phone = phone
	if err := a.hit(r, msgTooManyLogins, fails); err != nil {
		return err
	}
	u, err := a.store.UserByPhone(r.Context(), phone)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	hash := u.PasswordHash
	if err != nil {
		hash = dummyHash()
		note.reason("unknown_phone")
	} else {
		note.about(u)
	}
	if !checkPassword(hash, req.Password) || err != nil {
		return unauthorized(msgLoginWrong) // the attempt is already counted
	}
	return a.finishSignIn(w, r, u, msgLoginSuccess, fails.Bucket)
}

type refreshRequest struct {
	RefreshToken string `json:"refreshToken"`
}

// authRefresh swaps a refresh token for a new pair (rotation); the old refresh token stops working. Shown
// again within refreshReuseGrace, while its successor is unused, it gets the same successor pair back;
// otherwise its reuse revokes the login.
func (a *App) authRefresh(w http.ResponseWriter, r *http.Request) error {
	var req refreshRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if req.RefreshToken == "" {
		return unauthorized(msgSessionExpired)
	}
	if err := a.limitLogins(r); err != nil {
		return err
	}
	pair, hashes := a.newPair()
	rot, err := a.store.RotateRefreshToken(r.Context(), hashToken(req.RefreshToken), hashes,
		sealSuccessor(req.RefreshToken, pair), refreshReuseGrace, a.placeOf(r), a.now())
	switch {
	case errors.Is(err, store.ErrTokenReused):
		a.log.WarnContext(r.Context(), "refresh token reused; login revoked", slog.Int64("login_id", rot.LoginID),
			slog.Int64("user_id", rot.UserID))
		a.loginRevoked(rot.LoginID)
		reused := store.SecurityEvent{ActorID: rot.UserID, Kind: "refresh", Reason: "reused"}
		if u, err := a.store.UserByID(r.Context(), rot.UserID); err == nil {
			reused.Phone = u.PhoneNumber
		}
		a.recordSecurityEvent(r, reused)
		return unauthorized(msgSessionExpired)
	case errors.Is(err, store.ErrNotFound):
		// a refresh is written only when refused: a success every quarter hour per phone says nothing
		a.recordSecurityEvent(r, store.SecurityEvent{Kind: "refresh", Reason: "expired"})
		return unauthorized(msgSessionExpired)
	case err != nil:
		return err
	}
	if rot.Replayed != nil {
		if pair, err = openSuccessor(req.RefreshToken, rot.Replayed); err != nil {
			return err
		}
	}
	return okJSON(w, pair)
}

// authLogout ends this login everywhere it is used: its tokens and its cookie session.
func (a *App) authLogout(w http.ResponseWriter, r *http.Request) error {
	loginID := caller(r).LoginID
	if err := a.store.RevokeLogin(r.Context(), loginID, a.now()); err != nil {
		return err
	}
	a.loginRevoked(loginID)
	if err := a.sessions.Destroy(r.Context()); err != nil {
		return err
	}
	return okJSON(w, map[string]string{"message": msgLoggedOut})
}
