package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"
)

// The tax office's invoice export (issue 39): every line of every sales invoice of a range, in the fields of the
// tax system's gold pattern (سامانه مودیان, docs/tax-export.md). Two series: the counter's invoices as recorded,
// and the web's buys of 750 gold, each an invoice of its own derived from its journal when exported (nothing
// is written at trade time). A voided counter invoice gives its lines again, as a cancel, at its void time.

// Series of the tax export.
const (
	TaxSeriesCounter = "counter"
	TaxSeriesWeb     = "web"
)

// Subjects of a tax export's invoice (the tax system's ins): the invoice itself, or its cancel.
const (
	TaxOriginal = "original"
	TaxCancel   = "cancel"
)

// Invoice types of the tax system (inty): the first names its buyer, the second does not.
const (
	TaxTypeIdentified = 1
	TaxTypeAnonymous  = 2
)

// voidWindow bounds how long before its void an invoice was created: voids happen on the invoice's own Tehran
// day (VoidInvoice), so two days is a safe margin that lets the cancels' arm walk counter_invoices_created
// from a little before the range instead of from the first invoice ever.
const voidWindow = 48 * time.Hour

// exportTaxLinesSQL reads the three arms as one stream in time order, merged by SQLite (UNION ALL under one
// ORDER BY): the counter's lines by created_at and the web's buys by created_at walk their indexes; the cancels
// are sorted by voided_at, which has no index, but only the voids of the range are (a few a day).
const exportTaxLinesSQL = `
	SELECT 'counter' AS series, 0 AS subject, c.id AS inv, c.year, c.seq, c.created_at AS at, c.buyer_first_name,
		c.buyer_last_name, c.buyer_phone, c.buyer_national_id, l.side, l.kind, l.description, l.weight_mg,
		l.purity_centi, l.gold_rial, l.wage_rial, l.profit_rial, l.commission_rial, c.vat_bp, l.vat_rial,
		l.extras_rial, l.discount_rial, l.total_rial, l.id AS line
	FROM counter_invoices c JOIN counter_lines l ON l.invoice_id = c.id
	WHERE c.created_at >= ?1 AND c.created_at < ?2
	UNION ALL
	SELECT 'counter', 1, c.id, c.year, c.seq, c.voided_at, c.buyer_first_name, c.buyer_last_name, c.buyer_phone,
		c.buyer_national_id, l.side, l.kind, l.description, l.weight_mg, l.purity_centi, l.gold_rial, l.wage_rial,
		l.profit_rial, l.commission_rial, c.vat_bp, l.vat_rial, l.extras_rial, l.discount_rial, l.total_rial, l.id
	FROM counter_invoices c JOIN counter_lines l ON l.invoice_id = c.id
	WHERE c.created_at >= ?3 AND c.created_at < ?2 AND c.status = 'void'
		AND c.voided_at >= ?1 AND c.voided_at < ?2
	UNION ALL
	SELECT 'web', 0, j.id, 0, 0, j.created_at, u.first_name, u.last_name, u.phone_number,
		COALESCE(u.national_id, ''), 'sale', '', '', q.amount_gold_mg, 75000, q.amount_rial, 0, 0, 0, 0, 0, 0, 0,
		q.amount_rial, 0
	FROM journals j JOIN trade_quotes q ON q.journal_id = j.id JOIN users u ON u.id = q.user_id
	WHERE j.created_at >= ?1 AND j.created_at < ?2 AND j.type = 'buy'
	ORDER BY at, subject, series, inv, line`

