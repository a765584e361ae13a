package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Changes of a person's second factor (issue 36, ASVS 3.7.1 and 2.5.5): each is proven again, by the password
// where no factor is on or by the factor that is, in the change's own transaction; each is told to the person
// (NoteSecondFactorChanged, always by SMS too) and may end their other logins.

// The words of a factor change, kept as the notice's reason.
const (
	FactorTOTPOn          = "totp_on"
	FactorTOTPOff         = "totp_off"
	FactorPasskeyAdded    = "passkey_added"
	FactorPasskeyRemoved  = "passkey_removed"
	FactorRecoveryRenewed = "recovery_renewed"
	FactorRecoveryUsed    = "recovery_used" // at a sign-in
	FactorReset           = "reset"         // by the owner or on the server
)

// Errors of factor changes.
var (
	// ErrFactorProofNeeded is a change asked without the proof it needs: the factor's code where one is on.
	ErrFactorProofNeeded = errors.New("store: the change needs the second factor that is on")
	// ErrLastFactor is an owner's or staff member's last factor asked to go: they keep one (a reset replaces it).
	ErrLastFactor = errors.New("store: an admin's last second factor")
)

// FactorChange is who changes their factor, from which login, how they proved it is them, and whether their
// other logins end with the change.
type FactorChange struct {
	UserID, LoginID int64
	// Proof is the person's answer with a factor they have on; with none on, the caller checked their password
	// (PasswordChecked) instead.
	Proof           *SecondFactorAnswer
	PasswordChecked bool
	EndOtherLogins  bool
	proven          bool // the change completes one that was proven (a confirmation after its start)
}

// changeFactor runs do in one transaction once c proves it is its person: a wrong proof commits one more wrong
// answer and nothing else (ErrWrongSecondFactor); a proof of the wrong kind is ErrFactorProofNeeded. A change
// with a word is then told to the person, and ends their other logins when c asks; it returns how many.
func (s *Store) changeFactor(ctx context.Context, c FactorChange, change string, now time.Time, do func(*sql.Tx) error) (int, error) {
	k, err := s.seals()
	if err != nil {
		return 0, err
	}
	ended, wrong := 0, false
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		ended, wrong = 0, false
		var on bool
		if err := tx.QueryRowContext(ctx, factorOnSQL, c.UserID).Scan(&on); err != nil {
			return err
		}
		switch {
		case c.proven:
		case on && c.Proof != nil:
			taken, err := takeFactor(ctx, tx, k, c.UserID, *c.Proof, false, now)
			if err != nil {
				return err
			}
			if !taken {
				wrong = true // the wrong answer commits, the change does not run
				return countFactorFail(ctx, tx, c.UserID, now)
			}
		case !on && c.Proof == nil && c.PasswordChecked:
		default:
			return ErrFactorProofNeeded
		}
		if err := do(tx); err != nil {
			return err
		}
		if change == "" {
			return nil
		}
		if err := notify(ctx, tx, Notification{UserID: c.UserID, Kind: NoteSecondFactorChanged, SubjectID: c.LoginID,
			Reason: change}, now); err != nil {
			return err
		}
		if !c.EndOtherLogins {
			return nil
		}
		var err error
		ended, err = endOtherLogins(ctx, tx, c.UserID, c.LoginID, now)
		return err
	})
	if err == nil && wrong {
		return 0, ErrWrongSecondFactor
	}
	return ended, err
}

// factorOnSQL tells whether a person has a second factor on: a confirmed TOTP or a passkey.
const factorOnSQL = `SELECT EXISTS (SELECT 1 FROM second_factors WHERE user_id = ?1 AND confirmed_at IS NOT NULL)
	OR EXISTS (SELECT 1 FROM passkeys WHERE user_id = ?1)`

// afterFactorRemoved keeps what is left consistent once a factor went: an owner or staff member keeps one
// (ErrLastFactor, rolling the removal back), and a person left with none has no use for recovery codes.
func afterFactorRemoved(ctx context.Context, tx *sql.Tx, userID int64) error {
	var on, admin bool
	if err := tx.QueryRowContext(ctx, factorOnSQL, userID).Scan(&on); err != nil {
		return err
	}
	if on {
		return nil
	}
	if err := tx.QueryRowContext(ctx, `SELECT role <> 'customer' FROM users WHERE id = ?`, userID).Scan(&admin); err != nil {
		return err
	}
	if admin {
		return ErrLastFactor
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID)
	return err
}

// RemoveTOTP turns the person's authenticator off; ErrNotFound when none is on.
func (s *Store) RemoveTOTP(ctx context.Context, c FactorChange, now time.Time) (int, error) {
	return s.changeFactor(ctx, c, FactorTOTPOff, now, func(tx *sql.Tx) error {
		if err := affectedOne(tx.ExecContext(ctx, `DELETE FROM second_factors WHERE user_id = ? AND kind = 'totp'
			AND confirmed_at IS NOT NULL`, c.UserID)); err != nil {
			return err
		}
		return afterFactorRemoved(ctx, tx, c.UserID)
	})
}

// RemovePasskey removes one of the person's passkeys; ErrNotFound when it is not theirs.
func (s *Store) RemovePasskey(ctx context.Context, c FactorChange, credentialID string, now time.Time) (int, error) {
	return s.changeFactor(ctx, c, FactorPasskeyRemoved, now, func(tx *sql.Tx) error {
		if err := affectedOne(tx.ExecContext(ctx, `DELETE FROM passkeys WHERE user_id = ? AND credential_id = ?`,
			c.UserID, credentialID)); err != nil {
			return err
		}
		return afterFactorRemoved(ctx, tx, c.UserID)
	})
}

// RenewRecoveryCodes puts codeHashes in place of the person's recovery codes; ErrNotFound when no factor is on.
func (s *Store) RenewRecoveryCodes(ctx context.Context, c FactorChange, codeHashes [][]byte, now time.Time) (int, error) {
	return s.changeFactor(ctx, c, FactorRecoveryRenewed, now, func(tx *sql.Tx) error {
		var on bool
		if err := tx.QueryRowContext(ctx, factorOnSQL, c.UserID).Scan(&on); err != nil {
			return err
		}
		if !on {
			return ErrNotFound
		}
		return s.replaceRecoveryCodes(ctx, tx, c.UserID, codeHashes)
	})
}

// replaceRecoveryCodes puts codeHashes, sealed, in place of the person's recovery codes.
func (s *Store) replaceRecoveryCodes(ctx context.Context, tx *sql.Tx, userID int64, codeHashes [][]byte) error {
	k, err := s.seals()
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = ?`, userID); err != nil {
		return err
	}
	for _, h := range codeHashes {
		if _, err := tx.ExecContext(ctx, `INSERT INTO recovery_codes (user_id, code_hash, key_id) VALUES (?, ?, ?)`,
			userID, k.recoveryMAC(h), k.id); err != nil {
			return err
		}
	}
	return nil
}
