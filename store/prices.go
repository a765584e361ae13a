package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// PricePoint is one base price the shop set, in rial per gram of 750 gold, and who set it (issue 40): the
// owner by hand (Source PriceManual), or the feed (its source, the source's value and its time).
type PricePoint struct {
	ID               int64
	PricePerGramRial int64
	At               time.Time
	Source           string
	SourceValue      int64
	SourceAt         time.Time
}

// PriceManual is a base price the owner typed.
const PriceManual = "manual"

// pricePointColumns are the columns scanPricePoint reads.
const pricePointColumns = `id, price_rial, created_at, source, IFNULL(source_value, 0), IFNULL(source_at, 0)`

func scanPricePoint(row interface{ Scan(...any) error }) (PricePoint, error) {
	var p PricePoint
	var at, sourceAt int64
	err := row.Scan(&p.ID, &p.PricePerGramRial, &at, &p.Source, &p.SourceValue, &sourceAt)
	p.At = time.UnixMilli(at).UTC()
	if sourceAt != 0 {
		p.SourceAt = time.UnixMilli(sourceAt).UTC()
	}
	return p, err
}

// terms is what every price read needs: the newest base price, the trading rules and the five grades; and
// what every trade needs: the owner's daily limits (daily_limits.go).
type terms struct {
	base     PricePoint
	hasBase  bool
	settings PriceSettings
	grades   []Grade // in id order
	limits   dailyLimitSet
}

// termsCache holds the terms in memory so the trade screen's poll reads no table for them. One process owns
// the database (the server holds a lock on its data folder, backup.LockData, and a restore refuses to run
// beside it), and the store's own writes (SetBasePrice, SavePriceSettings, UpdateGrade, SetGradeDailyLimits,
// SetUserDailyLimits) are the only ones that change these tables, so it is enough that each of them drops the
// cache after its transaction; the next read loads it again from the committed rows. The admin CLI opens the
// store in another process while the server runs, but never changes these tables.
//
// A reader that began loading before a drop must not put its older copy back: gen counts the drops, and a
// load is kept only if no drop happened since it started.
type termsCache struct {
	cur atomic.Pointer[terms]
	mu  sync.Mutex
	gen uint64
}

// currentTerms returns the cached terms, loading them from the read pool after a change.
func (s *Store) currentTerms(ctx context.Context) (*terms, error) {
	c := &s.terms
	if t := c.cur.Load(); t != nil {
		return t, nil
	}
	c.mu.Lock()
	gen := c.gen
	c.mu.Unlock()
	t, err := s.loadTerms(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if c.gen == gen {
		c.cur.Store(t)
	}
	c.mu.Unlock()
	return t, nil
}

// dropTerms forgets the cached terms; called after every write to price_history, price_settings, grades or
// daily_limits, committed or not (a rolled-back write changed nothing, and the reload costs four small
// queries). Those
// writes run in transactions of their own (never inside an Idempotency-Key call, whose transaction commits
// later), so when InTx returns the change is committed and the next load sees it.
func (s *Store) dropTerms() {
	c := &s.terms
	c.mu.Lock()
	c.gen++
	c.cur.Store(nil)
	c.mu.Unlock()
}

func (s *Store) loadTerms(ctx context.Context) (*terms, error) {
	t := &terms{}
	var err error
	t.base, err = scanPricePoint(s.readStmts.QueryRowContext(ctx, `SELECT `+pricePointColumns+` FROM price_history
		ORDER BY id DESC LIMIT 1`))
	switch {
	case err == nil:
		t.hasBase = true
	case !errors.Is(err, sql.ErrNoRows):
		return nil, err
	}
	if t.settings, err = priceSettings(ctx, s.readStmts); err != nil {
		return nil, err
	}
	if t.grades, err = grades(ctx, s.readStmts); err != nil {
		return nil, err
	}
	if t.limits, err = loadDailyLimits(ctx, s.readStmts); err != nil {
		return nil, err
	}
	return t, nil
}

// grade returns grade id of the terms; ErrNotFound outside the five.
func (t *terms) grade(id int) (Grade, error) {
	i, ok := slices.BinarySearchFunc(t.grades, id, func(g Grade, id int) int { return g.ID - id })
	if !ok {
		return Grade{}, ErrNotFound
	}
	return t.grades[i], nil
}

// BasePrice returns the newest base price; ErrNotFound before the shop has set one.
func (s *Store) BasePrice(ctx context.Context) (PricePoint, error) {
	t, err := s.currentTerms(ctx)
	if err != nil {
		return PricePoint{}, err
	}
	if !t.hasBase {
		return PricePoint{}, ErrNotFound
	}
	return t.base, nil
}

// PriceHistory returns the base prices set since the given time, newest first, and the last one set before
// it: the price that held when the window opened, so a chart can start at its left edge.
func (s *Store) PriceHistory(ctx context.Context, since time.Time) ([]PricePoint, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+pricePointColumns+` FROM price_history WHERE id >=
		IFNULL((SELECT MAX(id) FROM price_history WHERE created_at < ?), 0) ORDER BY id DESC`, since.UnixMilli())
	return collect(rows, err, scanPricePoint)
}

// SetBasePrice records a new base price the owner typed, with its audit entry, in one transaction; a feed
// turned on pauses for its manual hold (price_feed.go): the owner's own price always wins.
func (s *Store) SetBasePrice(ctx context.Context, adminID, priceRial int64, now time.Time) error {
	defer s.dropTerms()
	return s.InTx(ctx, func(tx *sql.Tx) error {
		if err := setBasePrice(ctx, tx, s, adminID, PricePoint{PricePerGramRial: priceRial, Source: PriceManual}, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE price_feed SET paused_until = ?1 + manual_hold_s * 1000, held_base = NULL,
			held_value = NULL, held_value_at = NULL WHERE enabled`, now.UnixMilli())
		return err
	})
}

// setBasePrice writes p as the newest base price (who set it included), in the caller's transaction, with
// its audit entry; the caller drops the terms after the commit.
func setBasePrice(ctx context.Context, tx *sql.Tx, s *Store, adminID int64, p PricePoint, now time.Time) error {
	var before sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT price_rial FROM price_history ORDER BY id DESC LIMIT 1`).
		Scan(&before); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	var sourceAt any
	if !p.SourceAt.IsZero() {
		sourceAt = p.SourceAt.UnixMilli()
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO price_history (price_rial, set_by, created_at, source, source_value,
		source_at) VALUES (?, ?, ?, ?, ?, ?)`, p.PricePerGramRial, nullID(adminID), now.UnixMilli(), p.Source,
		nullID(p.SourceValue), sourceAt); err != nil {
		return err
	}
	if err := s.pricesChanged(ctx, tx, now); err != nil {
		return err
	}
	var beforeVal any
	if before.Valid {
		beforeVal = map[string]any{"base_price": before.Int64}
	}
	after := map[string]any{"base_price": p.PricePerGramRial, "source": p.Source}
	if p.Source != PriceManual {
		after["source_value"], after["source_at"] = p.SourceValue, p.SourceAt
	}
	return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "price.set", Target: "base_price",
		Before: beforeVal, After: after}, now)
}
