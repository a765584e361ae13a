package store

import (
	"context"
	"database/sql"
	"time"
)

// CloseDay closes the drawer's day (any time on it) with the cash counted, in one transaction: the figures
// are computed as they stand, the difference from the expected cash is posted between the drawer and the
// over/short account, and the day takes no invoice, void or movement after (ErrDayClosed) until the owner
// reopens it. ErrDayNotYet for a day after today; *EarlierDayOpenError while an earlier day that moved
// is not closed; ErrDayLaterClosed once a later day is closed (its opening is the close before it).
func (s *Store) CloseDay(ctx context.Context, adminID int64, day time.Time, counted int64, note string, now time.Time) (DrawerDay, error) {
	var d DrawerDay
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		if d, err = drawerDay(ctx, tx, day); err != nil {
			return err
		}
		switch {
		case d.Start.After(now):
			return ErrDayNotYet
		case d.Close != nil:
			return ErrDayClosed
		}
		if err := ensureNoLaterClose(ctx, tx, d.Day); err != nil {
			return err
		}
		open, err := unclosedDays(ctx, tx, d.Day)
		if err != nil {
			return err
		}
		if len(open) > 0 {
			return &EarlierDayOpenError{Day: open[0]}
		}
		expected := d.ExpectedCash()
		diff := counted - expected
		var journalID int64
		if diff != 0 {
			legs := []leg{{kind: kindShopCash, asset: AssetRial, amount: -diff},
				{kind: kindShopCashOverShort, asset: AssetRial, amount: diff}}
			creditsFirst(legs)
			if journalID, err = postJournal(ctx, tx, journal{typ: entryDrawer, status: drawerJournalClose, adminID: adminID,
				legs: legs}, now); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO drawer_closes (day, day_start, day_end, opening_cash,
			expected_cash, counted_cash, difference, note, journal_id, closed_by, closed_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, d.Day, d.Start.UnixMilli(), d.End.UnixMilli(), d.OpeningCash,
			expected, counted, diff, note, nullID(journalID), adminID, now.UnixMilli()); err != nil {
			return err
		}
		if d, err = drawerDay(ctx, tx, day); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "counter.day.close", Target: "day:" + d.Day,
			After: map[string]any{"expected_cash": expected, "counted_cash": counted, "difference": diff, "note": note}}, now)
	})
	return d, err
}

// ReopenDay takes back the close standing for day, in one transaction: its difference is reversed and the
// close kept as reopened, audited. Only the last day closed reopens (ErrDayLaterClosed): a later close took
// this one's counted cash as its opening. ErrDayNotClosed when no close stands for it.
func (s *Store) ReopenDay(ctx context.Context, adminID int64, day time.Time, reason string, now time.Time) (DrawerDay, error) {
	var d DrawerDay
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		if d, err = drawerDay(ctx, tx, day); err != nil {
			return err
		}
		if d.Close == nil {
			return ErrDayNotClosed
		}
		if err := ensureNoLaterClose(ctx, tx, d.Day); err != nil {
			return err
		}
		var journalID sql.NullInt64
		if err := tx.QueryRowContext(ctx, `SELECT journal_id FROM drawer_closes WHERE id = ?`, d.Close.ID).Scan(&journalID); err != nil {
			return err
		}
		var reversal int64
		if journalID.Valid {
			legs, err := reversedLegs(ctx, tx, journalID.Int64)
			if err != nil {
				return err
			}
			if reversal, err = postJournal(ctx, tx, journal{typ: entryDrawer, status: closeReopened, adminID: adminID,
				reversesID: journalID.Int64, description: reason, legs: legs}, now); err != nil {
				return err
			}
		}
		if err := affectedOne(tx.ExecContext(ctx, `UPDATE drawer_closes SET status = 'reopened', reopened_by = ?,
			reopened_at = ?, reopen_journal_id = ? WHERE id = ? AND status = 'closed'`, adminID, now.UnixMilli(),
			nullID(reversal), d.Close.ID)); err != nil {
			return err
		}
		before := *d.Close
		if d, err = drawerDay(ctx, tx, day); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "counter.day.reopen", Target: "day:" + d.Day,
			Before: map[string]any{"counted_cash": before.CountedCash, "difference": before.Difference},
			After:  map[string]any{"status": closeReopened, "reason": reason}}, now)
	})
	return d, err
}

// ensureNoLaterClose refuses, with ErrDayLaterClosed, a change to the close of day while a later day's close
// stands: that close took the one before it as its opening.
func ensureNoLaterClose(ctx context.Context, q queryer, day string) error {
	var later bool
	if err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM drawer_closes WHERE status = 'closed' AND day > ?)`,
		day).Scan(&later); err != nil {
		return err
	}
	if later {
		return ErrDayLaterClosed
	}
	return nil
}

// MoveDrawerCash records cash the owner takes out of the drawer or puts in (direction), to or from the bank
// or themselves (counterpart), on today's drawer, in one transaction with its journal. ErrDayClosed when
// today is closed; ErrDrawerShort when more is taken out than the drawer should hold. The day is read in the
// same transaction: a call under an Idempotency-Key commits after its answer is made.
func (s *Store) MoveDrawerCash(ctx context.Context, adminID int64, direction, counterpart string, amount int64,
	reason string, now time.Time) (DrawerMove, DrawerDay, error) {
	var m DrawerMove
	var after DrawerDay
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := ensureDayOpen(ctx, tx, now); err != nil {
			return err
		}
		d, err := drawerDay(ctx, tx, now)
		if err != nil {
			return err
		}
		if direction == DrawerOut && amount > d.ExpectedCash() {
			return ErrDrawerShort
		}
		other := kindShopBank
		if counterpart == DrawerOwner {
			other = kindShopOwner
		}
		cash := amount // out: the drawer's account is credited
		if direction == DrawerIn {
			cash = -amount
		}
		legs := []leg{{kind: kindShopCash, asset: AssetRial, amount: cash}, {kind: other, asset: AssetRial, amount: -cash}}
		creditsFirst(legs)
		journalID, err := postJournal(ctx, tx, journal{typ: entryDrawer, status: direction, adminID: adminID,
			description: reason, legs: legs}, now)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO drawer_moves (day, direction, counterpart, amount_rial, reason,
			journal_id, admin_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, d.Day, direction, counterpart, amount,
			reason, journalID, adminID, now.UnixMilli())
		if err != nil {
			return err
		}
		id, _ := res.LastInsertId()
		if m, err = scanDrawerMove(tx.QueryRowContext(ctx, drawerMoveSelect+` WHERE m.id = ?`, id)); err != nil {
			return err
		}
		if after, err = drawerDay(ctx, tx, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "counter.drawer", Target: "drawer:" + itoa(id),
			After: map[string]any{"direction": direction, "counterpart": counterpart, "amount": amount, "reason": reason}}, now)
	})
	return m, after, err
}
