package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ErrKeyInUse is returned when an Idempotency-Key was already claimed by an earlier call of the same caller.
var ErrKeyInUse = errors.New("store: idempotency key in use")

// Once names a money-moving call by its caller's Idempotency-Key; the zero value (no key) claims nothing.
type Once struct {
	UserID int64
	Key    string
	Route  string
}

// abandonedClaim is how long a claim whose call never finished (the process stopped mid-call, before any money
// moved) keeps its key from being used again.
const abandonedClaim = time.Minute

// claim marks o's key used inside the operation's own transaction, so the key and the money movement land
// together or not at all: a concurrent repeat finds the key used and moves nothing. The key is normally
// claimed already (ClaimOnce, when the call started); a call without that step claims it here.
func (o Once) claim(ctx context.Context, tx *sql.Tx, now time.Time) error {
	if o.Key == "" {
		return nil
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO idempotency_keys (user_id, key, route, created_at, used_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (user_id, key) DO UPDATE SET used_at = excluded.used_at WHERE idempotency_keys.used_at IS NULL`,
		o.UserID, o.Key, o.Route, now.UnixMilli(), now.UnixMilli())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrKeyInUse
	}
	return nil
}

// ClaimOnce claims o's key for a call about to start, with the fingerprint of its request. claimed is false
// when the key was already claimed: kept then says by which call (its route and fingerprint) and, once that
// call has succeeded, its answer. A claim abandoned for abandonedClaim without moving money is taken over.
func (s *Store) ClaimOnce(ctx context.Context, o Once, fingerprint string, now time.Time) (kept OnceAnswer, claimed bool, err error) {
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO idempotency_keys (user_id, key, route, fingerprint, created_at)
			VALUES (?, ?, ?, ?, ?)`, o.UserID, o.Key, o.Route, fingerprint, now.UnixMilli())
		if err == nil {
			claimed = true
			return nil
		}
		if !isUniqueViolation(err) {
			return err
		}
		var status, usedAt sql.NullInt64
		var body, fp sql.NullString
		var created int64
		if err := tx.QueryRowContext(ctx, `SELECT route, status, body, fingerprint, used_at, created_at
			FROM idempotency_keys WHERE user_id = ? AND key = ?`, o.UserID, o.Key).
			Scan(&kept.Route, &status, &body, &fp, &usedAt, &created); err != nil {
			return err
		}
		kept.Status, kept.Body, kept.Fingerprint = int(status.Int64), body.String, fp.String
		if status.Valid || usedAt.Valid || now.Sub(time.UnixMilli(created)) < abandonedClaim {
			return nil
		}
		_, err = tx.ExecContext(ctx, `UPDATE idempotency_keys SET route = ?, fingerprint = ?, created_at = ?
			WHERE user_id = ? AND key = ?`, o.Route, fingerprint, now.UnixMilli(), o.UserID, o.Key)
		claimed = err == nil
		return err
	})
	return kept, claimed, err
}

// ReleaseOnce gives back a key whose call ended without moving money, so the client may try again with it.
func (s *Store) ReleaseOnce(ctx context.Context, userID int64, key string) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM idempotency_keys
			WHERE user_id = ? AND key = ? AND used_at IS NULL AND status IS NULL`, userID, key)
		return err
	})
}

// OnceAnswer is what was kept of a call made with an Idempotency-Key; Status is 0 while the call's answer
// has not been saved yet.
type OnceAnswer struct {
	Route       string
	Status      int
	Body        string
	Fingerprint string // of the request that claimed the key; empty for keys kept before fingerprints
}

// OnceAnswerFor returns the kept answer of the caller's key, or ErrNotFound when the key is new.
func (s *Store) OnceAnswerFor(ctx context.Context, userID int64, key string) (OnceAnswer, error) {
	var a OnceAnswer
	var status sql.NullInt64
	var body sql.NullString
	err := s.read.QueryRowContext(ctx, `SELECT route, status, body FROM idempotency_keys WHERE user_id = ? AND key = ?`,
		userID, key).Scan(&a.Route, &status, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	a.Status, a.Body = int(status.Int64), body.String
	return a, err
}

// SaveOnceAnswer keeps the answer of a successful call under its key, for repeats to get again.
func (s *Store) SaveOnceAnswer(ctx context.Context, userID int64, key string, status int, body string) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE idempotency_keys SET status = ?, body = ? WHERE user_id = ? AND key = ?`,
			status, body, userID, key)
		return err
	})
}
