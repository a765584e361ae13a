package app

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// counterError words the counter's refusals; the rest (a short wallet, the reserve, the weight limits of a
// wallet_gold sell) pass on to writeError.
func counterError(err error, payments, payouts []store.CounterPayment) error {
	var item *store.CounterItemError
	var settle *store.SettleError
	switch {
	case errors.As(err, &item) && errors.Is(err, store.ErrVaultItemOut):
		return conflict(fmt.Sprintf(msgCounterItemSold, iran.Digits(strconv.FormatInt(item.ItemID, 10))))
	case errors.As(err, &item):
		return conflict(fmt.Sprintf(msgCounterItemMissing, iran.Digits(strconv.FormatInt(item.ItemID, 10))))
	case errors.Is(err, store.ErrCounterItemTwice):
		return badRequest(msgCounterItemTwice)
	case errors.Is(err, store.ErrCounterEmpty):
		return badRequest(msgCounterEmpty)
	case errors.Is(err, store.ErrPricesStale):
		return conflict(msgPricesStale)
	case errors.Is(err, store.ErrTradingClosed), errors.Is(err, store.ErrPriceUnavailable):
		return badRequest(msgCounterSellClosed)
	case errors.Is(err, rules.ErrCoinPrice):
		return badRequest(msgCounterCoinPrice)
	case errors.Is(err, rules.ErrDiscountTooLarge):
		return badRequest(msgCounterDiscount)
	case errors.Is(err, rules.ErrExemptLineCharged):
		return badRequest(msgCounterExempt)
	case errors.Is(err, rules.ErrBuyBackNoPrice):
		return conflict(msgCounterNoBuyBackPrice)
	case errors.Is(err, rules.ErrBuyBackTooLight):
		return badRequest(msgCounterTooLight)
	case errors.Is(err, rules.ErrSettleMethod):
		return badRequest(msgCounterMethod)
	case errors.Is(err, rules.ErrSettleAmount):
		return badRequest(msgCounterAmount)
	case errors.As(err, &settle) && errors.Is(err, rules.ErrSettleSum):
		return badRequest(sumMessage(settle.Net, payments, payouts))
	case errors.Is(err, rules.ErrSettleGoldPayout):
		return badRequest(msgCounterGoldPayout)
	case errors.Is(err, rules.ErrSettleTooMany):
		return badRequest(msgCounterTooMany)
	case errors.Is(err, store.ErrCounterNoCustomer):
		return badRequest(msgCounterNoCustomer)
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgCounterCustomer)
	case errors.Is(err, store.ErrInvoiceVoid):
		return conflict(msgCounterVoidDone)
	case errors.Is(err, store.ErrInvoiceNotToday):
		return conflict(msgCounterVoidNotToday)
	case errors.Is(err, store.ErrInvoiceLotGone):
		return conflict(msgCounterVoidLotGone)
	}
	return err
}

// counterTerms is GET /api/admin/counter/terms: what an invoice is priced at now.
func (a *App) counterTerms(w http.ResponseWriter, r *http.Request) error {
	now := a.now()
	t, err := a.store.CounterTerms(r.Context(), now)
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"base_price": t.BasePrice, "buy_back_price": t.BuyBackPrice,
		"profit_percent": rules.FormatPercent(t.Settings.ProfitBP), "fineness_deduction_percent": rules.FormatPercent(t.Settings.DeductionBP),
		"vat": vatRateView{From: t.VAT.From, Percent: rules.FormatPercent(t.VAT.BP)}, "is_price_fresh": t.Fresh,
		"price_at": t.PriceAt})
}

func viewCounterSettings(s store.CounterSettings) map[string]any {
	return map[string]any{"buy_back_spread_rial": s.BuyBackSpreadRial, "profit_percent": rules.FormatPercent(s.ProfitBP),
		"fineness_deduction_percent": rules.FormatPercent(s.DeductionBP), "vat_rates": viewVATRates(s.VATRates)}
}

// counterSettingsGet is GET /api/admin/counter/settings (owner).
func (a *App) counterSettingsGet(w http.ResponseWriter, r *http.Request) error {
	s, err := a.store.CounterSettings(r.Context())
	if err != nil {
		return err
	}
	return okJSON(w, viewCounterSettings(s))
}