// TaxLine is one line of an invoice as the tax export writes it. Amounts are rial; Total = Gold + Wage + Profit
// + Commission + VAT + Extras − Discount, as every counter line keeps (invariants.go).
type TaxLine struct {
	Series  string // TaxSeriesCounter or TaxSeriesWeb
	Subject string // TaxOriginal or TaxCancel
	// InvoiceID is the counter invoice's id, or the web buy's journal id.
	InvoiceID int64
	Number    string // the number the printed invoice shows (InvoiceNumber), or WebInvoiceNumber's
	Cancels   string // a cancel's original number; empty otherwise
	At        time.Time
	Type      int          // TaxTypeIdentified or TaxTypeAnonymous
	Buyer     CounterBuyer // empty for TaxTypeAnonymous (UserID is never set)
	// Side is LineSale or LineBuyBack; Kind the counter's kind of what it is, empty for a web buy (750 gold).
	Side, Kind, Description string
	WeightMg, PurityCenti   int64
	Gold, Wage, Profit      int64
	Commission              int64 // حق‌العمل: 0 for the shop's own sales
	VATBP                   int64 // the rate the line's VAT was priced at: the invoice's for a made piece, else 0
	VAT, Extras, Discount   int64
	Total                   int64
}

// Charges is the gold pattern's sum of wage, profit and commission (tcpbs).
func (l TaxLine) Charges() int64 { return l.Wage + l.Profit + l.Commission }

// WebInvoiceNumber is the invoice number of the web buy of journal journalID: stable across exports, and apart
// from the counter's (which start with their Jalali year).
func WebInvoiceNumber(journalID int64) string {
	n := strconv.FormatInt(journalID, 10)
	if len(n) < 8 {
		n = strings.Repeat("0", 8-len(n)) + n
	}
	return "W-" + n
}

// EachTaxLine calls fn with every line of the sales invoices of [from, to) in time order, on one read
// connection and one snapshot: the counter's invoices by their creation, their cancels by their void, the web's
// buys by their journal; an error from fn stops it and is returned as it is. Customer sells on the web are the
// shop's purchases, not sales, and are left out.
func (s *Store) EachTaxLine(ctx context.Context, from, to time.Time, fn func(TaxLine) error) error {
	return eachRow(ctx, s.read, exportTaxLinesSQL, []any{from.UnixMilli(), to.UnixMilli(),
		from.Add(-voidWindow).UnixMilli()}, scanTaxLine, fn)
}

func scanTaxLine(rows *sql.Rows) (TaxLine, error) {
	var l TaxLine
	var cancel bool
	var year, seq, at, lineID int64
	err := rows.Scan(&l.Series, &cancel, &l.InvoiceID, &year, &seq, &at, &l.Buyer.FirstName, &l.Buyer.LastName,
		&l.Buyer.Phone, &l.Buyer.NationalID, &l.Side, &l.Kind, &l.Description, &l.WeightMg, &l.PurityCenti, &l.Gold,
		&l.Wage, &l.Profit, &l.Commission, &l.VATBP, &l.VAT, &l.Extras, &l.Discount, &l.Total, &lineID)
	l.At = time.UnixMilli(at).UTC()
	l.Subject, l.Number = TaxOriginal, InvoiceNumber(year, seq)
	if l.Series == TaxSeriesWeb {
		l.Number = WebInvoiceNumber(l.InvoiceID)
	}
	if cancel {
		l.Subject, l.Cancels = TaxCancel, l.Number
	}
	if l.Side != LineSale || l.Kind != VaultJewellery {
		l.VATBP = 0 // bars, melted gold, coins, buy-backs and the web's 750 carry no VAT
	}
	l.Type = taxType(l.Series, l.Buyer)
	if l.Type == TaxTypeAnonymous {
		l.Buyer = CounterBuyer{}
	}
	return l, err
}

// taxType says whether an invoice names its buyer: at the counter, a name with a national id or a phone; on
// the web, a customer whose national id is on record (their name and phone always are).
func taxType(series string, b CounterBuyer) int {
	named := strings.TrimSpace(b.FirstName+b.LastName) != ""
	switch {
	case series == TaxSeriesWeb && b.NationalID != "":
		return TaxTypeIdentified
	case series == TaxSeriesCounter && named && (b.NationalID != "" || b.Phone != ""):
		return TaxTypeIdentified
	}
	return TaxTypeAnonymous
}
