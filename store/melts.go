package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"
)

// Melt batch statuses.
const (
	MeltSent      = "sent"
	MeltDone      = "done"
	MeltCancelled = "cancelled"
)

// Refusals of the melts, each a 409 with its own message.
var (
	// ErrNotALot: only unassayed melted gold in the vault goes to the melter.
	ErrNotALot = errors.New("store: not an unassayed lot in the vault")
	// ErrMeltDecided: the batch's result is in, or it was cancelled.
	ErrMeltDecided = errors.New("store: the melt batch is decided")
)

// MeltBatch is unassayed lots sent to the melter together, and what came back. Loss750Mg is the lots'
// 750-equivalent less the bar's (negative for a gain); zero until the result is in.
type MeltBatch struct {
	ID                        int64
	Status                    string
	Melter, Note              string
	Lots                      int64
	Lots750Mg                 int64
	LotIDs                    []int64
	BarID, Bar750Mg           int64
	ResultNote                string
	SentBy, DecidedBy         int64
	SentAt, DecidedAt         time.Time
	SentByName, DecidedByName string
}

// Loss750Mg is what the melt lost in 750-equivalent (negative: it gained); zero while sent or cancelled.
func (b MeltBatch) Loss750Mg() int64 {
	if b.Status != MeltDone {
		return 0
	}
	return b.Lots750Mg - b.Bar750Mg
}

// MeltResult is the lab's answer for a batch: the bar it became.
type MeltResult struct {
	Bar  VaultItem // weight, purity and its 750-equivalent, lab and ingot number
	Note string
}

