package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Passkey is one WebAuthn credential of a person: its id as the browser names it (base64url) and the
// library's JSON record of it (public key, sign count, flags).
type Passkey struct {
	ID         string
	Credential string
}

// Passkeys are the person's passkeys, oldest first.
func (s *Store) Passkeys(ctx context.Context, userID int64) ([]Passkey, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT credential_id, credential FROM passkeys WHERE user_id = ?
		ORDER BY rowid`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Passkey
	for rows.Next() {
		var p Passkey
		if err := rows.Scan(&p.ID, &p.Credential); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// StartPasskey keeps the session of a passkey registration for the person until expires, in place of any
// earlier one.
func (s *Store) StartPasskey(ctx context.Context, userID int64, session []byte, expires time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO passkey_enrolments (user_id, session, expires_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET session = excluded.session, expires_at = excluded.expires_at`,
			userID, string(session), expires.UnixMilli())
		return err
	})
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

// AddPasskey spends the person's registration and keeps p, in one transaction; with codeHashes (the
// person's first factor) their recovery codes are replaced too. ErrNotFound when no registration was live;
// ErrConflict when the credential is kept already.
func (s *Store) AddPasskey(ctx context.Context, userID int64, p Passkey, codeHashes [][]byte, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		if err := affectedOne(tx.ExecContext(ctx, `DELETE FROM passkey_enrolments WHERE user_id = ? AND expires_at > ?`,
			userID, now.UnixMilli())); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO passkeys (user_id, credential_id, credential, created_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING`, userID, p.ID, p.Credential, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		if codeHashes == nil {
			return nil
		}
		return replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
}

// replaceRecoveryCodes puts codeHashes in place of the person's recovery codes.
func replaceRecoveryCodes(ctx context.Context, tx *sql.Tx, userID int64, codeHashes [][]byte) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID); err != nil {
		return err
	}
	for _, h := range codeHashes {
		if _, err := tx.ExecContext(ctx, `INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)`, userID, h); err != nil {
			return err
		}
	}
	return nil
}
