package app

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"sync"

	"goldshop/store"
)

// keysInFlight are the Idempotency-Keys whose calls are running in this process (one server runs per data
// folder). A repeat of a running call's key is answered 409 at once, before its handler could run a check of
// its own against money the first call is moving: a phone on a bad connection sends one withdraw five times
// together, and each must get the first answer or "still running", never an answer of its own (issue 37).
type keysInFlight struct {
	mu   sync.Mutex
	keys map[keyOf]struct{}
}

type keyOf struct {
	userID int64
	key    string
}

// start marks o's key as running and returns the function that ends it; false when another call runs it.
func (k *keysInFlight) start(o store.Once) (end func(), ok bool) {
	id := keyOf{o.UserID, o.Key}
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, running := k.keys[id]; running {
		return nil, false
	}
	if k.keys == nil {
		k.keys = map[keyOf]struct{}{}
	}
	k.keys[id] = struct{}{}
	return func() {
		k.mu.Lock()
		defer k.mu.Unlock()
		delete(k.keys, id)
	}, true
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

// idempotent makes a money-moving call safe to repeat (decisions.md §2). The key is looked up before anything
// else the call does: a repeat of a key that succeeded gets the first answer again; the same key with another
// request (another amount, another customer) gets 422, and on another route 409; a repeat while the first call
// still runs gets 409 «…در حال انجام است» (keysInFlight), as the IETF Idempotency-Key draft has it. A new key
// runs the call as one store.OnceCall, the only carrier of the key: the call's writes share one transaction
// that claims the key first and, once the handler has answered, keeps a successful answer with them in the
// same commit, which happens before the answer leaves. So after a crash a retry either gets the answer (the
// call committed) or runs the call (it did not); a failed call gives its key back.
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
		if a.answerKept(w, r, once, fingerprint, false) {
			return
		}
		end, ok := a.keysInFlight.start(once)
		if !ok {
			a.writeError(w, r, conflict(msgRequestInProgress))
			return
		}
		defer end()                                       // after the call's commit or rollback below
		if a.answerKept(w, r, once, fingerprint, false) { // a call of the key ended between the look and the start
			return
		}
		ctx, call := a.store.StartOnce(r.Context(), once, fingerprint, a.now())
		defer call.Abort()
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r.WithContext(ctx))
		if call.Lost() { // a repeat of the key committed first: its answer is the answer
			a.answerKept(w, r, once, fingerprint, true)
			return
		}
		if err := call.Finish(ctx, rec.status, rec.body.String()); err != nil {
			// nothing of the call was kept: the client may try again with the same key
			a.writeError(w, r, err)
			return
		}
		w.WriteHeader(rec.status)
		_, _ = w.Write(rec.body.Bytes())
	})
}

// answerKept answers a request whose key another call has claimed: its kept answer, or 409 or 422 as the
// idempotent middleware says. It returns false, having written nothing, for a key with no kept answer unless
// lost says another call has just committed it.
func (a *App) answerKept(w http.ResponseWriter, r *http.Request, once store.Once, fingerprint string, lost bool) bool {
	kept, err := a.store.OnceAnswerFor(r.Context(), once.UserID, once.Key)
	switch {
	case errors.Is(err, store.ErrNotFound) && !lost:
		return false
	case errors.Is(err, store.ErrNotFound): // the other call gave the key back meanwhile
		a.writeError(w, r, conflict(msgRequestInProgress))
	case err != nil:
		a.writeError(w, r, err)
	case kept.Route != once.Route:
		a.writeError(w, r, conflict(msgIdemKeyReused))
	case kept.Fingerprint != fingerprint:
		a.writeError(w, r, &apiError{http.StatusUnprocessableEntity, msgIdemKeyMismatch})
	default:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Idempotent-Replayed", "true")
		w.WriteHeader(kept.Status)
		_, _ = w.Write([]byte(kept.Body))
	}
	return true
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

// recorder keeps a response's status and body instead of sending them, so the idempotent middleware sends
// the answer only after it is committed; headers go to the real writer's map, sent with the status.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(status int) { r.status = status }

func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
