package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"
)

// AuditEntry is one admin action: who (0 for the command line), what, on what, before and after.
type AuditEntry struct {
	ID        int64
	AdminID   int64
	Action    string
	Target    string
	Before    any // marshalled to JSON; nil when there was nothing before
	After     any
	CreatedAt time.Time
}

// Audit writes e on its own; actions that change data write theirs inside their own transaction instead.
func (s *Store) Audit(ctx context.Context, e AuditEntry, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error { return insertAudit(ctx, tx, e, now) })
}

func insertAudit(ctx context.Context, tx *sql.Tx, e AuditEntry, now time.Time) error {
	before, err := jsonOrNull(e.Before)
	if err != nil {
		return err
	}
	after, err := jsonOrNull(e.After)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO audit_log (admin_id, action, target, before, after, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, nullID(e.AdminID), e.Action, e.Target, before, after, now.UnixMilli())
	return err
}

func jsonOrNull(v any) (any, error) {
	if v == nil {
		return nil, nil
	}
	b, err := json.Marshal(v)
	return string(b), err
}

// AuditLog returns the newest entries first, at most limit of them; Before and After hold raw JSON strings.
func (s *Store) AuditLog(ctx context.Context, limit int) ([]AuditEntry, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT id, COALESCE(admin_id, 0), action, target, before, after, created_at
		FROM audit_log ORDER BY id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		var before, after sql.NullString
		var at int64
		if err := rows.Scan(&e.ID, &e.AdminID, &e.Action, &e.Target, &before, &after, &at); err != nil {
			return nil, err
		}
		if before.Valid {
			e.Before = before.String
		}
		if after.Valid {
			e.After = after.String
		}
		e.CreatedAt = time.UnixMilli(at).UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}