type counterSettingsRequest struct {
	BuyBackSpreadRial numberText `json:"buy_back_spread_rial"`
	ProfitPercent     numberText `json:"profit_percent"`
	DeductionPercent  numberText `json:"fineness_deduction_percent"`
	VATRates          []struct {
		From    string     `json:"from"`
		Percent numberText `json:"percent"`
	} `json:"vat_rates"`
}

// counterSettingsPut is PUT /api/admin/counter/settings (owner): every figure and the whole list of VAT rates.
func (a *App) counterSettingsPut(w http.ResponseWriter, r *http.Request) error {
	var req counterSettingsRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	var set store.CounterSettings
	var ok bool
	if set.BuyBackSpreadRial, ok = rules.ParseRial(string(req.BuyBackSpreadRial)); !ok || set.BuyBackSpreadRial > rules.MaxAmountRial {
		return badRequest(msgCounterSpread)
	}
	if set.ProfitBP, ok = rules.ParsePercent(string(req.ProfitPercent)); !ok {
		return badRequest(msgCounterProfit)
	}
	if set.DeductionBP, ok = rules.ParsePercent(string(req.DeductionPercent)); !ok {
		return badRequest(msgCounterDeduction)
	}
	if len(req.VATRates) == 0 || len(req.VATRates) > 50 {
		return badRequest(msgCounterVATRates)
	}
	for _, v := range req.VATRates {
		day := iran.LatinDigits(strings.TrimSpace(v.From))
		bp, ok := rules.ParsePercent(string(v.Percent))
		if _, err := iran.JalaliDayExact(day); err != nil || !ok {
			return badRequest(msgCounterVATRates)
		}
		set.VATRates = append(set.VATRates, rules.VATRate{From: day, BP: bp})
	}
	slices.SortFunc(set.VATRates, func(x, y rules.VATRate) int { return strings.Compare(x.From, y.From) })
	for i := 1; i < len(set.VATRates); i++ {
		if set.VATRates[i].From == set.VATRates[i-1].From {
			return badRequest(msgCounterVATRates)
		}
	}
	saved, err := a.store.SaveCounterSettings(r.Context(), caller(r).User.ID, set, a.now())
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgCounterSettingsSaved, "settings": viewCounterSettings(saved)})
}

// counterPrice is POST /api/admin/counter/price: the invoice's figures, writing nothing. With a customer and
// wallet_gold payments it also says what each sells for at the customer's own price, and what is left to pay.
func (a *App) counterPrice(w http.ResponseWriter, r *http.Request) error {
	var req counterRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	d, err := req.draft()
	if err != nil {
		return err
	}
	ctx, now := r.Context(), a.now()
	terms, err := a.store.CounterTerms(ctx, now)
	if err != nil {
		return err
	}
	p, err := a.store.PriceInvoice(ctx, d, terms)
	if err != nil {
		return counterError(err, nil, nil)
	}
	payouts, err := settlement(req.Payouts, true)
	if err != nil {
		return err
	}
	net := p.Net(store.GoldPayout(payouts))
	lines := make([]counterLineView, len(p.Lines))
	for i, l := range p.Lines {
		lines[i] = viewCounterLine(l)
	}
	payments, rest, err := a.counterPaymentsPreview(r, req, net)
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"lines": lines, "totals": viewCounterTotals(p), "net": net,
		"net_words": iran.Words(abs(net)), "payments": viewCounterPayments(payments), "rest": rest})
}

// counterPaymentsPreview prices the payments a price call sends: a wallet_gold payment's rial at the
// customer's own sell price now; rest is what is left to pay (or, negative, paid beyond the net).
func (a *App) counterPaymentsPreview(r *http.Request, req counterRequest, net int64) ([]store.CounterPayment, int64, error) {
	payments, err := settlement(req.Payments, false)
	if err != nil {
		return nil, 0, err
	}
	buyer, err := req.buyer()
	if err != nil {
		return nil, 0, err
	}
	rest := max(net, 0)
	for i, p := range payments {
		if p.Method == rules.PayWalletGold {
			if buyer.UserID == 0 {
				return nil, 0, badRequest(msgCounterNoCustomer)
			}
			u, err := a.store.UserByID(r.Context(), buyer.UserID)
			if err != nil || u.Role != store.RoleCustomer {
				return nil, 0, notFound(msgCounterCustomer)
			}
			tt, err := a.store.CounterSell(r.Context(), u, p.GoldMg, a.now())
			if err != nil {
				return nil, 0, counterError(err, nil, nil)
			}
			payments[i].AmountRial = tt.AmountRial
		}
		rest -= payments[i].AmountRial
	}
	return payments, rest, nil
}

