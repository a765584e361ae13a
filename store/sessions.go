package store

import (
	"time"

	"github.com/alexedwards/scs/sqlite3store"
)

// SessionStore keeps scs cookie sessions in the sessions table: lookups on the read pool, so a page load
// never queues behind a money transaction, and writes on the writer connection.
type SessionStore struct {
	reader *sqlite3store.SQLite3Store
	writer *sqlite3store.SQLite3Store
}

// SessionStore returns the scs store over this database. Expired rows are removed by Prune.
func (s *Store) SessionStore() *SessionStore {
	return &SessionStore{
		reader: sqlite3store.NewWithCleanupInterval(s.read, 0),
		writer: sqlite3store.NewWithCleanupInterval(s.write, 0),
	}
}

// Find returns the data of a live session token.
func (ss *SessionStore) Find(token string) ([]byte, bool, error) { return ss.reader.Find(token) }

// Commit saves a session's data until expiry.
func (ss *SessionStore) Commit(token string, b []byte, expiry time.Time) error {
	return ss.writer.Commit(token, b, expiry)
}

// Delete removes a session.
func (ss *SessionStore) Delete(token string) error { return ss.writer.Delete(token) }
