package store

import (
	"context"
	"database/sql"
	"time"
)

// BankBalance is the shop's balance at one bank on one Tehran day (AsOf, YYYY-MM-DD), as the owner recorded it.
type BankBalance struct {
	ID          int64     `json:"id"`
	Bank        string    `json:"bank"`
	BalanceRial int64     `json:"balance_rial"`
	AsOf        string    `json:"as_of"`
	CreatedAt   time.Time `json:"created_at"`
}

// BankBalancesMax is the most records BankBalances lists: years of weekly records of a few banks.
const BankBalancesMax = 500

const bankBalanceColumns = `id, bank, balance_rial, as_of, created_at`

// AddBankBalance records a dated balance and audits it (kind bank_balance).
func (s *Store) AddBankBalance(ctx context.Context, adminID int64, b BankBalance, now time.Time) (BankBalance, error) {
	b.CreatedAt = time.UnixMilli(now.UnixMilli()).UTC()
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `INSERT INTO bank_balances (bank, balance_rial, as_of, admin_id, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, b.Bank, b.BalanceRial, b.AsOf, adminID, now.UnixMilli()).Scan(&b.ID); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "bank_balance", Target: "bank:" + b.Bank, After: b}, now)
	})
	return b, err
}

// BankBalances lists the records newest first (by day, then by when they were written) and the newest
// record of each bank.
func (s *Store) BankBalances(ctx context.Context) (all, latest []BankBalance, err error) {
	all, err = scanBankBalances(s.read.QueryContext(ctx, `SELECT `+bankBalanceColumns+` FROM bank_balances
		ORDER BY as_of DESC, id DESC LIMIT ?`, BankBalancesMax))
	if err != nil {
		return nil, nil, err
	}
	latest, err = scanBankBalances(s.read.QueryContext(ctx, `SELECT `+bankBalanceColumns+` FROM bank_balances b
		WHERE id = (SELECT id FROM bank_balances n WHERE n.bank = b.bank ORDER BY as_of DESC, id DESC LIMIT 1)
		ORDER BY bank`))
	return all, latest, err
}

func scanBankBalances(rows *sql.Rows, err error) ([]BankBalance, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []BankBalance{}
	for rows.Next() {
		var b BankBalance
		var at int64
		if err := rows.Scan(&b.ID, &b.Bank, &b.BalanceRial, &b.AsOf, &at); err != nil {
			return nil, err
		}
		b.CreatedAt = time.UnixMilli(at).UTC()
		out = append(out, b)
	}
	return out, rows.Err()
}

// RialOwed is every customer's rial, free and held: what the shop's own rial accounts are short, as every
// posting has its other side.
func (s *Store) RialOwed(ctx context.Context) (int64, error) {
	var owed int64
	err := s.read.QueryRowContext(ctx, `SELECT -IFNULL(SUM(balance), 0) FROM accounts
		WHERE user_id IS NULL AND asset = 'rial'`).Scan(&owed)
	return owed, err
}
