package app

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"goldshop/store"
)

// Passkeys (issue 27): a second way to pass the second step, through github.com/go-webauthn/webauthn
// (BSD-3-Clause, pure Go). The browser takes a passkey only on a secure page whose host the passkey is
// bound to, so the shop offers them where it runs on HTTPS (the host of --base-url, or the name its own
// certificate is for) or on localhost; elsewhere the calls answer 400 and the screens offer none.

// passkeyTTL is how long a registration or a sign-in's assertion waits for the browser.
const passkeyTTL = 5 * time.Minute

// relyingParty is the WebAuthn relying party of this request, or false where passkeys cannot work. It comes
// from what the operator configured (issue 36): --base-url, or the name of the certificate the shop serves
// when the request came by TLS for that name. The Host header is the client's to write, so it counts only on
// a loopback connection (the shop on the owner's own machine, "localhost"), never through a proxy.
func (a *App) relyingParty(r *http.Request) (*webauthn.WebAuthn, bool) {
	var origin string
	switch {
	case strings.HasPrefix(a.baseURL, "https://"):
		u, err := url.Parse(a.baseURL)
		if err != nil || u.Host == "" {
			return nil, false
		}
		origin = "https://" + u.Host
	case r.TLS != nil && a.certifiedName(r.TLS.ServerName) && strings.EqualFold(hostOnly(r.Host), r.TLS.ServerName):
		// the shop's own certificate is for this name, and the request came by TLS for it
		origin = "https://" + r.Host
	case isLocalhost(r.Host) && !a.trustProxy && onLoopback(r):
		origin = "http://" + r.Host
	default:
		return nil, false
	}
	u, err := url.Parse(origin)
	if err != nil {
		return nil, false
	}
	rp, err := webauthn.New(&webauthn.Config{RPID: u.Hostname(), RPDisplayName: a.shop().Name, RPOrigins: []string{origin},
		Timeouts: webauthn.TimeoutsConfig{Login: webauthn.TimeoutConfig{Enforce: true, Timeout: passkeyTTL},
			Registration: webauthn.TimeoutConfig{Enforce: true, Timeout: passkeyTTL}}})
	return rp, err == nil
}

// certifiedName tells whether name is the one the certificate the shop serves is for.
func (a *App) certifiedName(name string) bool {
	if a.cert == nil || name == "" {
		return false
	}
	st, ok := a.cert()
	return ok && strings.EqualFold(st.Domain, name)
}

// onLoopback tells whether the request came over a loopback connection: both its ends on this machine.
func onLoopback(r *http.Request) bool {
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return false
	}
	loopback := func(addr string) bool {
		host, _, err := net.SplitHostPort(addr)
		ip := net.ParseIP(host)
		return err == nil && ip != nil && ip.IsLoopback()
	}
	return loopback(local.String()) && loopback(r.RemoteAddr)
}

// hostOnly is a Host header without its port.
func hostOnly(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		return h
	}
	return host
}

// isLocalhost is a Host header naming this machine by the name browsers treat as secure without TLS.
func isLocalhost(host string) bool { return strings.EqualFold(hostOnly(host), "localhost") }

// passkeyUser is a person as the WebAuthn library sees them, with their passkeys.
type passkeyUser struct {
	u     store.User
	creds []webauthn.Credential
}

func (p passkeyUser) WebAuthnID() []byte {
	return binary.BigEndian.AppendUint64(nil, uint64(p.u.ID))
}
func (p passkeyUser) WebAuthnName() string { return p.u.PhoneNumber }
func (p passkeyUser) WebAuthnDisplayName() string {
	if name := strings.TrimSpace(p.u.FirstName + " " + p.u.LastName); name != "" {
		return name
	}
	return p.u.PhoneNumber
}
func (p passkeyUser) WebAuthnCredentials() []webauthn.Credential { return p.creds }

// passkeyUserOf reads u's passkeys.
func (a *App) passkeyUserOf(r *http.Request, u store.User) (passkeyUser, error) {
	keys, err := a.store.Passkeys(r.Context(), u.ID)
	if err != nil {
		return passkeyUser{}, err
	}
	p := passkeyUser{u: u}
	for _, k := range keys {
		var c webauthn.Credential
		if err := json.Unmarshal([]byte(k.Credential), &c); err != nil {
			return passkeyUser{}, err
		}
		p.creds = append(p.creds, c)
	}
	return p, nil
}

func credentialID(c *webauthn.Credential) string { return base64.RawURLEncoding.EncodeToString(c.ID) }

// usersPasskeyStart answers POST /api/users/me/second-factor/passkey {password} or {code} (factorProof):
// the options the browser creates a passkey with (navigator.credentials.create), the person's passkeys
// excluded.
func (a *App) usersPasskeyStart(w http.ResponseWriter, r *http.Request) error {
	rp, ok := a.relyingParty(r)
	if !ok {
		return badRequest(msgPasskeyUnavailable)
	}
	c, err := a.provenChange(w, r, false)
	if err != nil {
		return err
	}
	user, err := a.passkeyUserOf(r, caller(r).User)
	if err != nil {
		return err
	}
	var exclude []protocol.CredentialDescriptor
	for i := range user.creds {
		exclude = append(exclude, user.creds[i].Descriptor())
	}
	creation, session, err := rp.BeginRegistration(user, webauthn.WithExclusions(exclude),
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementPreferred))
	if err != nil {
		return err
	}
	raw, err := json.Marshal(session)
	if err != nil {
		return err
	}
	now := a.now()
	if err := a.store.StartPasskey(r.Context(), c, raw, now.Add(passkeyTTL), now); err != nil {
		return a.factorChangeError(w, r, err)
	}
	return okJSON(w, creation)
}

