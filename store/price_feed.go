package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// The day price by itself (issue 40): the owner's feed settings and the feed's state, one row (migrations/
// 0041_price_feed.sql). The fetching and the guards are pricefeed's; the job that runs them is the app's.

// PriceFeedSettings are the owner's settings of the feed. KeySet says whether a key is kept: the key itself is
// sealed under the factor key and read only by PriceFeedKey, for the fetch.
type PriceFeedSettings struct {
	Enabled      bool          `json:"enabled"`
	Source       string        `json:"source"`
	URL          string        `json:"url"`
	KeySet       bool          `json:"key_set"`
	Symbol       string        `json:"symbol"`
	Path         string        `json:"path"`
	Unit         string        `json:"unit"`
	Per          string        `json:"per"`
	TimePath     string        `json:"time_path"`
	MarginBP     int64         `json:"margin_bp"`
	MarginRial   int64         `json:"margin_rial"`
	RoundTo      int64         `json:"round_to"`
	Every        time.Duration `json:"every_ns"`
	MaxAge       time.Duration `json:"max_age_ns"`
	AlertAfter   time.Duration `json:"alert_after_ns"`
	ManualHold   time.Duration `json:"manual_hold_ns"`
	MaxStepBP    int64         `json:"max_step_bp"`
	OutsideHours bool          `json:"outside_hours"` // apply outside both sides' trading hours too
	UpdatedAt    time.Time     `json:"-"`
}

// PriceFeedState is what the feed last did: the last value read (the source's, rial per gram of 750) and its
// time by the source, a value held for the owner (HeldBase the base it would set), the failure under way
// (since FailingSince, the owner texted at AlertedAt), and the pause a hand price set.
type PriceFeedState struct {
	LastValue                int64
	LastValueAt, LastFetchAt time.Time
	HeldBase, HeldValue      int64
	HeldValueAt              time.Time
	LastError                string
	FailingSince, AlertedAt  time.Time
	PausedUntil              time.Time
}

// ErrNothingHeld: there is no held value to apply or keep.
var ErrNothingHeld = errors.New("store: no value is held")

// feedKeyData binds the sealed key to the feed: a sealed TOTP secret copied into its column opens for no one.
var feedKeyData = []byte("price feed key")

const priceFeedColumns = `enabled, source, url, key_sealed <> '', symbol, path, unit, per, time_path, margin_bp,
	margin_rial, round_to, every_s, max_age_s, alert_after_s, manual_hold_s, max_step_bp, outside_hours, updated_at,
	IFNULL(last_value, 0), IFNULL(last_value_at, 0), IFNULL(last_fetch_at, 0), IFNULL(held_base, 0),
	IFNULL(held_value, 0), IFNULL(held_value_at, 0), last_error, IFNULL(failing_since, 0), IFNULL(alerted_at, 0),
	IFNULL(paused_until, 0)`

// PriceFeed reads the settings and the state.
func (s *Store) PriceFeed(ctx context.Context) (PriceFeedSettings, PriceFeedState, error) {
	return priceFeed(ctx, s.read)
}

func priceFeed(ctx context.Context, q queryer) (PriceFeedSettings, PriceFeedState, error) {
	var f PriceFeedSettings
	var st PriceFeedState
	var every, maxAge, alertAfter, hold, updated, lastAt, fetchAt, heldAt, failing, alerted, paused int64
	err := q.QueryRowContext(ctx, `SELECT `+priceFeedColumns+` FROM price_feed WHERE id = 1`).Scan(&f.Enabled,
		&f.Source, &f.URL, &f.KeySet, &f.Symbol, &f.Path, &f.Unit, &f.Per, &f.TimePath, &f.MarginBP, &f.MarginRial,
		&f.RoundTo, &every, &maxAge, &alertAfter, &hold, &f.MaxStepBP, &f.OutsideHours, &updated, &st.LastValue,
		&lastAt, &fetchAt, &st.HeldBase, &st.HeldValue, &heldAt, &st.LastError, &failing, &alerted, &paused)
	sec := func(n int64) time.Duration { return time.Duration(n) * time.Second }
	f.Every, f.MaxAge, f.AlertAfter, f.ManualHold = sec(every), sec(maxAge), sec(alertAfter), sec(hold)
	f.UpdatedAt = msTime(updated)
	st.LastValueAt, st.LastFetchAt, st.HeldValueAt = msTime(lastAt), msTime(fetchAt), msTime(heldAt)
	st.FailingSince, st.AlertedAt, st.PausedUntil = msTime(failing), msTime(alerted), msTime(paused)
	return f, st, err
}

