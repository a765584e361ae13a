package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// Bar statuses: offered to customers, held by a live request, or handed over. They are read from the facts
// (the item's status and its requests), never stored.
const (
	BarAvailable = "available"
	BarReserved  = "reserved"
	BarDelivered = "delivered"
)

// ErrBarBusy is returned when an admin edits or takes out a bar a request holds or that was delivered.
var ErrBarBusy = errors.New("store: bar reserved or delivered")

// Bar is an abshodeh bar: a vault item of melted gold offered to customers (requestable), found by its lab
// (rey) and ingot number (ang), with the status its requests give it.
type Bar struct {
	VaultItem
	BarStatus string
}

// barSelect reads bars with their status: a bar is out only by a delivery (the vault's other ways out stop
// it being one), and at most one live request holds it (the gold_requests_item_live index).
const barSelect = `SELECT ` + vaultItemColumns + `, CASE
		WHEN status = 'out' THEN 'delivered'
		WHEN EXISTS (SELECT 1 FROM gold_requests r WHERE r.item_id = vault_items.id
			AND r.status IN ('pending', 'approved', 'ready')) THEN 'reserved'
		ELSE 'available' END AS bar_status
	FROM vault_items WHERE requestable `

func scanBar(row interface{ Scan(...any) error }) (Bar, error) {
	var b Bar
	var created, updated int64
	err := row.Scan(append(vaultItemFields(&b.VaultItem, &created, &updated), &b.BarStatus)...)
	if errors.Is(err, sql.ErrNoRows) {
		return b, ErrNotFound
	}
	b.CreatedAt, b.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return b, err
}

func scanBars(rows *sql.Rows, err error) ([]Bar, error) {
	return collect(rows, err, scanBar)
}

// BarsInShop are the statuses of bars the shop still holds: offered, or held by a live request.
var BarsInShop = []string{BarAvailable, BarReserved}

// Bars lists the inventory for admins, newest first: the bars in any of statuses, or every bar when none
// is given.
func (s *Store) Bars(ctx context.Context, statuses ...string) ([]Bar, error) {
	where, args := "", []any{}
	if len(statuses) > 0 {
		where = "WHERE bar_status IN (?" + strings.Repeat(", ?", len(statuses)-1) + ")"
		for _, st := range statuses {
			args = append(args, st)
		}
	}
	return scanBars(s.read.QueryContext(ctx, `SELECT * FROM (`+barSelect+`) `+where+` ORDER BY id DESC`, args...))
}

// AvailableBars lists the bars customers may ask for, lightest first.
func (s *Store) AvailableBars(ctx context.Context) ([]Bar, error) {
	return scanBars(s.read.QueryContext(ctx, `SELECT * FROM (`+barSelect+` AND status = 'in')
		WHERE bar_status = 'available' ORDER BY weight750_mg, id`))
}

// BarByIngot finds a bar by its lab and ingot number: the one in the shop, else the last delivered.
func (s *Store) BarByIngot(ctx context.Context, rey, ang string) (Bar, error) {
	return scanBar(s.read.QueryRowContext(ctx, barSelect+`AND lab = ? AND ingot_number = ? ORDER BY status, id DESC`, rey, ang))
}

// barByID is a bar, in the shop or delivered; ErrNotFound for any other item.
func barByID(ctx context.Context, q queryer, id int64) (Bar, error) {
	return scanBar(q.QueryRowContext(ctx, barSelect+`AND id = ?`, id))
}

// availableBar is a bar in the shop no request holds; ErrNotFound, or ErrBarBusy for a reserved or delivered one.
func availableBar(ctx context.Context, q queryer, id int64) (Bar, error) {
	b, err := barByID(ctx, q, id)
	if err == nil && b.BarStatus != BarAvailable {
		err = ErrBarBusy
	}
	return b, err
}

// AddBar receives melted gold into the vault and offers it to customers; ErrConflict when an item in the
// vault already has that lab and ingot number.
func (s *Store) AddBar(ctx context.Context, adminID int64, it VaultItem, now time.Time) (Bar, error) {
	var b Bar
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		it.Kind, it.Requestable = VaultMelted, true
		added, err := receiveVaultItem(ctx, tx, it, VaultMove{AdminID: adminID}, now)
		if err != nil {
			return err
		}
		if b, err = barByID(ctx, tx, added.ID); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "bar.add", Target: "bar:" + itoa(b.ID), After: b.VaultItem}, now)
	})
	return b, err
}

// UpdateBar writes an available bar's new lab, ingot, weight and purity (from it) over its item; a change of
// weight or purity is a correction of what is held. ErrBarBusy for a reserved or delivered one.
func (s *Store) UpdateBar(ctx context.Context, adminID int64, it VaultItem, now time.Time) (Bar, error) {
	var after Bar
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := availableBar(ctx, tx, it.ID)
		if err != nil {
			return err
		}
		revised := before.VaultItem
		revised.Lab, revised.IngotNumber, revised.WeightMg = it.Lab, it.IngotNumber, it.WeightMg
		revised.PurityCenti, revised.Weight750Mg = it.PurityCenti, it.Weight750Mg
		if _, err := reviseVaultItem(ctx, tx, before.VaultItem, revised, adminID, "", now); err != nil {
			return err
		}
		if after, err = barByID(ctx, tx, it.ID); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "bar.update", Target: "bar:" + itoa(it.ID),
			Before: before.VaultItem, After: after.VaultItem}, now)
	})
	return after, err
}

// DeleteBar takes an available bar out of the vault as a correction (recorded in error), which ends its
// offer; the requests that named it keep its figures.
func (s *Store) DeleteBar(ctx context.Context, adminID, id int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := availableBar(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := takeOutVaultItem(ctx, tx, before.VaultItem, VaultMove{Kind: MoveCorrected, AdminID: adminID}, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "bar.delete", Target: "bar:" + itoa(id), Before: before.VaultItem}, now)
	})
}
