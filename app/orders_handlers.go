package app

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// The customer's standing orders (issue 29): GET/POST /api/orders, DELETE /api/orders/{id}. Placing one is
// confirmed by a texted code bound to its terms; what it may spend is held until it executes, expires or
// is cancelled.

// orderLongest is how far ahead an order may run: until the end of the Jalali day 30 days from today.
const orderLongest = 30

type orderRequest struct {
	Side       string     `json:"side"`
	AmountRial numberText `json:"amount_rial"`
	AmountGold numberText `json:"amount_gold"`
	LimitPrice numberText `json:"limit_price"`
	Until      string     `json:"until"` // Jalali YYYY/MM/DD
	Code       string     `json:"verification_code"`
}

type orderView struct {
	ID         int64          `json:"id"`
	Side       string         `json:"side"`
	AmountRial *string        `json:"amount_rial"` // a buy of a rial amount
	AmountGold *string        `json:"amount_gold"` // a buy of a weight, or a sell
	LimitPrice string         `json:"limit_price"`
	Until      string         `json:"until"` // Jalali, the last day it is open
	UntilAt    time.Time      `json:"until_at"`
	Status     string         `json:"status"` // open, executed, expired, canceled
	HeldRial   string         `json:"held_rial"`
	HeldGold   string         `json:"held_gold"`
	CreatedAt  time.Time      `json:"created_at"`
	ClosedAt   *time.Time     `json:"closed_at"`
	Executed   *orderExecuted `json:"executed"`
}

type orderExecuted struct {
	PricePerGram string `json:"price_per_gram"`
	AmountRial   string `json:"amount_rial"`
	AmountGold   string `json:"amount_gold"`
}

func viewOrder(o store.Order) orderView {
	v := orderView{ID: o.ID, Side: o.Side, LimitPrice: rules.FormatRial(o.LimitPriceRial),
		Until: iran.JalaliDayText(o.UntilAt.Add(-time.Millisecond)), UntilAt: o.UntilAt, Status: o.Status,
		HeldRial: "0", HeldGold: rules.FormatGold(0), CreatedAt: o.CreatedAt}
	if o.ByRial {
		amount := rules.FormatRial(o.AmountRial)
		v.AmountRial = &amount
	} else {
		amount := rules.FormatGold(o.AmountGoldMg)
		v.AmountGold = &amount
	}
	if o.Status == store.OrderOpen {
		if o.Side == store.EntryBuy {
			v.HeldRial = rules.FormatRial(o.Held)
		} else {
			v.HeldGold = rules.FormatGold(o.Held)
		}
	}
	if !o.ClosedAt.IsZero() {
		closed := o.ClosedAt
		v.ClosedAt = &closed
	}
	if o.Status == store.OrderExecuted {
		v.Executed = &orderExecuted{rules.FormatRial(o.PricePerGramRial), rules.FormatRial(o.TradeRial),
			rules.FormatGold(o.TradeGoldMg)}
	}
	return v
}

