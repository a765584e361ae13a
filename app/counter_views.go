package app

import (
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// The counter's answers: rial as whole numbers, gold and purity as the API's strings, percents "7.00".

type counterLineView struct {
	Side            string `json:"side"`
	ItemID          int64  `json:"item_id"`
	Kind            string `json:"kind"`
	Description     string `json:"description"`
	Weight          string `json:"weight"`
	Purity          string `json:"purity"`
	Weight750       string `json:"weight750"`
	WagePercent     string `json:"wage_percent,omitempty"`
	WageRialPerGram int64  `json:"wage_rial_per_gram,omitempty"`
	ProfitPercent   string `json:"profit_percent,omitempty"`
	DeductionPct    string `json:"deduction_percent,omitempty"`
	GoldValue       int64  `json:"gold_value"`
	Wage            int64  `json:"wage"`
	Profit          int64  `json:"profit"`
	Commission      int64  `json:"commission"`
	VAT             int64  `json:"vat"`
	Extras          int64  `json:"extras"`
	Discount        int64  `json:"discount"`
	Total           int64  `json:"total"`
}

func viewCounterLine(l store.InvoiceLine) counterLineView {
	v := counterLineView{Side: l.Side, ItemID: l.ItemID, Kind: l.Kind, Description: l.Description,
		Weight: rules.FormatGold(l.WeightMg), Purity: rules.FormatAyar(l.PurityCenti), Weight750: rules.FormatGold(l.Weight750Mg),
		WageRialPerGram: l.WagePerGram, GoldValue: l.Gold, Wage: l.Wage, Profit: l.Profit, Commission: l.Commission,
		VAT: l.VAT, Extras: l.Extras, Discount: l.Discount, Total: l.Total}
	if l.Kind == store.VaultJewellery && l.Side == store.LineSale {
		if l.WagePerGram == 0 {
			v.WagePercent = rules.FormatPercent(l.WageBP)
		}
		v.ProfitPercent = rules.FormatPercent(l.ProfitBP)
	}
	if l.Side == store.LineBuyBack {
		v.DeductionPct = rules.FormatPercent(l.DeductionBP)
	}
	return v
}

type counterTotalsView struct {
	Sales        int64  `json:"sales"`
	BuyBacks     int64  `json:"buybacks"`
	VAT          int64  `json:"vat"`
	BuyBack750   string `json:"buybacks750"`
	BasePrice    int64  `json:"base_price"`
	BuyBackPrice int64  `json:"buy_back_price"`
	VATPercent   string `json:"vat_percent"`
	VATFrom      string `json:"vat_from"`
}

func viewCounterTotals(p store.PricedInvoice) counterTotalsView {
	return counterTotalsView{Sales: p.SalesRial, BuyBacks: p.BuyBackRial, VAT: p.VATRial,
		BuyBack750: rules.FormatGold(p.BuyBack750Mg()), BasePrice: p.Terms.BasePrice, BuyBackPrice: p.Terms.BuyBackPrice,
		VATPercent: rules.FormatPercent(p.Terms.VAT.BP), VATFrom: p.Terms.VAT.From}
}

type counterPaymentView struct {
	Method string `json:"method"`
	Amount int64  `json:"amount"`
	Gold   string `json:"gold,omitempty"`
}

func viewCounterPayments(ps []store.CounterPayment) []counterPaymentView {
	out := make([]counterPaymentView, len(ps))
	for i, p := range ps {
		out[i] = counterPaymentView{Method: p.Method, Amount: p.AmountRial}
		if p.GoldMg > 0 {
			out[i].Gold = rules.FormatGold(p.GoldMg)
		}
	}
	return out
}

type counterBuyerView struct {
	UserID     int64  `json:"user_id,omitempty"`
	FirstName  string `json:"first_name"`
	LastName   string `json:"last_name"`
	Phone      string `json:"phone"`
	NationalID string `json:"national_id"`
}

type counterVoidView struct {
	Reason string    `json:"reason"`
	By     int64     `json:"by"`
	At     time.Time `json:"at"`
}

type invoiceView struct {
	ID        int64                `json:"id"`
	Number    string               `json:"number"`
	Status    string               `json:"status"`
	Customer  counterBuyerView     `json:"customer"`
	Lines     []counterLineView    `json:"lines"`
	Totals    counterTotalsView    `json:"totals"`
	Net       int64                `json:"net"`
	NetWords  string               `json:"net_words"`
	Payments  []counterPaymentView `json:"payments"`
	Payouts   []counterPaymentView `json:"payouts"`
	CreatedAt time.Time            `json:"created_at"`
	CreatedBy int64                `json:"created_by"`
	// CreatedByName is who recorded it, as the invoice prints it
	CreatedByName string           `json:"created_by_name"`
	Void          *counterVoidView `json:"void"`
}

// viewInvoice writes an invoice whole (a list leaves its lines out: they are empty there).
func viewInvoice(inv store.Invoice) invoiceView {
	v := invoiceView{ID: inv.ID, Number: inv.Number(), Status: inv.Status, Customer: counterBuyerView(inv.Buyer),
		Lines: make([]counterLineView, len(inv.Lines)), Totals: viewCounterTotals(inv.PricedInvoice), Net: inv.NetRial,
		NetWords: iran.Words(abs(inv.NetRial)), Payments: viewCounterPayments(inv.Payments),
		Payouts: viewCounterPayments(inv.Payouts), CreatedAt: inv.CreatedAt, CreatedBy: inv.CreatedBy,
		CreatedByName: inv.CreatedByName}
	for i, l := range inv.Lines {
		v.Lines[i] = viewCounterLine(l)
	}
	if inv.Status == store.InvoiceVoid {
		v.Void = &counterVoidView{Reason: inv.VoidReason, By: inv.VoidedBy, At: inv.VoidedAt}
	}
	return v
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

type vatRateView struct {
	From    string `json:"from"`
	Percent string `json:"percent"`
}

func viewVATRates(rates []rules.VATRate) []vatRateView {
	out := make([]vatRateView, len(rates))
	for i, r := range rates {
		out[i] = vatRateView{From: r.From, Percent: rules.FormatPercent(r.BP)}
	}
	return out
}

// invoiceNumberText writes an invoice's number inside a Persian sentence: Persian digits, isolated left to
// right, so "1405-000123" does not show its halves swapped.
func invoiceNumberText(number string) string { return "\u2066" + iran.Digits(number) + "\u2069" }
