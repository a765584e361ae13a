package store

import (
	"context"
	"time"
)

// VaultMove is one line of the vault's journal. The before/after figures are zero where the move did not
// change them; GoldRequestID names the request a delivery handed the item over for.
type VaultMove struct {
	ID                int64
	ItemID            int64
	Kind              string
	Delta750Mg        int64
	WeightBeforeMg    int64
	WeightAfterMg     int64
	PurityBeforeCenti int64
	PurityAfterCenti  int64
	StatusAfter       string
	Note              string
	AdminID           int64
	GoldRequestID     int64
	CounterInvoiceID  int64 // the counter invoice that sold, bought or returned the item
	MeltBatchID       int64 // the melt batch a lot went into or came back from, or a bar came out of
	CreatedAt         time.Time
}

// VaultMoves is an item's history, oldest first.
func (s *Store) VaultMoves(ctx context.Context, itemID int64) ([]VaultMove, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT id, item_id, kind, delta750_mg, IFNULL(weight_before_mg, 0),
		IFNULL(weight_after_mg, 0), IFNULL(purity_before_centi, 0), IFNULL(purity_after_centi, 0), status_after, note,
		IFNULL(admin_id, 0), IFNULL(gold_request_id, 0), IFNULL(counter_invoice_id, 0), IFNULL(melt_batch_id, 0), created_at
		FROM vault_moves WHERE item_id = ? ORDER BY id`, itemID)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (VaultMove, error) {
		var m VaultMove
		var at int64
		err := row.Scan(&m.ID, &m.ItemID, &m.Kind, &m.Delta750Mg, &m.WeightBeforeMg, &m.WeightAfterMg,
			&m.PurityBeforeCenti, &m.PurityAfterCenti, &m.StatusAfter, &m.Note, &m.AdminID, &m.GoldRequestID, &m.CounterInvoiceID, &m.MeltBatchID, &at)
		m.CreatedAt = time.UnixMilli(at).UTC()
		return m, err
	})
}

// nullMg stores a figure the move did not change as NULL.
func nullMg(v int64) any {
	if v == 0 {
		return nil
	}
	return v
}

func insertVaultMove(ctx context.Context, q queryer, m VaultMove, now time.Time) error {
	_, err := q.ExecContext(ctx, `INSERT INTO vault_moves (item_id, kind, delta750_mg, weight_before_mg,
		weight_after_mg, purity_before_centi, purity_after_centi, status_after, note, admin_id, gold_request_id,
		counter_invoice_id, melt_batch_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, m.ItemID, m.Kind,
		m.Delta750Mg, nullMg(m.WeightBeforeMg), nullMg(m.WeightAfterMg), nullMg(m.PurityBeforeCenti),
		nullMg(m.PurityAfterCenti), m.StatusAfter, m.Note, nullID(m.AdminID), nullID(m.GoldRequestID),
		nullID(m.CounterInvoiceID), nullID(m.MeltBatchID), now.UnixMilli())
	return err
}

