package store

import (
	"context"
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
	// the base price it was priced from and who set it (issue 40); zero and "" for a trade from before
	BasePriceRial int64
	BaseSource    string
	CreatedAt     time.Time
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
	var c conditions
	c.userRows(`j.user_id`, f.UserSearch)
	c.equal(`q.type`, f.Type)
	c.equal(`j.status`, f.Status)
	for _, b := range []struct {
		clause string
		bound  int64
	}{{`q.amount_gold_mg >= ?`, f.MinWeightMg}, {`q.amount_gold_mg <= ?`, f.MaxWeightMg},
		{`q.price_per_gram_rial >= ?`, f.MinPriceRial}, {`q.price_per_gram_rial <= ?`, f.MaxPriceRial}} {
		if b.bound > 0 {
			c.add(b.clause, b.bound)
		}
	}
	c.between(`j.created_at`, f.From, f.To)
	q := `SELECT j.id, u.id, u.first_name, u.last_name, u.phone_number, q.type, j.status, q.amount_rial,
		q.amount_gold_mg, q.price_per_gram_rial, IFNULL(p.price_rial, 0), IFNULL(p.source, ''), j.created_at
		FROM trade_quotes q JOIN journals j ON j.id = q.journal_id JOIN users u ON u.id = q.user_id
		LEFT JOIN price_history p ON p.id = q.base_price_id` + c.where()
	rows, err := s.read.QueryContext(ctx, q+` ORDER BY j.id DESC LIMIT ?`, c.limited(f.Limit, 1000)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []GoldTransaction{}
	for rows.Next() {
		var t GoldTransaction
		var at int64
		if err := rows.Scan(&t.ID, &t.UserID, &t.FirstName, &t.LastName, &t.PhoneNumber, &t.Type, &t.Status,
			&t.AmountRial, &t.AmountGoldMg, &t.PricePerGramRial, &t.BasePriceRial, &t.BaseSource, &at); err != nil {
			return nil, err
		}
		t.CreatedAt = time.UnixMilli(at).UTC()
		out = append(out, t)
	}
	return out, rows.Err()
}
