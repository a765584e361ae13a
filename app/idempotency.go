package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"io"
	"mime"
	"mime/multipart"
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

// idempotent makes a money-moving call safe to repeat (decisions.md §2). The key is claimed before the call does
// anything, with a fingerprint of the request. A repeat of a key that succeeded gets the first answer again; a
// repeat while the first is still running gets 409; the same key with another request (another amount, another
// customer) gets 422 rather than the first call's answer. The call's own transaction marks the key used with
// the money movement, so two racing repeats cannot both move money; a call that moved nothing gives its key back.
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
		fingerprint, ok := a.fingerprint(r)
		if !ok { // too large to be any call's body: the call itself answers 413
			next.ServeHTTP(w, r)
			return
		}
		once := store.Once{UserID: caller(r).User.ID, Key: key, Route: r.Method + " " + r.URL.Path}
		kept, claimed, err := a.store.ClaimOnce(r.Context(), once, fingerprint, a.now())
		switch {
		case err != nil:
			a.writeError(w, r, err)
			return
		case claimed:
		case kept.Route != once.Route:
			a.writeError(w, r, conflict(msgIdemKeyReused))
			return
		case kept.Fingerprint != "" && kept.Fingerprint != fingerprint:
			a.writeError(w, r, &apiError{http.StatusUnprocessableEntity, msgIdemKeyMismatch})
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
		ctx := context.WithoutCancel(r.Context())
		if rec.status >= 200 && rec.status < 300 {
			// The money already moved; a failure to keep the answer only means a repeat gets 409, never a double.
			if err := a.store.SaveOnceAnswer(ctx, once.UserID, key, rec.status, rec.body.String()); err != nil {
				a.log.ErrorContext(r.Context(), "keeping an idempotent answer", "error", err.Error())
			}
			return
		}
		if err := a.store.ReleaseOnce(ctx, once.UserID, key); err != nil {
			a.log.ErrorContext(r.Context(), "giving an idempotency key back", "error", err.Error())
		}
	})
}

// maxIdempotentBody is the largest body of any idempotent call (a deposit with its receipt).
const maxIdempotentBody = maxReceiptBytes + 64<<10

// fingerprint reads the request's body (and gives it back to the handler) and returns a SHA-256 of what the
// request asks: the body's bytes, or for a multipart form each part's name, file name and content, since a
// browser sending the same form again picks a new boundary. ok is false for a body over maxIdempotentBody.
func (a *App) fingerprint(r *http.Request) (string, bool) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxIdempotentBody+1))
	r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(raw), r.Body))
	if err != nil || len(raw) > maxIdempotentBody {
		return "", false
	}
	h := sha256.New()
	if mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil && mt == "multipart/form-data" {
		if formDigest(h, raw, params["boundary"]) {
			return hex.EncodeToString(h.Sum(nil)), true
		}
		h.Reset()
	}
	h.Write(raw)
	return hex.EncodeToString(h.Sum(nil)), true
}

// formDigest writes each part of a multipart body into h, length-prefixed; false when the body does not parse.
func formDigest(h hash.Hash, raw []byte, boundary string) bool {
	if boundary == "" {
		return false
	}
	mr := multipart.NewReader(bytes.NewReader(raw), boundary)
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return true
		}
		if err != nil {
			return false
		}
		content, err := io.ReadAll(p)
		if err != nil {
			return false
		}
		for _, field := range [][]byte{[]byte(p.FormName()), []byte(p.FileName()), content} {
			_ = binary.Write(h, binary.BigEndian, uint64(len(field)))
			h.Write(field)
		}
	}
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
