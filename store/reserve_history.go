package store

import (
	"context"
	"time"
)

// ReservePoint is what the shop owed its customers in gold and what its vault held (750-equivalent, mg) at
// one moment.
type ReservePoint struct {
	At             time.Time
	OwedMg, HeldMg int64
}

// ReserveSeries rebuilds owed and held at each of ends (ascending), from the ledger's postings and the
// vault's moves, each walked once: the public reserves page's history. Owed is what the shop's own gold
// accounts are short, as in the guard.
func (s *Store) ReserveSeries(ctx context.Context, ends []time.Time) ([]ReservePoint, error) {
	out := make([]ReservePoint, len(ends))
	for i, t := range ends {
		out[i].At = t
	}
	if len(ends) == 0 {
		return out, nil
	}
	first, last := ends[0].UnixMilli(), ends[len(ends)-1].UnixMilli()
	owed := `SELECT j.created_at, -p.amount FROM postings p JOIN journals j ON j.id = p.journal_id
		WHERE p.account_id IN (SELECT id FROM accounts WHERE user_id IS NULL AND asset = 'gold')`
	held := `SELECT created_at, delta750_mg FROM vault_holding_moves WHERE 1`
	for _, series := range []struct {
		base, since string
		add         func(p *ReservePoint, mg int64)
	}{
		{`SELECT IFNULL(SUM(-p.amount), 0) FROM postings p JOIN journals j ON j.id = p.journal_id
			WHERE p.account_id IN (SELECT id FROM accounts WHERE user_id IS NULL AND asset = 'gold')
			AND j.created_at <= ?`, owed + ` AND j.created_at > ? AND j.created_at <= ? ORDER BY j.created_at`,
			func(p *ReservePoint, mg int64) { p.OwedMg += mg }},
		{`SELECT IFNULL(SUM(delta750_mg), 0) FROM vault_holding_moves WHERE created_at <= ?`,
			held + ` AND created_at > ? AND created_at <= ? ORDER BY created_at`,
			func(p *ReservePoint, mg int64) { p.HeldMg += mg }},
	} {
		var total int64
		if err := s.read.QueryRowContext(ctx, series.base, first).Scan(&total); err != nil {
			return nil, err
		}
		rows, err := s.read.QueryContext(ctx, series.since, first, last)
		if err != nil {
			return nil, err
		}
		i := 0
		for rows.Next() {
			var at, mg int64
			if err := rows.Scan(&at, &mg); err != nil {
				rows.Close()
				return nil, err
			}
			for ; ends[i].UnixMilli() < at; i++ { // rows come in time order: close the points before this one
				series.add(&out[i], total)
			}
			total += mg
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		for ; i < len(ends); i++ {
			series.add(&out[i], total)
		}
	}
	return out, nil
}

// ReserveUpdatedAt is the time of the last change to what is owed in gold or held: the newest journal with a
// gold posting, or the newest vault move. Zero for a shop where neither happened.
func (s *Store) ReserveUpdatedAt(ctx context.Context) (time.Time, error) {
	var ms int64
	err := s.read.QueryRowContext(ctx, `SELECT MAX(
		IFNULL((SELECT created_at FROM journals WHERE id = (SELECT MAX(journal_id) FROM postings
			WHERE account_id IN (SELECT id FROM accounts WHERE user_id IS NULL AND asset = 'gold'))), 0),
		IFNULL((SELECT MAX(created_at) FROM vault_moves), 0))`).Scan(&ms)
	if ms == 0 {
		return time.Time{}, err
	}
	return time.UnixMilli(ms), err
}
