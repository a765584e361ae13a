package app

import (
	"context"
	"net/http"

	"goldshop/rules"
	"goldshop/store"
)

// reserveSettingsView is the guard's settings as the owner's panel reads and writes them.
type reserveSettingsView struct {
	MarginPercent string `json:"margin_percent"`
	GuardEnabled  bool   `json:"guard_enabled"`
}

// reserveSettingsRequest changes the settings; switching the guard off needs confirm in the same body, so
// it is never done by a stray toggle.
type reserveSettingsRequest struct {
	MarginPercent *numberText `json:"margin_percent"`
	GuardEnabled  *bool       `json:"guard_enabled"`
	Confirm       bool        `json:"confirm"`
}

func viewReserveSettings(s store.ReserveSettings) reserveSettingsView {
	return reserveSettingsView{rules.FormatMarginPercent(s.MarginBP), s.GuardEnabled}
}

// reserveSettingsGet answers the guard's settings.
func (a *App) reserveSettingsGet(w http.ResponseWriter, r *http.Request) error {
	res, err := a.store.Reserve(r.Context())
	if err != nil {
		return err
	}
	return okJSON(w, viewReserveSettings(res.Settings))
}

// reserveSettingsPut changes the margin and the switch (each optional); the store audits the change.
func (a *App) reserveSettingsPut(w http.ResponseWriter, r *http.Request) error {
	var req reserveSettingsRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	res, err := a.store.Reserve(r.Context())
	if err != nil {
		return err
	}
	set := res.Settings
	if req.MarginPercent != nil {
		bp, ok := rules.ParseMarginPercent(string(*req.MarginPercent))
		if !ok {
			return badRequest(msgReserveMargin)
		}
		set.MarginBP = bp
	}
	if req.GuardEnabled != nil {
		if set.GuardEnabled && !*req.GuardEnabled && !req.Confirm {
			return badRequest(msgReserveGuardOffConfirm)
		}
		set.GuardEnabled = *req.GuardEnabled
	}
	saved, err := a.store.SetReserveSettings(r.Context(), caller(r).User.ID, set, a.now())
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgSettingsSaved, "settings": viewReserveSettings(saved)})
}

// reserveCovers refuses early, before a code is texted, gold the vault does not hold for one more customer.
func (a *App) reserveCovers(ctx context.Context, mg int64) error {
	res, err := a.store.Reserve(ctx)
	if err != nil {
		return err
	}
	return res.Cover(mg)
}
