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

// claim records o's key inside the operation's own transaction, so the key and the money movement land
// together or not at all: a concurrent repeat finds the key taken and moves nothing.
func (o Once) claim(ctx context.Context, tx *sql.Tx, now time.Time) error {
	if o.Key == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO idempotency_keys (user_id, key, route, created_at) VALUES (?, ?, ?, ?)`,
		o.UserID, o.Key, o.Route, now.UnixMilli())
	if isUniqueViolation(err) {
		return ErrKeyInUse
	}
	return err
}

// OnceAnswer is what was kept of a call made with an Idempotency-Key; Status is 0 while the call's answer
// has not been saved yet.
type OnceAnswer struct {
	Route  string
	Status int
	Body   string
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
