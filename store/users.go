package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// User is a customer or an admin.
type User struct {
	ID           int64
	PhoneNumber  string
	NationalID   string // empty for admins made from the command line
	FirstName    string
	LastName     string
	BirthDate    string // Jalali YYYY/MM/DD, empty when unknown
	PasswordHash string
	ReferralCode string
	ReferredBy   int64 // 0 when the user came without a referral code
	Grade        int
	IsAdmin      bool   // owner or staff
	Role         string // RoleOwner, RoleStaff or RoleCustomer
	CreatedAt    time.Time
	// SecondFactor tells whether a confirmed second factor is on: owner and staff can do nothing but enrol
	// one until it is.
	SecondFactor bool
}

const userColumns = `id, phone_number, COALESCE(national_id, ''), first_name, last_name, COALESCE(birth_date, ''),
	password_hash, referral_code, COALESCE(referred_by, 0), grade, is_admin, role, created_at,
	(EXISTS (SELECT 1 FROM second_factors f WHERE f.user_id = id AND f.confirmed_at IS NOT NULL)
		OR EXISTS (SELECT 1 FROM passkeys k WHERE k.user_id = id))`

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	var created int64
	err := row.Scan(&u.ID, &u.PhoneNumber, &u.NationalID, &u.FirstName, &u.LastName, &u.BirthDate,
		&u.PasswordHash, &u.ReferralCode, &u.ReferredBy, &u.Grade, &u.IsAdmin, &u.Role, &created, &u.SecondFactor)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrNotFound
	}
	u.CreatedAt = time.UnixMilli(created).UTC()
	return u, err
}

// scanUsers reads every user a query returns; an empty list, never nil, when there are none.
func scanUsers(rows *sql.Rows, err error) ([]User, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []User{}
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// UserByID returns the user with the given id.
func (s *Store) UserByID(ctx context.Context, id int64) (User, error) {
	return scanUser(s.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
}

// UserByPhone returns the user with the given normalised phone number.
func (s *Store) UserByPhone(ctx context.Context, phone string) (User, error) {
	return scanUser(s.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE phone_number = ?`, phone))
}

// UserByReferralCode returns the user whose referral code is code (case-insensitive).
func (s *Store) UserByReferralCode(ctx context.Context, code string) (User, error) {
	return scanUser(s.read.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE referral_code = ?`,
		strings.ToUpper(code)))
}

// PhoneOrNationalIDTaken reports whether a user already holds the phone or the national id.
func (s *Store) PhoneOrNationalIDTaken(ctx context.Context, phone, nationalID string) (phoneTaken, idTaken bool, err error) {
	err = s.read.QueryRowContext(ctx, `SELECT
		EXISTS (SELECT 1 FROM users WHERE phone_number = ?),
		EXISTS (SELECT 1 FROM users WHERE national_id = ?)`, phone, nationalID).Scan(&phoneTaken, &idTaken)
	return phoneTaken, idTaken, err
}

// insertUser adds u inside tx with a fresh referral code and returns its id; a taken phone or national id is
// ErrConflict.
func insertUser(ctx context.Context, tx *sql.Tx, u User, now time.Time) (int64, error) {
	u.Role = cmp.Or(u.Role, RoleCustomer)
	for range 5 {
		u.ReferralCode = newReferralCode()
		id, err := insertUserOnce(ctx, tx, u, now)
		if err != nil && strings.Contains(err.Error(), "users.referral_code") {
			continue // a collision among 32^8 codes: draw again
		}
		if isUniqueViolation(err) {
			return 0, ErrConflict
		}
		return id, err
	}
	return 0, errors.New("no free referral code after 5 draws")
}

func insertUserOnce(ctx context.Context, tx *sql.Tx, u User, now time.Time) (int64, error) {
	var nationalID, birthDate, referredBy any
	if u.NationalID != "" {
		nationalID = u.NationalID
	}
	if u.BirthDate != "" {
		birthDate = u.BirthDate
	}
	if u.ReferredBy != 0 {
		referredBy = u.ReferredBy
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO users (phone_number, national_id, first_name, last_name, birth_date,
		password_hash, referral_code, referred_by, grade, is_admin, role, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
		u.PhoneNumber, nationalID, u.FirstName, u.LastName, birthDate, u.PasswordHash, u.ReferralCode, referredBy,
		u.Role != RoleCustomer, u.Role, now.UnixMilli(), now.UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// UpdateProfile changes the user's names and birth date.
func (s *Store) UpdateProfile(ctx context.Context, id int64, firstName, lastName, birthDate string, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET first_name = ?, last_name = ?, birth_date = ?, updated_at = ?
			WHERE id = ?`, firstName, lastName, birthDate, now.UnixMilli(), id)
		return affectedOne(res, err)
	})
}

func affectedOne(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

func isUniqueViolation(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}
