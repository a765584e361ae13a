package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// The kinds of notification: what happened that matters to the customer.
const (
	NoteDepositApproved      = "deposit_approved"
	NoteDepositRejected      = "deposit_rejected"
	NoteWithdrawPaid         = "withdraw_paid"
	NoteWithdrawRejected     = "withdraw_rejected"
	NoteGoldRequestApproved  = "gold_request_approved"
	NoteGoldRequestReady     = "gold_request_ready"
	NoteGoldRequestDelivered = "gold_request_delivered"
	NoteGoldRequestRejected  = "gold_request_rejected"
	NoteCharge               = "charge"
	NoteReferralReward       = "referral_reward"
	NoteChatReply            = "chat_reply"
	NotePriceAlert           = "price_alert"
	// A person's own security (issue 27): always texted, whatever the settings say. Reason holds the user
	// agent of the login that signed in or changed the password.
	NoteNewLogin        = "new_login"
	NotePasswordChanged = "password_changed"
	// A change of the person's second factor (issue 36; Reason: a Factor… word), and a run of wrong answers
	// to it that locked their codes (Amount: how many in the last day).
	NoteSecondFactorChanged  = "second_factor_changed"
	NoteSecondFactorFailures = "second_factor_failures"
	// The shop's storage running low or full, told to each owner (issue 28); Reason is the level.
	NoteStorageLow = "storage_low"
	// The price feed's source failing for its alert_after, told to each owner once a failure (issue 40).
	NotePriceFeedFailing = "price_feed_failing"
	// A run of a customer's savings plan (issue 29): bought (SubjectID the plan, the gold bought), or skipped
	// (Reason: why, a PlanSkip word).
	NotePlanBought  = "plan_bought"
	NotePlanSkipped = "plan_skipped"
	// A customer's standing order: executed (SubjectID the order; the gold bought or the rial a sale paid),
	// or expired (what its hold gave back).
	NoteOrderExecuted = "order_executed"
	NoteOrderExpired  = "order_expired"
)

// alwaysTexted are the kinds sent by SMS whatever the person's settings: their own security, the shop's disk
// and its price.
var alwaysTexted = map[string]bool{NoteNewLogin: true, NotePasswordChanged: true, NoteStorageLow: true,
	NoteSecondFactorChanged: true, NoteSecondFactorFailures: true, NotePriceFeedFailing: true}

// smsColumns maps each kind that may also go by SMS to the customer's setting for it; a chat reply never does.
var smsColumns = map[string]string{
	NoteDepositApproved: "sms_deposit", NoteDepositRejected: "sms_deposit",
	NoteWithdrawPaid: "sms_withdraw", NoteWithdrawRejected: "sms_withdraw",
	NoteGoldRequestApproved: "sms_gold_request", NoteGoldRequestReady: "sms_gold_request",
	NoteGoldRequestDelivered: "sms_gold_request", NoteGoldRequestRejected: "sms_gold_request",
	NoteCharge: "sms_charge", NoteReferralReward: "sms_referral", NotePriceAlert: "sms_price_alert",
	NotePlanBought: "sms_plan", NotePlanSkipped: "sms_plan",
	NoteOrderExecuted: "sms_order", NoteOrderExpired: "sms_order",
}

// Notification is one event told to one customer, as facts: its kind, what it is about (SubjectID: the
// wallet request, gold request, journal, chat room or alert), an amount (rials or milligrams, as Asset says)
// and a reason a person typed.
type Notification struct {
	ID        int64
	UserID    int64
	Kind      string
	SubjectID int64
	Asset     string
	Amount    int64
	Reason    string
	CreatedAt time.Time
	Read      bool
}

const notificationColumns = `id, user_id, kind, subject_id, asset, amount, reason, created_at, read_at IS NOT NULL`

func scanNotifications(rows *sql.Rows, err error) ([]Notification, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Notification{}
	for rows.Next() {
		var n Notification
		var at int64
		if err := rows.Scan(&n.ID, &n.UserID, &n.Kind, &n.SubjectID, &n.Asset, &n.Amount, &n.Reason, &at, &n.Read); err != nil {
			return nil, err
		}
		n.CreatedAt = time.UnixMilli(at).UTC()
		out = append(out, n)
	}
	return out, rows.Err()
}

