package store

import (
	"context"
	"database/sql"
	"time"
)

// SecurityEvent is one authentication decision: who it was about (ActorID, 0 when nobody known), the phone
// tried, the address, the kind of decision, its outcome and why.
type SecurityEvent struct {
	ID      int64
	At      time.Time
	ActorID int64
	Phone   string
	Address string
	Kind    string
	Success bool
	Reason  string
}

// The outcomes of a security event.
const (
	OutcomeSuccess = "success"
	OutcomeFailure = "failure"
)

// SecurityEventsKept is how long the events are kept.
const SecurityEventsKept = 180 * 24 * time.Hour

// RecordSecurityEvent writes e. It is a light write: an event is a record, never money.
func (s *Store) RecordSecurityEvent(ctx context.Context, e SecurityEvent) error {
	outcome := OutcomeFailure
	if e.Success {
		outcome = OutcomeSuccess
	}
	var actor any
	if e.ActorID != 0 {
		actor = e.ActorID
	}
	return s.inLightTx(ctx, func(tx *sql.Tx) error {
		_, err := s.writeStmts.in(tx).ExecContext(ctx, `INSERT INTO security_events (at, actor_id, phone, address,
			kind, outcome, reason) VALUES (?, ?, ?, ?, ?, ?, ?)`, e.At.UnixMilli(), actor, e.Phone, e.Address,
			e.Kind, outcome, e.Reason)
		return err
	})
}

// SecurityEventFilter narrows the events: kind and outcome ("" = any), phone ("" = any), a time range
// [From, To) (zero = open) and a cursor (the last id of the previous page; 0 = from the newest).
type SecurityEventFilter struct {
	Kind, Outcome, Phone string
	From, To             time.Time
	Before               int64
	Limit                int
}

// SecurityEventRow is an event with its actor's name and phone.
type SecurityEventRow struct {
	SecurityEvent
	ActorFirstName, ActorLastName, ActorPhone string
}

// SecurityEvents returns the events f selects, newest first, at most f.Limit of them.
func (s *Store) SecurityEvents(ctx context.Context, f SecurityEventFilter) ([]SecurityEventRow, error) {
	q := `SELECT e.id, e.at, COALESCE(e.actor_id, 0), e.phone, e.address, e.kind, e.outcome = 'success', e.reason,
		COALESCE(u.first_name, ''), COALESCE(u.last_name, ''), COALESCE(u.phone_number, '')
		FROM security_events e LEFT JOIN users u ON u.id = e.actor_id WHERE 1 = 1`
	var args []any
	for _, c := range []struct{ column, value string }{{"e.kind", f.Kind}, {"e.outcome", f.Outcome}, {"e.phone", f.Phone}} {
		if c.value != "" {
			q, args = q+` AND `+c.column+` = ?`, append(args, c.value)
		}
	}
	if !f.From.IsZero() {
		q, args = q+` AND e.at >= ?`, append(args, f.From.UnixMilli())
	}
	if !f.To.IsZero() {
		q, args = q+` AND e.at < ?`, append(args, f.To.UnixMilli())
	}
	if f.Before != 0 {
		q, args = q+` AND e.id < ?`, append(args, f.Before)
	}
	rows, err := s.read.QueryContext(ctx, q+` ORDER BY e.id DESC LIMIT ?`, append(args, f.Limit)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []SecurityEventRow
	for rows.Next() {
		var e SecurityEventRow
		var at int64
		if err := rows.Scan(&e.ID, &at, &e.ActorID, &e.Phone, &e.Address, &e.Kind, &e.Success, &e.Reason,
			&e.ActorFirstName, &e.ActorLastName, &e.ActorPhone); err != nil {
			return nil, err
		}
		e.At = time.UnixMilli(at).UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}
