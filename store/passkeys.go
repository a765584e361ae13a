package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Passkey is one WebAuthn credential of a person: its id as the browser names it (base64url) and the
// library's JSON record of it (public key, sign count, flags), when it was added and last used (zero: never).
type Passkey struct {
	ID         string
	Credential string
	CreatedAt  time.Time
	LastUsedAt time.Time
}

// Passkeys are the person's passkeys, oldest first.
func (s *Store) Passkeys(ctx context.Context, userID int64) ([]Passkey, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT credential_id, credential, created_at, COALESCE(last_used_at, 0)
		FROM passkeys WHERE user_id = ? ORDER BY rowid`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Passkey
	for rows.Next() {
		var p Passkey
		var created, used int64
		if err := rows.Scan(&p.ID, &p.Credential, &created, &used); err != nil {
			return nil, err
		}
		p.CreatedAt = time.UnixMilli(created).UTC()
		if used != 0 {
			p.LastUsedAt = time.UnixMilli(used).UTC()
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// StartPasskey keeps the session of a passkey registration for the person until expires, in place of any
// earlier one, once c proves it is them.
func (s *Store) StartPasskey(ctx context.Context, c FactorChange, session []byte, expires, now time.Time) error {
	_, err := s.changeFactor(ctx, c, "", now, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO passkey_enrolments (user_id, session, expires_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET session = excluded.session, expires_at = excluded.expires_at`,
			c.UserID, string(session), expires.UnixMilli())
		return err
	})
	return err
}

// PasskeyEnrolment is the session of the person's registration still live at now; ErrNotFound otherwise.
func (s *Store) PasskeyEnrolment(ctx context.Context, userID int64, now time.Time) ([]byte, error) {
	var session string
	err := s.read.QueryRowContext(ctx, `SELECT session FROM passkey_enrolments WHERE user_id = ? AND expires_at > ?`,
		userID, now.UnixMilli()).Scan(&session)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return []byte(session), err
}

// AddPasskey spends the person's registration (its start was proven) and keeps p, tells the person and ends
// their other logins when c asks, in one transaction; with codeHashes (the person's first factor) their
// recovery codes are replaced too. ErrNotFound when no registration was live; ErrConflict when the credential
// is kept already. It returns how many other logins it ended.
func (s *Store) AddPasskey(ctx context.Context, c FactorChange, p Passkey, codeHashes [][]byte, now time.Time) (int, error) {
	c.Proof, c.proven = nil, true
	return s.changeFactor(ctx, c, FactorPasskeyAdded, now, func(tx *sql.Tx) error {
		if err := affectedOne(tx.ExecContext(ctx, `DELETE FROM passkey_enrolments WHERE user_id = ? AND expires_at > ?`,
			c.UserID, now.UnixMilli())); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO passkeys (user_id, credential_id, credential, created_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING`, c.UserID, p.ID, p.Credential, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		if codeHashes == nil {
			return nil
		}
		return s.replaceRecoveryCodes(ctx, tx, c.UserID, codeHashes)
	})
}