// receiveVaultItem puts a new item in the vault with its received move (m: who, why, which invoice).
func receiveVaultItem(ctx context.Context, q queryer, it VaultItem, m VaultMove, now time.Time) (VaultItem, error) {
	if it.Tag == "" {
		var err error
		if it.Tag, err = nextTag(ctx, q); err != nil {
			return it, err
		}
	}
	res, err := q.ExecContext(ctx, `INSERT INTO vault_items (kind, description, weight_mg, purity_centi, weight750_mg,
		lab, ingot_number, standard_code, production_code, tracking_code, requestable, tag, category, wage_bp,
		wage_per_gram_rial, assay, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, it.Kind, it.Description, it.WeightMg, it.PurityCenti,
		it.Weight750Mg, it.Lab, it.IngotNumber, it.StandardCode, it.ProductionCode, it.TrackingCode, it.Requestable,
		it.Tag, it.Category, it.WageBP, it.WagePerGramRial, it.Assay, now.UnixMilli(), now.UnixMilli())
	if isUniqueViolation(err) {
		return it, itemConflict(ctx, q, it)
	}
	if err != nil {
		return it, err
	}
	id, _ := res.LastInsertId()
	m.ItemID, m.Kind, m.Delta750Mg, m.WeightAfterMg, m.PurityAfterCenti, m.StatusAfter = id, MoveReceived,
		it.Weight750Mg, it.WeightMg, it.PurityCenti, VaultIn
	if err := insertVaultMove(ctx, q, m, now); err != nil {
		return it, err
	}
	return vaultItemByID(ctx, q, id)
}

// reviseVaultItem writes an item's new fields over before's; a change of weight or purity is journaled as
// a correction of what is held. ErrVaultItemOut for an item no longer in the vault.
func reviseVaultItem(ctx context.Context, q queryer, before, after VaultItem, adminID int64, note string, now time.Time) (VaultItem, error) {
	if before.Status != VaultIn {
		return before, ErrVaultItemOut
	}
	if after.Tag == "" { // a piece keeps a tag: clearing it keeps the one it had
		after.Tag = before.Tag
		if after.Tag == "" {
			var err error
			if after.Tag, err = nextTag(ctx, q); err != nil {
				return before, err
			}
		}
	}
	_, err := q.ExecContext(ctx, `UPDATE vault_items SET kind = ?, description = ?, weight_mg = ?, purity_centi = ?,
		weight750_mg = ?, lab = ?, ingot_number = ?, standard_code = ?, production_code = ?, tracking_code = ?,
		tag = ?, category = ?, wage_bp = ?, wage_per_gram_rial = ?, updated_at = ? WHERE id = ?`, after.Kind,
		after.Description, after.WeightMg, after.PurityCenti, after.Weight750Mg, after.Lab, after.IngotNumber,
		after.StandardCode, after.ProductionCode, after.TrackingCode, after.Tag, after.Category, after.WageBP,
		after.WagePerGramRial, now.UnixMilli(), before.ID)
	if isUniqueViolation(err) {
		after.ID = before.ID
		return before, itemConflict(ctx, q, after)
	}
	if err != nil {
		return before, err
	}
	if before.WeightMg != after.WeightMg || before.PurityCenti != after.PurityCenti {
		if err := insertVaultMove(ctx, q, VaultMove{ItemID: before.ID, Kind: MoveCorrected,
			Delta750Mg: after.Weight750Mg - before.Weight750Mg, WeightBeforeMg: before.WeightMg,
			WeightAfterMg: after.WeightMg, PurityBeforeCenti: before.PurityCenti, PurityAfterCenti: after.PurityCenti,
			StatusAfter: VaultIn, Note: note, AdminID: adminID}, now); err != nil {
			return before, err
		}
	}
	return vaultItemByID(ctx, q, before.ID)
}

// takeOutVaultItem moves an item out of the vault as m says (its kind, who, why, for which gold request or
// invoice): its whole 750-equivalent leaves what is held. A bar delivered to its customer stays a bar
// (listed as delivered); one out any other way is no longer one.
func takeOutVaultItem(ctx context.Context, q queryer, it VaultItem, m VaultMove, now time.Time) (VaultItem, error) {
	if it.Status != VaultIn {
		return it, ErrVaultItemOut
	}
	if err := affectedOne(q.ExecContext(ctx, `UPDATE vault_items SET status = 'out',
		requestable = requestable AND ? = 'delivered', updated_at = ? WHERE id = ? AND status = 'in'`, m.Kind,
		now.UnixMilli(), it.ID)); err != nil {
		return it, err
	}
	m.ItemID, m.Delta750Mg, m.StatusAfter = it.ID, -it.Weight750Mg, VaultOut
	if err := insertVaultMove(ctx, q, m, now); err != nil {
		return it, err
	}
	return vaultItemByID(ctx, q, it.ID)
}

// returnVaultItem puts back in the vault an item a void invoice had sold: a returned move of that invoice.
func returnVaultItem(ctx context.Context, q queryer, it VaultItem, m VaultMove, now time.Time) error {
	if err := affectedOne(q.ExecContext(ctx, `UPDATE vault_items SET status = 'in', updated_at = ?
		WHERE id = ? AND status = 'out'`, now.UnixMilli(), it.ID)); err != nil {
		return err
	}
	m.ItemID, m.Kind, m.Delta750Mg, m.StatusAfter = it.ID, MoveReturned, it.Weight750Mg, VaultIn
	return insertVaultMove(ctx, q, m, now)
}
