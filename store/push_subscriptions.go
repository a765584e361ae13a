package store

import (
	"context"
	"database/sql"
	"time"
)

// MaxPushPerUser is how many phones (browsers) one customer may have subscribed; a new one beyond it
// replaces the oldest, since phones are changed more often than unsubscribed.
const MaxPushPerUser = 5

// PushSubscription is one browser's Web Push endpoint and keys, bound to the login that made it.
type PushSubscription struct {
	ID, UserID, LoginID int64
	Endpoint            string
	P256dh, Auth        string
	CreatedAt           time.Time
}

// SavePushSubscription keeps a browser's subscription for its login. An endpoint this login already holds
// takes the new keys; one another login holds stays with it while that login is signed in (ErrConflict), so
// no one can take a customer's phone from them by posting its endpoint, and passes to this login once that
// one has ended (the same browser, signed in as someone else after the first person's login ran out).
func (s *Store) SavePushSubscription(ctx context.Context, p PushSubscription, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO push_subscriptions (user_id, login_id, endpoint, p256dh, auth, created_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id,
			login_id = excluded.login_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at
			WHERE push_subscriptions.login_id = excluded.login_id OR NOT `+liveLogin,
			p.UserID, p.LoginID, p.Endpoint, p.P256dh, p.Auth, now.UnixMilli(), now.UnixMilli())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrConflict
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND id NOT IN
			(SELECT id FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
			p.UserID, p.UserID, MaxPushPerUser)
		return err
	})
}

// DeletePushSubscription forgets the caller's own endpoint; another customer's is ErrNotFound.
func (s *Store) DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?`, userID, endpoint)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// ForgetPushEndpoint drops an endpoint its push service no longer knows.
func (s *Store) ForgetPushEndpoint(ctx context.Context, endpoint string) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint)
		return err
	})
}

// liveLogin holds when the subscription's login is still signed in at ?: not revoked (revocation revokes its
// tokens too) and holding a refresh token that has not expired; a cookie session lives exactly as long.
const liveLogin = `EXISTS (SELECT 1 FROM tokens t WHERE t.login_id = push_subscriptions.login_id AND t.kind = 'refresh'
	AND t.revoked_at IS NULL AND t.expires_at > ?)`

// PushSubscriptions are a customer's subscriptions whose logins are still signed in at now, newest first.
func (s *Store) PushSubscriptions(ctx context.Context, userID int64, now time.Time) ([]PushSubscription, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT id, user_id, login_id, endpoint, p256dh, auth, created_at
		FROM push_subscriptions WHERE user_id = ? AND `+liveLogin+` ORDER BY created_at DESC, id DESC`,
		userID, now.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PushSubscription{}
	for rows.Next() {
		var p PushSubscription
		var created int64
		if err := rows.Scan(&p.ID, &p.UserID, &p.LoginID, &p.Endpoint, &p.P256dh, &p.Auth, &created); err != nil {
			return nil, err
		}
		p.CreatedAt = time.UnixMilli(created).UTC()
		out = append(out, p)
	}
	return out, rows.Err()
}
