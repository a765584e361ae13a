package app

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"goldshop/rules"
	"goldshop/store"
)

type barView struct {
	ID        int64     `json:"id"`
	Rey       string    `json:"rey"`
	Ang       string    `json:"ang"`
	Ayar      string    `json:"ayar"`
	Vazn      string    `json:"vazn"`
	Vazn750   string    `json:"vazn750"`
	Status    string    `json:"status,omitempty"`
	CreatedAt time.Time `json:"created_at,omitzero"`
	Shortfall string    `json:"shortfall,omitempty"`
}

// viewBar writes a bar; customers get only its figures (no status or dates of the inventory).
func viewBar(b store.Bar, forAdmin bool) barView {
	v := barView{ID: b.ID, Rey: b.Lab, Ang: b.IngotNumber, Ayar: rules.FormatAyar(b.PurityCenti),
		Vazn: rules.FormatGold(b.WeightMg), Vazn750: rules.FormatGold(b.Weight750Mg)}
	if forAdmin {
		v.Status, v.CreatedAt = b.BarStatus, b.CreatedAt
	}
	return v
}

// adminBars lists the inventory: by default the bars still in the shop (decisions.md §6: delivery removes a
// bar); ?status=available|reserved|delivered narrows it, ?status=all shows every bar ever kept.
func (a *App) adminBars(w http.ResponseWriter, r *http.Request) error {
	var statuses []string
	switch st := strings.TrimSpace(r.URL.Query().Get("status")); st {
	case "":
		statuses = store.BarsInShop
	case "all":
	case store.BarAvailable, store.BarReserved, store.BarDelivered:
		statuses = []string{st}
	default:
		return badRequest(msgFilterInvalid)
	}
	list, err := a.store.Bars(r.Context(), statuses...)
	if err != nil {
		return err
	}
	out := make([]barView, len(list))
	for i, b := range list {
		out[i] = viewBar(b, true)
	}
	return okJSON(w, out)
}

type barRequest struct {
	Rey  string     `json:"rey"`
	Ang  string     `json:"ang"`
	Ayar numberText `json:"ayar"`
	Vazn numberText `json:"vazn"`
}

// barFaults are the abshodeh form's words for the faults a bar's four fields can have.
var barFaults = map[itemFault]string{
	faultText: msgTextNotPlain, faultLab: msgBarLab, faultIngot: msgBarIngot, faultPurity: msgBarAyar,
	faultWeight: msgBarVazn, faultTooLight: msgBarTooLight,
}

// item checks a bar's figures as the vault checks any item of melted gold offered to customers.
func (req barRequest) item() (store.VaultItem, error) {
	kind := store.VaultMelted
	as := vaultItemRequest{Kind: &kind, Lab: &req.Rey, IngotNumber: &req.Ang, Purity: &req.Ayar, Weight: &req.Vazn}
	it, fault := as.check(store.VaultItem{Requestable: true})
	if fault != itemValid {
		return it, badRequest(barFaults[fault])
	}
	return it, nil
}

// barError turns the inventory's store errors into their messages.
func barError(err error) error {
	switch {
	case errors.Is(err, store.ErrConflict):
		return conflict(msgBarIngotTaken)
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgBarNotFound)
	}
	return err
}

// adminBarAdd puts a bar in the inventory.
func (a *App) adminBarAdd(w http.ResponseWriter, r *http.Request) error {
	var req barRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	it, err := req.item()
	if err != nil {
		return err
	}
	b, err := a.store.AddBar(r.Context(), caller(r).User.ID, it, a.now())
	if err != nil {
		return barError(err)
	}
	return okJSON(w, map[string]any{"message": msgBarAdded, "bar": viewBar(b, true)})
}

// adminBarUpdate corrects an available bar's figures.
func (a *App) adminBarUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgBarNotFound)
	if err != nil {
		return err
	}
	var req barRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	it, err := req.item()
	if err != nil {
		return err
	}
	it.ID = id
	b, err := a.store.UpdateBar(r.Context(), caller(r).User.ID, it, a.now())
	if err != nil {
		return barError(err)
	}
	return okJSON(w, map[string]any{"message": msgBarUpdated, "bar": viewBar(b, true)})
}

// adminBarDelete takes an available bar out of the inventory.
func (a *App) adminBarDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgBarNotFound)
	if err != nil {
		return err
	}
	if err := a.store.DeleteBar(r.Context(), caller(r).User.ID, id, a.now()); err != nil {
		return barError(err)
	}
	return okJSON(w, map[string]any{"message": msgBarDeleted})
}

// goldAbshode offers the available bars split against the caller's available gold (decisions.md §6):
// close, those they can take now, largest first; higher, the rest, smallest first, with the shortfall.
func (a *App) goldAbshode(w http.ResponseWriter, r *http.Request) error {
	bal, err := a.store.Balances(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	bars, err := a.store.AvailableBars(r.Context()) // lightest first
	if err != nil {
		return err
	}
	within, higher := []barView{}, []barView{}
	for _, b := range bars {
		v := viewBar(b, false)
		if b.Weight750Mg <= bal.AvailableGold {
			within = append(within, v)
			continue
		}
		v.Shortfall = rules.FormatGold(b.Weight750Mg - bal.AvailableGold)
		higher = append(higher, v)
	}
	slices.Reverse(within)
	return okJSON(w, map[string]any{"close": within, "higher": higher})
}
