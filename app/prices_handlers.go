package app

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// maxPricePerGramRial bounds a base price far above any real one, so a slip of the finger (extra zeros)
// is refused instead of repricing the shop.
const maxPricePerGramRial = 100_000_000_000

// pricesCurrent is the public base price: {price, updated_at}, both null before the shop sets one.
func (a *App) pricesCurrent(w http.ResponseWriter, r *http.Request) error {
	p, err := a.store.BasePrice(r.Context())
	if errors.Is(err, store.ErrNotFound) {
		return okJSON(w, map[string]any{"price": nil, "updated_at": nil, "is_price_fresh": false})
	}
	if err != nil {
		return err
	}
	settings, err := a.store.PriceSettings(r.Context())
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{
		"price":          rules.FormatRial(p.PricePerGramRial),
		"updated_at":     p.At.Format(time.RFC3339),
		"is_price_fresh": rules.PriceFresh(p.At, a.now(), settings.PriceMaxAgeMinutes),
	})
}

type pricePointView struct {
	Price string `json:"price"`
	At    string `json:"at"`
	// who set it (issue 40): manual, or the feed's source
	Source string `json:"source"`
}

// pricesHistory lists the base prices of the last `days` days (default 30), newest first.
func (a *App) pricesHistory(w http.ResponseWriter, r *http.Request) error {
	days := 30
	if q := r.URL.Query().Get("days"); q != "" {
		n, err := strconv.Atoi(iran.LatinDigits(q))
		if err != nil || n < 1 || n > 365 {
			return badRequest(msgHistoryDaysInvalid)
		}
		days = n
	}
	points, err := a.store.PriceHistory(r.Context(), a.now().AddDate(0, 0, -days))
	if err != nil {
		return err
	}
	out := make([]pricePointView, len(points))
	for i, p := range points {
		out[i] = pricePointView{rules.FormatRial(p.PricePerGramRial), p.At.Format(time.RFC3339), p.Source}
	}
	return okJSON(w, out)
}

type setPriceRequest struct {
	BasePrice numberText `json:"base_price"`
}

// adminPriceSet records a new base price; every change is kept in the history and the audit log.
func (a *App) adminPriceSet(w http.ResponseWriter, r *http.Request) error {
	var req setPriceRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	price, ok := rules.ParseRial(string(req.BasePrice))
	if !ok || price <= 0 || price > maxPricePerGramRial {
		return badRequest(msgPriceInvalid)
	}
	now := a.now()
	if err := a.store.SetBasePrice(r.Context(), caller(r).User.ID, price, now); err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgPriceSet, "price": rules.FormatRial(price),
		"updated_at": now.UTC().Format(time.RFC3339)})
}
