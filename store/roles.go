package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// The roles a user can have. Staff work the money and gold-request desks, chat and the user lists; the owner
// does everything, including what sets the shop's prices and rules.
const (
	RoleCustomer = "customer"
	RoleStaff    = "staff"
	RoleOwner    = "owner"
)

// ErrLastOwner is returned when a change would leave the shop without an owner.
var ErrLastOwner = errors.New("store: the last owner cannot be removed or demoted")

// UpsertAdmin creates an admin with the phone and u.Role (owner when empty), or gives the existing user that
// role and sets the password. It returns the user's id and whether the user was new. The last owner
// cannot be made staff this way either.
func (s *Store) UpsertAdmin(ctx context.Context, u User, now time.Time) (id int64, created bool, err error) {
	if u.Role == "" || u.Role == RoleCustomer {
		u.Role = RoleOwner
	}
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		var before string
		err := tx.QueryRowContext(ctx, `SELECT id, role FROM users WHERE phone_number = ?`, u.PhoneNumber).Scan(&id, &before)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			id, err = insertUser(ctx, tx, u, now)
			created = true
		case err == nil:
			if err = setRole(ctx, tx, id, before, u.Role, now); err == nil {
				_, err = tx.ExecContext(ctx, `UPDATE users SET password_hash = ?,
					first_name = CASE WHEN ? = '' THEN first_name ELSE ? END,
					last_name = CASE WHEN ? = '' THEN last_name ELSE ? END WHERE id = ?`,
					u.PasswordHash, u.FirstName, u.FirstName, u.LastName, u.LastName, id)
			}
		}
		if err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{Action: "admin.add", Target: "user:" + itoa(id),
			After: map[string]any{"phone_number": u.PhoneNumber, "role": u.Role, "created": created}}, now)
	})
	return id, created, err
}

// Staff lists every owner and staff member, owners first.
func (s *Store) Staff(ctx context.Context) ([]User, error) {
	return scanUsers(s.read.QueryContext(ctx, `SELECT `+userColumns+` FROM users WHERE role <> 'customer'
		ORDER BY role = 'owner' DESC, id`))
}

// SetRole gives user a role (RoleCustomer takes their admin rights away), audited as staff.<role> by actor.
// ErrNotFound when there is no such user; ErrLastOwner when it would leave no owner.
func (s *Store) SetRole(ctx context.Context, actorID, userID int64, role string, now time.Time) (User, error) {
	var u User
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		if u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, userID)); err != nil {
			return err
		}
		if err := setRole(ctx, tx, userID, u.Role, role, now); err != nil {
			return err
		}
		before := u.Role
		u.Role, u.IsAdmin = role, role != RoleCustomer
		return insertAudit(ctx, tx, AuditEntry{AdminID: actorID, Action: "staff." + role, Target: "user:" + itoa(userID),
			Before: map[string]any{"role": before, "phone_number": u.PhoneNumber},
			After:  map[string]any{"role": role, "phone_number": u.PhoneNumber}}, now)
	})
	return u, err
}

// setRole changes one user's role inside tx, refusing to take the shop's last owner away.
func setRole(ctx context.Context, tx *sql.Tx, userID int64, before, role string, now time.Time) error {
	if before == RoleOwner && role != RoleOwner {
		var owners int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE role = 'owner'`).Scan(&owners); err != nil {
			return err
		}
		if owners <= 1 {
			return ErrLastOwner
		}
	}
	_, err := tx.ExecContext(ctx, `UPDATE users SET role = ?, is_admin = ?, updated_at = ? WHERE id = ?`,
		role, role != RoleCustomer, now.UnixMilli(), userID)
	return err
}
