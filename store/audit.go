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

// AuditRead writes e, an admin's read of a customer's data (a receipt, a ledger), unless the same admin's same
// read of the same target is on record since since: a list that shows twenty receipts, or a ledger paged
// through, is one entry per thing opened, not one per request.
func (s *Store) AuditRead(ctx context.Context, e AuditEntry, since, now time.Time) error {
	var seen bool
	if err := s.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM audit_log WHERE admin_id = ? AND action = ?
		AND target = ? AND created_at >= ?)`, e.AdminID, e.Action, e.Target, since.UnixMilli()).Scan(&seen); err != nil || seen {
		return err
	}
	return s.Audit(ctx, e, now)
}

func insertAudit(ctx context.Context, q queryer, e AuditEntry, now time.Time) error {
	before, err := jsonOrNull(e.Before)
	if err != nil {
		return err
	}
	after, err := jsonOrNull(e.After)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO audit_log (admin_id, action, target, before, after, created_at)
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

// AuditFilter narrows the audit log: by the admin who acted (0 = anyone), the kind of action ("" = any), a
// time range [From, To) (zero = open) and a cursor (the last id of the previous page; 0 = from the newest).
type AuditFilter struct {
	ActorID  int64
	Kind     string
	From, To time.Time
	Before   int64
	Limit    int
}

// AuditRow is an audit entry with its actor's name and phone (empty for the command line).
type AuditRow struct {
	AuditEntry
	ActorFirstName, ActorLastName, ActorPhone string
}

// AuditLog returns the entries f selects, newest first, at most f.Limit of them; Before and After hold raw
// JSON strings.
func (s *Store) AuditLog(ctx context.Context, f AuditFilter) ([]AuditRow, error) {
	q := `SELECT a.id, COALESCE(a.admin_id, 0), a.action, a.target, a.before, a.after, a.created_at,
		COALESCE(u.first_name, ''), COALESCE(u.last_name, ''), COALESCE(u.phone_number, '')
		FROM audit_log a LEFT JOIN users u ON u.id = a.admin_id WHERE 1 = 1`
	var args []any
	if f.ActorID != 0 {
		q, args = q+` AND a.admin_id = ?`, append(args, f.ActorID)
	}
	if f.Kind != "" {
		q, args = q+` AND a.action = ?`, append(args, f.Kind)
	}
	if !f.From.IsZero() {
		q, args = q+` AND a.created_at >= ?`, append(args, f.From.UnixMilli())
	}
	if !f.To.IsZero() {
		q, args = q+` AND a.created_at < ?`, append(args, f.To.UnixMilli())
	}
	if f.Before != 0 {
		q, args = q+` AND a.id < ?`, append(args, f.Before)
	}
	rows, err := s.read.QueryContext(ctx, q+` ORDER BY a.id DESC LIMIT ?`, append(args, f.Limit)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []AuditRow
	for rows.Next() {
		var e AuditRow
		var before, after sql.NullString
		var at int64
		if err := rows.Scan(&e.ID, &e.AdminID, &e.Action, &e.Target, &before, &after, &at,
			&e.ActorFirstName, &e.ActorLastName, &e.ActorPhone); err != nil {
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
