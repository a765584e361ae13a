package app

import (
	"net/http"

	"goldshop/rules"
)

// reservePanelView is the owner's view of the guard: gold owed against gold held (grams, three decimals),
// the room a buy still has under the margin, how near the margin the shop stands and what the vault holds.
type reservePanelView struct {
	Owed          string             `json:"owed"`
	Held          string             `json:"held"`
	Promised      string             `json:"promised"`
	Reserve       string             `json:"reserve"`
	Room          string             `json:"room"`
	Ratio         *string            `json:"ratio"`
	MarginPercent string             `json:"margin_percent"`
	GuardEnabled  bool               `json:"guard_enabled"`
	Level         rules.ReserveLevel `json:"level"`
	Composition   []vaultTotalView   `json:"composition"`
}

// reservePanel answers GET /api/admin/reserve: what the owner's panel shows of the reserve.
func (a *App) reservePanel(w http.ResponseWriter, r *http.Request) error {
	res, err := a.store.Reserve(r.Context())
	if err != nil {
		return err
	}
	totals, err := a.store.VaultTotals(r.Context())
	if err != nil {
		return err
	}
	reserve := res.ReserveMg()
	v := reservePanelView{
		Owed: rules.FormatGold(res.OwedMg), Held: rules.FormatGold(res.HeldMg), Promised: rules.FormatGold(res.PromisedMg),
		Reserve: rules.FormatGold(reserve), Room: rules.FormatGold(res.RoomMg()), Ratio: ratioOrNull(reserve, res.OwedMg),
		MarginPercent: rules.FormatMarginPercent(res.Settings.MarginBP), GuardEnabled: res.Settings.GuardEnabled,
		Level:       rules.LevelOfReserve(reserve, res.OwedMg, res.Settings.MarginBP),
		Composition: viewVaultTotals(totals),
	}
	return okJSON(w, v)
}
