package app

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"time"

	"goldshop/store"
)

const (
	accessTokenTTL  = 15 * time.Minute
	refreshTokenTTL = 30 * 24 * time.Hour
	sessionLoginKey = "login_id" // the cookie session holds only the login it belongs to

	// refreshReuseGrace is how long a just-rotated refresh token, shown again while its successor is still
	// unused, gets that same successor pair back instead of revoking the login: two tabs refreshing at once,
	// or an answer lost on a phone's network (Ory Hydra's "refresh token rotation grace period", Auth0's and
	// Okta's "reuse interval"). Later, or for a token rotated twice ago, reuse revokes the login.
	refreshReuseGrace = 30 * time.Second
)

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

// newToken returns a random token and its SHA-256 hash; only the hash is stored.
func newToken() (token string, hash []byte) {
	b := make([]byte, 32)
	rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// tokenPair is what the client gets after signing in or refreshing.
type tokenPair struct {
	AccessToken  string `json:"accessToken"`
	RefreshToken string `json:"refreshToken"`
}

func (a *App) newPair() (tokenPair, store.TokenPair) {
	access, accessHash := newToken()
	refresh, refreshHash := newToken()
	now := a.now()
	return tokenPair{access, refresh}, store.TokenPair{AccessHash: accessHash, AccessExpires: now.Add(accessTokenTTL),
		RefreshHash: refreshHash, RefreshExpires: now.Add(refreshTokenTTL)}
}

// sealSuccessor encrypts the pair that replaced oldRefresh, with a key derived from oldRefresh (AES-256-GCM,
// key = HMAC-SHA256(oldRefresh, label)). Only the hash of oldRefresh is stored, so a copy of the database
// cannot open it; a client presenting oldRefresh again within the grace can.
func sealSuccessor(oldRefresh string, p tokenPair) []byte {
	aead := successorAEAD(oldRefresh)
	nonce := make([]byte, aead.NonceSize())
	rand.Read(nonce)
	return aead.Seal(nonce, nonce, []byte(p.AccessToken+" "+p.RefreshToken), nil)
}

// openSuccessor reverses sealSuccessor.
func openSuccessor(oldRefresh string, sealed []byte) (tokenPair, error) {
	aead := successorAEAD(oldRefresh)
	if len(sealed) < aead.NonceSize() {
		return tokenPair{}, errors.New("sealed successor too short")
	}
	plain, err := aead.Open(nil, sealed[:aead.NonceSize()], sealed[aead.NonceSize():], nil)
	if err != nil {
		return tokenPair{}, err
	}
	access, refresh, ok := strings.Cut(string(plain), " ")
	if !ok {
		return tokenPair{}, errors.New("sealed successor malformed")
	}
	return tokenPair{access, refresh}, nil
}

func successorAEAD(oldRefresh string) cipher.AEAD {
	m := hmac.New(sha256.New, []byte(oldRefresh))
	m.Write([]byte("goldshop refresh successor v1"))
	block, err := aes.NewCipher(m.Sum(nil))
	if err != nil {
		panic(err) // a 32-byte key is always valid
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return aead
}

// signIn starts a login for u: a token pair for the bearer client and a fresh cookie session for the browser.
func (a *App) signIn(r *http.Request, u store.User) (tokenPair, error) {
	pair, hashes := a.newPair()
	loginID, err := a.store.CreateLogin(r.Context(), u.ID, hashes, a.now())
	if err != nil {
		return tokenPair{}, err
	}
	if err := a.sessions.RenewToken(r.Context()); err != nil {
		return tokenPair{}, err
	}
	a.sessions.Put(r.Context(), sessionLoginKey, loginID)
	return pair, nil
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

// requireUser refuses a caller who is not signed in with 401.
func (a *App) requireUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := principalFrom(r.Context()); !ok {
			msg := msgLoginRequired
			if _, sent := bearerToken(r); sent {
				msg = msgSessionExpired
			}
			a.writeError(w, r, unauthorized(msg))
			return
		}
		next.ServeHTTP(w, r)
	})
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