// msTime reads a stored millisecond time; 0 is none (the zero time).
func msTime(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// SavePriceFeed writes the owner's settings, audited without the key (only whether one is set); key nil keeps
// the one kept, "" forgets it, anything else is sealed and kept. A change of settings ends a pause, a held
// value and a failure under way: the next fetch starts afresh. ErrNoFactorKey when a key is given to a store
// without its factor key.
func (s *Store) SavePriceFeed(ctx context.Context, adminID int64, f PriceFeedSettings, key *string, now time.Time) error {
	sealed, keyID := "", ""
	if key != nil && *key != "" {
		k, err := s.seals()
		if err != nil {
			return err
		}
		sealed, keyID = k.sealFor(feedKeyData, *key), k.id
	}
	return s.InTx(ctx, func(tx *sql.Tx) error {
		before, _, err := priceFeed(ctx, tx)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE price_feed SET enabled = ?, source = ?, url = ?, symbol = ?, path = ?,
			unit = ?, per = ?, time_path = ?, margin_bp = ?, margin_rial = ?, round_to = ?, every_s = ?, max_age_s = ?,
			alert_after_s = ?, manual_hold_s = ?, max_step_bp = ?, outside_hours = ?, updated_at = ?,
			key_sealed = IIF(?, ?, key_sealed), key_id = IIF(?, ?, key_id),
			held_base = NULL, held_value = NULL, held_value_at = NULL, failing_since = NULL, alerted_at = NULL,
			last_error = '', paused_until = NULL WHERE id = 1`,
			f.Enabled, f.Source, f.URL, f.Symbol, f.Path, f.Unit, f.Per, f.TimePath, f.MarginBP, f.MarginRial, f.RoundTo,
			int64(f.Every/time.Second), int64(f.MaxAge/time.Second), int64(f.AlertAfter/time.Second),
			int64(f.ManualHold/time.Second), f.MaxStepBP, f.OutsideHours, now.UnixMilli(),
			key != nil, sealed, key != nil, keyID); err != nil {
			return err
		}
		after, _, err := priceFeed(ctx, tx)
		if err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "price_feed.settings", Target: "price_feed",
			Before: before, After: after}, now)
	})
}

// PriceFeedKey opens the kept key for a fetch: "" when none is kept; ErrFactorSealedElsewhere when it was
// sealed under another factor key (a database restored without its key file: the owner types it again).
func (s *Store) PriceFeedKey(ctx context.Context) (string, error) {
	var sealed string
	if err := s.read.QueryRowContext(ctx, `SELECT key_sealed FROM price_feed WHERE id = 1`).Scan(&sealed); err != nil {
		return "", err
	}
	if sealed == "" {
		return "", nil
	}
	k, err := s.seals()
	if err != nil {
		return "", err
	}
	return k.openFor(feedKeyData, sealed)
}

// FeedReading is a value the feed read: the source's rial per gram of 750 at the source's time, and the base
// price it makes with the owner's margin.
type FeedReading struct {
	Source string
	Value  int64
	At     time.Time
	Base   int64
}

// FeedApply sets the reading's base as the shop's base price, by the feed (its source, value and time kept
// with it), in one transaction with the feed's state: the value read, no hold, no failure.
func (s *Store) FeedApply(ctx context.Context, r FeedReading, now time.Time) error {
	defer s.dropTerms()
	return s.InTx(ctx, func(tx *sql.Tx) error {
		if err := setBasePrice(ctx, tx, s, 0, PricePoint{PricePerGramRial: r.Base, Source: r.Source,
			SourceValue: r.Value, SourceAt: r.At}, now); err != nil {
			return err
		}
		return feedRead(ctx, tx, r, false, now)
	})
}

// FeedHold keeps the reading for the owner instead of applying it (it moved the base too far).
func (s *Store) FeedHold(ctx context.Context, r FeedReading, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error { return feedRead(ctx, tx, r, true, now) })
}

// feedRead records a reading the source gave: the failure under way ends; held keeps it for the owner.
func feedRead(ctx context.Context, tx *sql.Tx, r FeedReading, held bool, now time.Time) error {
	var base, value, at any
	if held {
		base, value, at = r.Base, r.Value, r.At.UnixMilli()
	}
	_, err := tx.ExecContext(ctx, `UPDATE price_feed SET last_value = ?, last_value_at = ?, last_fetch_at = ?,
		held_base = ?, held_value = ?, held_value_at = ?, last_error = '', failing_since = NULL, alerted_at = NULL
		WHERE id = 1`, r.Value, r.At.UnixMilli(), now.UnixMilli(), base, value, at)
	return err
}

// FeedFailed records a fetch that gave nothing to apply (why, in the owner's words), and says whether the
// owner is now to be texted: the failure has lasted alertAfter and they were not texted for it yet (once).
// A value the source gave that was too old or from the future is kept as the last value read.
func (s *Store) FeedFailed(ctx context.Context, why string, read *FeedReading, alertAfter time.Duration, now time.Time) (alert bool, err error) {
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE price_feed SET last_error = ?1, last_fetch_at = ?2,
			failing_since = IFNULL(failing_since, ?2) WHERE id = 1`, why, now.UnixMilli()); err != nil {
			return err
		}
		if read != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE price_feed SET last_value = ?, last_value_at = ? WHERE id = 1`,
				read.Value, read.At.UnixMilli()); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `UPDATE price_feed SET alerted_at = ? WHERE id = 1 AND alerted_at IS NULL
			AND failing_since <= ?`, now.UnixMilli(), now.Add(-alertAfter).UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		alert = n == 1
		return err
	})
	return alert, err
}

// ApplyHeld sets the held value's base as the base price, on the owner's word (adminID), by the feed's
// source; ErrNothingHeld when none is held.
func (s *Store) ApplyHeld(ctx context.Context, adminID int64, now time.Time) (PricePoint, error) {
	defer s.dropTerms()
	var p PricePoint
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		f, st, err := priceFeed(ctx, tx)
		if err != nil {
			return err
		}
		if st.HeldBase == 0 {
			return ErrNothingHeld
		}
		p = PricePoint{PricePerGramRial: st.HeldBase, Source: f.Source, SourceValue: st.HeldValue, SourceAt: st.HeldValueAt}
		if err := setBasePrice(ctx, tx, s, adminID, p, now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE price_feed SET held_base = NULL, held_value = NULL, held_value_at = NULL,
			paused_until = NULL WHERE id = 1`)
		return err
	})
	return p, err
}

// KeepPrice drops the held value: the owner keeps the price as it is. ErrNothingHeld when none is held.
func (s *Store) KeepPrice(ctx context.Context, adminID int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		if err := affectedOne(tx.ExecContext(ctx, `UPDATE price_feed SET held_base = NULL, held_value = NULL,
			held_value_at = NULL WHERE id = 1 AND held_base IS NOT NULL`)); err != nil {
			if errors.Is(err, ErrNotFound) {
				return ErrNothingHeld
			}
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "price_feed.keep", Target: "price_feed"}, now)
	})
}

// ResumeFeed ends a hand price's pause before its time.
func (s *Store) ResumeFeed(ctx context.Context, adminID int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE price_feed SET paused_until = NULL WHERE id = 1`); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "price_feed.resume", Target: "price_feed"}, now)
	})
}
