package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// Bar statuses: offered to customers, held by a live request, or handed over.
const (
	BarAvailable = "available"
	BarReserved  = "reserved"
	BarDelivered = "delivered"
)

// ErrBarBusy is returned when an admin edits or deletes a bar a request holds or that was delivered.
var ErrBarBusy = errors.New("store: bar reserved or delivered")

// Bar is one melted-gold bar of the shop's inventory. Purity is in hundredths of a thousandth (750.00 is
// 75000); weights in milligrams, Vazn750Mg computed from the other two by the caller.
type Bar struct {
	ID        int64
	Rey       string
	Ang       string
	AyarCenti int64
	VaznMg    int64
	Vazn750Mg int64
	Status    string
	CreatedAt time.Time
}

const barColumns = `id, rey, ang, ayar_centi, vazn_mg, vazn750_mg, status, created_at`

func scanBars(rows *sql.Rows, err error) ([]Bar, error) {
	return collect(rows, err, scanBar)
}

func scanBar(row interface{ Scan(...any) error }) (Bar, error) {
	var b Bar
	var at int64
	err := row.Scan(&b.ID, &b.Rey, &b.Ang, &b.AyarCenti, &b.VaznMg, &b.Vazn750Mg, &b.Status, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return b, ErrNotFound
	}
	b.CreatedAt = time.UnixMilli(at).UTC()
	return b, err
}

// BarsInShop are the statuses of bars the shop still holds: offered, or held by a live request.
var BarsInShop = []string{BarAvailable, BarReserved}

// Bars lists the inventory for admins, newest first: the bars in any of statuses, or every bar when none
// is given.
func (s *Store) Bars(ctx context.Context, statuses ...string) ([]Bar, error) {
	where, args := "deleted_at IS NULL", []any{}
	if len(statuses) > 0 {
		where += " AND status IN (?" + strings.Repeat(", ?", len(statuses)-1) + ")"
		for _, st := range statuses {
			args = append(args, st)
		}
	}
	return scanBars(s.read.QueryContext(ctx, `SELECT `+barColumns+` FROM abshodeh_bars WHERE `+where+`
		ORDER BY id DESC`, args...))
}

// AvailableBars lists the bars customers may ask for, lightest first.
func (s *Store) AvailableBars(ctx context.Context) ([]Bar, error) {
	return scanBars(s.read.QueryContext(ctx, `SELECT `+barColumns+` FROM abshodeh_bars
		WHERE deleted_at IS NULL AND status = 'available' ORDER BY vazn750_mg, id`))
}

// BarByIngot finds a live bar by its lab and ingot number.
func (s *Store) BarByIngot(ctx context.Context, rey, ang string) (Bar, error) {
	return scanBar(s.read.QueryRowContext(ctx, `SELECT `+barColumns+` FROM abshodeh_bars
		WHERE rey = ? AND ang = ? AND deleted_at IS NULL`, rey, ang))
}

func barByID(ctx context.Context, q queryer, id int64) (Bar, error) {
	return scanBar(q.QueryRowContext(ctx, `SELECT `+barColumns+` FROM abshodeh_bars WHERE id = ? AND deleted_at IS NULL`, id))
}

// AddBar puts a bar in the inventory and its item in the vault (received); ErrConflict when the lab already
// has a live bar, or the vault an item in, with that ingot number.
func (s *Store) AddBar(ctx context.Context, adminID int64, b Bar, now time.Time) (Bar, error) {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO abshodeh_bars (rey, ang, ayar_centi, vazn_mg, vazn750_mg,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, b.Rey, b.Ang, b.AyarCenti, b.VaznMg, b.Vazn750Mg,
			now.UnixMilli(), now.UnixMilli())
		if isUniqueViolation(err) {
			return ErrConflict
		}
		if err != nil {
			return err
		}
		id, _ := res.LastInsertId()
		if b, err = barByID(ctx, tx, id); err != nil {
			return err
		}
		if _, err := receiveVaultItem(ctx, tx, barItem(b), adminID, "", now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "bar.add", Target: "bar:" + itoa(id), After: b}, now)
	})
	return b, err
}

// UpdateBar changes an available bar's figures and its vault item's (a change of weight or purity is a
// correction of what is held); ErrBarBusy for a reserved or delivered one.
func (s *Store) UpdateBar(ctx context.Context, adminID int64, b Bar, now time.Time) (Bar, error) {
	var after Bar
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := availableBar(ctx, tx, b.ID)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE abshodeh_bars SET rey = ?, ang = ?, ayar_centi = ?, vazn_mg = ?,
			vazn750_mg = ?, updated_at = ? WHERE id = ?`, b.Rey, b.Ang, b.AyarCenti, b.VaznMg, b.Vazn750Mg, now.UnixMilli(), b.ID)
		if isUniqueViolation(err) {
			return ErrConflict
		}
		if err != nil {
			return err
		}
		if after, err = barByID(ctx, tx, b.ID); err != nil {
			return err
		}
		item, err := vaultItemOfBar(ctx, tx, b.ID)
		if err != nil {
			return err
		}
		revised := barItem(after)
		revised.Description, revised.StandardCode = item.Description, item.StandardCode
		revised.ProductionCode, revised.TrackingCode = item.ProductionCode, item.TrackingCode
		if _, err := reviseVaultItem(ctx, tx, item, revised, adminID, "", now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "bar.update", Target: "bar:" + itoa(b.ID),
			Before: before, After: after}, now)
	})
	return after, err
}

// DeleteBar takes an available bar out of the inventory (kept for the requests that name it) and its item
// out of the vault as a correction.
func (s *Store) DeleteBar(ctx context.Context, adminID, id int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := availableBar(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE abshodeh_bars SET deleted_at = ? WHERE id = ?`, now.UnixMilli(), id); err != nil {
			return err
		}
		item, err := vaultItemOfBar(ctx, tx, id)
		if err != nil {
			return err
		}
		if _, err := takeOutVaultItem(ctx, tx, item, MoveCorrected, "", adminID, 0, now); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "bar.delete", Target: "bar:" + itoa(id), Before: before}, now)
	})
}

// barItem is the vault item of a bar: melted gold offered to customers, found by its lab and ingot number.
func barItem(b Bar) VaultItem {
	return VaultItem{Kind: VaultMelted, WeightMg: b.VaznMg, PurityCenti: b.AyarCenti, Weight750Mg: b.Vazn750Mg,
		Lab: b.Rey, IngotNumber: b.Ang, Requestable: true, BarID: b.ID}
}

// availableBar is a live bar no request holds; ErrNotFound or ErrBarBusy otherwise.
func availableBar(ctx context.Context, tx *sql.Tx, id int64) (Bar, error) {
	b, err := barByID(ctx, tx, id)
	if err == nil && b.Status != BarAvailable {
		err = ErrBarBusy
	}
	return b, err
}
