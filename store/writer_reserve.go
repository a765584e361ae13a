package store

import "context"

// reserveSlow is the slow part of the reserve guard's figures (what the vault holds, the gold promised to
// deliveries, the owner's settings) as a transaction of the writer last read them, so that a buy's checks
// read only what customers own (the shop's few gold accounts) instead of summing every piece in the vault
// twice a trade, at the quote and at the verify (issue 41); a shop's vault holds thousands of pieces. The
// writer keeps a copy of them (writer_copy.go) as it does of the trading rules, taken only from a read in a
// transaction that has changed none of their tables, so it is always what is committed.
type reserveSlow struct {
	held, promised int64
	settings       ReserveSettings
}

// reserveOwedSQL is the part of reserveSQL that every trade moves: what customers own.
const reserveOwedSQL = `SELECT -IFNULL(SUM(balance), 0) FROM accounts WHERE user_id IS NULL AND asset = 'gold'`

// tradeReserve is the guard's figures for a trade's checks through q: the copy and what customers own where
// the copy holds, else the whole figures, which a read on the writer (onWriter: q is a transaction of the
// writer) keeps as the new copy when its transaction has not changed them. A read on the read pool only
// uses the copy: its early check may read what is committed at its own moment.
func (s *Store) tradeReserve(ctx context.Context, q queryer, onWriter bool) (Reserve, error) {
	slow, gen, holds := s.reserve.get()
	if holds {
		r := Reserve{HeldMg: slow.held, PromisedMg: slow.promised, Settings: slow.settings}
		err := q.QueryRowContext(ctx, reserveOwedSQL).Scan(&r.OwedMg)
		return r, err
	}
	r, err := reserveOf(ctx, q)
	if err != nil || !onWriter || s.watch.reserve.touched.Load() {
		return r, err
	}
	s.reserve.keep(gen, reserveSlow{held: r.HeldMg, promised: r.PromisedMg, settings: r.Settings})
	return r, nil
}
