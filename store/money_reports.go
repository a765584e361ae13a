package store

import (
	"context"
	"strings"
	"time"
)

// CountSum is a count of items and their total.
type CountSum struct {
	Count  int64
	Amount int64
}

// Dashboard is what the owner reads first: what the shop owes its customers against what the ledger says it
// holds, what waits for a decision and what moved today.
type Dashboard struct {
	CustomersRial, CustomersGold int64 // total balances of every customer (rial, gold mg)
	ShopBankRial, ShopVaultGold  int64 // cash at the bank and gold in the vault by the ledger
	PendingDeposits              CountSum
	PendingWithdraws             CountSum
	TodayInRial, TodayOutRial    int64
	TodayBuys, TodaySells        CountSum // Amount in rial
}

// Dashboard computes the owner's figures; "today" starts at dayStart (midnight in Tehran).
func (s *Store) Dashboard(ctx context.Context, dayStart time.Time) (Dashboard, error) {
	var d Dashboard
	err := s.read.QueryRowContext(ctx, `SELECT
		IFNULL(SUM(CASE WHEN user_id IS NOT NULL AND asset = 'rial' THEN balance END), 0),
		IFNULL(SUM(CASE WHEN user_id IS NOT NULL AND asset = 'gold' THEN balance END), 0),
		-IFNULL(SUM(CASE WHEN kind = 'shop_bank' THEN balance END), 0),
		-IFNULL(SUM(CASE WHEN kind = 'shop_vault' THEN balance END), 0)
		FROM accounts`).Scan(&d.CustomersRial, &d.CustomersGold, &d.ShopBankRial, &d.ShopVaultGold)
	if err != nil {
		return d, err
	}
	err = s.read.QueryRowContext(ctx, `SELECT
		COUNT(CASE WHEN type = 'deposit' THEN 1 END), IFNULL(SUM(CASE WHEN type = 'deposit' THEN amount_rial END), 0),
		COUNT(CASE WHEN type = 'withdraw' THEN 1 END), IFNULL(SUM(CASE WHEN type = 'withdraw' THEN amount_rial END), 0)
		FROM wallet_requests WHERE status = 'pending'`).Scan(&d.PendingDeposits.Count, &d.PendingDeposits.Amount,
		&d.PendingWithdraws.Count, &d.PendingWithdraws.Amount)
	if err != nil {
		return d, err
	}
	// Money in and out is what crossed the shop's bank account today; trades are the rial side of each. The
	// CROSS JOINs keep SQLite's join order: today's journals by their created_at index first, then their
	// postings, so the cost follows today's work and not the ledger's size, with or without statistics.
	err = s.read.QueryRowContext(ctx, `SELECT
		IFNULL(SUM(CASE WHEN a.kind = 'shop_bank' AND p.amount < 0 THEN -p.amount END), 0),
		IFNULL(SUM(CASE WHEN a.kind = 'shop_bank' AND p.amount > 0 THEN p.amount END), 0),
		COUNT(DISTINCT CASE WHEN j.type = 'buy' THEN j.id END),
		IFNULL(SUM(CASE WHEN j.type = 'buy' AND a.kind = 'shop_trading' AND a.asset = 'rial' THEN p.amount END), 0),
		COUNT(DISTINCT CASE WHEN j.type = 'sell' THEN j.id END),
		IFNULL(SUM(CASE WHEN j.type = 'sell' AND a.kind = 'shop_trading' AND a.asset = 'rial' THEN -p.amount END), 0)
		FROM journals j CROSS JOIN postings p CROSS JOIN accounts a
		WHERE j.created_at >= ? AND p.journal_id = j.id AND a.id = p.account_id`, dayStart.UnixMilli()).Scan(&d.TodayInRial, &d.TodayOutRial,
		&d.TodayBuys.Count, &d.TodayBuys.Amount, &d.TodaySells.Count, &d.TodaySells.Amount)
	return d, err
}

// CustomerBalances is a customer with their balances, for the admin's money screens.
type CustomerBalances struct {
	ID                  int64
	FirstName, LastName string
	PhoneNumber         string
	Balances
}

// BalancesFilter narrows the admin's list of balances; nil bounds do not filter. Gold bounds in milligrams.
type BalancesFilter struct {
	Search           string
	MinRial, MaxRial *int64
	MinGold, MaxGold *int64
	Limit            int
}

// CustomersBalances lists users with their balances, by id (an exact id or phone match first).
func (s *Store) CustomersBalances(ctx context.Context, f BalancesFilter) ([]CustomerBalances, error) {
	var where, having []string
	var args []any
	if f.Search != "" {
		clause, more := userSearch(f.Search)
		where, args = append(where, clause), append(args, more...)
	}
	bound := func(expr, op string, v *int64) {
		if v != nil {
			having = append(having, expr+op+`?`)
			args = append(args, *v)
		}
	}
	rial := `SUM(CASE WHEN a.asset = 'rial' THEN a.balance END)`
	gold := `SUM(CASE WHEN a.asset = 'gold' THEN a.balance END)`
	bound(rial, ` >= `, f.MinRial)
	bound(rial, ` <= `, f.MaxRial)
	bound(gold, ` >= `, f.MinGold)
	bound(gold, ` <= `, f.MaxGold)
	q := `SELECT u.id, u.first_name, u.last_name, u.phone_number, ` + rial + `, ` + gold + `,
		SUM(CASE WHEN a.asset = 'rial' AND a.kind = 'customer' THEN a.balance END),
		SUM(CASE WHEN a.asset = 'gold' AND a.kind = 'customer' THEN a.balance END)
		FROM users u JOIN accounts a ON a.user_id = u.id`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, ` AND `)
	}
	q += ` GROUP BY u.id`
	if len(having) > 0 {
		q += ` HAVING ` + strings.Join(having, ` AND `)
	}
	if f.Limit <= 0 {
		f.Limit = 500
	}
	order := ` ORDER BY u.id LIMIT ?`
	if f.Search != "" { // an exact id or phone comes before names that merely contain the text
		order = ` ORDER BY (CAST(u.id AS TEXT) = ? OR u.phone_number = ?) DESC, u.id LIMIT ?`
		args = append(args, f.Search, f.Search)
	}
	rows, err := s.read.QueryContext(ctx, q+order, append(args, f.Limit)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []CustomerBalances{}
	for rows.Next() {
		var c CustomerBalances
		if err := rows.Scan(&c.ID, &c.FirstName, &c.LastName, &c.PhoneNumber, &c.Rial, &c.Gold, &c.AvailableRial,
			&c.AvailableGold); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
