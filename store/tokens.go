package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"strings"
	"time"
)

// TokenPair is what a login hands out, given to the store as SHA-256 hashes only.
type TokenPair struct {
	AccessHash     []byte
	AccessExpires  time.Time
	RefreshHash    []byte
	RefreshExpires time.Time
}

// ErrTokenReused is returned when a refresh token that was already rotated comes back outside the reuse grace:
// someone holds a copy, so the whole login is revoked.
var ErrTokenReused = errors.New("store: refresh token reused")

func hexString(b []byte) string { return hex.EncodeToString(b) }

// LoginPlace is where a login is used from: the browser's user agent, as sent (cut to 300 bytes), and the
// client's address.
type LoginPlace struct {
	UserAgent string
	Address   string
}

func (p LoginPlace) userAgent() string {
	if len(p.UserAgent) > 300 {
		return strings.ToValidUTF8(p.UserAgent[:300], "")
	}
	return p.UserAgent
}

// CreateLogin starts a signed-in device for the user with its first token pair and returns the login id. A
// person who had signed in before is told of it (NoteNewLogin, always by SMS too), in the same transaction.
func (s *Store) CreateLogin(ctx context.Context, userID int64, p TokenPair, place LoginPlace, now time.Time) (int64, error) {
	var loginID int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		q := s.writeStmts.in(tx) // every sign-in and sign-up: prepared once on the writer
		var before bool
		if err := q.QueryRowContext(ctx, loginBeforeSQL, userID).Scan(&before); err != nil {
			return err
		}
		res, err := q.ExecContext(ctx, insertLoginSQL, userID, now.UnixMilli(), place.userAgent(), place.Address)
		if err != nil {
			return err
		}
		if loginID, err = res.LastInsertId(); err != nil {
			return err
		}
		if err := insertTokens(ctx, q, loginID, p); err != nil {
			return err
		}
		if !before { // a sign-up's first login is not news
			return nil
		}
		return notify(ctx, q, Notification{UserID: userID, Kind: NoteNewLogin, SubjectID: loginID,
			Reason: place.userAgent()}, now)
	})
	return loginID, err
}

const (
	loginBeforeSQL  = `SELECT EXISTS (SELECT 1 FROM logins WHERE user_id = ?)`
	insertLoginSQL  = `INSERT INTO logins (user_id, created_at, user_agent, address) VALUES (?, ?, ?, ?)`
	insertTokensSQL = `INSERT INTO tokens (hash, login_id, kind, expires_at) VALUES (?, ?, 'access', ?),
		(?, ?, 'refresh', ?)`
)

func insertTokens(ctx context.Context, q queryer, loginID int64, p TokenPair) error {
	_, err := q.ExecContext(ctx, insertTokensSQL, hexString(p.AccessHash), loginID, p.AccessExpires.UnixMilli(),
		hexString(p.RefreshHash), loginID, p.RefreshExpires.UnixMilli())
	return err
}

// UserByAccessToken returns the user and login id behind a live access token hash: from the index of logins
// (auth_index.go) when it holds the token, else in one prepared query whose answer the index keeps. The
// index drops a token, login or user as soon as a write changing it commits, so the user's role and grade
// are as fresh as the request.
func (s *Store) UserByAccessToken(ctx context.Context, hash []byte, now time.Time) (User, int64, error) {
	if u, loginID, ok := s.auth.token(hash, now.UnixMilli()); ok {
		return u, loginID, nil
	}
	gen := s.auth.generation()
	var t indexedToken
	u, err := scanUser(prefixScan{[]any{&t.row, &t.loginID, &t.expires}, s.readStmts.QueryRowContext(ctx,
		`SELECT a.row, a.login_id, a.expires_at, `+userColumns+`
		FROM (SELECT t.rowid AS row, l.id AS login_id, t.expires_at, l.user_id FROM tokens t
			JOIN logins l ON l.id = t.login_id
			WHERE t.hash = ? AND t.kind = 'access' AND t.revoked_at IS NULL AND t.expires_at > ?
			AND l.revoked_at IS NULL) a
		JOIN users ON users.id = a.user_id`, hexString(hash), now.UnixMilli())})
	if err != nil {
		return User{}, 0, err
	}
	t.userID = u.ID
	s.auth.putToken(gen, hash, t, u)
	return u, t.loginID, nil
}

// prefixScan scans a row whose first columns are more values before the user's columns.
type prefixScan struct {
	first []any
	row   *sql.Row
}

func (p prefixScan) Scan(dest ...any) error { return p.row.Scan(append(p.first, dest...)...) }

