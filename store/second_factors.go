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

// TOTPOf is the person's TOTP factor, confirmed or not, its secret opened; ErrNotFound when there is none,
// ErrFactorSealedElsewhere when it was sealed under another key.
func (s *Store) TOTPOf(ctx context.Context, userID int64) (TOTP, error) {
	k, err := s.seals()
	if err != nil {
		return TOTP{}, err
	}
	var t TOTP
	var confirmed sql.NullInt64
	var keyID sql.NullString
	err = s.read.QueryRowContext(ctx, `SELECT secret, confirmed_at, last_step, key_id FROM second_factors
		WHERE user_id = ? AND kind = 'totp'`, userID).Scan(&t.Secret, &confirmed, &t.LastStep, &keyID)
	if errors.Is(err, sql.ErrNoRows) {
		return t, ErrNotFound
	} else if err != nil {
		return t, err
	}
	t.Confirmed = confirmed.Valid
	if keyID.String != k.id {
		return t, ErrFactorSealedElsewhere
	}
	t.Secret, err = k.open(userID, t.Secret)
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

// StartTOTP keeps a new secret, sealed, for the person to confirm, in place of one not confirmed yet, once c
// proves it is them; ErrConflict when a confirmed one is on (it is reset first, never replaced by a new
// enrolment).
func (s *Store) StartTOTP(ctx context.Context, c FactorChange, secret string, now time.Time) error {
	k, err := s.seals()
	if err != nil {
		return err
	}
	_, err = s.changeFactor(ctx, c, "", now, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO second_factors (user_id, kind, secret, created_at, key_id)
			VALUES (?, 'totp', ?, ?, ?) ON CONFLICT (user_id, kind) DO UPDATE SET secret = excluded.secret,
			created_at = excluded.created_at, last_step = 0, key_id = excluded.key_id
			WHERE second_factors.confirmed_at IS NULL`, c.UserID, k.seal(c.UserID, secret), now.UnixMilli(), k.id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		return nil
	})
	return err
}

// ConfirmTOTP turns the person's enrolling factor on with the step its first code matched, replaces their
// recovery codes with codeHashes and tells them, in one transaction (the start was proven; c.Proof is not
// asked); ErrNotFound when nothing is being enrolled. It returns how many other logins it ended.
func (s *Store) ConfirmTOTP(ctx context.Context, c FactorChange, step int64, codeHashes [][]byte, now time.Time) (int, error) {
	c.Proof, c.proven = nil, true
	return s.changeFactor(ctx, c, FactorTOTPOn, now, func(tx *sql.Tx) error {
		if err := affectedOne(tx.ExecContext(ctx, `UPDATE second_factors SET confirmed_at = ?, last_step = ?
			WHERE user_id = ? AND kind = 'totp' AND confirmed_at IS NULL`, now.UnixMilli(), step, c.UserID)); err != nil {
			return err // ErrNotFound when nothing is being enrolled
		}
		return s.replaceRecoveryCodes(ctx, tx, c.UserID, codeHashes)
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
// RecoveryHash (the caller's hash of it), a passkey assertion the caller verified (Passkey: the credential's
// record with its new sign count), or none of them (a wrong answer). ByPasskey marks a passkey's answer,
// right or wrong: it cannot be guessed, so it is neither locked out nor counted against its person.
type SecondFactorAnswer struct {
	Step         int64
	RecoveryHash []byte
	Passkey      *Passkey
	ByPasskey    bool
}

// ErrWrongSecondFactor is an answer to a challenge that matched nothing, or a code already taken; the try is
// counted.
var ErrWrongSecondFactor = errors.New("store: wrong second factor")

// AnswerChallenge settles one answer to a live challenge in one transaction: a TOTP step later than the last
// taken, an unused recovery code (told to the person) or a verified passkey ends the challenge and returns
// its person; anything else commits one more try of the challenge (the fifth ends it) and one more wrong
// answer of the person, and is ErrWrongSecondFactor. ErrChallengeEnded for a challenge that is not live; a
// *SecondFactorLockedError, with nothing counted, for a code while the person's codes are locked.
func (s *Store) AnswerChallenge(ctx context.Context, tokenHash []byte, a SecondFactorAnswer, now time.Time) (int64, error) {
	k, err := s.seals()
	if err != nil {
		return 0, err
	}
	var userID int64
	wrong := false
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, liveChallengeSQL, tokenHash, now.UnixMilli(), ChallengeTries).Scan(&userID); errors.Is(err, sql.ErrNoRows) {
			return ErrChallengeEnded
		} else if err != nil {
			return err
		}
		taken, err := takeFactor(ctx, tx, k, userID, a, true, now)
		if err != nil {
			return err
		}
		if taken {
			_, err := tx.ExecContext(ctx, `DELETE FROM second_factor_challenges WHERE token_hash = ?`, tokenHash)
			return err
		}
		wrong = true // the tries commit with the transaction
		if _, err := tx.ExecContext(ctx, `UPDATE second_factor_challenges SET tries = tries + 1 WHERE token_hash = ?`, tokenHash); err != nil {
			return err
		}
		if a.ByPasskey {
			return nil
		}
		return countFactorFail(ctx, tx, userID, now)
	})
	if err == nil && wrong {
		return 0, ErrWrongSecondFactor
	}
	return userID, err
}

// takeFactor takes the person's answer in tx if it is right: a TOTP step later than the last taken, an unused
// recovery code (told to the person when tell is set) or a verified passkey. A code is first refused with a
// *SecondFactorLockedError while the person's codes are locked.
func takeFactor(ctx context.Context, tx *sql.Tx, k *sealer, userID int64, a SecondFactorAnswer, tell bool, now time.Time) (bool, error) {
	if !a.ByPasskey {
		if err := checkFactorLock(ctx, tx, userID, now); err != nil {
			return false, err
		}
	}
	var res sql.Result
	var err error
	switch {
	case a.Passkey != nil:
		res, err = tx.ExecContext(ctx, `UPDATE passkeys SET credential = ?, last_used_at = ? WHERE user_id = ?
			AND credential_id = ?`, a.Passkey.Credential, now.UnixMilli(), userID, a.Passkey.ID)
	case a.ByPasskey:
		return false, nil
	case a.Step > 0:
		res, err = tx.ExecContext(ctx, `UPDATE second_factors SET last_step = ? WHERE user_id = ? AND kind = 'totp'
			AND confirmed_at IS NOT NULL AND last_step < ? AND key_id = ?`, a.Step, userID, a.Step, k.id)
	case a.RecoveryHash != nil:
		res, err = tx.ExecContext(ctx, `UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ?
			AND used_at IS NULL`, now.UnixMilli(), userID, k.recoveryMAC(a.RecoveryHash))
	default:
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return false, nil
	}
	if a.RecoveryHash != nil && a.Passkey == nil && a.Step == 0 && tell {
		return true, notify(ctx, tx, Notification{UserID: userID, Kind: NoteSecondFactorChanged, Reason: FactorRecoveryUsed}, now)
	}
	return true, nil
}

// ResetSecondFactor takes the person's second factor away, with their recovery codes and waiting challenges,
// and ends every login they have (whoever held the factor may hold a session too), tells them, and is
// audited as second_factor.reset by actorID (0 for the command line). ErrNotFound when no factor was on or being enrolled.
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
		// a fresh factor starts with a clean slate of wrong answers
		if _, err := tx.ExecContext(ctx, `DELETE FROM rate_hits WHERE bucket = ?`, factorFailBucket(userID)); err != nil {
			return err
		}
		if err := notify(ctx, tx, Notification{UserID: userID, Kind: NoteSecondFactorChanged, Reason: FactorReset}, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: actorID, Action: "second_factor.reset", Target: "user:" + itoa(userID),
			Before: map[string]any{"phone_number": phone}}, now)
	})
}
