package app

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

type priceAlertView struct {
	ID         int64      `json:"id"`
	Side       string     `json:"side"`
	Price      string     `json:"price"`
	CreatedAt  time.Time  `json:"created_at"`
	FiredAt    *time.Time `json:"fired_at"`
	FiredPrice *string    `json:"fired_price"`
}

func viewPriceAlert(a store.PriceAlert) priceAlertView {
	v := priceAlertView{ID: a.ID, Side: a.Side, Price: rules.FormatRial(a.PriceRial), CreatedAt: a.CreatedAt}
	if !a.FiredAt.IsZero() {
		at, price := a.FiredAt, rules.FormatRial(a.FiredAtRial)
		v.FiredAt, v.FiredPrice = &at, &price
	}
	return v
}

// priceAlertsList answers GET /api/alerts: the caller's alerts, waiting ones first.
func (a *App) priceAlertsList(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.PriceAlerts(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	items, live := make([]priceAlertView, len(list)), 0
	for i, al := range list {
		items[i] = viewPriceAlert(al)
		if al.FiredAt.IsZero() {
			live++
		}
	}
	return okJSON(w, map[string]any{"items": items, "live": live, "max": store.MaxLiveAlerts})
}

type priceAlertRequest struct {
	Side  string     `json:"side"`
	Price numberText `json:"price"`
}

// priceAlertAdd answers POST /api/alerts {side, price}: buy waits for the caller's buy price to be at or below
// price, sell for their sell price to be at or above it.
func (a *App) priceAlertAdd(w http.ResponseWriter, r *http.Request) error {
	var req priceAlertRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	side := strings.TrimSpace(req.Side)
	if side != "buy" && side != "sell" {
		return badRequest(msgAlertSide)
	}
	price, ok := rules.ParseAmountRial(string(req.Price))
	if !ok {
		return badRequest(msgAlertPrice)
	}
	saved, err := a.store.AddPriceAlert(r.Context(), store.PriceAlert{UserID: caller(r).User.ID, Side: side, PriceRial: price}, a.now())
	var met *store.ErrAlertMet
	switch {
	case errors.Is(err, store.ErrTooManyAlerts):
		return badRequest(fmt.Sprintf(msgAlertTooManyFormat, iran.Digits(fmt.Sprint(store.MaxLiveAlerts))))
	case errors.As(err, &met):
		return badRequest(fmt.Sprintf(msgAlertMetFormat, iran.Number(fmt.Sprint(met.Price))))
	case err != nil:
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"message": msgAlertSaved, "alert": viewPriceAlert(saved)})
	return nil
}

// priceAlertDelete answers DELETE /api/alerts/{id}: the caller's own alert only.
func (a *App) priceAlertDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgAlertNotFound)
	if err != nil {
		return err
	}
	if err := a.store.DeletePriceAlert(r.Context(), caller(r).User.ID, id); errors.Is(err, store.ErrNotFound) {
		return notFound(msgAlertNotFound)
	} else if err != nil {
		return err
	}
	return okJSON(w, map[string]string{"message": msgAlertDeleted})
}

// adminPriceAlerts answers GET /api/admin/alerts (owner): how many alerts wait on each side, never whose.
func (a *App) adminPriceAlerts(w http.ResponseWriter, r *http.Request) error {
	buy, sell, err := a.store.LiveAlertCounts(r.Context())
	if err != nil {
		return err
	}
	return okJSON(w, map[string]int64{"buy": buy, "sell": sell})
}