// usersPasskeyConfirm answers POST /api/users/me/second-factor/passkey/confirm[?end_other_logins=false] with
// the browser's new credential: checked against the registration, kept, on, and told to the person, whose
// other logins end unless the query says not to. When it is the person's first factor, the answer carries
// the ten recovery codes, shown this once.
func (a *App) usersPasskeyConfirm(w http.ResponseWriter, r *http.Request) error {
	var body json.RawMessage
	if err := decode(w, r, &body); err != nil {
		return err
	}
	var end *bool
	if q := r.URL.Query().Get("end_other_logins"); q != "" {
		v, err := strconv.ParseBool(q)
		if err != nil {
			return badRequest(msgBadJSON)
		}
		end = &v
	}
	rp, ok := a.relyingParty(r)
	if !ok {
		return badRequest(msgPasskeyUnavailable)
	}
	u := caller(r).User
	raw, err := a.store.PasskeyEnrolment(r.Context(), u.ID, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgPasskeyNotStarted)
	} else if err != nil {
		return err
	}
	var session webauthn.SessionData
	if err := json.Unmarshal(raw, &session); err != nil {
		return err
	}
	user, err := a.passkeyUserOf(r, u)
	if err != nil {
		return err
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(body)
	if err != nil {
		return badRequest(msgPasskeyRefused)
	}
	cred, err := rp.CreateCredential(user, session, parsed)
	if err != nil {
		return badRequest(msgPasskeyRefused)
	}
	record, err := json.Marshal(cred)
	if err != nil {
		return err
	}
	codes, hashes := []string{}, [][]byte(nil)
	if !u.SecondFactor {
		codes, hashes = newRecoveryCodes(u.ID)
	}
	c := changeOf(r, end, true) // its start was proven
	ended, err := a.store.AddPasskey(r.Context(), c, store.Passkey{ID: credentialID(cred), Credential: string(record)}, hashes, a.now())
	if errors.Is(err, store.ErrConflict) {
		return conflict(msgPasskeyKept)
	}
	return a.changeAnswer(w, r, c, ended, err, msgPasskeyNotStarted, map[string]any{"message": msgPasskeyOn, "recovery_codes": codes})
}

// usersPasskeys answers GET /api/users/me/second-factor/passkeys: the caller's passkeys, when each was added
// and last used.
func (a *App) usersPasskeys(w http.ResponseWriter, r *http.Request) error {
	keys, err := a.store.Passkeys(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	out := make([]map[string]any, 0, len(keys))
	for _, k := range keys {
		out = append(out, map[string]any{"id": k.ID, "created_at": k.CreatedAt, "last_used_at": timeOrNil(k.LastUsedAt)})
	}
	return okJSON(w, map[string]any{"passkeys": out})
}

// usersPasskeyRemove answers DELETE /api/users/me/second-factor/passkeys/{id} {code, end_other_logins?}: one
// of the caller's passkeys goes, told to them; 404 for one not theirs, 409 for an owner's or staff member's
// last factor.
func (a *App) usersPasskeyRemove(w http.ResponseWriter, r *http.Request) error {
	c, err := a.provenChange(w, r, false)
	if err != nil {
		return err
	}
	ended, err := a.store.RemovePasskey(r.Context(), c, chi.URLParam(r, "id"), a.now())
	return a.changeAnswer(w, r, c, ended, err, msgPasskeyNotFound, map[string]any{"message": msgPasskeyRemoved})
}

// passkeyAssertion starts the passkey half of a sign-in's challenge for a person with passkeys: the options
// for navigator.credentials.get and the session kept beside the challenge. Nil, nil where passkeys cannot
// work here (the person answers with a code instead).
func (a *App) passkeyAssertion(r *http.Request, u store.User) (*protocol.CredentialAssertion, []byte, error) {
	rp, ok := a.relyingParty(r)
	if !ok {
		return nil, nil, nil
	}
	user, err := a.passkeyUserOf(r, u)
	if err != nil || len(user.creds) == 0 {
		return nil, nil, err
	}
	assertion, session, err := rp.BeginLogin(user)
	if err != nil {
		return nil, nil, err
	}
	raw, err := json.Marshal(session)
	return assertion, raw, err
}

// checkPasskey verifies a passkey's answer to a challenge: the credential's record with its new sign count,
// or nil for an answer that proves nothing (counted as a wrong try by the caller).
func (a *App) checkPasskey(r *http.Request, u store.User, sessionRaw []byte, answer json.RawMessage) (*store.Passkey, error) {
	rp, ok := a.relyingParty(r)
	if !ok || sessionRaw == nil {
		return nil, nil
	}
	var session webauthn.SessionData
	if err := json.Unmarshal(sessionRaw, &session); err != nil {
		return nil, err
	}
	user, err := a.passkeyUserOf(r, u)
	if err != nil {
		return nil, err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(answer)
	if err != nil {
		return nil, nil
	}
	cred, err := rp.ValidateLogin(user, session, parsed)
	if err != nil || cred.Authenticator.CloneWarning {
		return nil, nil
	}
	record, err := json.Marshal(cred)
	if err != nil {
		return nil, err
	}
	return &store.Passkey{ID: credentialID(cred), Credential: string(record)}, nil
}
