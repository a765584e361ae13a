package store

import (
	"context"
	"database/sql"
	"time"
)

// The owner's exports (issue 17) hand their rows to a callback one at a time instead of returning a slice,
// so an export of years of trades holds one row in memory while it streams to the owner's download.
// Each runs on the read pool: one read connection, and one snapshot of the shop, for the whole download.
// Every range is [from, to) on the row's creation time.

// The exports' queries. None may sort its whole range (temp_store is MEMORY: a sort would hold every row in
// memory); TestExportQueriesNeverSortTheWholeRange reads their plans.
const (
	// The journals_created index (created_at, type) gives the rows in time order; only trades made in the
	// same millisecond are sorted again by id.
	exportTradesSQL = `SELECT j.id, u.id, u.first_name, u.last_name, u.phone_number, COALESCE(u.national_id, ''),
		q.type, j.status, q.amount_rial, q.amount_gold_mg, q.price_per_gram_rial, j.created_at
		FROM journals j JOIN trade_quotes q ON q.journal_id = j.id JOIN users u ON u.id = q.user_id
		WHERE j.created_at >= ? AND j.created_at < ? AND j.type IN ('buy', 'sell')
		ORDER BY j.created_at, j.id`
	exportWalletRequestsSQL = `SELECT ` + walletRequestColumns + `, u.phone_number` + walletRequestFrom +
		`WHERE r.created_at >= ? AND r.created_at < ? ORDER BY r.created_at, r.id`
	exportGoldRequestsSQL = goldRequestSelect +
		`WHERE r.created_at >= ? AND r.created_at < ? ORDER BY r.created_at, r.id`
	// Ordered by id, the order of registration, so SQLite walks the table: users has no index on created_at.
	exportCustomersSQL = `SELECT id, first_name, last_name, phone_number, COALESCE(national_id, ''), grade, role,
		created_at FROM users WHERE role = 'customer' AND created_at >= ? AND created_at < ? ORDER BY id`
)

// TradeRow is one executed buy or sell with what the national systems ask of its customer.
type TradeRow struct {
	GoldTransaction
	NationalID string // empty for an admin made from the command line
}

// WalletRequestRow is a wallet request with its customer's phone.
type WalletRequestRow struct {
	WalletRequest
	PhoneNumber string
}

// EachTrade calls fn with every executed trade made in [from, to), oldest first; an error from fn stops it
// and is returned as it is.
func (s *Store) EachTrade(ctx context.Context, from, to time.Time, fn func(TradeRow) error) error {
	return eachRow(ctx, s.read, exportTradesSQL, []any{from.UnixMilli(), to.UnixMilli()}, func(rows *sql.Rows) (TradeRow, error) {
		var t TradeRow
		var at int64
		err := rows.Scan(&t.ID, &t.UserID, &t.FirstName, &t.LastName, &t.PhoneNumber, &t.NationalID, &t.Type,
			&t.Status, &t.AmountRial, &t.AmountGoldMg, &t.PricePerGramRial, &at)
		t.CreatedAt = time.UnixMilli(at).UTC()
		return t, err
	}, fn)
}

// EachWalletRequest calls fn with every deposit and withdraw asked for in [from, to), whatever its status,
// oldest first; an error from fn stops it and is returned as it is.
func (s *Store) EachWalletRequest(ctx context.Context, from, to time.Time, fn func(WalletRequestRow) error) error {
	return eachRow(ctx, s.read, exportWalletRequestsSQL, []any{from.UnixMilli(), to.UnixMilli()}, func(rows *sql.Rows) (WalletRequestRow, error) {
		var r WalletRequestRow
		var err error
		r.WalletRequest, err = scanWalletRequest(scanAlso{rows, []any{&r.PhoneNumber}})
		return r, err
	}, fn)
}

// EachGoldRequest calls fn with every request for a bar made in [from, to), whatever its status, oldest
// first; an error from fn stops it and is returned as it is.
func (s *Store) EachGoldRequest(ctx context.Context, from, to time.Time, fn func(GoldRequest) error) error {
	return eachRow(ctx, s.read, exportGoldRequestsSQL, []any{from.UnixMilli(), to.UnixMilli()}, func(rows *sql.Rows) (GoldRequest, error) {
		return scanGoldRequest(rows)
	}, fn)
}

// EachCustomer calls fn with every customer (not owners or staff) who registered in [from, to), in the order
// they registered; an error from fn stops it and is returned as it is. The users are read without their
// password hashes and referral codes: an export has no use for them.
func (s *Store) EachCustomer(ctx context.Context, from, to time.Time, fn func(User) error) error {
	return eachRow(ctx, s.read, exportCustomersSQL, []any{from.UnixMilli(), to.UnixMilli()}, func(rows *sql.Rows) (User, error) {
		var u User
		var at int64
		err := rows.Scan(&u.ID, &u.FirstName, &u.LastName, &u.PhoneNumber, &u.NationalID, &u.Grade, &u.Role, &at)
		u.CreatedAt = time.UnixMilli(at).UTC()
		return u, err
	}, fn)
}

// eachRow runs query on db and hands fn each row as scan reads it. The rows stay open while fn works, so a
// slow fn (a slow download) holds the read connection that long.
func eachRow[T any](ctx context.Context, db *sql.DB, query string, args []any, scan func(*sql.Rows) (T, error),
	fn func(T) error) error {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return err
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return rows.Err()
}

// scanAlso scans a row into the destinations a shared scan function gives and then into extra: a query that
// selects a shared column list plus a few columns of its own reuses the shared scan.
type scanAlso struct {
	rows  *sql.Rows
	extra []any
}

func (s scanAlso) Scan(dest ...any) error { return s.rows.Scan(append(dest, s.extra...)...) }
