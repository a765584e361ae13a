package store

import (
	"context"
	"database/sql"
	"time"
)

// StatementRangeMax is the most entries one printed statement holds; a customer with more in the range is
// asked for a shorter one.
const StatementRangeMax = 5000

// Totals are a customer's total rial and gold (milligrams) at one moment.
type Totals struct {
	Rial, Gold int64
}

// StatementRange is the statement of the entries written in [start, end): the balances before start, every
// entry in order, each with the balances after it, and the balances at end. One snapshot serves every read,
// so the closing balances are the opening ones plus the rows.
type StatementRange struct {
	Opening, Closing Totals
	Entries          []Entry
	// Truncated says there were more than StatementRangeMax entries; Entries and Closing then stop at the last
	// entry given.
	Truncated bool
}

// balancesBeforeSQL sums what was posted to the customer's accounts before a moment: holds and releases net to
// zero over their own accounts, so they need no exclusion.
const balancesBeforeSQL = `SELECT
		IFNULL(SUM(CASE WHEN a.asset = 'rial' THEN p.amount END), 0),
		IFNULL(SUM(CASE WHEN a.asset = 'gold' THEN p.amount END), 0)
	FROM accounts a JOIN postings p ON p.account_id = a.id JOIN journals j ON j.id = p.journal_id
	WHERE a.user_id = ? AND j.created_at < ?`

// StatementBetween returns the customer's statement for the entries written in [start, end).
func (s *Store) StatementBetween(ctx context.Context, userID int64, start, end time.Time) (StatementRange, error) {
	var out StatementRange
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return out, err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, balancesBeforeSQL, userID, start.UnixMilli()).Scan(&out.Opening.Rial, &out.Opening.Gold); err != nil {
		return out, err
	}
	out.Entries, err = scanEntries(tx.QueryContext(ctx, entriesSQL+`AND j.created_at >= ? AND j.created_at < ?
		GROUP BY j.id ORDER BY j.created_at, j.id LIMIT ?`, userID, start.UnixMilli(), end.UnixMilli(), StatementRangeMax+1))
	if err != nil {
		return out, err
	}
	if len(out.Entries) > StatementRangeMax {
		out.Entries, out.Truncated = out.Entries[:StatementRangeMax], true
	}
	run := out.Opening
	for i := range out.Entries {
		e := &out.Entries[i]
		run.Rial += e.CreditRial - e.DebitRial
		run.Gold += e.CreditGold - e.DebitGold
		e.BalanceRial, e.BalanceGold = run.Rial, run.Gold
	}
	out.Closing = run
	return out, nil
}
