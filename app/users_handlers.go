package app

import (
	"errors"
	"net/http"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

// passwordChangeWindow is how long a verified profile code lets the customer change the password.
const passwordChangeWindow = 10 * time.Minute

// usersMe returns the caller and their balances.
func (a *App) usersMe(w http.ResponseWriter, r *http.Request) error {
	u := caller(r).User
	b, err := a.store.Balances(r.Context(), u.ID)
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"user": viewUser(u), "balance": viewBalances(b)})
}

// usersUpdate changes the caller's names and birth date; phone and national id cannot be changed here.
func (a *App) usersUpdate(w http.ResponseWriter, r *http.Request) error {
	var req profileInput
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if err := req.normalize(a); err != nil {
		return err
	}
	id := caller(r).User.ID
	if err := a.store.UpdateProfile(r.Context(), id, req.FirstName, req.LastName, req.BirthDate, a.now()); err != nil {
		return err
	}
	u, err := a.store.UserByID(r.Context(), id)
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgProfileUpdated, "user": viewUser(u)})
}

// ownPhone accepts only the caller's own phone number, so a code can never be sent to someone else.
func ownPhone(r *http.Request, typed string) (string, error) {
	phone, err := iran.Phone(typed)
	if err != nil {
		return "", badRequest(msgPhoneInvalid)
	}
	if phone != caller(r).User.PhoneNumber {
		return "", forbidden(msgOwnPhoneOnly)
	}
	return phone, nil
}

// usersProfileCodeRequest texts the first step of a password change to the caller's own phone.
func (a *App) usersProfileCodeRequest(w http.ResponseWriter, r *http.Request) error {
	var req phoneRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	phone, err := ownPhone(r, req.PhoneNumber)
	if err != nil {
		return err
	}
	if err := a.sendCode(r, phone, store.PurposeProfile, ""); err != nil {
		return err
	}
	return okJSON(w, map[string]string{"message": msgCodeSent})
}

// usersProfileCodeVerify spends the code and opens a short window for one password change, from this login
// (device) only: another session of the same customer cannot use it.
func (a *App) usersProfileCodeVerify(w http.ResponseWriter, r *http.Request) error {
	var req verifyRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	phone, err := ownPhone(r, req.PhoneNumber)
	if err != nil {
		return err
	}
	if _, err := a.checkCode(r, phone, store.PurposeProfile, req.Code); err != nil {
		return err
	}
	p := caller(r)
	if err := a.store.GrantPasswordChange(r.Context(), p.User.ID, p.LoginID, a.now().Add(passwordChangeWindow)); err != nil {
		return err
	}
	return okJSON(w, map[string]string{"message": msgCodeVerified})
}

type passwordRequest struct {
	Password string `json:"password"`
}

// usersPasswordChange sets a new password once per verified code, from the login that verified it, and
// signs out the caller's other devices.
func (a *App) usersPasswordChange(w http.ResponseWriter, r *http.Request) error {
	var req passwordRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if problem := passwordProblem(req.Password); problem != "" {
		return badRequest(problem)
	}
	p := caller(r)
	err := a.store.ChangePassword(r.Context(), p.User.ID, p.LoginID, hashPassword(req.Password), a.now())
	if errors.Is(err, store.ErrNotFound) {
		return forbidden(msgPasswordGrantGone)
	}
	if err != nil {
		return err
	}
	a.userLoginsRevoked(p.User.ID, p.LoginID)
	return okJSON(w, map[string]string{"message": msgPasswordChanged})
}
