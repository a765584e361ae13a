package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Vault item kinds: coded bars, coins, melted gold (the abshodeh bars among it) and jewellery stock.
const (
	VaultBar       = "bar"
	VaultCoin      = "coin"
	VaultMelted    = "melted"
	VaultJewellery = "jewellery"
)

// VaultKinds are every kind an item may have, in the order totals are listed.
var VaultKinds = []string{VaultBar, VaultCoin, VaultMelted, VaultJewellery}

// Vault item statuses.
const (
	VaultIn  = "in"
	VaultOut = "out"
)

// AssayUnassayed marks melted gold at its estimated purity, bought at the counter or added by hand: a lot
// for the melter, not stock to sell.
const AssayUnassayed = "unassayed"

// Vault move kinds (issue 17): received puts an item in; delivered, sold and melted take it out; corrected
// changes its figures or takes out what was recorded in error.
const (
	MoveReceived  = "received"
	MoveDelivered = "delivered"
	MoveSold      = "sold"
	MoveMelted    = "melted"
	MoveCorrected = "corrected"
	// MoveReturned undoes a void counter invoice's move: a sold piece back in, a bought lot out.
	MoveReturned = "returned"
)

// VaultItem is one thing the shop holds or held. Purity is in hundredths of a thousandth (750.00 is 75000);
// Weight750Mg is computed from the other two by the caller (rules.Vazn750Mg). A requestable item is an
// abshodeh bar (abshodeh.go).
type VaultItem struct {
	ID             int64
	Kind           string
	Description    string
	WeightMg       int64
	PurityCenti    int64
	Weight750Mg    int64
	Lab            string
	IngotNumber    string
	StandardCode   string
	ProductionCode string
	TrackingCode   string
	Status         string
	Requestable    bool
	// The counter's fields (issue 38): the piece's tag code, its category and default wage (a percent of its
	// gold value in hundredths, or rial per gram), and Assay "unassayed" for used gold bought at the counter.
	Tag             string
	Category        string
	WageBP          int64
	WagePerGramRial int64
	Assay           string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

const vaultItemColumns = `id, kind, description, weight_mg, purity_centi, weight750_mg, lab, ingot_number,
	standard_code, production_code, tracking_code, status, requestable, tag, category, wage_bp, wage_per_gram_rial,
	assay, created_at, updated_at`

// vaultItemFields are the scan targets of vaultItemColumns, the times as milliseconds.
func vaultItemFields(it *VaultItem, created, updated *int64) []any {
	return []any{&it.ID, &it.Kind, &it.Description, &it.WeightMg, &it.PurityCenti, &it.Weight750Mg, &it.Lab,
		&it.IngotNumber, &it.StandardCode, &it.ProductionCode, &it.TrackingCode, &it.Status, &it.Requestable,
		&it.Tag, &it.Category, &it.WageBP, &it.WagePerGramRial, &it.Assay, created, updated}
}

func scanVaultItem(row interface{ Scan(...any) error }) (VaultItem, error) {
	var it VaultItem
	var created, updated int64
	err := row.Scan(vaultItemFields(&it, &created, &updated)...)
	if errors.Is(err, sql.ErrNoRows) {
		return it, ErrNotFound
	}
	it.CreatedAt, it.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return it, err
}

func vaultItemByID(ctx context.Context, q queryer, id int64) (VaultItem, error) {
	return scanVaultItem(q.QueryRowContext(ctx, `SELECT `+vaultItemColumns+` FROM vault_items WHERE id = ?`, id))
}

// VaultItemByTag is the item whose tag code is tag, in or out; ErrNotFound for none.
func (s *Store) VaultItemByTag(ctx context.Context, tag string) (VaultItem, error) {
	return scanVaultItem(s.read.QueryRowContext(ctx, `SELECT `+vaultItemColumns+` FROM vault_items WHERE tag = ? AND tag <> ''`, tag))
}

// VaultItem is one item, in or out.
func (s *Store) VaultItem(ctx context.Context, id int64) (VaultItem, error) {
	return vaultItemByID(ctx, s.read, id)
}

// VaultItems lists the items of the given status (VaultIn or VaultOut), newest first; "" lists every item
// ever kept.
func (s *Store) VaultItems(ctx context.Context, status string) ([]VaultItem, error) {
	where, args := ``, []any{}
	if status != "" {
		where, args = `WHERE status = ?`, append(args, status)
	}
	rows, err := s.read.QueryContext(ctx, `SELECT `+vaultItemColumns+` FROM vault_items `+where+` ORDER BY id DESC`, args...)
	return collect(rows, err, scanVaultItem)
}

// VaultTotal is what the vault holds of one kind.
type VaultTotal struct {
	Kind        string
	Count       int64
	Weight750Mg int64
}

// VaultTotals are the items in the vault by kind, every kind listed (zero when none is held).
func (s *Store) VaultTotals(ctx context.Context) ([]VaultTotal, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT kind, COUNT(*), SUM(weight750_mg) FROM vault_items
		WHERE status = 'in' GROUP BY kind`)
	held, err := collect(rows, err, func(row interface{ Scan(...any) error }) (VaultTotal, error) {
		var t VaultTotal
		return t, row.Scan(&t.Kind, &t.Count, &t.Weight750Mg)
	})
	if err != nil {
		return nil, err
	}
	out := make([]VaultTotal, len(VaultKinds))
	for i, k := range VaultKinds {
		out[i].Kind = k
		for _, t := range held {
			if t.Kind == k {
				out[i] = t
			}
		}
	}
	return out, nil
}

// vaultHeldSQL is the 750-equivalent the vault holds for the reserve: its items in, and the lots of the melt
// batches sent and not back (issue 39).
const vaultHeldSQL = `((SELECT IFNULL(SUM(weight750_mg), 0) FROM vault_items WHERE status = 'in')
	+ (SELECT IFNULL(SUM(lots750_mg), 0) FROM melt_batches WHERE status = 'sent'))`

// VaultHeld is the 750-equivalent in milligrams the vault holds now, melt batches' lots included.
func (s *Store) VaultHeld(ctx context.Context) (int64, error) {
	var mg int64
	err := s.read.QueryRowContext(ctx, `SELECT `+vaultHeldSQL).Scan(&mg)
	return mg, err
}

// VaultHeldAt rebuilds the 750-equivalent held at t from the moves up to and including it (a melt batch's
// lots from when they were sent until they came back or became a bar); the invariants
// keep it equal to VaultHeld for the present.
func (s *Store) VaultHeldAt(ctx context.Context, t time.Time) (int64, error) {
	var mg int64
	err := s.read.QueryRowContext(ctx, `SELECT IFNULL(SUM(delta750_mg), 0) FROM vault_holding_moves WHERE created_at <= ?`,
		t.UnixMilli()).Scan(&mg)
	return mg, err
}
