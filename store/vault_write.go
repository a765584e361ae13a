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
		it.Requestable = false // only POST /api/admin/abshodeh offers an item to customers
		var err error
		if it, err = receiveVaultItem(ctx, tx, it, VaultMove{AdminID: adminID, Note: note}, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "vault.add", Target: "vault:" + itoa(it.ID),
			After: it}, now)
	})
	return it, err
}

// UpdateVaultItem writes over item id what change makes of it, read inside the transaction so a change laid
// over the stored fields never writes back stale ones (an error of change is returned as it is). A weight or
// purity change is journaled as corrected. An abshodeh bar keeps its kind, lab and ingot (ErrVaultBarLinked) and
// its figures while a live request holds it (ErrBarBusy). ErrVaultItemOut for an item no longer in the vault.
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
		it.Requestable = before.Requestable
		if before.Requestable {
			if err := checkBarRevision(ctx, tx, before, it); err != nil {
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

// checkBarRevision allows a bar's new fields: it stays melted gold with a lab and an ingot, and its figures
// change only while no request holds it.
func checkBarRevision(ctx context.Context, tx *sql.Tx, before, after VaultItem) error {
	if after.Kind != VaultMelted || after.Lab == "" || after.IngotNumber == "" {
		return ErrVaultBarLinked
	}
	if before.Lab == after.Lab && before.IngotNumber == after.IngotNumber && before.WeightMg == after.WeightMg &&
		before.PurityCenti == after.PurityCenti {
		return nil
	}
	_, err := availableBar(ctx, tx, before.ID)
	return err
}

// TakeOutVaultItem takes an item out of the vault as sold, melted or corrected (reason), journaled and
// audited in one transaction. An abshodeh bar goes out with it unless a request holds it (ErrBarBusy). A delivery is refused here (ErrVaultDeliveryByRequest); ErrVaultItemOut when already out.
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
		if before.Requestable {
			if _, err := availableBar(ctx, tx, before.ID); err != nil {
				return err
			}
		}
		if after, err = takeOutVaultItem(ctx, tx, before, VaultMove{Kind: reason, AdminID: adminID, Note: note}, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "vault.out", Target: "vault:" + itoa(id),
			Before: before, After: map[string]any{"status": after.Status, "reason": reason, "note": note}}, now)
	})
	return after, err
}
