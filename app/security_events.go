package app

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"goldshop/store"
)

// Security events (issue 27): every authentication decision is one structured log line and one row the
// owner reads at /api/admin/security-events, kept 180 days. A row holds who it was about, the phone tried,
// the address, the kind, the outcome and a reason word; never a secret, a code or a token.
//
// The handlers of sign-in, sign-out and the changes of password, factor and role are wrapped by
// securityEvents, which writes the decision their answer made; the handler only says whom it was about
// (noteOf(r).about) and, where the answer alone does not tell, why (noteOf(r).reason). The rate limits and
// the origin check write their refusals themselves, once a minute per address and kind: a flood is one row a
// minute, not a write per request.

// securityNote is what a wrapped handler learns of the decision it makes.
type securityNote struct {
	userID int64
	phone  string
	why    string
}

type securityNoteKey struct{}

// noteOf is the note of a request wrapped by securityEvents, or a throwaway one.
func noteOf(r *http.Request) *securityNote {
	if n, ok := r.Context().Value(securityNoteKey{}).(*securityNote); ok {
		return n
	}
	return &securityNote{}
}

// about names the person the decision is about.
func (n *securityNote) about(u store.User) { n.userID, n.phone = u.ID, u.PhoneNumber }

// target names the person an admin acted on (the actor stays the admin) and says what was done.
func (n *securityNote) target(phone, why string) { n.phone, n.why = phone, why }

// reason says why, where the answer's status does not.
func (n *securityNote) reason(why string) { n.why = why }

// securityEvents writes the decision of h (of the given kind) as a security event: success when it answers
// without an error, failure with the reason its error gives. A server fault is no decision and writes none;
// a rate limit's 429 is written by the limit itself.
func (a *App) securityEvents(kind string, h handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		n := &securityNote{}
		r = r.WithContext(context.WithValue(r.Context(), securityNoteKey{}, n))
		err := h(w, r)
		if why, decided := refusalReason(err); decided {
			if n.why == "" {
				n.why = why
			}
			if p, ok := principalFrom(r.Context()); ok && n.userID == 0 {
				n.userID = p.User.ID
				if n.phone == "" {
					n.phone = p.User.PhoneNumber
				}
			}
			a.recordSecurityEvent(r, store.SecurityEvent{ActorID: n.userID, Phone: n.phone, Kind: kind,
				Success: err == nil, Reason: n.why})
		}
		return err
	}
}

// secured is handle for the handler of an authentication decision of kind (securityEvents).
func (a *App) secured(kind string, h handlerFunc) http.HandlerFunc {
	return a.handle(a.securityEvents(kind, h))
}

// refusalReason is the reason word of a handler's error, and whether it was a decision at all.
func refusalReason(err error) (string, bool) {
	var ae *apiError
	switch {
	case err == nil:
		return "", true
	case errors.Is(err, store.ErrCodeWrong):
		return "wrong_code", true
	case errors.Is(err, store.ErrCodeNone):
		return "no_code", true
	case errors.Is(err, store.ErrCodeTooManyTries):
		return "too_many_tries", true
	case errors.Is(err, store.ErrNotFound):
		return "not_found", true
	case !errors.As(err, &ae):
		return "", false
	}
	switch ae.Status {
	case http.StatusTooManyRequests:
		return "", false
	case http.StatusUnauthorized:
		return "wrong_password", true // the second step and refresh say their own reason
	case http.StatusGone:
		return "challenge_ended", true
	case http.StatusForbidden:
		return "forbidden", true
	case http.StatusNotFound:
		return "not_found", true
	}
	return "bad_request", true
}

// recordSecurityEvent writes e, with this request's address and time, to the log and the table. A failure to
// write the row is logged, never the caller's answer: the decision is made already.
func (a *App) recordSecurityEvent(r *http.Request, e store.SecurityEvent) {
	e.At, e.Address = a.now(), a.clientIP(r)
	outcome, level := store.OutcomeSuccess, slog.LevelInfo
	if !e.Success {
		outcome, level = store.OutcomeFailure, slog.LevelWarn
	}
	a.log.LogAttrs(r.Context(), level, "security event", slog.String("kind", e.Kind), slog.String("outcome", outcome),
		slog.String("reason", e.Reason), slog.Int64("user_id", e.ActorID), slog.String("phone", maskPhone(e.Phone)),
		slog.String("address", e.Address))
	if err := a.store.RecordSecurityEvent(context.WithoutCancel(r.Context()), e); err != nil {
		a.log.Error("security event: record", slog.String("kind", e.Kind), slog.String("error", err.Error()))
	}
}

// refusalOnce writes a refusal (a rate limit's, the origin check's) at most once a minute per kind, reason
// and address.
func (a *App) refusalOnce(r *http.Request, kind, reason string) {
	if a.refusals.due(kind+" "+reason+" "+a.clientIP(r), a.now()) {
		a.recordSecurityEvent(r, store.SecurityEvent{Kind: kind, Reason: reason})
	}
}

// limitReason names a rate limit by its bucket: "login-ip:1.2.3.4" is "login".
func limitReason(bucket string) string {
	name, _, _ := strings.Cut(bucket, ":")
	switch name {
	case "login-ip":
		return "login"
	case "login-fail":
		return "password"
	case "code-ip":
		return "code"
	case "totp-confirm":
		return "second_factor"
	}
	return name
}

// codeVerdict writes what became of a code typed for purpose (not a sign-in's): "code.profile",
// "code.withdraw", "code.trade". A server fault is no verdict.
func (a *App) codeVerdict(r *http.Request, purpose string, err error) {
	if err != nil && !isCodeVerdict(err) {
		return
	}
	why, _ := refusalReason(err)
	p := caller(r)
	a.recordSecurityEvent(r, store.SecurityEvent{ActorID: p.User.ID, Phone: p.User.PhoneNumber, Kind: "code." + purpose,
		Success: err == nil, Reason: why})
}

// isCodeVerdict is a code refused: wrong, none live, or voided by its tries.
func isCodeVerdict(err error) bool {
	return errors.Is(err, store.ErrCodeWrong) || errors.Is(err, store.ErrCodeNone) || errors.Is(err, store.ErrCodeTooManyTries)
}
