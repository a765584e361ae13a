package app

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

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
	case errors.Is(err, store.ErrDayClosed):
		return conflict(msgDayClosed)
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
	var customer store.User
	if in.Buyer.UserID != 0 {
		if customer, err = a.store.UserByID(r.Context(), in.Buyer.UserID); err != nil || customer.Role != store.RoleCustomer {
			return notFound(msgCounterCustomer)
		}
	}
	// What leaves a customer's wallet is theirs to allow: a code texted to them, bound to the amounts, read
	// off their phone at the counter. The invoice is checked first, so a code is never spent on a refusal.
	if scope := walletScope(in); scope != "" {
		if customer.ID == 0 {
			return badRequest(msgCounterNoCustomer)
		}
		if err := a.counterPreflight(r, in, customer); err != nil {
			return err
		}
		step := codeStep{store.PurposeCounter, scope, msgCounterCodeSent, msgCounterCodeOther}
		if sent, err := a.confirmByCode(w, r, customer, step, req.Code); sent || err != nil {
			return err
		}
	}
	inv, err := a.store.RecordInvoice(r.Context(), in, a.now())
	if err != nil {
		return counterError(err, in.Payments, in.Payouts)
	}
	writeJSON(w, http.StatusCreated, map[string]any{"message": fmt.Sprintf(msgCounterRecorded, invoiceNumberText(inv.Number())),
		"invoice": viewInvoice(inv)})
	return nil
}

// counterPreflight refuses, before a code is texted, an invoice RecordInvoice would refuse for its lines, its
// settlement or the wallet's balance; RecordInvoice checks it all again in its transaction.
func (a *App) counterPreflight(r *http.Request, in store.CounterInput, customer store.User) error {
	ctx, now := r.Context(), a.now()
	if err := a.store.EnsureDayOpen(ctx, now); err != nil {
		return counterError(err, nil, nil)
	}
	terms, err := a.store.CounterTerms(ctx, now)
	if err != nil {
		return err
	}
	p, err := a.store.PriceInvoice(ctx, in.Draft, terms)
	if err != nil {
		return counterError(err, nil, nil)
	}
	payments := slices.Clone(in.Payments)
	var rial, gold int64 // the wallet's rial and gold the invoice takes (a gold sale pays its own part)
	for i, pay := range payments {
		switch pay.Method {
		case rules.PayWalletGold:
			tt, err := a.store.CounterSell(ctx, customer, pay.GoldMg, now)
			if err != nil {
				return counterError(err, nil, nil)
			}
			payments[i].AmountRial, gold = tt.AmountRial, gold+pay.GoldMg
		case rules.PayWalletRial:
			rial += pay.AmountRial
		}
	}
	net := p.Net(store.GoldPayout(in.Payouts))
	if err := rules.Settle(net, len(in.Draft.BuyBacks) > 0, store.Settlements(payments), store.Settlements(in.Payouts)); err != nil {
		return counterError(&store.SettleError{Net: net, Err: err}, payments, in.Payouts)
	}
	b, err := a.store.Balances(ctx, customer.ID)
	if err != nil {
		return err
	}
	if err := b.Cover(store.AssetGold, gold); err != nil {
		return err
	}
	return b.Cover(store.AssetRial, rial)
}
