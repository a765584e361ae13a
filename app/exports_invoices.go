package app

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// The tax office's invoice export (issue 39): a line of an invoice a row, in the fields of the tax system's gold
// pattern (docs/tax-export.md maps each column to its field). The CSV is one of the owner's exports
// (exportNamed's "invoices"); the JSON is the same lines with English keys, for the step that will sign and send
// them.

// The CSV's Persian header words of its own columns; the buyer's, the weight's and the purity's are the
// other exports' (messages.go).
const (
	colInvoiceNumber = "شماره فاکتور"
	colInvoiceDate   = "تاریخ"
	colInvoiceClock  = "ساعت"
	colSeries        = "سری"
	colInvoiceType   = "نوع صورتحساب"
	colSubject       = "موضوع"
	colCancels       = "فاکتور ابطال‌شده"
	colLineSide      = "نوع ردیف"
	colDescription   = "شرح کالا"
	colGoldValue     = "ارزش طلا (ریال)"
	colWage          = "اجرت ساخت (ریال)"
	colProfit        = "سود فروشنده (ریال)"
	colCommission    = "حق‌العمل (ریال)"
	colCharges       = "جمع اجرت، سود و حق‌العمل (ریال)"
	colVATPercent    = "نرخ مالیات بر ارزش افزوده (درصد)"
	colVAT           = "مالیات بر ارزش افزوده (ریال)"
	colExtras        = "سنگ و ملحقات (ریال)"
	colDiscount      = "تخفیف (ریال)"
	colLineTotal     = "مبلغ کل (ریال)"
)

// The CSV's Persian values of the series, the subject and the side, and the descriptions of lines that have
// none typed (a web buy never has one). Digits stay Latin, as in every value of the exports.
const (
	wordSeriesCounter = "پیشخوان"
	wordSeriesWeb     = "اینترنتی"
	wordOriginal      = "اصلی"
	wordCancel        = "ابطالی"
	wordLineSale      = "فروش"
	wordLineBuyBack   = "خرید از مشتری"
	descWebGold750    = "طلای 750 (خرید اینترنتی)"
	descJewellery     = "مصنوعات طلا"
	descBar           = "شمش طلا"
	descMelted        = "طلای آبشده"
	descCoin          = "سکه طلا"
	descBuyBack       = "طلای خریداری‌شده از مشتری"
)

// invoicesExport is the CSV export of the invoice lines, with a header of its own each time (the download
// rewrites its rows' cells in place).
func invoicesExport() export {
	return export{[]string{colInvoiceNumber, colInvoiceDate, colInvoiceClock, colSeries, colInvoiceType, colSubject,
		colCancels, colFirstName, colLastName, colNationalID, colPhone, colLineSide, colDescription, colWeightGram,
		colAyar, colGoldValue, colWage, colProfit, colCommission, colCharges, colVATPercent, colVAT, colExtras,
		colDiscount, colLineTotal}, invoiceRows}
}

func invoiceRows(ctx context.Context, st *store.Store, from, to time.Time, write func([]string) error) error {
	rial := rules.FormatRial
	return st.EachTaxLine(ctx, from, to, func(l store.TaxLine) error {
		return write([]string{l.Number, iran.JalaliDayText(l.At), tehranClock(l.At), taxWord(l.Series),
			strconv.Itoa(l.Type), taxWord(l.Subject), l.Cancels, l.Buyer.FirstName, l.Buyer.LastName, l.Buyer.NationalID,
			l.Buyer.Phone, taxWord(l.Side), taxDescription(l), rules.FormatGold(l.WeightMg), rules.FormatAyar(l.PurityCenti),
			rial(l.Gold), rial(l.Wage), rial(l.Profit), rial(l.Commission), rial(l.Charges()),
			rules.FormatPercent(l.VATBP), rial(l.VAT), rial(l.Extras), rial(l.Discount), rial(l.Total)})
	})
}

// taxLineView is a line as the JSON export writes it: money in whole rials, weight, purity and the rate as the
// API's strings.
type taxLineView struct {
	Number          string `json:"number"`
	Date            string `json:"date"` // Jalali, Tehran
	Time            string `json:"time"` // Tehran, to the second
	Series          string `json:"series"`
	InvoiceType     int    `json:"invoice_type"`
	Subject         string `json:"subject"`
	Cancels         string `json:"cancels"`
	BuyerFirstName  string `json:"buyer_first_name"`
	BuyerLastName   string `json:"buyer_last_name"`
	BuyerNationalID string `json:"buyer_national_id"`
	BuyerPhone      string `json:"buyer_phone"`
	Side            string `json:"side"`
	Description     string `json:"description"`
	Weight          string `json:"weight"`
	Purity          string `json:"purity"`
	GoldValue       int64  `json:"gold_value"`
	Wage            int64  `json:"wage"`
	Profit          int64  `json:"profit"`
	Commission      int64  `json:"commission"`
	Charges         int64  `json:"charges"`
	VATPercent      string `json:"vat_percent"`
	VAT             int64  `json:"vat"`
	Extras          int64  `json:"extras"`
	Discount        int64  `json:"discount"`
	Total           int64  `json:"total"`
}

