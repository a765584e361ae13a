package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

type requestIDKey struct{}

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// statusRecorder remembers the status and size a handler wrote, for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer (flushing, hijacking for WebSockets).
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// logRequests gives each request an id and writes one structured line per request. It logs the path only:
// no query string, header or body, so no token, code or password can reach the log.
func (a *App) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := make([]byte, 8)
		rand.Read(b)
		id := hex.EncodeToString(b)
		w.Header().Set("X-Request-Id", id)
		rec := &statusRecorder{ResponseWriter: w}
		start := time.Now()
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id)))
		a.log.LogAttrs(r.Context(), slog.LevelInfo, "request", slog.String("id", id), slog.String("method", r.Method),
			slog.String("path", r.URL.Path), slog.Int("status", rec.status), slog.Int("bytes", rec.bytes),
			slog.Duration("took", time.Since(start)))
	})
}

// recoverPanics turns a panic into the generic Persian 500 and logs it; the process keeps serving.
func (a *App) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				a.log.ErrorContext(r.Context(), "panic", slog.Any("panic", p), slog.String("path", r.URL.Path))
				writeJSON(w, http.StatusInternalServerError, map[string]string{"message": msgServerError})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows only the shop's own scripts, styles, fonts and connections.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"media-src 'self' blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; " +
	"form-action 'self'; frame-ancestors 'none'"

// Header values shared by every answer, built once: setting a header by name allocates its value's slice and
// canonicalises the name on each call, a good part of a small answer's cost. Each has no room to grow, so
// an Add elsewhere copies it rather than writing into it.
var (
	headerCSP      = []string{contentSecurityPolicy}
	headerNoSniff  = []string{"nosniff"}
	headerReferrer = []string{"same-origin"}
	headerDeny     = []string{"DENY"}
	headerHSTS     = []string{"max-age=31536000"}
	headerNoStore  = []string{"no-store"}
	headerJSONType = []string{"application/json; charset=utf-8"}
)

// securityHeaders sets the browser protections of every answer; HSTS once the shop is reached over HTTPS (its
// own TLS, or a --base-url https://… behind a proxy that terminates it).
func (a *App) securityHeaders(next http.Handler) http.Handler {
	https := strings.HasPrefix(a.baseURL, "https://")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		if https || r.TLS != nil {
			h["Strict-Transport-Security"] = headerHSTS
		}
		h["Content-Security-Policy"] = headerCSP
		h["X-Content-Type-Options"] = headerNoSniff
		h["Referrer-Policy"] = headerReferrer
		h["X-Frame-Options"] = headerDeny
		next.ServeHTTP(w, r)
	})
}

// finishChanges lets a change run to its end once begun, even when the client goes away: its transaction
// shares a group commit with other customers' (store/commit.go), and a statement interrupted by one
// client's cancellation would roll back the whole group. Reads still stop when their client leaves.
func finishChanges(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			r = r.WithContext(context.WithoutCancel(r.Context()))
		}
		next.ServeHTTP(w, r)
	})
}

// noStore keeps personal API answers out of every cache.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Cache-Control"] = headerNoStore
		next.ServeHTTP(w, r)
	})
}

// sameOriginForCookies refuses a state-changing request that a browser sent from another site. A request
// with a bearer token is exempt: another site cannot make the browser attach one.
func (a *App) sameOriginForCookies(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, bearer := bearerToken(r); !bearer {
			if err := cop.Check(r); err != nil {
				a.refusalOnce(r, "origin.refused", "")
				a.writeError(w, r, forbidden(msgCrossOrigin))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