// UserByLogin returns the user of a login that has not been revoked (the cookie session's check), from the
// index of logins when it holds the login.
func (s *Store) UserByLogin(ctx context.Context, loginID int64) (User, error) {
	if u, ok := s.auth.login(loginID); ok {
		return u, nil
	}
	gen := s.auth.generation()
	u, err := scanUser(s.readStmts.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users
		WHERE id = (SELECT user_id FROM logins WHERE id = ? AND revoked_at IS NULL)`, loginID))
	if err == nil {
		s.auth.putLogin(gen, loginID, u)
	}
	return u, err
}

// Rotation is what RotateRefreshToken did with a refresh token.
type Rotation struct {
	UserID  int64
	LoginID int64
	// Replayed is the sealed successor pair handed out when the token was rotated moments ago (within the
	// grace): the caller opens it and answers with that same pair. Nil for a fresh rotation.
	Replayed []byte
}

// RotateRefreshToken swaps a live refresh token for the new pair p: the old refresh token and the login's
// access tokens stop working, and the old token keeps the new refresh hash and sealed (p, sealed by the
// caller with a key only the old token's holder can derive) for the grace.
//
// A token already rotated away comes back in two cases. Within grace of its rotation, while its successor is
// still the login's live refresh token (two tabs refreshing at once), the answer is the same rotation's result:
// Rotation.Replayed. Otherwise (later, or a token rotated twice ago) someone holds a copy: the login is revoked
// and ErrTokenReused is returned with the Rotation naming the login. An unknown or expired token, or one of a
// revoked login, is ErrNotFound.
//
// A fresh rotation also records the login's last use and address: a client refreshes every quarter hour
// while it is used, so the list of logins is that fresh without a write per request.
func (s *Store) RotateRefreshToken(ctx context.Context, oldHash []byte, p TokenPair, sealed []byte,
	grace time.Duration, place LoginPlace, now time.Time) (Rotation, error) {
	var rot Rotation
	var reused bool
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var expires int64
		var revoked, loginRevoked sql.NullInt64
		var successor sql.NullString
		var successorSealed []byte
		err := tx.QueryRowContext(ctx, `SELECT t.login_id, t.expires_at, t.revoked_at, t.successor_hash,
			t.successor_sealed, l.revoked_at, l.user_id FROM tokens t JOIN logins l ON l.id = t.login_id
			WHERE t.hash = ? AND t.kind = 'refresh'`, hexString(oldHash)).
			Scan(&rot.LoginID, &expires, &revoked, &successor, &successorSealed, &loginRevoked, &rot.UserID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if loginRevoked.Valid || expires <= now.UnixMilli() {
			return ErrNotFound
		}
		if revoked.Valid {
			if successorSealed != nil && successor.Valid && now.Before(time.UnixMilli(revoked.Int64).Add(grace)) {
				var live bool
				if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM tokens WHERE hash = ?
					AND kind = 'refresh' AND revoked_at IS NULL AND expires_at > ?)`,
					successor.String, now.UnixMilli()).Scan(&live); err != nil {
					return err
				}
				if live {
					rot.Replayed = successorSealed
					return nil
				}
			}
			reused = true
			return revokeLogins(ctx, tx, `id = ?`, now, rot.LoginID)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tokens SET revoked_at = ? WHERE login_id = ? AND revoked_at IS NULL`,
			now.UnixMilli(), rot.LoginID); err != nil {
			return err
		}
		// Only the newest rotated token can be answered again, so older sealed pairs are dropped.
		if _, err := tx.ExecContext(ctx, `UPDATE tokens SET successor_sealed = NULL WHERE login_id = ?
			AND successor_sealed IS NOT NULL`, rot.LoginID); err != nil {
			return err
		}
		var keep any // NULL, not an empty blob, when the caller keeps no successor
		if len(sealed) > 0 {
			keep = sealed
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tokens SET successor_hash = ?, successor_sealed = ? WHERE hash = ?`,
			hexString(p.RefreshHash), keep, hexString(oldHash)); err != nil {
			return err
		}
		if err := insertTokens(ctx, s.writeStmts.in(tx), rot.LoginID, p); err != nil {
			return err
		}
		return touchLogin(ctx, tx, rot.LoginID, place, now)
	})
	if err == nil && reused {
		return rot, ErrTokenReused
	}
	if err != nil {
		return Rotation{}, err
	}
	return rot, nil
}

// RevokeLogin ends one signed-in device: its tokens and its cookie session stop working.
func (s *Store) RevokeLogin(ctx context.Context, loginID int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		return revokeLogins(ctx, tx, `id = ?`, now, loginID)
	})
}

// revokeLogins revokes the logins matching where (a fixed condition with ? args) and all their tokens.
func revokeLogins(ctx context.Context, tx *sql.Tx, where string, now time.Time, args ...any) error {
	at := now.UnixMilli()
	// a signed-out phone gets no more pushes: the next person to use it must not read this customer's news
	if _, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE login_id IN
		(SELECT id FROM logins WHERE `+where+`)`, args...); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tokens SET revoked_at = ? WHERE revoked_at IS NULL AND login_id IN
		(SELECT id FROM logins WHERE `+where+`)`, append([]any{at}, args...)...); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE logins SET revoked_at = ? WHERE revoked_at IS NULL AND `+where,
		append([]any{at}, args...)...)
	return err
}
