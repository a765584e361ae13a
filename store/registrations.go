package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Registration is a sign-up waiting for its SMS code.
type Registration struct {
	ID           int64 // never reused, so a code bound to it cannot complete a later sign-up of the phone
	PhoneNumber  string
	NationalID   string
	FirstName    string
	LastName     string
	BirthDate    string
	PasswordHash string
	ReferredBy   int64
	CreatedAt    time.Time
	// SecretHash is the SHA-256 of the registration id that only the register answer carried; completing
	// the sign-up needs that id (CompleteSignUp).
	SecretHash []byte
}

// ErrSignUpPending is returned when the phone's pending sign-up still has a live code: its code may be resent,
// but its data are never replaced by another request (issue 14).
var ErrSignUpPending = errors.New("store: a sign-up of this phone is waiting for its code")

// ErrSignUpSecret is returned when a verified code's sign-up is completed without the registration id its
// register answer carried: the code proves the phone, not that its holder made this sign-up.
var ErrSignUpSecret = errors.New("store: the registration id does not match the sign-up")

const signUpScopePrefix = "signup:"

// SignUpScope is the code scope that binds a code of PurposeAuth to the pending sign-up id.
func SignUpScope(id int64) string { return signUpScopePrefix + itoa(id) }

// StartRegistration keeps r as the pending sign-up of its phone and records its first code, bound to it, in
// one transaction. While an earlier sign-up of the phone has a code that has not expired (even one voided by
// wrong tries) it returns ErrSignUpPending and changes nothing; an expired one is replaced. The code rules
// are IssueCode's (ErrCodeTooSoon with the wait, ErrCodeDailyCap).
func (s *Store) StartRegistration(ctx context.Context, r Registration, codeHash []byte, lim CodeLimits,
	now time.Time) (wait time.Duration, err error) {
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		if err := refuseLiveSignUp(ctx, tx, r.PhoneNumber, now); err != nil {
			return err
		}
		if wait, err = codeAllowed(ctx, tx, r.PhoneNumber, PurposeAuth, lim, now); err != nil {
			return err
		}
		id, err := savePending(ctx, tx, r)
		if err != nil {
			return err
		}
		return insertCode(ctx, tx, r.PhoneNumber, PurposeAuth, SignUpScope(id), codeHash, lim, now)
	})
	return wait, err
}

// SavePendingRegistration keeps r without a code (fixtures and tools), replacing an earlier sign-up of the
// same phone unless that one is still live (ErrSignUpPending).
func (s *Store) SavePendingRegistration(ctx context.Context, r Registration) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		if err := refuseLiveSignUp(ctx, tx, r.PhoneNumber, r.CreatedAt); err != nil {
			return err
		}
		_, err := savePending(ctx, tx, r)
		return err
	})
}

// refuseLiveSignUp returns ErrSignUpPending when phone's pending sign-up has a code that has not expired.
func refuseLiveSignUp(ctx context.Context, tx *sql.Tx, phone string, now time.Time) error {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM pending_registrations WHERE phone_number = ?`, phone).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	var live bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM verification_codes
		WHERE phone_number = ? AND purpose = ? AND scope = ? AND expires_at > ?)`,
		phone, PurposeAuth, SignUpScope(id), now.UnixMilli()).Scan(&live); err != nil {
		return err
	}
	if live {
		return ErrSignUpPending
	}
	return nil
}

// savePending replaces the phone's pending sign-up with r under a new id and returns that id.
func savePending(ctx context.Context, tx *sql.Tx, r Registration) (int64, error) {
	if _, err := tx.ExecContext(ctx, `DELETE FROM pending_registrations WHERE phone_number = ?`, r.PhoneNumber); err != nil {
		return 0, err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO pending_registrations (phone_number, national_id, first_name,
		last_name, birth_date, password_hash, referred_by, created_at, secret_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.PhoneNumber, r.NationalID, r.FirstName, r.LastName, r.BirthDate, r.PasswordHash, nullID(r.ReferredBy),
		r.CreatedAt.UnixMilli(), hexString(r.SecretHash))
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// PendingRegistration returns the sign-up waiting for phone.
func (s *Store) PendingRegistration(ctx context.Context, phone string) (Registration, error) {
	var r Registration
	var created int64
	err := s.read.QueryRowContext(ctx, `SELECT id, phone_number, national_id, first_name, last_name, birth_date,
		password_hash, COALESCE(referred_by, 0), created_at FROM pending_registrations WHERE phone_number = ?`, phone).
		Scan(&r.ID, &r.PhoneNumber, &r.NationalID, &r.FirstName, &r.LastName, &r.BirthDate, &r.PasswordHash,
			&r.ReferredBy, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	r.CreatedAt = time.UnixMilli(created).UTC()
	return r, err
}

// CompleteSignUp turns the pending sign-up that codeScope (a verified code's scope) was issued for into a
// user, and only that one: if the phone's sign-up is another by now, or the scope names none, it is
// ErrNotFound. secretHash must be the sign-up's SecretHash (compared in constant time), else it is
// ErrSignUpSecret and nothing changes. A phone or national id taken meanwhile is ErrConflict.
func (s *Store) CompleteSignUp(ctx context.Context, phone, codeScope string, secretHash []byte, now time.Time) (User, error) {
	id, err := strconv.ParseInt(strings.TrimPrefix(codeScope, signUpScopePrefix), 10, 64)
	if !strings.HasPrefix(codeScope, signUpScopePrefix) || err != nil || id <= 0 {
		return User{}, ErrNotFound
	}
	return s.completeRegistration(ctx, phone, id, secretHash, now)
}

// CompleteRegistration turns whatever sign-up is pending for phone into a user (fixtures and tools; a
// verified code goes through CompleteSignUp). No pending sign-up is ErrNotFound; a phone or national id
// taken meanwhile is ErrConflict.
func (s *Store) CompleteRegistration(ctx context.Context, phone string, now time.Time) (User, error) {
	return s.completeRegistration(ctx, phone, 0, nil, now)
}

// completeRegistration makes the user of phone's pending sign-up, in one transaction; id 0 takes any and
// skips the secret (fixtures), any other id needs the sign-up's secret hash.
func (s *Store) completeRegistration(ctx context.Context, phone string, id int64, secretHash []byte,
	now time.Time) (User, error) {
	var userID int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var r Registration
		var storedSecret string
		err := tx.QueryRowContext(ctx, `SELECT id, national_id, first_name, last_name, birth_date, password_hash,
			COALESCE(referred_by, 0), secret_hash FROM pending_registrations WHERE phone_number = ? AND (? = 0 OR id = ?)`,
			phone, id, id).
			Scan(&r.ID, &r.NationalID, &r.FirstName, &r.LastName, &r.BirthDate, &r.PasswordHash, &r.ReferredBy,
				&storedSecret)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		// A sign-up saved without a secret (before migration 10, or by a fixture) has '' and matches nothing.
		if id != 0 && (storedSecret == "" ||
			subtle.ConstantTimeCompare([]byte(storedSecret), []byte(hexString(secretHash))) != 1) {
			return ErrSignUpSecret
		}
		userID, err = insertUser(ctx, tx, User{PhoneNumber: phone, NationalID: r.NationalID, FirstName: r.FirstName,
			LastName: r.LastName, BirthDate: r.BirthDate, PasswordHash: r.PasswordHash, ReferredBy: r.ReferredBy}, now)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM pending_registrations WHERE id = ?`, r.ID)
		return err
	})
	if err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, userID)
}
