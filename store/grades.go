package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"
)

// Grade is one price level: its customers buy at base + SellAddRial and sell at base − BuySubtractRial.
type Grade struct {
	ID              int
	SellAddRial     int64
	BuySubtractRial int64
}

// Grades returns the five grades in order.
func (s *Store) Grades(ctx context.Context) ([]Grade, error) {
	t, err := s.currentTerms(ctx)
	if err != nil {
		return nil, err
	}
	return slices.Clone(t.grades), nil // a copy: callers may change theirs, never the cache's
}

func grades(ctx context.Context, q queryer) ([]Grade, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, sell_add_rial, buy_subtract_rial FROM grades ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Grade{}
	for rows.Next() {
		var g Grade
		if err := rows.Scan(&g.ID, &g.SellAddRial, &g.BuySubtractRial); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// UpdateGrade changes a grade's rules, with its audit entry; ErrNotFound for a grade outside 1..5.
func (s *Store) UpdateGrade(ctx context.Context, adminID int64, g Grade, now time.Time) error {
	defer s.dropTerms()
	return s.InTx(ctx, func(tx *sql.Tx) error {
		var before Grade
		err := tx.QueryRowContext(ctx, `SELECT id, sell_add_rial, buy_subtract_rial FROM grades WHERE id = ?`, g.ID).
			Scan(&before.ID, &before.SellAddRial, &before.BuySubtractRial)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE grades SET sell_add_rial = ?, buy_subtract_rial = ? WHERE id = ?`,
			g.SellAddRial, g.BuySubtractRial, g.ID); err != nil {
			return err
		}
		if err := s.pricesChanged(ctx, tx, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "grade.update", Target: "grade:" + itoa(int64(g.ID)),
			Before: gradeRules(before), After: gradeRules(g)}, now)
	})
}

func gradeRules(g Grade) map[string]any {
	return map[string]any{"sell_add": g.SellAddRial, "buy_subtract": g.BuySubtractRial}
}

// SetUserGrade moves a user to another grade, with its audit entry, and returns the user as now stored.
func (s *Store) SetUserGrade(ctx context.Context, adminID, userID int64, grade int, now time.Time) (User, error) {
	var u User
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, userID))
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET grade = ?, updated_at = ? WHERE id = ?`,
			grade, now.UnixMilli(), userID); err != nil {
			return err
		}
		if err := s.pricesChanged(ctx, tx, now); err != nil {
			return err
		}
		u = before
		u.Grade = grade
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "user.grade", Target: "user:" + itoa(userID),
			Before: map[string]any{"grade": before.Grade}, After: map[string]any{"grade": grade}}, now)
	})
	return u, err
}

// Users lists users newest first, optionally only those matching the admin's search (id, phone or name).
func (s *Store) Users(ctx context.Context, search string, limit int) ([]User, error) {
	q, args := `SELECT `+userColumns+` FROM users u`, []any{}
	if search != "" {
		clause, more := userSearch(search)
		q, args = q+` WHERE `+clause, more
	}
	return scanUsers(s.read.QueryContext(ctx, q+` ORDER BY u.id DESC LIMIT ?`, append(args, limit)...))
}
