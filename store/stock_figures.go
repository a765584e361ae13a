package store

import (
	"context"
	"time"
)

// StockFigures are the owner's figures of the vault and the counter (issue 39): what the vault holds by
// state, and a period's counter sales, buy-backs, VAT collected and melt losses. Gold in 750-equivalent
// milligrams; an invoice voided counts in none of the period's money.
type StockFigures struct {
	InStock, Unassayed, InMelt   CountSum // Amount in mg: pieces to sell, lots for the melter, lots at the melter
	Sales, BuyBacks, VAT         int64    // rial
	Invoices                     int64
	MeltLoss750Mg, MeltedBatches int64
}

// Stock reads the vault's split now and the counter's figures in [from, to).
func (s *Store) Stock(ctx context.Context, from, to time.Time) (StockFigures, error) {
	var f StockFigures
	err := s.read.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM vault_items WHERE status = 'in' AND assay <> 'unassayed'),
		(SELECT IFNULL(SUM(weight750_mg), 0) FROM vault_items WHERE status = 'in' AND assay <> 'unassayed'),
		(SELECT COUNT(*) FROM vault_items WHERE status = 'in' AND assay = 'unassayed'),
		(SELECT IFNULL(SUM(weight750_mg), 0) FROM vault_items WHERE status = 'in' AND assay = 'unassayed'),
		(SELECT IFNULL(SUM(lots), 0) FROM melt_batches WHERE status = 'sent'),
		(SELECT IFNULL(SUM(lots750_mg), 0) FROM melt_batches WHERE status = 'sent'),
		IFNULL(SUM(c.sales_rial), 0), IFNULL(SUM(c.buy_backs_rial), 0), IFNULL(SUM(c.vat_rial), 0), COUNT(c.id),
		(SELECT IFNULL(SUM(lots750_mg - bar750_mg), 0) FROM melt_batches WHERE status = 'done'
			AND decided_at >= ?1 AND decided_at < ?2),
		(SELECT COUNT(*) FROM melt_batches WHERE status = 'done' AND decided_at >= ?1 AND decided_at < ?2)
		FROM counter_invoices c WHERE c.created_at >= ?1 AND c.created_at < ?2 AND c.status = 'recorded'`,
		from.UnixMilli(), to.UnixMilli()).Scan(&f.InStock.Count, &f.InStock.Amount, &f.Unassayed.Count, &f.Unassayed.Amount,
		&f.InMelt.Count, &f.InMelt.Amount, &f.Sales, &f.BuyBacks, &f.VAT, &f.Invoices, &f.MeltLoss750Mg, &f.MeltedBatches)
	return f, err
}
