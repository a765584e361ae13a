package app

import (
	"net/http"
	"slices"
	"strings"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

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
