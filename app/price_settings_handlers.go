package app

import (
	"net/http"

	"goldshop/rules"
	"goldshop/store"
)

type priceSettingsView struct {
	settingsFields
	PriceMaxAgeMinutes   int    `json:"price_max_age_minutes"`
	ReferralMinTradeRial string `json:"referral_min_trade_rial"`
	ReferralMonthlyCap   int    `json:"referral_monthly_cap"`
}

func viewPriceSettings(s store.PriceSettings) priceSettingsView {
	return priceSettingsView{viewSettingsFields(s), s.PriceMaxAgeMinutes, rules.FormatRial(s.ReferralMinTradeRial), s.ReferralMonthlyCap}
}

// priceSettingsGet returns the trading rules (admin.md §2, trade-time and weight settings).
func (a *App) priceSettingsGet(w http.ResponseWriter, r *http.Request) error {
	s, err := a.store.PriceSettings(r.Context())
	if err != nil {
		return err
	}
	return okJSON(w, viewPriceSettings(s))
}

// priceSettingsRequest is the full settings object; a field left out keeps its current value.
type priceSettingsRequest struct {
	BuyEnabled         *bool       `json:"buy_enabled"`
	SellEnabled        *bool       `json:"sell_enabled"`
	BuyStartTime       *string     `json:"buy_start_time"`
	BuyEndTime         *string     `json:"buy_end_time"`
	SellStartTime      *string     `json:"sell_start_time"`
	SellEndTime        *string     `json:"sell_end_time"`
	MinWeight          *numberText `json:"min_weight"`
	MaxWeight          *numberText `json:"max_weight"`
	PriceMaxAgeMinutes *numberText `json:"price_max_age_minutes"`
	// the referral reward's rules: the least trade (rial) that earns it, and the most per inviter a month
	ReferralMinTradeRial *numberText `json:"referral_min_trade_rial"`
	ReferralMonthlyCap   *numberText `json:"referral_monthly_cap"`
}

// maxReferralMinTradeRial and maxReferralMonthlyCap bound the referral rules as the database does.
const (
	maxReferralMinTradeRial = 1_000_000_000_000_000
	maxReferralMonthlyCap   = 100_000
)

// maxPriceAgeMinutes is a week: a shop closed for longer sets a new price when it opens.
const maxPriceAgeMinutes = 7 * 24 * 60

// priceSettingsPut replaces the trading rules after checking every field; the change is audit-logged.
func (a *App) priceSettingsPut(w http.ResponseWriter, r *http.Request) error {
	var req priceSettingsRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	s, err := a.store.PriceSettings(r.Context())
	if err != nil {
		return err
	}
	if req.BuyEnabled != nil {
		s.BuyEnabled = *req.BuyEnabled
	}
	if req.SellEnabled != nil {
		s.SellEnabled = *req.SellEnabled
	}
	for _, c := range []struct {
		in  *string
		dst *int
	}{{req.BuyStartTime, &s.BuyStartMin}, {req.BuyEndTime, &s.BuyEndMin},
		{req.SellStartTime, &s.SellStartMin}, {req.SellEndTime, &s.SellEndMin}} {
		if c.in == nil {
			continue
		}
		m, ok := rules.ParseClock(*c.in)
		if !ok {
			return badRequest(msgClockInvalid)
		}
		*c.dst = m
	}
	if req.MinWeight != nil {
		mg, ok := rules.ParseGoldMg(string(*req.MinWeight))
		if !ok || mg < 1 {
			return badRequest(msgMinWeightInvalid)
		}
		s.MinWeightMg = mg
	}
	if req.MaxWeight != nil {
		mg, ok := rules.ParseGoldMg(string(*req.MaxWeight))
		if !ok {
			return badRequest(msgMaxWeightInvalid)
		}
		s.MaxWeightMg = mg
	}
	if s.MaxWeightMg < s.MinWeightMg {
		return badRequest(msgMaxWeightInvalid)
	}
	if req.PriceMaxAgeMinutes != nil {
		n, ok := rules.ParseRial(string(*req.PriceMaxAgeMinutes))
		if !ok || n < 1 || n > maxPriceAgeMinutes {
			return badRequest(msgMaxAgeInvalid)
		}
		s.PriceMaxAgeMinutes = int(n)
	}
	if req.ReferralMinTradeRial != nil {
		n, ok := rules.ParseRial(string(*req.ReferralMinTradeRial))
		if !ok || n < 0 || n > maxReferralMinTradeRial {
			return badRequest(msgReferralMinInvalid)
		}
		s.ReferralMinTradeRial = n
	}
	if req.ReferralMonthlyCap != nil {
		n, ok := rules.ParseRial(string(*req.ReferralMonthlyCap))
		if !ok || n < 0 || n > maxReferralMonthlyCap {
			return badRequest(msgReferralCapInvalid)
		}
		s.ReferralMonthlyCap = int(n)
	}
	if err := a.store.SavePriceSettings(r.Context(), caller(r).User.ID, s, a.now()); err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgSettingsSaved,
		"settings": viewPriceSettings(s)})
}

// settingsFields are the trading rules as the API writes them (admin.md §3, price settings).
type settingsFields struct {
	BuyEnabled    bool   `json:"buy_enabled"`
	SellEnabled   bool   `json:"sell_enabled"`
	BuyStartTime  string `json:"buy_start_time"`
	BuyEndTime    string `json:"buy_end_time"`
	SellStartTime string `json:"sell_start_time"`
	SellEndTime   string `json:"sell_end_time"`
	MinWeight     string `json:"min_weight"`
	MaxWeight     string `json:"max_weight"`
}

func viewSettingsFields(s store.PriceSettings) settingsFields {
	return settingsFields{BuyEnabled: s.BuyEnabled, SellEnabled: s.SellEnabled,
		BuyStartTime: rules.ClockText(s.BuyStartMin), BuyEndTime: rules.ClockText(s.BuyEndMin),
		SellStartTime: rules.ClockText(s.SellStartMin), SellEndTime: rules.ClockText(s.SellEndMin),
		MinWeight: rules.FormatGold(s.MinWeightMg), MaxWeight: rules.FormatGold(s.MaxWeightMg)}
}
