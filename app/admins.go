package app

import (
	"cmp"
	"context"
	"errors"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

// AdminInput is what `goldshop admin add` is given.
type AdminInput struct {
	Phone     string
	Password  string
	FirstName string
	LastName  string
	Role      string // owner (the default) or staff
}

// AddAdmin creates an admin (an owner unless in.Role is staff), or gives that role to the user with that phone and sets the password, applying the same
// phone and password rules as sign-up. It returns the user id and whether the user is new.
func AddAdmin(ctx context.Context, st *store.Store, in AdminInput) (int64, bool, error) {
	phone, err := iran.Phone(in.Phone)
	if err != nil {
		return 0, false, errors.New("--phone must be an Iranian mobile number such as 09123456789")
	}
	if problem := passwordProblem(in.Password); problem != "" {
		return 0, false, errors.New("--password is not acceptable: at least 6 characters, at most 128, and not a common password")
	}
	first, last := iran.Name(in.FirstName), iran.Name(in.LastName)
	if !plainText(first) || !plainText(last) {
		return 0, false, errors.New("--first-name and --last-name must be plain text: no control or direction characters")
	}
	role := cmp.Or(in.Role, store.RoleOwner)
	if role != store.RoleOwner && role != store.RoleStaff {
		return 0, false, errors.New("--role must be owner or staff")
	}
	if _, err := st.UserByPhone(ctx, phone); errors.Is(err, store.ErrNotFound) {
		// A new admin needs names; a promoted customer keeps theirs unless new ones are given.
		first, last = cmp.Or(first, "مدیر"), cmp.Or(last, "فروشگاه")
	} else if err != nil {
		return 0, false, err
	}
	return st.UpsertAdmin(ctx, store.User{PhoneNumber: phone, FirstName: first, LastName: last,
		PasswordHash: hashPassword(in.Password), Role: role}, time.Now())
}
