package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ErrAccountInUse is returned when a bank account with a pending withdraw is asked to be deleted.
var ErrAccountInUse = errors.New("store: bank account has a pending withdraw")

// BankAccount is one of a customer's bank cards, with its optional IBAN.
type BankAccount struct {
	ID         int64
	UserID     int64
	CardNumber string
	IBAN       string
	BankName   string
	HolderName string
	CreatedAt  time.Time
}

const bankAccountColumns = `id, user_id, card_number, iban, bank_name, account_holder_name, created_at`

func scanBankAccount(row interface{ Scan(...any) error }) (BankAccount, error) {
	var a BankAccount
	var at int64
	err := row.Scan(&a.ID, &a.UserID, &a.CardNumber, &a.IBAN, &a.BankName, &a.HolderName, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	a.CreatedAt = time.UnixMilli(at).UTC()
	return a, err
}

// bankAccount returns the caller's own live account; anyone else's is ErrNotFound.
func bankAccount(ctx context.Context, q queryer, userID, id int64) (BankAccount, error) {
	return scanBankAccount(q.QueryRowContext(ctx, `SELECT `+bankAccountColumns+` FROM bank_accounts
		WHERE id = ? AND user_id = ? AND deleted_at IS NULL`, id, userID))
}

// BankAccounts returns the customer's accounts, newest first.
func (s *Store) BankAccounts(ctx context.Context, userID int64) ([]BankAccount, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT `+bankAccountColumns+` FROM bank_accounts
		WHERE user_id = ? AND deleted_at IS NULL ORDER BY id DESC`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []BankAccount{}
	for rows.Next() {
		a, err := scanBankAccount(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// CreateBankAccount registers a card; the same card twice for one customer is ErrConflict.
func (s *Store) CreateBankAccount(ctx context.Context, a BankAccount, now time.Time) (BankAccount, error) {
	var out BankAccount
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO bank_accounts (user_id, card_number, iban, bank_name,
			account_holder_name, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			a.UserID, a.CardNumber, a.IBAN, a.BankName, a.HolderName, now.UnixMilli())
		if isUniqueViolation(err) {
			return ErrConflict
		}
		if err != nil {
			return err
		}
		id, _ := res.LastInsertId()
		out, err = bankAccount(ctx, tx, a.UserID, id)
		return err
	})
	return out, err
}

// DeleteBankAccount removes the customer's own account from their list. The row stays (deleted_at) because
// past withdraws name it. ErrNotFound: not theirs; ErrAccountInUse: a withdraw to it is still pending.
func (s *Store) DeleteBankAccount(ctx context.Context, userID, id int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := bankAccount(ctx, tx, userID, id); err != nil {
			return err
		}
		var pending int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM wallet_requests WHERE bank_account_id = ?
			AND status = 'pending'`, id).Scan(&pending); err != nil {
			return err
		}
		if pending > 0 {
			return ErrAccountInUse
		}
		return affectedOne(tx.ExecContext(ctx, `UPDATE bank_accounts SET deleted_at = ? WHERE id = ?`, now.UnixMilli(), id))
	})
}
