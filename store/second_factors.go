package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Second factors (issue 27). The store keeps the facts: a person's TOTP secret and whether it is confirmed,
// the last time step a code was taken for, hashed recovery codes and the challenges of sign-ins waiting for
// their second factor. Codes are computed and compared by the caller (app), which hands the store what
// matched: a step, or a recovery code's hash.

// ErrChallengeEnded is a second-factor challenge that is unknown, expired or out of tries.
var ErrChallengeEnded = errors.New("store: second-factor challenge ended")

// ChallengeTries is how many wrong codes end a sign-in's challenge.
const ChallengeTries = 5

// TOTP is a person's TOTP factor; Confirmed is false while it is being enrolled.
type TOTP struct {
	Secret    string
	Confirmed bool
	LastStep  int64
}

// SecondFactorStatus says which factors a person has on, and how many recovery codes are left unused.
type SecondFactorStatus struct {
	TOTP          bool
	Passkeys      int
	RecoveryCodes int
}

// TOTPOf is the person's TOTP factor, confirmed or not; ErrNotFound when there is none.
func (s *Store) TOTPOf(ctx context.Context, userID int64) (TOTP, error) {
	var t TOTP
	var confirmed sql.NullInt64
	err := s.read.QueryRowContext(ctx, `SELECT secret, confirmed_at, last_step FROM second_factors
		WHERE user_id = ? AND kind = 'totp'`, userID).Scan(&t.Secret, &confirmed, &t.LastStep)
	if errors.Is(err, sql.ErrNoRows) {
		return t, ErrNotFound
	}
	t.Confirmed = confirmed.Valid
	return t, err
}

// SecondFactors says which of the person's factors are on.
func (s *Store) SecondFactors(ctx context.Context, userID int64) (SecondFactorStatus, error) {
	var st SecondFactorStatus
	err := s.read.QueryRowContext(ctx, `SELECT
		EXISTS (SELECT 1 FROM second_factors WHERE user_id = ?1 AND confirmed_at IS NOT NULL),
		(SELECT COUNT(*) FROM passkeys WHERE user_id = ?1),
		(SELECT COUNT(*) FROM recovery_codes WHERE user_id = ?1 AND used_at IS NULL)`, userID).Scan(&st.TOTP,
		&st.Passkeys, &st.RecoveryCodes)
	return st, err
}

// StartTOTP keeps a new secret for the person to confirm, in place of one not confirmed yet; ErrConflict when
// a confirmed one is on (it is reset first, never replaced by a new enrolment).
func (s *Store) StartTOTP(ctx context.Context, userID int64, secret string, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO second_factors (user_id, kind, secret, created_at)
			VALUES (?, 'totp', ?, ?) ON CONFLICT (user_id, kind) DO UPDATE SET secret = excluded.secret,
			created_at = excluded.created_at, last_step = 0 WHERE second_factors.confirmed_at IS NULL`,
			userID, secret, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		return nil
	})
}

// ConfirmTOTP turns the person's enrolling factor on with the step its first code matched, and replaces their
// recovery codes with codeHashes, in one transaction; ErrNotFound when nothing is being enrolled.
func (s *Store) ConfirmTOTP(ctx context.Context, userID, step int64, codeHashes [][]byte, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		if err := affectedOne(tx.ExecContext(ctx, `UPDATE second_factors SET confirmed_at = ?, last_step = ?
			WHERE user_id = ? AND kind = 'totp' AND confirmed_at IS NULL`, now.UnixMilli(), step, userID)); err != nil {
			return err // ErrNotFound when nothing is being enrolled
		}
		return replaceRecoveryCodes(ctx, tx, userID, codeHashes)
	})
}

// StartChallenge keeps a sign-in's challenge (its token's hash) for the person until expires, with the
// session of the passkey assertion it offers (nil: none).
func (s *Store) StartChallenge(ctx context.Context, userID int64, tokenHash []byte, passkeySession []byte, now, expires time.Time) error {
	var session any
	if passkeySession != nil {
		session = string(passkeySession)
	}
	return s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO second_factor_challenges (token_hash, user_id, created_at, expires_at,
			passkey_session) VALUES (?, ?, ?, ?, ?)`, tokenHash, userID, now.UnixMilli(), expires.UnixMilli(), session)
		return err
	})
}

// liveChallengeSQL finds the person of a challenge that has neither expired nor run out of tries.
const liveChallengeSQL = `SELECT user_id FROM second_factor_challenges WHERE token_hash = ? AND expires_at > ? AND tries < ?`

