package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

const invoiceColumns = `id, year, seq, status, IFNULL(user_id, 0), buyer_first_name, buyer_last_name, buyer_phone,
	buyer_national_id, base_price_rial, buy_back_price_rial, vat_bp, vat_from, sales_rial, buy_backs_rial, vat_rial,
	net_rial, buy_backs_as_gold, created_by, created_at, void_reason, IFNULL(voided_by, 0), IFNULL(voided_at, 0),
	IFNULL((SELECT trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = counter_invoices.created_by), '')`

func scanInvoice(row interface{ Scan(...any) error }) (Invoice, error) {
	var inv Invoice
	var created, voided int64
	err := row.Scan(&inv.ID, &inv.Year, &inv.Seq, &inv.Status, &inv.Buyer.UserID, &inv.Buyer.FirstName,
		&inv.Buyer.LastName, &inv.Buyer.Phone, &inv.Buyer.NationalID, &inv.Terms.BasePrice, &inv.Terms.BuyBackPrice,
		&inv.Terms.VAT.BP, &inv.Terms.VAT.From, &inv.SalesRial, &inv.BuyBackRial, &inv.VATRial, &inv.NetRial,
		&inv.BuyBacksAsGold, &inv.CreatedBy, &created, &inv.VoidReason, &inv.VoidedBy, &voided, &inv.CreatedByName)
	if errors.Is(err, sql.ErrNoRows) {
		return inv, ErrNotFound
	}
	inv.CreatedAt = time.UnixMilli(created).UTC()
	if voided != 0 {
		inv.VoidedAt = time.UnixMilli(voided).UTC()
	}
	return inv, err
}

// invoiceByID is one invoice whole: its lines in their order, its payments and payouts.
func invoiceByID(ctx context.Context, q queryer, id int64) (Invoice, error) {
	inv, err := scanInvoice(q.QueryRowContext(ctx, `SELECT `+invoiceColumns+` FROM counter_invoices WHERE id = ?`, id))
	if err != nil {
		return inv, err
	}
	rows, err := q.QueryContext(ctx, `SELECT side, item_id, kind, description, weight_mg, purity_centi, weight750_mg,
		wage_bp, wage_per_gram_rial, profit_bp, deduction_bp, gold_rial, wage_rial, profit_rial, commission_rial,
		vat_rial, extras_rial, discount_rial, total_rial FROM counter_lines WHERE invoice_id = ? ORDER BY id`, id)
	inv.Lines, err = collect(rows, err, func(row interface{ Scan(...any) error }) (InvoiceLine, error) {
		var l InvoiceLine
		return l, row.Scan(&l.Side, &l.ItemID, &l.Kind, &l.Description, &l.WeightMg, &l.PurityCenti, &l.Weight750Mg,
			&l.WageBP, &l.WagePerGram, &l.ProfitBP, &l.DeductionBP, &l.Gold, &l.Wage, &l.Profit, &l.Commission, &l.VAT,
			&l.Extras, &l.Discount, &l.Total)
	})
	if err != nil {
		return inv, err
	}
	rows, err = q.QueryContext(ctx, `SELECT direction, method, amount_rial, gold_mg, IFNULL(trade_journal_id, 0)
		FROM counter_payments WHERE invoice_id = ? ORDER BY id`, id)
	if err != nil {
		return inv, err
	}
	defer rows.Close()
	for rows.Next() {
		var dir string
		var p CounterPayment
		if err := rows.Scan(&dir, &p.Method, &p.AmountRial, &p.GoldMg, &p.TradeJournalID); err != nil {
			return inv, err
		}
		if dir == "in" {
			inv.Payments = append(inv.Payments, p)
		} else {
			inv.Payouts = append(inv.Payouts, p)
		}
	}
	return inv, rows.Err()
}

// Invoice is one invoice whole; ErrNotFound for none.
func (s *Store) Invoice(ctx context.Context, id int64) (Invoice, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return Invoice{}, err
	}
	defer tx.Rollback()
	return invoiceByID(ctx, tx, id)
}

// InvoiceFilter picks invoices: a period of creation (zero ends open), a search of the number, the buyer's
// name or phone, and the cursor (the last id of the page before; 0 for the newest).
type InvoiceFilter struct {
	From, Until time.Time
	Search      string
	Before      int64
	Limit       int
}

// InvoicesPageMax is the most invoices one page lists.
const InvoicesPageMax = 100

// Invoices lists invoices newest first, without their lines, and the cursor of the next page (0 on the last).
func (s *Store) Invoices(ctx context.Context, f InvoiceFilter) ([]Invoice, int64, error) {
	limit := min(max(f.Limit, 1), InvoicesPageMax)
	where, args := []string{`1 = 1`}, []any{}
	if f.Before > 0 {
		where, args = append(where, `id < ?`), append(args, f.Before)
	}
	if !f.From.IsZero() {
		where, args = append(where, `created_at >= ?`), append(args, f.From.UnixMilli())
	}
	if !f.Until.IsZero() {
		where, args = append(where, `created_at < ?`), append(args, f.Until.UnixMilli())
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		like := "%" + escapeLike(q) + "%"
		where = append(where, `(year || '-' || substr('000000' || seq, -6) LIKE ? ESCAPE '\' OR buyer_phone LIKE ? ESCAPE '\'
			OR (buyer_first_name || ' ' || buyer_last_name) LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like)
	}
	rows, err := s.read.QueryContext(ctx, `SELECT `+invoiceColumns+` FROM counter_invoices WHERE `+
		strings.Join(where, " AND ")+` ORDER BY id DESC LIMIT ?`, append(args, limit+1)...)
	list, err := collect(rows, err, scanInvoice)
	if err != nil || len(list) <= limit {
		return list, 0, err
	}
	return list[:limit], list[limit-1].ID, nil
}