// notify records n inside the transaction of the event it tells of, and queues its SMS there too when the
// customer wants that kind by SMS: both land with the event or not at all.
func notify(ctx context.Context, q queryer, n Notification, now time.Time) error {
	var id int64
	if err := q.QueryRowContext(ctx, `INSERT INTO notifications (user_id, kind, subject_id, asset, amount, reason, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, n.UserID, n.Kind, n.SubjectID, n.Asset, n.Amount, n.Reason,
		now.UnixMilli()).Scan(&id); err != nil {
		return err
	}
	column, ok := smsColumns[n.Kind]
	switch {
	case alwaysTexted[n.Kind]: // never turned off
	case !ok:
		return nil
	default:
		want := true
		// column comes from smsColumns, never from a caller
		err := q.QueryRowContext(ctx, `SELECT `+column+` FROM notification_settings WHERE user_id = ?`, n.UserID).Scan(&want)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if !want {
			return nil
		}
	}
	_, err := q.ExecContext(ctx, `INSERT INTO sms_outbox (notification_id, next_at, created_at) VALUES (?, ?, ?)`,
		id, now.UnixMilli(), now.UnixMilli())
	return err
}

// NotificationsPageMax is the most notifications one page gives.
const NotificationsPageMax = 100

// Notifications returns up to limit of the customer's notifications older than before (0: the newest),
// newest first, the cursor of the next page (0 on the last) and how many are unread.
func (s *Store) Notifications(ctx context.Context, userID, before int64, limit int) (list []Notification, next, unread int64, err error) {
	limit = min(max(limit, 1), NotificationsPageMax)
	if before <= 0 {
		before = maxJournalID
	}
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, 0, 0, err
	}
	defer tx.Rollback()
	list, err = scanNotifications(tx.QueryContext(ctx, `SELECT `+notificationColumns+` FROM notifications
		WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?`, userID, before, limit+1))
	if err != nil {
		return nil, 0, 0, err
	}
	if len(list) > limit {
		list = list[:limit]
		next = list[limit-1].ID
	}
	err = tx.QueryRowContext(ctx, unreadSQL, userID).Scan(&unread)
	return list, next, unread, err
}

const unreadSQL = `SELECT COUNT(*) FROM notifications WHERE user_id = ? AND read_at IS NULL`

// UnreadNotifications is how many of the customer's notifications are unread.
func (s *Store) UnreadNotifications(ctx context.Context, userID int64) (int64, error) {
	var n int64
	err := s.read.QueryRowContext(ctx, unreadSQL, userID).Scan(&n)
	return n, err
}

// MarkNotificationsRead marks the customer's own notifications ids (or all of them) read and returns how many
// are still unread. Ids of other customers' notifications change nothing.
func (s *Store) MarkNotificationsRead(ctx context.Context, userID int64, ids []int64, all bool, now time.Time) (int64, error) {
	var unread int64
	err := s.inLightTx(ctx, func(tx *sql.Tx) error {
		q, args := `UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL`, []any{now.UnixMilli(), userID}
		if !all {
			if len(ids) == 0 {
				return tx.QueryRowContext(ctx, unreadSQL, userID).Scan(&unread)
			}
			q += ` AND id IN (?` + strings.Repeat(`, ?`, len(ids)-1) + `)`
			for _, id := range ids {
				args = append(args, id)
			}
		}
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, unreadSQL, userID).Scan(&unread)
	})
	return unread, err
}

// NotificationsAfter returns up to limit notifications written after id afterID, oldest first: the live
// delivery's feed, read after each commit.
func (s *Store) NotificationsAfter(ctx context.Context, afterID int64, limit int) ([]Notification, error) {
	return scanNotifications(s.read.QueryContext(ctx, `SELECT `+notificationColumns+` FROM notifications
		WHERE id > ? ORDER BY id LIMIT ?`, afterID, limit))
}

// LastNotificationID is the newest notification's id (0 when none): where the live delivery starts.
func (s *Store) LastNotificationID(ctx context.Context) (int64, error) {
	var id int64
	err := s.read.QueryRowContext(ctx, `SELECT IFNULL(MAX(id), 0) FROM notifications`).Scan(&id)
	return id, err
}

// NotifyChatReply tells a customer away from their chat that the shop answered in room, unless an unread
// notice of that room is waiting already: one per conversation, not one per message.
func (s *Store) NotifyChatReply(ctx context.Context, userID, roomID int64, now time.Time) error {
	return s.inLightTx(ctx, func(tx *sql.Tx) error {
		var waiting bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM notifications WHERE user_id = ? AND kind = ?
			AND subject_id = ? AND read_at IS NULL)`, userID, NoteChatReply, roomID).Scan(&waiting); err != nil || waiting {
			return err
		}
		return notify(ctx, tx, Notification{UserID: userID, Kind: NoteChatReply, SubjectID: roomID}, now)
	})
}

// NotifyOwnersOnce tells every owner of kind (reason: its fact) unless they were told of that kind since
// since, each in the same transaction as the check, and says how many were told.
func (s *Store) NotifyOwnersOnce(ctx context.Context, kind, reason string, since, now time.Time) (int, error) {
	var told int
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		told = 0
		rows, err := tx.QueryContext(ctx, `SELECT id FROM users WHERE role = 'owner' AND NOT EXISTS (SELECT 1
			FROM notifications n WHERE n.user_id = users.id AND n.kind = ? AND n.created_at >= ?)`, kind, since.UnixMilli())
		if err != nil {
			return err
		}
		var owners []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			owners = append(owners, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range owners {
			if err := notify(ctx, tx, Notification{UserID: id, Kind: kind, Reason: reason}, now); err != nil {
				return err
			}
		}
		told = len(owners)
		return nil
	})
	return told, err
}