// ordersList answers GET /api/orders: the caller's orders, open ones first.
func (a *App) ordersList(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.Orders(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	out := make([]orderView, 0, len(list))
	for _, o := range list {
		out = append(out, viewOrder(o))
	}
	return okJSON(w, map[string]any{"orders": out})
}

// orderTerms reads an order's terms from req: 400 with the words of the first thing wrong, 409 when the
// customer's price meets the limit now (a trade for the screen, not an order).
func (a *App) orderTerms(r *http.Request, req orderRequest) (store.Order, error) {
	user := caller(r).User
	o := store.Order{UserID: user.ID, Side: req.Side}
	if req.Side != store.EntryBuy && req.Side != store.EntrySell {
		return o, badRequest(msgOrderSide)
	}
	if req.Side == store.EntrySell && req.AmountRial != "" && req.AmountGold == "" {
		return o, badRequest(msgOrderSellByWeight)
	}
	byRial, amount, err := tradeAmount(req.AmountRial, req.AmountGold)
	if err != nil {
		return o, err
	}
	if amount <= 0 {
		return o, badRequest(msgAmountInvalid)
	}
	o.ByRial = byRial
	if byRial {
		o.AmountRial = amount
	} else {
		o.AmountGoldMg = amount
	}
	limit, ok := rules.ParseAmountRial(string(req.LimitPrice))
	if !ok || limit <= 0 {
		return o, badRequest(msgOrderLimitPrice)
	}
	o.LimitPriceRial = limit
	day, err := iran.JalaliDayExact(req.Until) // exactly YYYY/MM/DD, as the screen sends it (issue 36)
	today := iran.DayStart(a.now())
	if err != nil || day.Before(today) || day.After(today.AddDate(0, 0, orderLongest)) {
		return o, badRequest(msgOrderUntil)
	}
	o.UntilAt = day.AddDate(0, 0, 1)
	// what it holds: its trade at its own limit, within the weight limits; refused when the price meets it now
	terms, err := a.store.TradingTermsOfGrade(r.Context(), user.Grade)
	if err != nil {
		return o, err
	}
	rial, mg, err := terms.Amounts(o.Side, byRial, amount, limit)
	if err != nil {
		return o, err
	}
	o.Held = rial
	if o.Side == store.EntrySell {
		o.Held = mg
	}
	if buy, sell := terms.Prices(); terms.HasBase {
		if met, _ := rules.LimitMet(rules.Side(o.Side), limit, buy, sell); met {
			return o, conflict(msgOrderMet)
		}
	}
	return o, nil
}

// orderScope binds an order's code to its terms.
func orderScope(o store.Order) string {
	return fmt.Sprintf("order:%s:%t:%d:%d:%d:%d", o.Side, o.ByRial, o.AmountRial, o.AmountGoldMg, o.LimitPriceRial,
		o.UntilAt.UnixMilli())
}

// ordersPlace answers POST /api/orders: 403 {code_required} with a code texted for these terms, then, with
// that code, the open order and its hold.
func (a *App) ordersPlace(w http.ResponseWriter, r *http.Request) error {
	var req orderRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	ctx, user := r.Context(), caller(r).User
	o, err := a.orderTerms(r, req)
	if err != nil {
		return err
	}
	// refused before a code is texted; PlaceOrder checks again in the hold's transaction
	b, err := a.store.Balances(ctx, user.ID)
	if err != nil {
		return err
	}
	if o.Side == store.EntryBuy {
		err = b.Cover(store.AssetRial, o.Held)
	} else {
		err = b.Cover(store.AssetGold, o.Held)
	}
	if err != nil {
		return err
	}
	if list, err := a.store.Orders(ctx, user.ID); err != nil {
		return err
	} else if openOrders(list) >= store.OrdersPerCustomer {
		return conflict(msgOrderLimit)
	}
	step := codeStep{store.PurposeOrder, orderScope(o), msgOrderCodeSent, msgOrderCodeOther}
	if sent, err := a.confirmByCode(w, r, user, step, req.Code); sent || err != nil {
		return err
	}
	o, err = a.store.PlaceOrder(ctx, o, a.now())
	switch {
	case errors.Is(err, store.ErrOrderLimit):
		return conflict(msgOrderLimit)
	case errors.Is(err, store.ErrOrderMet):
		return conflict(msgOrderMet)
	case err != nil:
		return err
	}
	return okJSON(w, map[string]any{"message": msgOrderPlaced, "order": viewOrder(o)})
}

func openOrders(list []store.Order) int {
	n := 0
	for _, o := range list {
		if o.Status == store.OrderOpen {
			n++
		}
	}
	return n
}

// orderCancel answers DELETE /api/orders/{id}: the caller's open order closes and its hold comes back.
func (a *App) orderCancel(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgOrderNotFound)
	if err != nil {
		return err
	}
	err = a.store.CancelOrder(r.Context(), caller(r).User.ID, id, a.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgOrderNotFound)
	case errors.Is(err, store.ErrConflict):
		return conflict(msgOrderNotOpen)
	case err != nil:
		return err
	}
	return okJSON(w, map[string]string{"message": msgOrderCanceled})
}

// adminOrders answers GET /api/admin/orders: how many orders are open on each side and what they hold,
// how many executed today and how many end today; never whose.
func (a *App) adminOrders(w http.ResponseWriter, r *http.Request) error {
	today := iran.DayStart(a.now())
	s, err := a.store.OrdersSummaryOf(r.Context(), today, today.AddDate(0, 0, 1))
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"open_buy": s.OpenBuy, "open_sell": s.OpenSell,
		"held_rial": rules.FormatRial(s.HeldRial), "held_gold": rules.FormatGold(s.HeldGoldMg),
		"executed_today": s.ExecutedToday, "expiring_today": s.Expiring})
}
