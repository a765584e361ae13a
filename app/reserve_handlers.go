package app

import (
	"context"
	"net/http"
	"sync"
	"time"

	"goldshop/iran"
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
	// the shop's stock and day (issue 39): the vault by state, and this Jalali month at the counter
	States stockStatesView `json:"states"`
	Month  stockMonthView  `json:"month"`
}

type stockStateView struct {
	Count     int64  `json:"count"`
	Weight750 string `json:"weight750"`
}

type stockStatesView struct {
	InStock   stockStateView `json:"in_stock"`
	Unassayed stockStateView `json:"unassayed"`
	InMelt    stockStateView `json:"in_melt"`
}

type stockMonthView struct {
	From          string `json:"from"` // the Jalali month's first day, 1405/09/01
	Invoices      int64  `json:"invoices"`
	Sales         int64  `json:"sales"`
	BuyBacks      int64  `json:"buy_backs"`
	VAT           int64  `json:"vat"`
	MeltLoss750   string `json:"melt_loss750"`
	MeltedBatches int64  `json:"melted_batches"`
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
	from := iran.JalaliMonthStart(a.now())
	f, err := a.store.Stock(r.Context(), from, iran.JalaliMonthStart(from.AddDate(0, 0, 32)))
	if err != nil {
		return err
	}
	state := func(c store.CountSum) stockStateView { return stockStateView{c.Count, rules.FormatGold(c.Amount)} }
	v.States = stockStatesView{InStock: state(f.InStock), Unassayed: state(f.Unassayed), InMelt: state(f.InMelt)}
	v.Month = stockMonthView{From: iran.JalaliDayText(from), Invoices: f.Invoices, Sales: f.Sales, BuyBacks: f.BuyBacks,
		VAT: f.VAT, MeltLoss750: rules.FormatGold(f.MeltLoss750Mg), MeltedBatches: f.MeltedBatches}
	return okJSON(w, v)
}

// reserveHistoryDays is how far back the public page charts what was owed and held.
const reserveHistoryDays = 90

// reservesTTL is how long one computed answer of the public page is served: anyone may ask it, and its
// history walks the ledger.
const reservesTTL = 30 * time.Second

// reservesView is the public proof that what customers own is in the vault: aggregates only.
type reservesView struct {
	Owed      string           `json:"owed"`
	Held      string           `json:"held"`
	Ratio     *string          `json:"ratio"`
	UpdatedAt *time.Time       `json:"updated_at"`
	History   []reserveDayView `json:"history"`
}

type reserveDayView struct {
	Date string `json:"date"` // the Tehran day, YYYY-MM-DD
	Owed string `json:"owed"`
	Held string `json:"held"`
}

// reservesCache keeps the last answer for reservesTTL.
type reservesCache struct {
	mu   sync.Mutex
	at   time.Time
	view reservesView
}

// reservesGet answers GET /api/reserves: gold owed to customers and held, their ratio, the last change and
// one point per Tehran day for the last 90 days.
func (a *App) reservesGet(w http.ResponseWriter, r *http.Request) error {
	a.reserves.mu.Lock()
	defer a.reserves.mu.Unlock()
	now := a.now()
	if a.reserves.at.IsZero() || now.Sub(a.reserves.at) >= reservesTTL || now.Before(a.reserves.at) {
		v, err := a.computeReserves(r.Context(), now)
		if err != nil {
			return err
		}
		a.reserves.at, a.reserves.view = now, v
	}
	return okJSON(w, a.reserves.view)
}

func (a *App) computeReserves(ctx context.Context, now time.Time) (reservesView, error) {
	res, err := a.store.Reserve(ctx)
	if err != nil {
		return reservesView{}, err
	}
	v := reservesView{Owed: rules.FormatGold(res.OwedMg), Held: rules.FormatGold(res.HeldMg),
		History: make([]reserveDayView, 0, reserveHistoryDays)}
	v.Ratio = ratioOrNull(res.HeldMg, res.OwedMg)
	if at, err := a.store.ReserveUpdatedAt(ctx); err != nil {
		return v, err
	} else if !at.IsZero() {
		// to the cache's window, not the millisecond: in a small shop the last change is the last trade
		at = at.UTC().Truncate(reservesTTL)
		v.UpdatedAt = &at
	}
	// the end of each of the last 90 Tehran days, today's being now
	today := now.In(iran.Tehran)
	midnight := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, iran.Tehran)
	ends := make([]time.Time, reserveHistoryDays)
	for i := range ends {
		back := reserveHistoryDays - 1 - i
		ends[i] = midnight.AddDate(0, 0, -back+1).Add(-time.Millisecond)
	}
	ends[len(ends)-1] = now
	points, err := a.store.ReserveSeries(ctx, ends)
	if err != nil {
		return v, err
	}
	for _, p := range points {
		v.History = append(v.History, reserveDayView{Date: p.At.In(iran.Tehran).Format(time.DateOnly),
			Owed: rules.FormatGold(p.OwedMg), Held: rules.FormatGold(p.HeldMg)})
	}
	return v, nil
}

// ratioOrNull is held/owed for a JSON answer: two decimals rounded down, null while nothing is owed.
func ratioOrNull(held, owed int64) *string {
	if ratio, ok := rules.CoverRatio(held, owed); ok {
		return &ratio
	}
	return nil
}
