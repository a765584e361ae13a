package app

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// Daily trade limits (issue 29): the owner sets four limits of a Tehran day per grade and per customer (a
// customer's own figure wins over their grade's); every trade counts against them and one that would pass
// them is refused, at the quote and again as it commits (400, as the other refusals of a trade's rules).

// dailyLimitsView is the four limits as the API writes them: rial as whole numbers, gold in grams with three
// decimals, null for no limit.
type dailyLimitsView struct {
	BuyRial  *string `json:"buy_rial"`
	BuyGold  *string `json:"buy_gold"`
	SellRial *string `json:"sell_rial"`
	SellGold *string `json:"sell_gold"`
}

func viewDailyLimits(l store.DailyLimits) dailyLimitsView {
	text := func(p *int64, format func(int64) string) *string {
		if p == nil {
			return nil
		}
		s := format(*p)
		return &s
	}
	return dailyLimitsView{text(l.BuyRial, rules.FormatRial), text(l.BuyGoldMg, rules.FormatGold),
		text(l.SellRial, rules.FormatRial), text(l.SellGoldMg, rules.FormatGold)}
}

type gradeDailyLimitsView struct {
	Grade int `json:"grade"`
	dailyLimitsView
}

// dailyLimitsRequest is the four limits as the owner sends them: "" or null (or left out) for no limit.
type dailyLimitsRequest struct {
	BuyRial  numberText `json:"buy_rial"`
	BuyGold  numberText `json:"buy_gold"`
	SellRial numberText `json:"sell_rial"`
	SellGold numberText `json:"sell_gold"`
}

// decodeDailyLimits reads the four limits of the request's body (limits).
func decodeDailyLimits(w http.ResponseWriter, r *http.Request) (store.DailyLimits, error) {
	var req dailyLimitsRequest
	if err := decode(w, r, &req); err != nil {
		return store.DailyLimits{}, err
	}
	return req.limits()
}

// limits reads the request: rial whole and not negative, gold in grams with at most three decimals.
func (req dailyLimitsRequest) limits() (store.DailyLimits, error) {
	var l store.DailyLimits
	var bad error
	rial := func(s numberText) *int64 {
		if s == "" {
			return nil
		}
		n, ok := rules.ParseRial(string(s))
		if (!ok || n > rules.MaxAmountRial) && bad == nil {
			bad = badRequest(msgDailyLimitRial)
		}
		return &n
	}
	gold := func(s numberText) *int64 {
		if s == "" {
			return nil
		}
		mg, ok := rules.ParseGoldMg(string(s))
		if !ok && bad == nil {
			bad = badRequest(msgDailyLimitGold)
		}
		return &mg
	}
	l.BuyRial, l.SellRial = rial(req.BuyRial), rial(req.SellRial)
	l.BuyGoldMg, l.SellGoldMg = gold(req.BuyGold), gold(req.SellGold)
	return l, bad
}

// adminDailyLimits is every grade's daily limits.
func (a *App) adminDailyLimits(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.GradesDailyLimits(r.Context())
	if err != nil {
		return err
	}
	out := make([]gradeDailyLimitsView, len(list))
	for i, g := range list {
		out[i] = gradeDailyLimitsView{g.Grade, viewDailyLimits(g.DailyLimits)}
	}
	return okJSON(w, map[string]any{"grades": out})
}

// adminGradeDailyLimitsSet replaces one grade's four daily limits.
func (a *App) adminGradeDailyLimitsSet(w http.ResponseWriter, r *http.Request) error {
	grade, err := pathGrade(r, "grade")
	if err != nil {
		return err
	}
	l, err := decodeDailyLimits(w, r)
	if err != nil {
		return err
	}
	if err := a.store.SetGradeDailyLimits(r.Context(), caller(r).User.ID, grade, l, a.now()); err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgDailyLimitsSaved, "limits": gradeDailyLimitsView{grade, viewDailyLimits(l)}})
}

// adminUserDailyLimits is a customer's own daily limits and the ones in effect for them (their grade's where
// they have none of their own).
func (a *App) adminUserDailyLimits(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgUserNotFound)
	if err != nil {
		return err
	}
	return a.writeUserDailyLimits(w, r, id, "")
}

// adminUserDailyLimitsSet replaces a customer's own four daily limits; an empty one falls back to the grade's.
func (a *App) adminUserDailyLimitsSet(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgUserNotFound)
	if err != nil {
		return err
	}
	l, err := decodeDailyLimits(w, r)
	if err != nil {
		return err
	}
	err = a.store.SetUserDailyLimits(r.Context(), caller(r).User.ID, id, l, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgUserNotFound)
	}
	if err != nil {
		return err
	}
	return a.writeUserDailyLimits(w, r, id, msgDailyLimitsSaved)
}

func (a *App) writeUserDailyLimits(w http.ResponseWriter, r *http.Request, id int64, message string) error {
	own, inEffect, err := a.store.UserDailyLimits(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgUserNotFound)
	}
	if err != nil {
		return err
	}
	out := map[string]any{"user_id": id, "own": viewDailyLimits(own), "in_effect": viewDailyLimits(inEffect)}
	if message != "" {
		out["message"] = message
	}
	return okJSON(w, out)
}

// usersDailyLimits is the caller's limits in effect and what is left of each today, for the trade screen's
// hint; null where no limit applies.
func (a *App) usersDailyLimits(w http.ResponseWriter, r *http.Request) error {
	user := caller(r).User
	u, err := a.store.DailyUseOf(r.Context(), user.ID, user.Grade, a.now())
	if err != nil {
		return err
	}
	left := func(side, asset string) *int64 {
		if n, ok := u.Left(side, asset); ok {
			return &n
		}
		return nil
	}
	return okJSON(w, map[string]any{"limits": viewDailyLimits(u.Limits), "left": viewDailyLimits(store.DailyLimits{
		BuyRial: left(store.EntryBuy, store.AssetRial), BuyGoldMg: left(store.EntryBuy, store.AssetGold),
		SellRial: left(store.EntrySell, store.AssetRial), SellGoldMg: left(store.EntrySell, store.AssetGold)})})
}

// dailyLimitMessage words a trade refused by a daily limit: the limit, and what is left of it today.
func dailyLimitMessage(e *store.DailyLimitError) string {
	amount := func(n int64) string {
		if e.Asset == store.AssetGold {
			return iran.Grams(n) + " " + wordGoldUnit
		}
		return iran.Number(strconv.FormatInt(n, 10)) + " " + wordRialUnit
	}
	buy := e.Side == store.EntryBuy
	switch {
	case e.Left() == 0 && buy:
		return fmt.Sprintf(msgDailyBuyLimitReachedFormat, amount(e.LimitAmount))
	case e.Left() == 0:
		return fmt.Sprintf(msgDailySellLimitReachedFormat, amount(e.LimitAmount))
	case buy:
		return fmt.Sprintf(msgDailyBuyLimitFormat, amount(e.LimitAmount), amount(e.Left()))
	}
	return fmt.Sprintf(msgDailySellLimitFormat, amount(e.LimitAmount), amount(e.Left()))
}
