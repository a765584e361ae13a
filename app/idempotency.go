package app

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"goldshop/store"
)

type onceKey struct{}

// onceOf is the Idempotency-Key of the request as the store's operations take it; zero without a key.
func onceOf(r *http.Request) store.Once {
	o, _ := r.Context().Value(onceKey{}).(store.Once)
	return o
}

// validIdempotencyKey accepts 1 to 100 visible ASCII characters, enough for a UUID or any client's scheme.
func validIdempotencyKey(k string) bool {
	if len(k) == 0 || len(k) > 100 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x21 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

// idempotent makes a money-moving call safe to repeat (decisions.md §2). A repeat of a key that succeeded gets
// the first answer again; a repeat while the first is still running gets 409. The key itself is claimed by the
// store operation inside its own transaction, so two racing repeats cannot both move money.
func (a *App) idempotent(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		if key == "" {
			next.ServeHTTP(w, r)
			return
		}
		if !validIdempotencyKey(key) {
			a.writeError(w, r, badRequest(msgIdemKeyInvalid))
			return
		}
		once := store.Once{UserID: caller(r).User.ID, Key: key, Route: r.Method + " " + r.URL.Path}
		kept, err := a.store.OnceAnswerFor(r.Context(), once.UserID, key)
		switch {
		case errors.Is(err, store.ErrNotFound):
		case err != nil:
			a.writeError(w, r, err)
			return
		case kept.Route != once.Route:
			a.writeError(w, r, conflict(msgIdemKeyReused))
			return
		case kept.Status == 0:
			a.writeError(w, r, conflict(msgRequestInProgress))
			return
		default:
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(kept.Status)
			_, _ = w.Write([]byte(kept.Body))
			return
		}
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r.WithContext(context.WithValue(r.Context(), onceKey{}, once)))
		if rec.status >= 200 && rec.status < 300 {
			// The money already moved; a failure to keep the answer only means a repeat gets 409, never a double.
			if err := a.store.SaveOnceAnswer(context.WithoutCancel(r.Context()), once.UserID, key, rec.status, rec.body.String()); err != nil {
				a.log.ErrorContext(r.Context(), "keeping an idempotent answer", "error", err.Error())
			}
		}
	})
}

// recorder passes a response through while keeping its status and body.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}
