package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"goldshop/rules"
)

// ErrReserveShort is what every refusal of the reserve guard matches (errors.Is); the error itself is a
// *ReserveShortError naming the shortfall.
var ErrReserveShort = errors.New("store: reserve short")

// ReserveShortError refuses gold the shop would owe beyond what its vault holds for customers (margin
// included). ShortMg is how much more the reserve would have to hold for it.
type ReserveShortError struct {
	ShortMg int64
}

func (e *ReserveShortError) Error() string {
	return "store: reserve short by " + itoa(e.ShortMg) + " mg"
}

// Is makes every refusal of the guard match ErrReserveShort.
func (e *ReserveShortError) Is(target error) bool { return target == ErrReserveShort }

// ReserveSettings are the owner's settings of the guard: a safety margin (hundredths of a percent) and
// whether the guard refuses at all.
type ReserveSettings struct {
	MarginBP     int64 `json:"margin_bp"`
	GuardEnabled bool  `json:"guard_enabled"`
}

// Reserve is what the guard weighs, in milligrams of 750 gold: the vault's holdings, the part of them already
// promised to approved deliveries (bars whose gold customers no longer own), and what customers own (free and
// held).
type Reserve struct {
	HeldMg, PromisedMg, OwedMg int64
	Settings                   ReserveSettings
}

// ReserveMg is what the vault holds for customers.
func (r Reserve) ReserveMg() int64 { return r.HeldMg - r.PromisedMg }

// RoomMg is how much more gold the shop may owe under the margin.
func (r Reserve) RoomMg() int64 {
	return rules.ReserveRoom(r.ReserveMg(), r.OwedMg, r.Settings.MarginBP)
}

// surplus is how far the reserve stands above what customers own with the margin, in ten-thousandths of a
// milligram: reserve × 10 000 − owed × (10 000 + margin); below zero the vault is short.
func (r Reserve) surplus() int64 {
	return r.ReserveMg()*10_000 - r.OwedMg*(10_000+r.Settings.MarginBP)
}

// Cover is nil when the shop may owe addMg more, or a *ReserveShortError; always nil with the guard off.
func (r Reserve) Cover(addMg int64) error {
	if !r.Settings.GuardEnabled || addMg <= r.RoomMg() {
		return nil
	}
	return &ReserveShortError{ShortMg: addMg - r.RoomMg()}
}

const (
	reserveSettingsSQL = `SELECT margin_bp, guard_enabled FROM reserve_settings WHERE id = 1`
	// reserveSQL is the guard's figures in one statement: it runs in every buy's transaction. Every gold
	// posting has its other side, so what customers own is what the shop's own accounts are short: a handful
	// of rows instead of every customer's.
	reserveSQL = `SELECT margin_bp, guard_enabled,
		(SELECT -IFNULL(SUM(balance), 0) FROM accounts WHERE user_id IS NULL AND asset = 'gold'),
		` + vaultHeldSQL + `,
		(SELECT IFNULL(SUM(vazn750_mg), 0) FROM gold_requests WHERE status IN ('approved', 'ready'))
		FROM reserve_settings WHERE id = 1`
)

func reserveOf(ctx context.Context, q queryer) (Reserve, error) {
	var r Reserve
	err := q.QueryRowContext(ctx, reserveSQL).Scan(&r.Settings.MarginBP, &r.Settings.GuardEnabled, &r.OwedMg,
		&r.HeldMg, &r.PromisedMg)
	return r, err
}

// Reserve returns the guard's figures now, from the read pool: a quote refuses early with them, and the
// transaction that credits the gold checks again (ensureReserve).
func (s *Store) Reserve(ctx context.Context) (Reserve, error) {
	return reserveOf(ctx, s.readStmts)
}

// ensureReserve refuses, inside the transaction about to credit a customer addMg of gold, gold the vault does
// not hold: the transactions run one after another on the writer, so concurrent buys can never together
// oversell what each alone would fit.
func ensureReserve(ctx context.Context, q queryer, addMg int64) error {
	r, err := reserveOf(ctx, q)
	if err != nil {
		return err
	}
	return r.Cover(addMg)
}

// SetReserveSettings saves the owner's settings and audits the change (kind reserve_settings, before and
// after).
func (s *Store) SetReserveSettings(ctx context.Context, adminID int64, set ReserveSettings, now time.Time) (ReserveSettings, error) {
	var before ReserveSettings
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, reserveSettingsSQL).Scan(&before.MarginBP, &before.GuardEnabled); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE reserve_settings SET margin_bp = ?, guard_enabled = ?, updated_at = ?
			WHERE id = 1`, set.MarginBP, set.GuardEnabled, now.UnixMilli()); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "reserve_settings", Target: "reserve",
			Before: before, After: set}, now)
	})
	return set, err
}