// counterRecord is POST /api/admin/counter/invoices: 201 with the invoice.
func (a *App) counterRecord(w http.ResponseWriter, r *http.Request) error {
	var req counterRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	in, err := req.input(caller(r).User.ID)
	if err != nil {
		return err
	}
	if in.Buyer.UserID != 0 {
		u, err := a.store.UserByID(r.Context(), in.Buyer.UserID)
		if err != nil || u.Role != store.RoleCustomer {
			return notFound(msgCounterCustomer)
		}
	}
	inv, err := a.store.RecordInvoice(r.Context(), in, a.now())
	if err != nil {
		return counterError(err, in.Payments, in.Payouts)
	}
	writeJSON(w, http.StatusCreated, map[string]any{"message": fmt.Sprintf(msgCounterRecorded, iran.Digits(inv.Number())),
		"invoice": viewInvoice(inv)})
	return nil
}

// counterInvoices is GET /api/admin/counter/invoices?from&to&search&cursor, newest first.
func (a *App) counterInvoices(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	from, until, err := dayRange(q)
	if err != nil {
		return badRequest(msgFilterInvalid)
	}
	f := store.InvoiceFilter{From: from, Until: until, Search: iran.LatinDigits(strings.TrimSpace(q.Get("search"))), Limit: 50}
	if c := q.Get("cursor"); c != "" {
		if f.Before, err = strconv.ParseInt(c, 10, 64); err != nil || f.Before <= 0 {
			return badRequest(msgFilterInvalid)
		}
	}
	if utf8.RuneCountInString(f.Search) > 100 {
		return badRequest(msgFilterInvalid)
	}
	list, next, err := a.store.Invoices(r.Context(), f)
	if err != nil {
		return err
	}
	out := make([]invoiceView, len(list))
	for i, inv := range list {
		out[i] = viewInvoice(inv)
	}
	var cursor any
	if next > 0 {
		cursor = strconv.FormatInt(next, 10)
	}
	return okJSON(w, map[string]any{"invoices": out, "next_cursor": cursor})
}

// counterInvoice is GET /api/admin/counter/invoices/{id}.
func (a *App) counterInvoice(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgCounterNotFound)
	if err != nil {
		return err
	}
	inv, err := a.store.Invoice(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgCounterNotFound)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"invoice": viewInvoice(inv)})
}

// myCounterInvoice is GET /api/counter/invoices/{id}: a customer's own invoice; another's is not found.
func (a *App) myCounterInvoice(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgCounterNotFound)
	if err != nil {
		return err
	}
	inv, err := a.store.Invoice(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && inv.Buyer.UserID != caller(r).User.ID) {
		return notFound(msgCounterNotFound)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"invoice": viewInvoice(inv)})
}

// counterVoid is POST /api/admin/counter/invoices/{id}/void (owner): {reason}.
func (a *App) counterVoid(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgCounterNotFound)
	if err != nil {
		return err
	}
	var req struct {
		Reason string `json:"reason"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	reason := oneLine(req.Reason)
	if reason == "" || utf8.RuneCountInString(reason) > 200 || !plainText(reason) {
		return badRequest(msgCounterVoidReason)
	}
	inv, err := a.store.VoidInvoice(r.Context(), caller(r).User.ID, id, reason, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgCounterNotFound)
	}
	if err != nil {
		return counterError(err, nil, nil)
	}
	return okJSON(w, map[string]any{"message": fmt.Sprintf(msgCounterVoided, iran.Digits(inv.Number())), "invoice": viewInvoice(inv)})
}

// vaultByTag is GET /api/admin/vault/by-tag/{code}: the item a scanned label names; 409 when it is sold.
func (a *App) vaultByTag(w http.ResponseWriter, r *http.Request) error {
	code := iran.LatinDigits(strings.TrimSpace(chi.URLParam(r, "code")))
	it, err := a.store.VaultItemByTag(r.Context(), code)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgCounterTagNotFound)
	case err != nil:
		return err
	case it.Status != store.VaultIn:
		return conflict(msgCounterTagSold)
	}
	return okJSON(w, map[string]any{"item": viewVaultItem(it)})
}
