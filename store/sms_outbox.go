package store

import (
	"context"
	"database/sql"
	"time"
)

// The states of a queued SMS.
const (
	SMSQueued  = "queued"
	SMSSending = "sending"
	SMSSent    = "sent"
	SMSFailed  = "failed"
	SMSUnknown = "unknown"
)

// OutboxSMS is an SMS claimed for sending: its notification's facts and the customer's phone.
type OutboxSMS struct {
	ID       int64
	Attempts int
	Phone    string
	Note     Notification
}

// ClaimDueSMS marks up to limit queued messages due by now as sending, and commits that before returning
// them: a message is claimed before the gateway is asked, so a crash during the send leaves it sending, and
// RecoverSMS never sends it again.
func (s *Store) ClaimDueSMS(ctx context.Context, now time.Time, limit int) ([]OutboxSMS, error) {
	var out []OutboxSMS
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		out = nil
		rows, err := tx.QueryContext(ctx, `SELECT o.id, o.attempts + 1, u.phone_number, n.id, n.user_id, n.kind,
				n.subject_id, n.asset, n.amount, n.reason, n.created_at
			FROM sms_outbox o JOIN notifications n ON n.id = o.notification_id JOIN users u ON u.id = n.user_id
			WHERE o.status = 'queued' AND o.next_at <= ? ORDER BY o.next_at, o.id LIMIT ?`, now.UnixMilli(), limit)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m OutboxSMS
			var at int64
			if err := rows.Scan(&m.ID, &m.Attempts, &m.Phone, &m.Note.ID, &m.Note.UserID, &m.Note.Kind, &m.Note.SubjectID,
				&m.Note.Asset, &m.Note.Amount, &m.Note.Reason, &at); err != nil {
				return err
			}
			m.Note.CreatedAt = time.UnixMilli(at).UTC()
			out = append(out, m)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		for _, m := range out {
			if _, err := tx.ExecContext(ctx, `UPDATE sms_outbox SET status = 'sending', attempts = ? WHERE id = ?`,
				m.Attempts, m.ID); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// MarkSMS records how a claimed message's send ended: sent; queued again for retryAt after a refusal that
// sent nothing; failed once retries are spent; or unknown when the gateway may have sent it.
func (s *Store) MarkSMS(ctx context.Context, id int64, status, lastError string, retryAt, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		var sentAt any
		if status == SMSSent {
			sentAt = now.UnixMilli()
		}
		_, err := tx.ExecContext(ctx, `UPDATE sms_outbox SET status = ?, last_error = ?, next_at = ?, sent_at = ?
			WHERE id = ? AND status = 'sending'`, status, lastError, retryAt.UnixMilli(), sentAt, id)
		return err
	})
}

// RecoverSMS runs at start: a message left sending by a crash may have reached the phone, so it is marked
// unknown for the owner to see, never sent again.
func (s *Store) RecoverSMS(ctx context.Context) (int64, error) {
	var n int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE sms_outbox SET status = 'unknown', last_error = 'cut off while sending'
			WHERE status = 'sending'`)
		if err == nil {
			n, err = res.RowsAffected()
		}
		return err
	})
	return n, err
}

// SMSProblem is a message the owner should know about: failed, or perhaps sent and perhaps not.
type SMSProblem struct {
	ID        int64
	Kind      string
	Status    string
	Attempts  int
	LastError string
	CreatedAt time.Time
}

// SMSOutbox counts the messages by status and lists the latest problems (failed, unknown, or queued after
// at least one failed try): what the owner sees of a gateway in trouble.
func (s *Store) SMSOutbox(ctx context.Context, limit int) (counts map[string]int64, problems []SMSProblem, err error) {
	counts = map[string]int64{SMSQueued: 0, SMSSending: 0, SMSSent: 0, SMSFailed: 0, SMSUnknown: 0}
	rows, err := s.read.QueryContext(ctx, `SELECT status, COUNT(*) FROM sms_outbox GROUP BY status`)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int64
		if err := rows.Scan(&st, &n); err != nil {
			return nil, nil, err
		}
		counts[st] = n
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	prows, err := s.read.QueryContext(ctx, `SELECT o.id, n.kind, o.status, o.attempts, o.last_error, o.created_at
		FROM sms_outbox o JOIN notifications n ON n.id = o.notification_id
		WHERE o.status IN ('failed', 'unknown') OR (o.status = 'queued' AND o.attempts > 0)
		ORDER BY o.id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, nil, err
	}
	defer prows.Close()
	problems = []SMSProblem{}
	for prows.Next() {
		var p SMSProblem
		var at int64
		if err := prows.Scan(&p.ID, &p.Kind, &p.Status, &p.Attempts, &p.LastError, &at); err != nil {
			return nil, nil, err
		}
		p.CreatedAt = time.UnixMilli(at).UTC()
		problems = append(problems, p)
	}
	return counts, problems, prows.Err()
}
