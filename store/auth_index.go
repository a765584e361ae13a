package store

import (
	"sync"

	"modernc.org/sqlite"
)

// authIndex is the in-memory index of who is behind a live access token or cookie login, so an
// authenticated request asks no query for its caller in the common case.
//
// It is exact because this process makes every change to users, logins and tokens (decisions.md: one process
// owns the database): SQLite's pre-update hook on the writer connection names every row of those tables
// that a transaction updates or deletes, and once that transaction has committed (or rolled back) the rows'
// entries are dropped, before anyone is told the write is done. A logout, a password change, a reused
// refresh token, a staff member's removal or a grade change is seen by the very next request. A row only
// inserted (a new login, user or token) stales no entry. Expiry is checked on every hit against the token's
// own expires_at. The one write from elsewhere, `goldshop admin add` beside a running shop, is seen through
// SQLite's data_version within a second (the committer checks it), and clears the index.
//
// A lookup that missed fills the index only if no change settled while it read (the generation), so a
// reader that began before a logout committed cannot put the logged-out token back.
type authIndex struct {
	mu      sync.Mutex
	gen     uint64
	tokens  map[string]indexedToken // by the access token's SHA-256, as bytes
	logins  map[int64]int64         // live login id → user id (the cookie session's check)
	users   map[int64]User
	pending changedRows // rows changed by the transaction in progress on the writer
}

// indexedToken is a live access token: its row, login, user and expiry (Unix ms).
type indexedToken struct {
	row, loginID, userID, expires int64
}

// changedRows are the rowids of users, logins and tokens a transaction updated or deleted (users also
// for a change of their second factor).
type changedRows struct {
	users, logins, tokens []int64
}

// maxIndexed bounds the index; past it, it starts afresh (each live token then costs one query again).
const maxIndexed = 200_000

func newAuthIndex() *authIndex {
	return &authIndex{tokens: map[string]indexedToken{}, logins: map[int64]int64{}, users: map[int64]User{}}
}

// rowChanged notes an update or delete of an indexed row (rowWatch hands it every change of the writer).
func (x *authIndex) rowChanged(d sqlite.SQLitePreUpdateData) {
	if d.TableName == "second_factors" || d.TableName == "passkeys" {
		// a factor confirmed, added or reset changes User.SecondFactor of its person: user_id, the row's first
		// column, is the id (rowid) of their users row
		row := []any{nil}
		read := d.Old
		if d.Op == sqliteInsert {
			read = d.New
		}
		if read(row...) != nil {
			return
		}
		if id, ok := row[0].(int64); ok {
			x.mu.Lock()
			x.pending.users = append(x.pending.users, id)
			x.mu.Unlock()
		}
		return
	}
	if d.Op == sqliteInsert {
		return
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	switch d.TableName {
	case "users":
		x.pending.users = append(x.pending.users, d.OldRowID)
	case "logins":
		x.pending.logins = append(x.pending.logins, d.OldRowID)
	case "tokens":
		x.pending.tokens = append(x.pending.tokens, d.OldRowID)
	}
}

// sqliteInsert is SQLITE_INSERT, the pre-update hook's operation code of an insert.
const sqliteInsert = 18

// settle drops the entries of the rows the last transaction changed, once it has committed or rolled back,
// and starts a new generation so no lookup that read before can put them back.
func (x *authIndex) settle() {
	x.mu.Lock()
	defer x.mu.Unlock()
	p := x.pending
	if len(p.users) == 0 && len(p.logins) == 0 && len(p.tokens) == 0 {
		return
	}
	x.pending = changedRows{}
	x.gen++
	for _, id := range p.users {
		delete(x.users, id)
	}
	if len(p.logins) == 0 && len(p.tokens) == 0 {
		return
	}
	logins := map[int64]bool{}
	for _, id := range p.logins {
		logins[id] = true
		delete(x.logins, id)
	}
	rows := map[int64]bool{}
	for _, id := range p.tokens {
		rows[id] = true
	}
	for hash, t := range x.tokens {
		if rows[t.row] || logins[t.loginID] {
			delete(x.tokens, hash)
		}
	}
}

// clear forgets everything: another process wrote to the database.
func (x *authIndex) clear() {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.gen++
	clear(x.tokens)
	clear(x.logins)
	clear(x.users)
}

// generation is read before a lookup's query, and given back to put.
func (x *authIndex) generation() uint64 {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.gen
}

// token returns the user and login behind a live access token hash, if indexed.
func (x *authIndex) token(hash []byte, nowMs int64) (User, int64, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	t, ok := x.tokens[string(hash)]
	if !ok || t.expires <= nowMs {
		return User{}, 0, false
	}
	u, ok := x.users[t.userID]
	return u, t.loginID, ok
}

// login returns the user of a live login, if indexed.
func (x *authIndex) login(loginID int64) (User, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	userID, ok := x.logins[loginID]
	if !ok {
		return User{}, false
	}
	u, ok := x.users[userID]
	return u, ok
}

// putToken indexes what a lookup read at generation gen, unless a change has settled since.
func (x *authIndex) putToken(gen uint64, hash []byte, t indexedToken, u User) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if gen != x.gen {
		return
	}
	x.roomFor(1)
	x.tokens[string(hash)] = t
	x.users[u.ID] = u
}

// putLogin indexes a live login's user read at generation gen, unless a change has settled since.
func (x *authIndex) putLogin(gen uint64, loginID int64, u User) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if gen != x.gen {
		return
	}
	x.roomFor(1)
	x.logins[loginID] = u.ID
	x.users[u.ID] = u
}

func (x *authIndex) roomFor(n int) {
	if len(x.tokens)+len(x.logins)+n > maxIndexed {
		clear(x.tokens)
		clear(x.logins)
		clear(x.users)
	}
}
