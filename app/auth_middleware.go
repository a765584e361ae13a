package app

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"goldshop/store"
)

// The middleware that says who is calling (authenticate) and refuses who may not (requireUser, requireAdmin,
// requireOwner, guardAdminPaths); routes.go puts them in front of the handlers.

// principal is who is calling: the user and the login (device) whose token or cookie was shown.
type principal struct {
	User    store.User
	LoginID int64
}

type principalKey struct{}

func principalFrom(ctx context.Context) (principal, bool) {
	p, ok := ctx.Value(principalKey{}).(principal)
	return p, ok
}

type sessionLoadedKey struct{}

func sessionLoaded(ctx context.Context) bool { return ctx.Value(sessionLoadedKey{}) != nil }

// cookieSession loads the cookie session (scs) for a request without a bearer token, which the session is
// then all that can sign in. A bearer request (the web app's and every client's) skips it: a lookup and,
// now and then, a write per request for nothing.
func (a *App) cookieSession(next http.Handler) http.Handler {
	return a.withSession(next, false)
}

// session loads the cookie session whatever the request carries, where it is started or ended (sign-in,
// sign-up, sign-out); one cookieSession loaded already is kept.
func (a *App) session(next http.Handler) http.Handler {
	return a.withSession(next, true)
}

func (a *App) withSession(next http.Handler, always bool) http.Handler {
	loaded := a.sessions.LoadAndSave(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionLoadedKey{}, true)))
	}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, bearer := bearerToken(r); sessionLoaded(r.Context()) || (bearer && !always) {
			next.ServeHTTP(w, r)
			return
		}
		loaded.ServeHTTP(w, r)
	})
}

// authenticate finds the caller from the bearer token, or else the cookie session (when cookieSession loaded
// one), and puts it in the context. It never refuses a request; requireUser and requireAdmin do.
func (a *App) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if token, ok := bearerToken(r); ok {
			u, loginID, err := a.store.UserByAccessToken(ctx, hashToken(token), a.now())
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				a.writeError(w, r, err)
				return
			}
			if err == nil {
				ctx = context.WithValue(ctx, principalKey{}, principal{u, loginID})
			}
		} else if !sessionLoaded(ctx) {
			// no cookie session in play (cookieSession)
		} else if loginID := a.sessions.GetInt64(ctx, sessionLoginKey); loginID != 0 {
			u, err := a.store.UserByLogin(ctx, loginID)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				a.writeError(w, r, err)
				return
			}
			if err == nil {
				ctx = context.WithValue(ctx, principalKey{}, principal{u, loginID})
				if a.loginUses.due(loginID, a.now()) {
					if err := a.store.TouchLogin(ctx, loginID, a.placeOf(r), a.now()); err != nil {
						a.writeError(w, r, err)
						return
					}
				}
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func bearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:]), true
	}
	return "", false
}

// requireUser refuses a caller who is not signed in with 401, and an owner or staff member without a second
// factor with 403 everywhere but the calls that enrol one (issue 27): a password or an SMS code alone is never
// the whole shop.
func (a *App) requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := principalFrom(r.Context())
		if !ok {
			msg := msgLoginRequired
			if _, sent := bearerToken(r); sent {
				msg = msgSessionExpired
			}
			a.writeError(w, r, unauthorized(msg))
			return
		}
		if mustEnrol(p.User) && !enrolmentPaths[r.URL.Path] {
			a.writeError(w, r, forbidden(msgEnrolFirst))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// mustEnrol is an owner or staff member who has no second factor yet.
func mustEnrol(u store.User) bool { return u.IsAdmin && !u.SecondFactor }

// enrolmentPaths are all an owner or staff member without a second factor may call: who they are, the
// enrolment itself, and signing out.
var enrolmentPaths = map[string]bool{
	"/api/users/me":                               true,
	"/api/users/me/second-factor":                 true,
	"/api/users/me/second-factor/totp":            true,
	"/api/users/me/second-factor/totp/confirm":    true,
	"/api/users/me/second-factor/passkey":         true,
	"/api/users/me/second-factor/passkey/confirm": true,
	"/api/auth/logout":                            true,
}

// requireAdmin refuses a caller who is not an admin: 401 when signed out, 403 for a customer.
func (a *App) requireAdmin(next http.Handler) http.Handler {
	return a.requireUser(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, _ := principalFrom(r.Context()); !p.User.IsAdmin {
			a.writeError(w, r, forbidden(msgAdminOnly))
			return
		}
		next.ServeHTTP(w, r)
	}))
}

// requireOwner refuses anyone but the shop's owner: 401 when signed out, 403 for staff and customers.
func (a *App) requireOwner(next http.Handler) http.Handler {
	return a.requireAdmin(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, _ := principalFrom(r.Context()); p.User.Role != store.RoleOwner {
			a.writeError(w, r, forbidden(msgOwnerOnly))
			return
		}
		next.ServeHTTP(w, r)
	}))
}

// caller returns the signed-in user of a request that passed requireUser.
func caller(r *http.Request) principal {
	p, _ := principalFrom(r.Context())
	return p
}

// guardAdminPaths puts every /api/admin… path (/api/admin/…, /api/adminCharge/…, any case) behind
// requireAdmin before routing, so an admin route can never be registered without the check.
func (a *App) guardAdminPaths(next http.Handler) http.Handler {
	admin := a.requireAdmin(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(strings.ToLower(r.URL.Path), "/api/admin") {
			admin.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}
