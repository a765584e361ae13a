package app

import (
	"errors"
	"net/http"
	"time"

	"goldshop/store"
)

// The logins a person can see and end (issue 27): every device signed in to the account, where it was last
// used from, and a way to end one or all the others. Ending a login ends its tokens, its cookie session,
// its push subscriptions (store.revokeLogins) and its chat sockets at once.

type loginView struct {
	ID         int64     `json:"id"`
	Device     string    `json:"device"`
	Address    string    `json:"address"`
	CreatedAt  time.Time `json:"created_at"`
	LastUsedAt time.Time `json:"last_used_at"`
	Current    bool      `json:"current"`
}

// usersLogins answers GET /api/users/me/logins: the caller's logins still signed in, this one first.
func (a *App) usersLogins(w http.ResponseWriter, r *http.Request) error {
	p := caller(r)
	logins, err := a.store.Logins(r.Context(), p.User.ID, a.now())
	if err != nil {
		return err
	}
	out := make([]loginView, 0, len(logins))
	for _, l := range logins {
		v := loginView{ID: l.ID, Device: deviceName(l.UserAgent), Address: l.Address, CreatedAt: l.CreatedAt,
			LastUsedAt: l.LastUsed, Current: l.ID == p.LoginID}
		if v.Current {
			out = append([]loginView{v}, out...)
		} else {
			out = append(out, v)
		}
	}
	return okJSON(w, map[string]any{"logins": out})
}

// usersLoginEnd answers DELETE /api/users/me/logins/{id}: ends one of the caller's own logins (this one
// too, which is signing out). Another person's login, or one ended already, is 404.
func (a *App) usersLoginEnd(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgLoginNotFound)
	if err != nil {
		return err
	}
	p := caller(r)
	err = a.store.EndLogin(r.Context(), p.User.ID, id, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgLoginNotFound)
	} else if err != nil {
		return err
	}
	a.loginRevoked(id)
	return okJSON(w, map[string]string{"message": msgLoginEnded})
}

// usersLoginsEndOthers answers DELETE /api/users/me/logins: ends every login of the caller but this one.
func (a *App) usersLoginsEndOthers(w http.ResponseWriter, r *http.Request) error {
	p := caller(r)
	n, err := a.store.EndOtherLogins(r.Context(), p.User.ID, p.LoginID, a.now())
	if err != nil {
		return err
	}
	a.userLoginsRevoked(p.User.ID, p.LoginID)
	return okJSON(w, map[string]any{"ended": n, "message": msgOtherLoginsEnded})
}