// ChallengeUser is the person a live challenge was issued for, and the session of the passkey assertion it
// offered (nil: none); ErrChallengeEnded otherwise.
func (s *Store) ChallengeUser(ctx context.Context, tokenHash []byte, now time.Time) (int64, []byte, error) {
	var id int64
	var session sql.NullString
	err := s.read.QueryRowContext(ctx, `SELECT user_id, passkey_session FROM second_factor_challenges
		WHERE token_hash = ? AND expires_at > ? AND tries < ?`, tokenHash, now.UnixMilli(), ChallengeTries).Scan(&id, &session)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, ErrChallengeEnded
	}
	if !session.Valid {
		return id, nil, err
	}
	return id, []byte(session.String), err
}

// SecondFactorAnswer is what the caller found an answer to be: a TOTP code of Step, a recovery code of
// RecoveryHash, a passkey assertion the caller verified (Passkey: the credential's record with its new sign
// count), or none of them (a wrong answer).
type SecondFactorAnswer struct {
	Step         int64
	RecoveryHash []byte
	Passkey      *Passkey
}

// ErrWrongSecondFactor is an answer to a challenge that matched nothing, or a code already taken; the try is
// counted.
var ErrWrongSecondFactor = errors.New("store: wrong second factor")

// AnswerChallenge settles one answer to a live challenge in one transaction: a TOTP step later than the last
// taken, or an unused recovery code, ends the challenge and returns its person; anything else commits one more
// try (the fifth ends the challenge) and is ErrWrongSecondFactor. ErrChallengeEnded for a challenge that is not
// live.
func (s *Store) AnswerChallenge(ctx context.Context, tokenHash []byte, a SecondFactorAnswer, now time.Time) (int64, error) {
	var userID int64
	wrong := false
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, liveChallengeSQL, tokenHash, now.UnixMilli(), ChallengeTries).Scan(&userID); errors.Is(err, sql.ErrNoRows) {
			return ErrChallengeEnded
		} else if err != nil {
			return err
		}
		taken := false
		switch {
		case a.Step > 0:
			res, err := tx.ExecContext(ctx, `UPDATE second_factors SET last_step = ? WHERE user_id = ? AND kind = 'totp'
				AND confirmed_at IS NOT NULL AND last_step < ?`, a.Step, userID, a.Step)
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			taken = n == 1
		case a.RecoveryHash != nil:
			res, err := tx.ExecContext(ctx, `UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ?
				AND used_at IS NULL`, now.UnixMilli(), userID, a.RecoveryHash)
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			taken = n == 1
		case a.Passkey != nil:
			res, err := tx.ExecContext(ctx, `UPDATE passkeys SET credential = ?, last_used_at = ? WHERE user_id = ?
				AND credential_id = ?`, a.Passkey.Credential, now.UnixMilli(), userID, a.Passkey.ID)
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			taken = n == 1
		}
		if taken {
			_, err := tx.ExecContext(ctx, `DELETE FROM second_factor_challenges WHERE token_hash = ?`, tokenHash)
			return err
		}
		wrong = true // the try commits with the transaction
		_, err := tx.ExecContext(ctx, `UPDATE second_factor_challenges SET tries = tries + 1 WHERE token_hash = ?`, tokenHash)
		return err
	})
	if err == nil && wrong {
		return 0, ErrWrongSecondFactor
	}
	return userID, err
}

// ResetSecondFactor takes the person's second factor away, with their recovery codes and waiting challenges,
// and ends every login they have (whoever held the factor may hold a session too), audited as
// second_factor.reset by actorID (0 for the command line). ErrNotFound when no factor was on or being enrolled.
func (s *Store) ResetSecondFactor(ctx context.Context, actorID, userID int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		var phone string
		if err := tx.QueryRowContext(ctx, `SELECT phone_number FROM users WHERE id = ?`, userID).Scan(&phone); errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		} else if err != nil {
			return err
		}
		var removed int64
		for _, q := range []string{`DELETE FROM second_factors WHERE user_id = ?`, `DELETE FROM passkeys WHERE user_id = ?`} {
			res, err := tx.ExecContext(ctx, q, userID)
			if err != nil {
				return err
			}
			n, _ := res.RowsAffected()
			removed += n
		}
		if removed == 0 {
			return ErrNotFound // none was on
		}
		for _, q := range []string{`DELETE FROM recovery_codes WHERE user_id = ?`, `DELETE FROM second_factor_challenges WHERE user_id = ?`,
			`DELETE FROM passkey_enrolments WHERE user_id = ?`} {
			if _, err := tx.ExecContext(ctx, q, userID); err != nil {
				return err
			}
		}
		if err := revokeLogins(ctx, tx, `user_id = ?`, now, userID); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: actorID, Action: "second_factor.reset", Target: "user:" + itoa(userID),
			Before: map[string]any{"phone_number": phone}}, now)
	})
}
