package store

import (
	"context"
	"strings"
	"time"
)

// GoldTransaction is one executed buy or sell as the admin's listing shows it.
type GoldTransaction struct {
	ID               int64 // the trade's journal id, as in the customer's statement
	UserID           int64
	FirstName        string
	LastName         string
	PhoneNumber      string
	Type             string
	Status           string
	AmountRial       int64
	AmountGoldMg     int64
	PricePerGramRial int64
	CreatedAt        time.Time
}

// TradeFilter narrows the admin's buy/sell listing; zero fields do not filter.
type TradeFilter struct {
	UserSearch                 string
	Type, Status               string
	MinWeightMg, MaxWeightMg   int64
	MinPriceRial, MaxPriceRial int64
	From, To                   time.Time
	Limit                      int
}

// GoldTransactions lists executed trades matching f, newest first.
func (s *Store) GoldTransactions(ctx context.Context, f TradeFilter) ([]GoldTransaction, error) {
	var where []string
	var args []any
	add := func(clause string, arg ...any) {
		where, args = append(where, clause), append(args, arg...)
	}
	if f.UserSearch != "" {
		clause, more := userSearch(f.UserSearch)
		add(clause, more...)
	}
	if f.Type != "" {
		add(`q.type = ?`, f.Type)
	}
	if f.Status != "" {
		add(`j.status = ?`, f.Status)
	}
	if f.MinWeightMg > 0 {
		add(`q.amount_gold_mg >= ?`, f.MinWeightMg)
	}
	if f.MaxWeightMg > 0 {
		add(`q.amount_gold_mg <= ?`, f.MaxWeightMg)
	}
	if f.MinPriceRial > 0 {
		add(`q.price_per_gram_rial >= ?`, f.MinPriceRial)
	}
	if f.MaxPriceRial > 0 {
		add(`q.price_per_gram_rial <= ?`, f.MaxPriceRial)
	}
	if !f.From.IsZero() {
		add(`j.created_at >= ?`, f.From.UnixMilli())
	}
	if !f.To.IsZero() {
		add(`j.created_at <= ?`, f.To.UnixMilli())
	}
	q := `SELECT j.id, u.id, u.first_name, u.last_name, u.phone_number, q.type, j.status, q.amount_rial,
		q.amount_gold_mg, q.price_per_gram_rial, j.created_at
		FROM trade_quotes q JOIN journals j ON j.id = q.journal_id JOIN users u ON u.id = q.user_id `
	if len(where) > 0 {
		q += `WHERE ` + strings.Join(where, ` AND `)
	}
	if f.Limit <= 0 {
		f.Limit = 1000
	}
	rows, err := s.read.QueryContext(ctx, q+` ORDER BY j.id DESC LIMIT ?`, append(args, f.Limit)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []GoldTransaction{}
	for rows.Next() {
		var t GoldTransaction
		var at int64
		if err := rows.Scan(&t.ID, &t.UserID, &t.FirstName, &t.LastName, &t.PhoneNumber, &t.Type, &t.Status,
			&t.AmountRial, &t.AmountGoldMg, &t.PricePerGramRial, &at); err != nil {
			return nil, err
		}
		t.CreatedAt = time.UnixMilli(at).UTC()
		out = append(out, t)
	}
	return out, rows.Err()
}
