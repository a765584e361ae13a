package app

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"goldshop/iran"
	"goldshop/store"
)

// staffView is an owner or staff member as the owner's staff screen lists them.
type staffView struct {
	ID          int64  `json:"id"`
	PhoneNumber string `json:"phone_number"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	Role        string `json:"role"`
	// SecondFactor tells the owner who has enrolled and whose factor a reset would take away.
	SecondFactor bool `json:"second_factor"`
}

func viewStaff(u store.User) staffView {
	return staffView{ID: u.ID, PhoneNumber: u.PhoneNumber, FirstName: u.FirstName, LastName: u.LastName, Role: u.Role,
		SecondFactor: u.SecondFactor}
}

func (a *App) adminStaffList(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.Staff(r.Context())
	if err != nil {
		return err
	}
	out := make([]staffView, len(list))
	for i, u := range list {
		out[i] = viewStaff(u)
	}
	return okJSON(w, out)
}

// adminStaffAdd gives an existing account the owner or staff role; sign-up stays the only way to get one.
func (a *App) adminStaffAdd(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		PhoneNumber string `json:"phone_number"`
		Role        string `json:"role"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	if in.Role != store.RoleOwner && in.Role != store.RoleStaff {
		return badRequest(msgStaffRole)
	}
	phone, err := iran.Phone(in.PhoneNumber)
	if err != nil {
		return badRequest(msgPhoneInvalid)
	}
	u, err := a.store.UserByPhone(r.Context(), phone)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgStaffNoAccount)
	}
	if err != nil {
		return err
	}
	return a.setRole(w, r, u.ID, in.Role, http.StatusCreated)
}

// adminStaffSetRole promotes staff to owner or demotes an owner to staff.
func (a *App) adminStaffSetRole(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Role string `json:"role"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	if in.Role != store.RoleOwner && in.Role != store.RoleStaff {
		return badRequest(msgStaffRole)
	}
	id, err := a.staffID(r)
	if err != nil {
		return err
	}
	return a.setRole(w, r, id, in.Role, http.StatusOK)
}

// adminStaffRemove makes an owner or staff member a customer again. Their signed-in devices lose admin
// rights with their next request: every request reads the user's role afresh.
func (a *App) adminStaffRemove(w http.ResponseWriter, r *http.Request) error {
	id, err := a.staffID(r)
	if err != nil {
		return err
	}
	u, err := a.store.SetRole(r.Context(), caller(r).User.ID, id, store.RoleCustomer, a.now())
	if err != nil {
		return err
	}
	noteOf(r).target(u.PhoneNumber, "staff_removed")
	a.userLoginsRevoked(id, 0) // an admin's chat socket must not stay open; it reconnects as a customer
	return okJSON(w, map[string]string{"message": msgStaffRemoved})
}

// adminStaffSecondFactorReset answers DELETE /api/admin/staff/{id}/second-factor: the owner takes away the
// second factor of a staff member (or another owner) who lost their phone; their logins end, and they enrol
// again at their next sign-in.
func (a *App) adminStaffSecondFactorReset(w http.ResponseWriter, r *http.Request) error {
	id, err := a.staffID(r)
	if err != nil {
		return err
	}
	return a.resetSecondFactor(w, r, id)
}

// adminUserSecondFactorReset answers DELETE /api/admin/users/{id}/second-factor (issue 36): the owner takes away
// the second factor of a customer who lost their phone (or of anyone but themselves); their logins end, and
// they are texted.
func (a *App) adminUserSecondFactorReset(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgUserNotFound)
	if err != nil {
		return err
	}
	if _, err := a.store.UserByID(r.Context(), id); err != nil {
		return err
	}
	return a.resetSecondFactor(w, r, id)
}

// resetSecondFactor resets person id's factor for the owner, audited and told to the person. The owner's own
// factor is never reset from the web: a stolen session must not be able to drop it (`goldshop admin
// reset-2fa` on the server does).
func (a *App) resetSecondFactor(w http.ResponseWriter, r *http.Request, id int64) error {
	if id == caller(r).User.ID {
		return forbidden(msgOwnerFactorOnServer)
	}
	if err := a.store.ResetSecondFactor(r.Context(), caller(r).User.ID, id, a.now()); errors.Is(err, store.ErrNotFound) {
		return notFound(msgSecondFactorNotOn)
	} else if err != nil {
		return err
	}
	if u, err := a.store.UserByID(r.Context(), id); err == nil {
		noteOf(r).target(u.PhoneNumber, "")
	}
	a.userLoginsRevoked(id, 0)
	return okJSON(w, map[string]string{"message": msgSecondFactorReset})
}

func (a *App) setRole(w http.ResponseWriter, r *http.Request, id int64, role string, status int) error {
	u, err := a.store.SetRole(r.Context(), caller(r).User.ID, id, role, a.now())
	if err != nil {
		return err
	}
	noteOf(r).target(u.PhoneNumber, role) // "owner" or "staff": what they became
	writeJSON(w, status, viewStaff(u))
	return nil
}

// staffID is the {id} of a staff route: only an owner or staff member's id names one.
func (a *App) staffID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, notFound(msgNotFound)
	}
	u, err := a.store.UserByID(r.Context(), id)
	if err != nil {
		return 0, err
	}
	if u.Role == store.RoleCustomer {
		return 0, notFound(msgNotFound)
	}
	return id, nil
}
