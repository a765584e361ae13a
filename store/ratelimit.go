package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ErrRateLimited is returned when a bucket already holds its allowed hits in the window.
var ErrRateLimited = errors.New("store: rate limited")

// Limit is at most Max hits per Window in one bucket.
type Limit struct {
	Bucket string
	Max    int
	Window time.Duration
}

// Hit records one hit in every bucket of limits, unless one of them is already full: then nothing is
// recorded and ErrRateLimited is returned. Counts live in the database, so a restart forgives nothing.
//
// Hits are not money: their commit does not wait for the disk (inLightTx), and a power cut may forget the
// last few.
func (s *Store) Hit(ctx context.Context, now time.Time, limits ...Limit) error {
	return s.inLightTx(ctx, func(tx *sql.Tx) error {
		return hitLimits(ctx, s.writeStmts.in(tx), now, limits)
	})
}

// hitLimits records one hit in every bucket of limits in the caller's transaction, each in one statement
// that counts and adds, unless one of them is already full: then it returns ErrRateLimited, and the error
// rolls the caller's step back with whatever hit it had added (every transaction and idempotent step does).
func hitLimits(ctx context.Context, w queryer, now time.Time, limits []Limit) error {
	for _, l := range limits {
		err := affectedOne(w.ExecContext(ctx, `INSERT INTO rate_hits (bucket, at) SELECT ?, ?
			WHERE (SELECT COUNT(*) FROM rate_hits WHERE bucket = ? AND at > ?) < ?`,
			l.Bucket, now.UnixMilli(), l.Bucket, now.Add(-l.Window).UnixMilli(), l.Max))
		if errors.Is(err, ErrNotFound) {
			return ErrRateLimited
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Allowed reports whether the bucket has room for one more hit, without recording one. It is a look, not a
// gate: a check followed later by a Hit races with parallel requests, so a limit is enforced with Hit alone,
// before the work it limits (issue 14).
func (s *Store) Allowed(ctx context.Context, l Limit, now time.Time) (bool, error) {
	var n int
	err := s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM rate_hits WHERE bucket = ? AND at > ?`,
		l.Bucket, now.Add(-l.Window).UnixMilli()).Scan(&n)
	return n < l.Max, err
}

// ClearBucket forgets a bucket's hits (a successful login clears its phone's failures).
func (s *Store) ClearBucket(ctx context.Context, bucket string) error {
	return s.inLightTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM rate_hits WHERE bucket = ?`, bucket)
		return err
	})
}

// Prune deletes what has outlived every rule: rate hits and codes older than two days, expired tokens and
// sessions, stale sign-ups and grants, the sealed successor pairs of tokens rotated long past the grace,
// security events older than 180 days, and the push subscriptions of logins that ended.
func (s *Store) Prune(ctx context.Context, now time.Time) error {
	cut := now.Add(-48 * time.Hour).UnixMilli()
	return s.inLightTx(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{
			`DELETE FROM rate_hits WHERE at < ?`,
			`DELETE FROM verification_codes WHERE created_at < ?`,
			`DELETE FROM pending_registrations WHERE created_at < ?`,
			`DELETE FROM tokens WHERE expires_at < ?`,
			`DELETE FROM second_factor_challenges WHERE expires_at < ?`,
			`DELETE FROM passkey_enrolments WHERE expires_at < ?`,
			`UPDATE tokens SET successor_sealed = NULL WHERE successor_sealed IS NOT NULL AND revoked_at < ?`,
			`DELETE FROM password_change_grants WHERE expires_at < ?`,
			`DELETE FROM idempotency_keys WHERE created_at < ?`,
		} {
			if _, err := tx.ExecContext(ctx, q, cut); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM security_events WHERE at < ?`,
			now.Add(-SecurityEventsKept).UnixMilli()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE NOT `+liveLogin,
			now.UnixMilli()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expiry < julianday('now')`)
		return err
	})
}
