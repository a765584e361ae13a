package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"
)

// SessionStore keeps scs cookie sessions in the sessions table: lookups on the read pool, so a page load
// never queues behind a money transaction, and writes through the committer beside the money.
//
// scs saves a session on every request when sessions expire after idleness, only to push the expiry on;
// that would make every page load a write. A save that changes nothing but moves the expiry on by less than
// sessionSlack is skipped: the session then idles out at most sessionSlack early.
type SessionStore struct {
	s      *Store
	mu     sync.Mutex
	stored map[string]storedSession // what this process last saved, by token
}

type storedSession struct {
	data   string
	expiry time.Time
}

const (
	sessionSlack     = time.Hour
	maxStoredSession = 50_000 // forgetting them all only costs one save each
)

// SessionStore returns the scs store over this database. Expired rows are removed by Prune.
func (s *Store) SessionStore() *SessionStore {
	return &SessionStore{s: s, stored: map[string]storedSession{}}
}

// Find returns the data of a live session token. It is sqlite3store's own lookup, as a prepared statement:
// every cookie request asks it.
func (ss *SessionStore) Find(token string) ([]byte, bool, error) {
	var b []byte
	err := ss.s.readStmts.QueryRowContext(context.Background(), `SELECT data FROM sessions WHERE token = ?
		AND julianday('now') < expiry`, token).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// Commit saves a session's data until expiry, in the row format of scs's sqlite3store. It is a light write:
// a session lost in a power cut costs a sign-in, never money.
func (ss *SessionStore) Commit(token string, b []byte, expiry time.Time) error {
	ss.mu.Lock()
	last, ok := ss.stored[token]
	ss.mu.Unlock()
	if ok && last.data == string(b) && expiry.Sub(last.expiry) < sessionSlack {
		return nil
	}
	ctx := context.Background()
	err := ss.s.inLightTx(ctx, func(tx *sql.Tx) error {
		_, err := ss.s.writeStmts.in(tx).ExecContext(ctx, `REPLACE INTO sessions (token, data, expiry)
			VALUES (?, ?, julianday(?))`, token, b, expiry.UTC().Format("2006-01-02T15:04:05.999"))
		return err
	})
	if err == nil {
		ss.mu.Lock()
		if len(ss.stored) >= maxStoredSession {
			clear(ss.stored)
		}
		ss.stored[token] = storedSession{string(b), expiry}
		ss.mu.Unlock()
	}
	return err
}

// Delete removes a session (a sign-out), durably.
func (ss *SessionStore) Delete(token string) error {
	ss.mu.Lock()
	delete(ss.stored, token)
	ss.mu.Unlock()
	ctx := context.Background()
	return ss.s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE token = ?`, token)
		return err
	})
}
