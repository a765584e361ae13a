package store

import (
	"context"
	"database/sql"
	"time"
)

// Login is one signed-in device of a person, as the list of logins shows it.
type Login struct {
	ID        int64
	UserAgent string
	Address   string
	CreatedAt time.Time
	LastUsed  time.Time // CreatedAt when it has not been used since
}

// liveLoginOf holds when login l is still signed in at ?: not revoked, and a refresh token of it still live
// (a cookie session lasts no longer than the refresh token made with it).
const liveLoginOf = `l.revoked_at IS NULL AND EXISTS (SELECT 1 FROM tokens t WHERE t.login_id = l.id
	AND t.kind = 'refresh' AND t.revoked_at IS NULL AND t.expires_at > ?)`

// Logins are the person's logins still signed in at now, the most recently used first.
func (s *Store) Logins(ctx context.Context, userID int64, now time.Time) ([]Login, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT l.id, l.user_agent, l.address, l.created_at,
		COALESCE(l.last_used_at, l.created_at) AS used FROM logins l
		WHERE l.user_id = ? AND `+liveLoginOf+` ORDER BY used DESC, l.id DESC`, userID, now.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Login{}
	for rows.Next() {
		var l Login
		var created, used int64
		if err := rows.Scan(&l.ID, &l.UserAgent, &l.Address, &created, &used); err != nil {
			return nil, err
		}
		l.CreatedAt, l.LastUsed = time.UnixMilli(created).UTC(), time.UnixMilli(used).UTC()
		out = append(out, l)
	}
	return out, rows.Err()
}

// EndLogin ends one of the person's own logins still signed in: its tokens, cookie session and push
// subscriptions. Another person's login, or one already ended, is ErrNotFound and changes nothing.
func (s *Store) EndLogin(ctx context.Context, userID, loginID int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		var live bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM logins l WHERE l.id = ? AND l.user_id = ?
			AND `+liveLoginOf+`)`, loginID, userID, now.UnixMilli()).Scan(&live); err != nil {
			return err
		}
		if !live {
			return ErrNotFound
		}
		return revokeLogins(ctx, tx, `id = ?`, now, loginID)
	})
}

// EndOtherLogins ends every login of the person but keep, and says how many were still signed in.
func (s *Store) EndOtherLogins(ctx context.Context, userID, keep int64, now time.Time) (int, error) {
	var n int
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		n, err = endOtherLogins(ctx, tx, userID, keep, now)
		return err
	})
	return n, err
}

// endOtherLogins is EndOtherLogins in the caller's transaction.
func endOtherLogins(ctx context.Context, tx *sql.Tx, userID, keep int64, now time.Time) (int, error) {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM logins l WHERE l.user_id = ? AND l.id <> ?
		AND `+liveLoginOf, userID, keep, now.UnixMilli()).Scan(&n); err != nil {
		return 0, err
	}
	return n, revokeLogins(ctx, tx, `user_id = ? AND id <> ?`, now, userID, keep)
}

// TouchLogin records a use of a login by its cookie session (a bearer login's use is recorded when it
// refreshes). It is a light write: a use lost in a power cut is only a less fresh list.
func (s *Store) TouchLogin(ctx context.Context, loginID int64, place LoginPlace, now time.Time) error {
	return s.inLightTx(ctx, func(tx *sql.Tx) error { return touchLogin(ctx, tx, loginID, place, now) })
}

func touchLogin(ctx context.Context, tx *sql.Tx, loginID int64, place LoginPlace, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE logins SET last_used_at = ?, address = CASE WHEN ? = '' THEN address
		ELSE ? END WHERE id = ? AND revoked_at IS NULL`, now.UnixMilli(), place.Address, place.Address, loginID)
	return err
}
