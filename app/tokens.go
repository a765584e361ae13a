package app

import (
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
	loginID, err := a.store.CreateLogin(r.Context(), u.ID, hashes, a.placeOf(r), a.now())
	if err != nil {
		return tokenPair{}, err
	}
	if err := a.sessions.RenewToken(r.Context()); err != nil {
		return tokenPair{}, err
	}
	a.sessions.Put(r.Context(), sessionLoginKey, loginID)
	return pair, nil
}

// placeOf is where a request comes from, as the list of logins keeps it.
func (a *App) placeOf(r *http.Request) store.LoginPlace {
	return store.LoginPlace{UserAgent: r.UserAgent(), Address: a.clientIP(r)}
}
