package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Registration is a sign-up waiting for its SMS code.
type Registration struct {
	PhoneNumber  string
	NationalID   string
	FirstName    string
	LastName     string
	BirthDate    string
	PasswordHash string
	ReferredBy   int64
	CreatedAt    time.Time
}

// SavePendingRegistration keeps r, replacing an earlier sign-up of the same phone.
func (s *Store) SavePendingRegistration(ctx context.Context, r Registration) error {
	var referredBy any
	if r.ReferredBy != 0 {
		referredBy = r.ReferredBy
	}
	return s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO pending_registrations (phone_number, national_id, first_name,
			last_name, birth_date, password_hash, referred_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (phone_number) DO UPDATE SET national_id = excluded.national_id,
			first_name = excluded.first_name, last_name = excluded.last_name, birth_date = excluded.birth_date,
			password_hash = excluded.password_hash, referred_by = excluded.referred_by,
			created_at = excluded.created_at`,
			r.PhoneNumber, r.NationalID, r.FirstName, r.LastName, r.BirthDate, r.PasswordHash, referredBy,
			r.CreatedAt.UnixMilli())
		return err
	})
}

// PendingRegistration returns the sign-up waiting for phone.
func (s *Store) PendingRegistration(ctx context.Context, phone string) (Registration, error) {
	var r Registration
	var created int64
	err := s.read.QueryRowContext(ctx, `SELECT phone_number, national_id, first_name, last_name, birth_date,
		password_hash, COALESCE(referred_by, 0), created_at FROM pending_registrations WHERE phone_number = ?`, phone).
		Scan(&r.PhoneNumber, &r.NationalID, &r.FirstName, &r.LastName, &r.BirthDate, &r.PasswordHash,
			&r.ReferredBy, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	r.CreatedAt = time.UnixMilli(created).UTC()
	return r, err
}

// CompleteRegistration turns the pending sign-up of phone into a user, in one transaction, and returns it.
// A phone or national id taken meanwhile is ErrConflict; no pending sign-up is ErrNotFound.
func (s *Store) CompleteRegistration(ctx context.Context, phone string, now time.Time) (User, error) {
	var id int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var r Registration
		err := tx.QueryRowContext(ctx, `SELECT national_id, first_name, last_name, birth_date, password_hash,
			COALESCE(referred_by, 0) FROM pending_registrations WHERE phone_number = ?`, phone).
			Scan(&r.NationalID, &r.FirstName, &r.LastName, &r.BirthDate, &r.PasswordHash, &r.ReferredBy)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		id, err = insertUser(ctx, tx, User{PhoneNumber: phone, NationalID: r.NationalID, FirstName: r.FirstName,
			LastName: r.LastName, BirthDate: r.BirthDate, PasswordHash: r.PasswordHash, ReferredBy: r.ReferredBy}, now)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM pending_registrations WHERE phone_number = ?`, phone)
		return err
	})
	if err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, id)
}
