package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"time"
)

// TokenPair is what a login hands out, given to the store as SHA-256 hashes only.
type TokenPair struct {
	AccessHash     []byte
	AccessExpires  time.Time
	RefreshHash    []byte
	RefreshExpires time.Time
}

// ErrTokenReused is returned when a refresh token that was already rotated comes back: someone holds a copy,
// so the whole login is revoked.
var ErrTokenReused = errors.New("store: refresh token reused")

func hexString(b []byte) string { return hex.EncodeToString(b) }

// CreateLogin starts a signed-in device for the user with its first token pair and returns the login id.
func (s *Store) CreateLogin(ctx context.Context, userID int64, p TokenPair, now time.Time) (int64, error) {
	var loginID int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO logins (user_id, created_at) VALUES (?, ?)`, userID, now.UnixMilli())
		if err != nil {
			return err
		}
		if loginID, err = res.LastInsertId(); err != nil {
			return err
		}
		return insertTokens(ctx, tx, loginID, p)
	})
	return loginID, err
}

func insertTokens(ctx context.Context, tx *sql.Tx, loginID int64, p TokenPair) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO tokens (hash, login_id, kind, expires_at) VALUES (?, ?, 'access', ?),
		(?, ?, 'refresh', ?)`, hexString(p.AccessHash), loginID, p.AccessExpires.UnixMilli(),
		hexString(p.RefreshHash), loginID, p.RefreshExpires.UnixMilli())
	return err
}

// UserByAccessToken returns the user and login id behind a live access token hash.
func (s *Store) UserByAccessToken(ctx context.Context, hash []byte, now time.Time) (User, int64, error) {
	var loginID int64
	err := s.read.QueryRowContext(ctx, `SELECT l.id FROM tokens t JOIN logins l ON l.id = t.login_id
		WHERE t.hash = ? AND t.kind = 'access' AND t.revoked_at IS NULL AND t.expires_at > ? AND l.revoked_at IS NULL`,
		hexString(hash), now.UnixMilli()).Scan(&loginID)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, 0, ErrNotFound
	}
	if err != nil {
		return User{}, 0, err
	}
	u, err := s.UserByLogin(ctx, loginID)
	return u, loginID, err
}

// UserByLogin returns the user of a login that has not been revoked (the cookie session's check).
func (s *Store) UserByLogin(ctx context.Context, loginID int64) (User, error) {
	return scanUser(s.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users
		WHERE id = (SELECT user_id FROM logins WHERE id = ? AND revoked_at IS NULL)`, loginID))
}

// RotateRefreshToken swaps a live refresh token for a new pair: the old refresh token and the login's access
// tokens stop working. It returns the login's user id. An unknown or expired token is ErrNotFound; a token
// already rotated away is ErrTokenReused and revokes the login.
func (s *Store) RotateRefreshToken(ctx context.Context, oldHash []byte, p TokenPair, now time.Time) (userID int64, err error) {
	var reused bool
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		var loginID, expires int64
		var revoked, loginRevoked sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT t.login_id, t.expires_at, t.revoked_at, l.revoked_at, l.user_id
			FROM tokens t JOIN logins l ON l.id = t.login_id WHERE t.hash = ? AND t.kind = 'refresh'`,
			hexString(oldHash)).Scan(&loginID, &expires, &revoked, &loginRevoked, &userID)
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
			reused = true
			return revokeLogins(ctx, tx, `id = ?`, now, loginID)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tokens SET revoked_at = ? WHERE login_id = ? AND revoked_at IS NULL`,
			now.UnixMilli(), loginID); err != nil {
			return err
		}
		return insertTokens(ctx, tx, loginID, p)
	})
	if err == nil && reused {
		return 0, ErrTokenReused
	}
	return userID, err
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
	if _, err := tx.ExecContext(ctx, `UPDATE tokens SET revoked_at = ? WHERE revoked_at IS NULL AND login_id IN
		(SELECT id FROM logins WHERE `+where+`)`, append([]any{at}, args...)...); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE logins SET revoked_at = ? WHERE revoked_at IS NULL AND `+where,
		append([]any{at}, args...)...)
	return err
}
