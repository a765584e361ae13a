package app

import (
	"errors"
	"net/http"
	"strings"

	"goldshop/store"
)

type registerRequest struct {
	profileInput
	NationalID   string `json:"national_id"`
	PhoneNumber  string `json:"phone_number"`
	Password     string `json:"password"`
	ReferralCode string `json:"referral_code"`
}

// authRegister keeps a pending sign-up and texts its code; the user is made when the code is verified.
func (a *App) authRegister(w http.ResponseWriter, r *http.Request) error {
	var req registerRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if err := req.profileInput.normalize(a); err != nil {
		return err
	}
	nationalID := latinDigits(strings.TrimSpace(req.NationalID))
	if !validNationalID(nationalID) {
		return badRequest(msgNationalIDInvalid)
	}
	phone, ok := normalizePhone(req.PhoneNumber)
	if !ok {
		return badRequest(msgPhoneInvalid)
	}
	if problem := passwordProblem(req.Password); problem != "" {
		return badRequest(problem)
	}
	var referredBy int64
	if code := strings.TrimSpace(latinDigits(req.ReferralCode)); code != "" {
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
	if err := a.sendCode(r, phone, store.PurposeAuth, ""); err != nil {
		return err
	}
	err = a.store.SavePendingRegistration(r.Context(), store.Registration{PhoneNumber: phone, NationalID: nationalID,
		FirstName: req.FirstName, LastName: req.LastName, BirthDate: req.BirthDate,
		PasswordHash: hashPassword(req.Password), ReferredBy: referredBy, CreatedAt: a.now()})
	if err != nil {
		return err
	}
	return okJSON(w, map[string]string{"phone_number": phone, "message": msgRegisterCodeSent})
}

type phoneRequest struct {
	PhoneNumber string `json:"phone_number"`
}

// authRequestCode texts a login code to a customer, or re-sends a pending sign-up's code.
func (a *App) authRequestCode(w http.ResponseWriter, r *http.Request) error {
	var req phoneRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	phone, ok := normalizePhone(req.PhoneNumber)
	if !ok {
		return badRequest(msgPhoneInvalid)
	}
	if _, err := a.store.UserByPhone(r.Context(), phone); errors.Is(err, store.ErrNotFound) {
		if _, err := a.store.PendingRegistration(r.Context(), phone); errors.Is(err, store.ErrNotFound) {
			return notFound(msgNoAccount)
		} else if err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	if err := a.sendCode(r, phone, store.PurposeAuth, ""); err != nil {
		return err
	}
	return okJSON(w, map[string]string{"phone_number": phone, "message": msgCodeSent})
}

type verifyRequest struct {
	PhoneNumber string `json:"phone_number"`
	Code        string `json:"code"`
}

// signedIn is the answer to every way of signing in.
type signedIn struct {
	tokenPair
	User    userView `json:"user"`
	Message string   `json:"message"`
}

// authVerify spends a login or sign-up code: it signs an existing customer in, or creates the pending one.
func (a *App) authVerify(w http.ResponseWriter, r *http.Request) error {
	var req verifyRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	phone, ok := normalizePhone(req.PhoneNumber)
	if !ok {
		return badRequest(msgPhoneInvalid)
	}
	if err := a.limitLogins(r); err != nil {
		return err
	}
	if _, err := a.checkCode(r, phone, store.PurposeAuth, req.Code); err != nil {
		return err
	}
	msg := msgLoginSuccess
	u, err := a.store.UserByPhone(r.Context(), phone)
	if errors.Is(err, store.ErrNotFound) {
		msg = msgRegisterSuccess
		u, err = a.store.CompleteRegistration(r.Context(), phone, a.now())
		switch {
		case errors.Is(err, store.ErrNotFound):
			return notFound(msgNoAccount)
		case errors.Is(err, store.ErrConflict):
			return conflict(msgNationalIDTaken)
		}
	}
	if err != nil {
		return err
	}
	pair, err := a.signIn(r, u)
	if err != nil {
		return err
	}
	return okJSON(w, signedIn{pair, viewUser(u), msg})
}

type loginRequest struct {
	PhoneNumber string `json:"phone_number"`
	Password    string `json:"password"`
}

// authLogin signs in with phone and password. Failures count per phone; a wrong phone and a wrong password
// get the same answer in the same time.
func (a *App) authLogin(w http.ResponseWriter, r *http.Request) error {
	var req loginRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	phone, ok := normalizePhone(req.PhoneNumber)
	if !ok {
		return badRequest(msgPhoneInvalid)
	}
	if req.Password == "" {
		return badRequest(msgPasswordRequired)
	}
	if err := a.limitLogins(r); err != nil {
		return err
	}
	fails := loginFailBucket(phone)
	if allowed, err := a.store.Allowed(r.Context(), fails, a.now()); err != nil {
		return err
	} else if !allowed {
		return tooMany(msgTooManyLogins)
	}
	u, err := a.store.UserByPhone(r.Context(), phone)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	hash := u.PasswordHash
	if err != nil {
		hash = dummyHash
	}
	if !checkPassword(hash, req.Password) || err != nil {
		if herr := a.store.Hit(r.Context(), a.now(), fails); herr != nil && !errors.Is(herr, store.ErrRateLimited) {
			return herr
		}
		return unauthorized(msgLoginWrong)
	}
	if err := a.store.ClearBucket(r.Context(), fails.Bucket); err != nil {
		return err
	}
	pair, err := a.signIn(r, u)
	if err != nil {
		return err
	}
	return okJSON(w, signedIn{pair, viewUser(u), msgLoginSuccess})
}

type refreshRequest struct {
	RefreshToken string `json:"refreshToken"`
}

// authRefresh swaps a refresh token for a new pair (rotation); the old refresh token stops working.
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
	_, err := a.store.RotateRefreshToken(r.Context(), hashToken(req.RefreshToken), hashes, a.now())
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrTokenReused) {
		return unauthorized(msgSessionExpired)
	}
	if err != nil {
		return err
	}
	return okJSON(w, pair)
}

// authLogout ends this login everywhere it is used: its tokens and its cookie session.
func (a *App) authLogout(w http.ResponseWriter, r *http.Request) error {
	if err := a.store.RevokeLogin(r.Context(), caller(r).LoginID, a.now()); err != nil {
		return err
	}
	if err := a.sessions.Destroy(r.Context()); err != nil {
		return err
	}
	return okJSON(w, map[string]string{"message": msgLoggedOut})
}
