package store

import (
	"context"
	"database/sql"
	"time"
)

// Entry is one row of a customer's statement: a journal seen from the customer's side, with what it took
// from (debit) and gave to (credit) their rial and gold. Gold is in milligrams.
type Entry struct {
	ID               int64
	CreatedAt        time.Time
	Type             string
	Status           string
	Description      string
	PricePerGramRial int64 // 0 when the entry has no price
	DebitRial        int64
	CreditRial       int64
	DebitGold        int64
	CreditGold       int64
}

// Statement returns the customer's entries in posting order, oldest first. Holds and their releases move
// money only between the customer's own two accounts, so they are not statement rows.
func (s *Store) Statement(ctx context.Context, userID int64) ([]Entry, error) {
	return scanEntries(s.read.QueryContext(ctx, entriesQuery(``), userID))
}

// entryOf returns one journal as a statement row of the customer.
func entryOf(ctx context.Context, q queryer, userID, journalID int64) (Entry, error) {
	entries, err := scanEntries(q.QueryContext(ctx, entriesQuery(`AND j.id = ?`), userID, journalID))
	if err != nil {
		return Entry{}, err
	}
	if len(entries) != 1 {
		return Entry{}, ErrNotFound
	}
	return entries[0], nil
}

// entriesQuery selects a customer's statement rows, narrowed by an extra condition on journals j.
func entriesQuery(and string) string {
	return `SELECT j.id, j.created_at, j.type, j.status, j.description,
			IFNULL(j.price_per_gram_rial, 0),
			IFNULL(SUM(CASE WHEN a.asset = 'rial' THEN p.amount END), 0),
			IFNULL(SUM(CASE WHEN a.asset = 'gold' THEN p.amount END), 0)
		FROM accounts a
		JOIN postings p ON p.account_id = a.id
		JOIN journals j ON j.id = p.journal_id
		WHERE a.user_id = ? AND j.type NOT IN ('hold', 'release') ` + and + `
		GROUP BY j.id ORDER BY j.id`
}

func scanEntries(rows *sql.Rows, err error) ([]Entry, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var e Entry
		var at, netRial, netGold int64
		if err := rows.Scan(&e.ID, &at, &e.Type, &e.Status, &e.Description, &e.PricePerGramRial,
			&netRial, &netGold); err != nil {
			return nil, err
		}
		e.CreatedAt = time.UnixMilli(at).UTC()
		e.DebitRial, e.CreditRial = split(netRial)
		e.DebitGold, e.CreditGold = split(netGold)
		out = append(out, e)
	}
	return out, rows.Err()
}

// split turns a net movement into its debit and credit halves.
func split(net int64) (debit, credit int64) {
	if net < 0 {
		return -net, 0
	}
	return 0, net
}
