package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/alexedwards/scs/sqlite3store"
)

// SessionStore keeps scs cookie sessions in the sessions table: lookups on the read pool, so a page load
// never queues behind a money transaction, and writes on the writer connection.
type SessionStore struct {
	reads  *stmtCache
	writer *sqlite3store.SQLite3Store
}

// SessionStore returns the scs store over this database. Expired rows are removed by Prune.
func (s *Store) SessionStore() *SessionStore {
	return &SessionStore{
		reads:  s.readStmts,
		writer: sqlite3store.NewWithCleanupInterval(s.write, 0),
	}
}

// Find returns the data of a live session token. It is sqlite3store's own lookup, as a prepared statement:
// every cookie request asks it.
func (ss *SessionStore) Find(token string) ([]byte, bool, error) {
	var b []byte
	err := ss.reads.QueryRowContext(context.Background(), `SELECT data FROM sessions WHERE token = ?
		AND julianday('now') < expiry`, token).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// Commit saves a session's data until expiry.
func (ss *SessionStore) Commit(token string, b []byte, expiry time.Time) error {
	return ss.writer.Commit(token, b, expiry)
}

// Delete removes a session.
func (ss *SessionStore) Delete(token string) error { return ss.writer.Delete(token) }
