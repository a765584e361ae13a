package store

import (
	"context"
	"database/sql"
	"time"

	"goldshop/iran"
)

// VoidInvoice voids a recorded invoice of today (Tehran), in one transaction: a journal reversing its own
// exactly, the sold pieces back in the vault and the bought lots out (returned moves), the invoice kept and
// marked void. A wallet_gold payment's sell stands as the customer's trade; its rial comes back to their wallet.
// ErrInvoiceVoid, ErrInvoiceNotToday, ErrDayClosed, ErrInvoiceLotGone, or a customer short of a gold payout credited to them.
func (s *Store) VoidInvoice(ctx context.Context, adminID, id int64, reason string, now time.Time) (Invoice, error) {
	var inv Invoice
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		w := s.writeStmts.in(tx)
		before, err := invoiceByID(ctx, w, id)
		switch {
		case err != nil:
			return err
		case before.Status == InvoiceVoid:
			return ErrInvoiceVoid
		case !iran.DayStart(before.CreatedAt).Equal(iran.DayStart(now)):
			return ErrInvoiceNotToday
		}
		if err := ensureDayOpen(ctx, w, now); err != nil {
			return err
		}
		reserve, err := reserveOf(ctx, w)
		if err != nil {
			return err
		}
		for _, l := range before.Lines {
			it, err := vaultItemByID(ctx, w, l.ItemID)
			if err != nil {
				return err
			}
			m := VaultMove{AdminID: adminID, CounterInvoiceID: id, Note: before.Number()}
			if l.Side == LineSale {
				if err := returnVaultItem(ctx, w, it, m, now); err != nil {
					return err
				}
				continue
			}
			if it.Status != VaultIn {
				return ErrInvoiceLotGone
			}
			m.Kind = MoveReturned
			if _, err := takeOutVaultItem(ctx, w, it, m, now); err != nil {
				return err
			}
		}
		var journalID int64
		if err := w.QueryRowContext(ctx, `SELECT id FROM journals WHERE counter_invoice_id = ? AND reverses_id IS NULL`,
			id).Scan(&journalID); err != nil {
			return err
		}
		legs, err := reversedLegs(ctx, w, journalID)
		if err != nil {
			return err
		}
		if err := ensureFreeNet(ctx, w, before.Buyer.UserID, legs); err != nil {
			return err
		}
		if _, err := postJournal(ctx, w, journal{userID: before.Buyer.UserID, typ: EntryCounter, status: InvoiceVoid,
			counterInvoice: id, reversesID: journalID, adminID: adminID, description: reason, legs: legs,
			freeChecked: true}, now); err != nil {
			return err
		}
		if err := affectedOne(w.ExecContext(ctx, `UPDATE counter_invoices SET status = 'void', void_reason = ?,
			voided_by = ?, voided_at = ? WHERE id = ? AND status = 'recorded'`, reason, adminID, now.UnixMilli(), id)); err != nil {
			return err
		}
		if err := ensureReserveKept(ctx, w, reserve); err != nil {
			return err
		}
		if inv, err = invoiceByID(ctx, w, id); err != nil {
			return err
		}
		return insertAudit(ctx, w, AuditEntry{AdminID: adminID, Action: "counter.void", Target: "invoice:" + itoa(id),
			Before: map[string]any{"status": before.Status}, After: map[string]any{"status": inv.Status, "reason": reason}}, now)
	})
	return inv, err
}

// reversedLegs are a journal's postings negated, credits first.
func reversedLegs(ctx context.Context, w queryer, journalID int64) ([]leg, error) {
	rows, err := w.QueryContext(ctx, `SELECT a.kind, IFNULL(a.user_id, 0), a.asset, p.amount FROM postings p
		JOIN accounts a ON a.id = p.account_id WHERE p.journal_id = ? ORDER BY p.id`, journalID)
	legs, err := collect(rows, err, func(row interface{ Scan(...any) error }) (leg, error) {
		var l leg
		err := row.Scan(&l.kind, &l.userID, &l.asset, &l.amount)
		l.amount = -l.amount
		return l, err
	})
	creditsFirst(legs)
	return legs, err
}
