package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// PricePoint is one base price the shop set, in rial per gram of 750 gold.
type PricePoint struct {
	PricePerGramRial int64
	At               time.Time
}

// BasePrice returns the newest base price; ErrNotFound before the shop has set one.
func (s *Store) BasePrice(ctx context.Context) (PricePoint, error) {
	var p PricePoint
	var at int64
	err := s.read.QueryRowContext(ctx, `SELECT price_rial, created_at FROM price_history ORDER BY id DESC LIMIT 1`).
		Scan(&p.PricePerGramRial, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return p, ErrNotFound
	}
	p.At = time.UnixMilli(at).UTC()
	return p, err
}

// PriceHistory returns the base prices set since the given time, newest first, and the last one set before
// it: the price that held when the window opened, so a chart can start at its left edge.
func (s *Store) PriceHistory(ctx context.Context, since time.Time) ([]PricePoint, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT price_rial, created_at FROM price_history WHERE id >=
		IFNULL((SELECT MAX(id) FROM price_history WHERE created_at < ?), 0) ORDER BY id DESC`, since.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PricePoint{}
	for rows.Next() {
		var p PricePoint
		var at int64
		if err := rows.Scan(&p.PricePerGramRial, &at); err != nil {
			return nil, err
		}
		p.At = time.UnixMilli(at).UTC()
		out = append(out, p)
	}
	return out, rows.Err()
}

// SetBasePrice records a new base price set by an admin, with its audit entry, in one transaction.
func (s *Store) SetBasePrice(ctx context.Context, adminID, priceRial int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		var before sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT price_rial FROM price_history ORDER BY id DESC LIMIT 1`).
			Scan(&before); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO price_history (price_rial, set_by, created_at) VALUES (?, ?, ?)`,
			priceRial, nullID(adminID), now.UnixMilli()); err != nil {
			return err
		}
		var beforeVal any
		if before.Valid {
			beforeVal = map[string]any{"base_price": before.Int64}
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "price.set", Target: "base_price",
			Before: beforeVal, After: map[string]any{"base_price": priceRial}}, now)
	})
}
