package store

import (
	"context"
	"sync"
)

// writerReserve is the slow part of the reserve guard's figures (what the vault holds, the gold promised to
// deliveries, the owner's settings) as a transaction of the writer last read them, so that a buy's checks
// read only what customers own (the shop's few gold accounts) instead of summing every piece in the vault
// twice a trade, at the quote and at the verify (issue 41); a shop's vault holds thousands of pieces. It is
// kept as the trading rules are (writer_rules.go): the writer connection's hook counts every change to the
// tables the figures come from, and counts again when the transaction that made it has ended. A copy is
// taken only from a read in a transaction that has changed none of them, so it is always what is committed.
type writerReserve struct {
	mu       sync.Mutex
	ok       bool
	gen      uint64
	held     int64
	promised int64
	settings ReserveSettings
}

// reserveOwedSQL is the part of reserveSQL that every trade moves: what customers own.
const reserveOwedSQL = `SELECT -IFNULL(SUM(balance), 0) FROM accounts WHERE user_id IS NULL AND asset = 'gold'`

// tradeReserve is the guard's figures for a trade's checks through q: the copy and what customers own where
// the copy holds, else the whole figures, which a read on the writer (onWriter: q is a transaction of the
// writer) keeps as the new copy when its transaction has not changed them. A read on the read pool only
// uses the copy: its early check may read what is committed at its own moment.
func (s *Store) tradeReserve(ctx context.Context, q queryer, onWriter bool) (Reserve, error) {
	c := &s.reserve
	gen := s.watch.reserve.Load()
	c.mu.Lock()
	hit := c.ok && c.gen == gen
	r := Reserve{HeldMg: c.held, PromisedMg: c.promised, Settings: c.settings}
	c.mu.Unlock()
	if hit {
		err := q.QueryRowContext(ctx, reserveOwedSQL).Scan(&r.OwedMg)
		return r, err
	}
	r, err := reserveOf(ctx, q)
	if err != nil || !onWriter || s.watch.reserveTouched.Load() {
		return r, err
	}
	c.mu.Lock()
	c.ok, c.gen, c.held, c.promised, c.settings = true, gen, r.HeldMg, r.PromisedMg, r.Settings
	c.mu.Unlock()
	return r, nil
}
