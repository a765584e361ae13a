package app

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"goldshop/iran"
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
	v := barView{ID: b.ID, Rey: b.Rey, Ang: b.Ang, Ayar: rules.FormatAyar(b.AyarCenti), Vazn: rules.FormatGold(b.VaznMg),
		Vazn750: rules.FormatGold(b.Vazn750Mg)}
	if forAdmin {
		v.Status, v.CreatedAt = b.Status, b.CreatedAt
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

// bar checks a bar's figures and computes its vazn750; the server never takes vazn750 from the client.
func (req barRequest) bar() (store.Bar, error) {
	b := store.Bar{Rey: strings.Join(strings.Fields(iran.Name(req.Rey)), " "), Ang: iran.LatinDigits(strings.TrimSpace(req.Ang))}
	if !plainText(b.Rey) || !plainText(b.Ang) {
		return b, badRequest(msgTextNotPlain)
	}
	if b.Rey == "" || utf8.RuneCountInString(b.Rey) > 100 {
		return b, badRequest(msgBarLab)
	}
	if b.Ang == "" || utf8.RuneCountInString(b.Ang) > 50 {
		return b, badRequest(msgBarIngot)
	}
	var ok bool
	if b.AyarCenti, ok = rules.ParseAyar(string(req.Ayar)); !ok {
		return b, badRequest(msgBarAyar)
	}
	if b.VaznMg, ok = rules.ParseGoldMg(string(req.Vazn)); !ok || b.VaznMg <= 0 {
		return b, badRequest(msgBarVazn)
	}
	if b.Vazn750Mg = rules.Vazn750Mg(b.VaznMg, b.AyarCenti); b.Vazn750Mg <= 0 {
		return b, badRequest(msgBarTooLight)
	}
	return b, nil
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
	b, err := req.bar()
	if err != nil {
		return err
	}
	if b, err = a.store.AddBar(r.Context(), caller(r).User.ID, b, a.now()); err != nil {
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
	b, err := req.bar()
	if err != nil {
		return err
	}
	b.ID = id
	if b, err = a.store.UpdateBar(r.Context(), caller(r).User.ID, b, a.now()); err != nil {
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
		if b.Vazn750Mg <= bal.AvailableGold {
			within = append(within, v)
			continue
		}
		v.Shortfall = rules.FormatGold(b.Vazn750Mg - bal.AvailableGold)
		higher = append(higher, v)
	}
	slices.Reverse(within)
	return okJSON(w, map[string]any{"close": within, "higher": higher})
}
