package app

import (
	"cmp"
	"errors"

	"goldshop/iran"
	"goldshop/store"
)

// userView is the user as the API shows it (customer.md §3); the password hash never leaves the server.
type userView struct {
	ID           int64  `json:"id"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	Name         string `json:"name"`
	PhoneNumber  string `json:"phone_number"`
	NationalID   string `json:"national_id"`
	BirthDate    string `json:"birth_date"`
	ReferralCode string `json:"referral_code"`
	Grade        int    `json:"grade"`
	IsAdmin      int    `json:"is_admin"`
	Role         string `json:"role"` // owner, staff or customer
	SecondFactor bool   `json:"second_factor"`
	// MustEnrol is an owner or staff member without a second factor: they can do nothing but enrol one.
	MustEnrol bool `json:"must_enrol_second_factor"`
}

func viewUser(u store.User) userView {
	admin := 0
	if u.IsAdmin {
		admin = 1
	}
	return userView{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Name: u.FirstName + " " + u.LastName,
		PhoneNumber: u.PhoneNumber, NationalID: u.NationalID, BirthDate: u.BirthDate, ReferralCode: u.ReferralCode,
		Grade: u.Grade, IsAdmin: admin, Role: cmp.Or(u.Role, store.RoleCustomer), SecondFactor: u.SecondFactor,
		MustEnrol: mustEnrol(u)}
}

// profileInput is what a customer types about themselves, at sign-up and on the edit screen.
type profileInput struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	BirthDate string `json:"birth_date"`
}

// normalize cleans the fields in place and returns the first problem found, in screen order.
func (p *profileInput) normalize(a *App) error {
	p.FirstName, p.LastName = iran.Name(p.FirstName), iran.Name(p.LastName)
	if !plainText(p.FirstName) || !plainText(p.LastName) {
		return badRequest(msgTextNotPlain)
	}
	if !iran.NameFits(p.FirstName) {
		return badRequest(msgFirstNameInvalid)
	}
	if !iran.NameFits(p.LastName) {
		return badRequest(msgLastNameInvalid)
	}
	return a.normalizeBirth(&p.BirthDate)
}

func (a *App) normalizeBirth(date *string) error {
	if *date == "" {
		return badRequest(msgBirthDateRequired)
	}
	clean, err := iran.BirthDate(*date, a.now())
	switch {
	case errors.Is(err, iran.ErrUnderage):
		return badRequest(msgBirthDateUnderage)
	case err != nil:
		return badRequest(msgBirthDateInvalid)
	}
	*date = clean
	return nil
}