// SendMelt sends lots (unassayed melted items in the vault, each once) to the melter as one batch, in one
// transaction: each lot goes out as melted naming the batch, and the batch holds their 750-equivalent for
// the reserve. ErrNotALot for an item that is not such a lot.
func (s *Store) SendMelt(ctx context.Context, adminID int64, lotIDs []int64, melter, note string, now time.Time) (MeltBatch, error) {
	var b MeltBatch
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		lots := make([]VaultItem, 0, len(lotIDs))
		var total int64
		for _, id := range lotIDs {
			it, err := vaultItemByID(ctx, tx, id)
			if errors.Is(err, ErrNotFound) || (err == nil && !isLot(it)) {
				return ErrNotALot
			}
			if err != nil {
				return err
			}
			lots, total = append(lots, it), total+it.Weight750Mg
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO melt_batches (melter, note, lots, lots750_mg, sent_by, sent_at)
			VALUES (?, ?, ?, ?, ?, ?)`, melter, note, len(lots), total, adminID, now.UnixMilli())
		if err != nil {
			return err
		}
		id, _ := res.LastInsertId()
		for _, it := range lots {
			// the same lot twice is out after its first move: the second is refused as not a lot
			if _, err := takeOutVaultItem(ctx, tx, it, VaultMove{Kind: MoveMelted, AdminID: adminID, MeltBatchID: id}, now); err != nil {
				if errors.Is(err, ErrVaultItemOut) || errors.Is(err, ErrNotFound) {
					return ErrNotALot
				}
				return err
			}
		}
		if b, err = meltBatchByID(ctx, tx, id); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "melt.send", Target: "melt:" + itoa(id),
			After: map[string]any{"lots": lotIDs, "lots750_mg": total, "melter": melter}}, now)
	})
	return b, err
}

// sentBatch is batch id while its result is not in; ErrMeltDecided once it is, or it was cancelled.
func sentBatch(ctx context.Context, q queryer, id int64) (MeltBatch, error) {
	b, err := meltBatchByID(ctx, q, id)
	if err == nil && b.Status != MeltSent {
		return b, ErrMeltDecided
	}
	return b, err
}

// isLot says whether an item may go to the melter: unassayed melted gold in the vault, not offered to customers.
func isLot(it VaultItem) bool {
	return it.Status == VaultIn && it.Kind == VaultMelted && it.Assay == AssayUnassayed && !it.Requestable
}

// MeltDoneResult enters the lab's result of a sent batch, in one transaction: the bar comes into the vault
// naming the batch, the batch is done, and the loss or gain (lots' 750-equivalent less the bar's) is posted
// once from the vault's gold to shop_melt by a journal naming the batch. ErrMeltDecided when it is not sent;
// ErrConflict when a bar in the vault already has that lab and ingot number.
func (s *Store) MeltDoneResult(ctx context.Context, adminID, id int64, r MeltResult, now time.Time) (MeltBatch, error) {
	var b MeltBatch
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := sentBatch(ctx, tx, id)
		if err != nil {
			return err
		}
		bar, err := receiveVaultItem(ctx, tx, r.Bar, VaultMove{AdminID: adminID, MeltBatchID: id, Note: r.Note}, now)
		if err != nil {
			return err
		}
		if err := affectedOne(tx.ExecContext(ctx, `UPDATE melt_batches SET status = 'done', bar_id = ?, bar750_mg = ?,
			result_note = ?, decided_by = ?, decided_at = ? WHERE id = ? AND status = 'sent'`, bar.ID, bar.Weight750Mg,
			r.Note, adminID, now.UnixMilli(), id)); err != nil {
			return err
		}
		if loss := before.Lots750Mg - bar.Weight750Mg; loss != 0 {
			legs := []leg{{kind: kindShopVault, asset: AssetGold, amount: loss}, {kind: kindShopMelt, asset: AssetGold, amount: -loss}}
			creditsFirst(legs)
			if _, err := postJournal(ctx, tx, journal{typ: entryMelt, status: MeltDone, meltBatch: id, adminID: adminID,
				legs: legs}, now); err != nil {
				return err
			}
		}
		if b, err = meltBatchByID(ctx, tx, id); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "melt.result", Target: "melt:" + itoa(id),
			After: map[string]any{"bar_id": bar.ID, "bar750_mg": bar.Weight750Mg, "loss750_mg": b.Loss750Mg()}}, now)
	})
	return b, err
}

// CancelMelt cancels a sent batch whose result is not in, in one transaction: each lot comes back into the
// vault (a returned move naming the batch). ErrMeltDecided when it is not sent.
func (s *Store) CancelMelt(ctx context.Context, adminID, id int64, note string, now time.Time) (MeltBatch, error) {
	var b MeltBatch
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := sentBatch(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, lotID := range before.LotIDs {
			it, err := vaultItemByID(ctx, tx, lotID)
			if err != nil {
				return err
			}
			if err := returnVaultItem(ctx, tx, it, VaultMove{AdminID: adminID, MeltBatchID: id, Note: note}, now); err != nil {
				return err
			}
		}
		if err := affectedOne(tx.ExecContext(ctx, `UPDATE melt_batches SET status = 'cancelled', result_note = ?,
			decided_by = ?, decided_at = ? WHERE id = ? AND status = 'sent'`, note, adminID, now.UnixMilli(), id)); err != nil {
			return err
		}
		if b, err = meltBatchByID(ctx, tx, id); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "melt.cancel", Target: "melt:" + itoa(id),
			After: map[string]any{"note": note}}, now)
	})
	return b, err
}

const meltBatchColumns = `b.id, b.status, b.melter, b.note, b.lots, b.lots750_mg, IFNULL(b.bar_id, 0),
	IFNULL(b.bar750_mg, 0), b.result_note, b.sent_by, IFNULL(b.decided_by, 0), b.sent_at, IFNULL(b.decided_at, 0),
	(SELECT TRIM(first_name || ' ' || last_name) FROM users WHERE id = b.sent_by),
	IFNULL((SELECT TRIM(first_name || ' ' || last_name) FROM users WHERE id = b.decided_by), ''),
	(SELECT GROUP_CONCAT(item_id) FROM (SELECT item_id FROM vault_moves
		WHERE melt_batch_id = b.id AND kind = 'melted' ORDER BY id))`

func scanMeltBatch(row interface{ Scan(...any) error }) (MeltBatch, error) {
	var b MeltBatch
	var sent, decided int64
	var lots sql.NullString
	err := row.Scan(&b.ID, &b.Status, &b.Melter, &b.Note, &b.Lots, &b.Lots750Mg, &b.BarID, &b.Bar750Mg, &b.ResultNote,
		&b.SentBy, &b.DecidedBy, &sent, &decided, &b.SentByName, &b.DecidedByName, &lots)
	if errors.Is(err, sql.ErrNoRows) {
		return b, ErrNotFound
	}
	b.SentAt = time.UnixMilli(sent).UTC()
	if decided != 0 {
		b.DecidedAt = time.UnixMilli(decided).UTC()
	}
	b.LotIDs = splitIDs(lots.String)
	return b, err
}

func meltBatchByID(ctx context.Context, q queryer, id int64) (MeltBatch, error) {
	return scanMeltBatch(q.QueryRowContext(ctx, `SELECT `+meltBatchColumns+` FROM melt_batches b WHERE b.id = ?`, id))
}

// MeltBatch is one batch with its lots.
func (s *Store) MeltBatch(ctx context.Context, id int64) (MeltBatch, error) {
	return meltBatchByID(ctx, s.read, id)
}

// MeltBatches lists the batches of a status ("" for all), newest first.
func (s *Store) MeltBatches(ctx context.Context, status string) ([]MeltBatch, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+meltBatchColumns+` FROM melt_batches b
		WHERE ?1 = '' OR b.status = ?1 ORDER BY b.id DESC LIMIT 500`, status)
	return collect(rows, err, scanMeltBatch)
}

// splitIDs reads a GROUP_CONCAT of ids.
func splitIDs(s string) []int64 {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.ParseInt(f, 10, 64); err == nil {
			out = append(out, n)
		}
	}
	return out
}
