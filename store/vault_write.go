package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Refusals of the vault's operations, each a 409 with its own message.
var (
	ErrVaultItemOut = errors.New("store: vault item is out")
	// ErrVaultDeliveryByRequest: a delivery is recorded by marking the customer's gold request delivered,
	// so the move names that request; the vault's own way out cannot know it.
	ErrVaultDeliveryByRequest = errors.New("store: a delivery goes through its gold request")
	// ErrVaultBarLinked: an abshodeh bar's item stays melted gold with a lab and an ingot number, because
	// customers see and ask for it by those.
	ErrVaultBarLinked = errors.New("store: the item of an abshodeh bar keeps its kind, lab and ingot")
)

// AddVaultItem receives an item into the vault, journaled and audited in one transaction; ErrConflict when
// an item in the vault already has that lab and ingot number.
func (s *Store) AddVaultItem(ctx context.Context, adminID int64, it VaultItem, note string, now time.Time) (VaultItem, error) {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		it.Requestable, it.BarID = false, 0 // only POST /api/admin/abshodeh offers an item to customers
		var err error
		if it, err = receiveVaultItem(ctx, tx, it, adminID, note, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "vault.add", Target: "vault:" + itoa(it.ID),
			After: it}, now)
	})
	return it, err
}

// UpdateVaultItem writes over item id what change makes of it, read inside the transaction so a change laid
// over the stored fields never writes back stale ones (an error of change is returned as it is). A weight or
// purity change is journaled as corrected. An abshodeh bar's item changes its bar with it, which a live
// request forbids (ErrBarBusy), and keeps its kind, lab and ingot (ErrVaultBarLinked). ErrVaultItemOut for
// an item no longer in the vault.
func (s *Store) UpdateVaultItem(ctx context.Context, adminID, id int64, change func(VaultItem) (VaultItem, error),
	note string, now time.Time) (VaultItem, error) {
	var after VaultItem
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := vaultItemByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if before.Status != VaultIn {
			return ErrVaultItemOut
		}
		it, err := change(before)
		if err != nil {
			return err
		}
		if before.BarID != 0 {
			if err := reviseBarOf(ctx, tx, before, it, now); err != nil {
				return err
			}
		}
		if after, err = reviseVaultItem(ctx, tx, before, it, adminID, note, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "vault.update", Target: "vault:" + itoa(id),
			Before: before, After: after}, now)
	})
	return after, err
}

// reviseBarOf carries an item's new figures to its abshodeh bar, which must be available when they change.
func reviseBarOf(ctx context.Context, tx *sql.Tx, before, after VaultItem, now time.Time) error {
	if after.Kind != VaultMelted || after.Lab == "" || after.IngotNumber == "" {
		return ErrVaultBarLinked
	}
	if before.Lab == after.Lab && before.IngotNumber == after.IngotNumber && before.WeightMg == after.WeightMg &&
		before.PurityCenti == after.PurityCenti {
		return nil
	}
	if _, err := availableBar(ctx, tx, before.BarID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE abshodeh_bars SET rey = ?, ang = ?, ayar_centi = ?, vazn_mg = ?,
		vazn750_mg = ?, updated_at = ? WHERE id = ?`, after.Lab, after.IngotNumber, after.PurityCenti, after.WeightMg,
		after.Weight750Mg, now.UnixMilli(), before.BarID)
	if isUniqueViolation(err) {
		return ErrConflict
	}
	return err
}

// TakeOutVaultItem takes an item out of the vault as sold, melted or corrected (reason), journaled and
// audited in one transaction. An abshodeh bar goes out of the inventory with it unless a request holds it
// (ErrBarBusy). A delivery is refused here (ErrVaultDeliveryByRequest); ErrVaultItemOut when already out.
func (s *Store) TakeOutVaultItem(ctx context.Context, adminID, id int64, reason, note string, now time.Time) (VaultItem, error) {
	var after VaultItem
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := vaultItemByID(ctx, tx, id)
		if err != nil {
			return err
		}
		if before.Status != VaultIn {
			return ErrVaultItemOut
		}
		if reason == MoveDelivered {
			return ErrVaultDeliveryByRequest
		}
		if before.BarID != 0 {
			if _, err := availableBar(ctx, tx, before.BarID); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE abshodeh_bars SET deleted_at = ? WHERE id = ?`, now.UnixMilli(),
				before.BarID); err != nil {
				return err
			}
		}
		if after, err = takeOutVaultItem(ctx, tx, before, reason, note, adminID, 0, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "vault.out", Target: "vault:" + itoa(id),
			Before: before, After: map[string]any{"status": after.Status, "reason": reason, "note": note}}, now)
	})
	return after, err
}