func viewTaxLine(l store.TaxLine) taxLineView {
	return taxLineView{Number: l.Number, Date: iran.JalaliDayText(l.At), Time: tehranClock(l.At), Series: l.Series,
		InvoiceType: l.Type, Subject: l.Subject, Cancels: l.Cancels, BuyerFirstName: l.Buyer.FirstName,
		BuyerLastName: l.Buyer.LastName, BuyerNationalID: l.Buyer.NationalID, BuyerPhone: l.Buyer.Phone, Side: l.Side,
		Description: taxDescription(l), Weight: rules.FormatGold(l.WeightMg), Purity: rules.FormatAyar(l.PurityCenti),
		GoldValue: l.Gold, Wage: l.Wage, Profit: l.Profit, Commission: l.Commission, Charges: l.Charges(),
		VATPercent: rules.FormatPercent(l.VATBP), VAT: l.VAT, Extras: l.Extras, Discount: l.Discount, Total: l.Total}
}

// adminInvoicesExportJSON sends the invoice lines of a range of Tehran days as one JSON file:
// GET /api/admin/exports/invoices.json?from=YYYY-MM-DD&to=YYYY-MM-DD answers {"from", "to", "lines": [...]}.
// Like the CSV exports, it is audited before anything leaves and the lines stream from the store as they are
// read; a failure midway cuts the connection, so a cut file never parses as a whole one.
func (a *App) adminInvoicesExportJSON(w http.ResponseWriter, r *http.Request) error {
	first, last, err := tehranDays(r.URL.Query())
	if err != nil {
		return err
	}
	from, to := first.Format(time.DateOnly), last.Format(time.DateOnly)
	// audited as adminExport audits, before the first line and whatever the client does
	if err := a.store.Audit(context.WithoutCancel(r.Context()), store.AuditEntry{AdminID: caller(r).User.ID,
		Action: "export", Target: "export:invoices", After: map[string]string{"export": "invoices", "from": from,
			"to": to}}, a.now()); err != nil {
		return err
	}
	out := &jsonAttachment{w: w, filename: "goldshop-invoices-" + from + "-" + to + ".json"}
	buf := bufio.NewWriterSize(out, 32<<10)
	rc := http.NewResponseController(w)
	giveTime := func() { _ = rc.SetWriteDeadline(time.Now().Add(exportStallLimit)) }
	giveTime()
	defer rc.SetWriteDeadline(time.Time{}) // see csvDownload.release
	head, _ := json.Marshal(map[string]string{"from": from, "to": to})
	_, err = buf.Write(append(head[:len(head)-1], `,"lines":[`...))
	n := 0
	if err == nil {
		err = a.store.EachTaxLine(r.Context(), first, last.AddDate(0, 0, 1), func(l store.TaxLine) error {
			line, err := json.Marshal(viewTaxLine(l))
			if err != nil {
				return err
			}
			if n++; n > 1 {
				line = append([]byte{','}, line...)
			}
			if _, err := buf.Write(line); err != nil || n%exportFlushRows != 0 {
				return err
			}
			giveTime()
			if err := buf.Flush(); err != nil {
				return err
			}
			return ignoreNotSupported(rc.Flush())
		})
	}
	if err == nil {
		_, err = io.WriteString(buf, "]}\n")
	}
	if err == nil {
		err = buf.Flush()
	}
	if err == nil || !out.started {
		return err
	}
	a.log.WarnContext(r.Context(), "export cut off", slog.String("path", r.URL.Path), slog.String("error", err.Error()),
		slog.String("request_id", requestID(r.Context())))
	panic(http.ErrAbortHandler)
}

// jsonAttachment sets the download's headers on the first write, when the answer is committed to be the file.
type jsonAttachment struct {
	w        http.ResponseWriter
	filename string
	started  bool
}

func (j *jsonAttachment) Write(p []byte) (int, error) {
	if !j.started {
		j.started = true
		h := j.w.Header()
		h["Content-Type"] = headerJSONType
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": j.filename}))
	}
	return j.w.Write(p)
}

func ignoreNotSupported(err error) error {
	if errors.Is(err, http.ErrNotSupported) {
		return nil
	}
	return err
}

// taxWord is the CSV's Persian of a series, a subject or a side.
func taxWord(v string) string {
	switch v {
	case store.TaxSeriesCounter:
		return wordSeriesCounter
	case store.TaxSeriesWeb:
		return wordSeriesWeb
	case store.TaxOriginal:
		return wordOriginal
	case store.TaxCancel:
		return wordCancel
	case store.LineSale:
		return wordLineSale
	case store.LineBuyBack:
		return wordLineBuyBack
	}
	return v
}

// taxDescription is a line's description as typed or as its item's, else what it is: the tax system refuses a
// line without one.
func taxDescription(l store.TaxLine) string {
	switch {
	case l.Description != "":
		return l.Description
	case l.Series == store.TaxSeriesWeb:
		return descWebGold750
	case l.Side == store.LineBuyBack:
		return descBuyBack
	}
	switch l.Kind {
	case store.VaultJewellery:
		return descJewellery
	case store.VaultBar:
		return descBar
	case store.VaultCoin:
		return descCoin
	}
	return descMelted
}

// tehranClock is t's Tehran wall-clock time to the second, "14:05:09".
func tehranClock(t time.Time) string { return t.In(iran.Tehran).Format(time.TimeOnly) }
