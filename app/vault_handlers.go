package app

import (
	"errors"
	"net/http"
	"strings"

	"goldshop/rules"
	"goldshop/store"
)

// vaultError turns the vault's store errors into their messages.
func vaultError(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgVaultNotFound)
	case errors.Is(err, store.ErrTagTaken):
		return conflict(msgVaultTagTaken)
	case errors.Is(err, store.ErrConflict):
		return conflict(msgVaultIngotTaken)
	case errors.Is(err, store.ErrVaultItemOut):
		return conflict(msgVaultItemOut)
	case errors.Is(err, store.ErrVaultDeliveryByRequest):
		return conflict(msgVaultDeliveryByRequest)
	case errors.Is(err, store.ErrVaultBarLinked):
		return conflict(msgVaultBarLinked)
	case errors.Is(err, store.ErrBarBusy):
		return conflict(msgVaultBarBusy)
	}
	return err
}

type vaultTotalView struct {
	Kind      string `json:"kind"`
	Count     int64  `json:"count"`
	Weight750 string `json:"weight750"`
}

// adminVault lists the items in the vault with the totals by kind and what is held; ?status=out shows what
// left, ?status=all every item ever kept. The totals and held are always of what is in.
func (a *App) adminVault(w http.ResponseWriter, r *http.Request) error {
	status := ""
	switch st := strings.TrimSpace(r.URL.Query().Get("status")); st {
	case "", store.VaultIn:
		status = store.VaultIn
	case store.VaultOut:
		status = st
	case "all":
	default:
		return badRequest(msgFilterInvalid)
	}
	ctx := r.Context()
	list, err := a.store.VaultItems(ctx, status)
	if err != nil {
		return err
	}
	totals, err := a.store.VaultTotals(ctx)
	if err != nil {
		return err
	}
	items := make([]vaultItemView, len(list))
	for i, it := range list {
		items[i] = viewVaultItem(it)
	}
	var held int64
	for _, t := range totals {
		held += t.Weight750Mg
	}
	return okJSON(w, map[string]any{"items": items, "totals": viewVaultTotals(totals), "held": rules.FormatGold(held)})
}

// viewVaultTotals shows what the vault holds of each kind.
func viewVaultTotals(totals []store.VaultTotal) []vaultTotalView {
	out := make([]vaultTotalView, len(totals))
	for i, t := range totals {
		out[i] = vaultTotalView{Kind: t.Kind, Count: t.Count, Weight750: rules.FormatGold(t.Weight750Mg)}
	}
	return out
}

// adminVaultItem is one item with its history.
func (a *App) adminVaultItem(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgVaultNotFound)
	if err != nil {
		return err
	}
	it, err := a.store.VaultItem(r.Context(), id)
	if err != nil {
		return vaultError(err)
	}
	moves, err := a.store.VaultMoves(r.Context(), id)
	if err != nil {
		return err
	}
	out := make([]vaultMoveView, len(moves))
	for i, m := range moves {
		out[i] = viewVaultMove(m)
	}
	return okJSON(w, map[string]any{"item": viewVaultItem(it), "moves": out})
}

// adminVaultAdd receives an item into the vault.
func (a *App) adminVaultAdd(w http.ResponseWriter, r *http.Request) error {
	var req vaultItemRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	it, err := req.item(store.VaultItem{})
	if err != nil {
		return err
	}
	if it, err = a.store.AddVaultItem(r.Context(), caller(r).User.ID, it, oneLine(req.Note), a.now()); err != nil {
		return vaultError(err)
	}
	return okJSON(w, map[string]any{"message": msgVaultAdded, "item": viewVaultItem(it)})
}

// adminVaultUpdate changes the fields sent; a weight or purity change is journaled as a correction.
func (a *App) adminVaultUpdate(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgVaultNotFound)
	if err != nil {
		return err
	}
	var req vaultItemRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	it, err := a.store.UpdateVaultItem(r.Context(), caller(r).User.ID, id, req.item, oneLine(req.Note), a.now())
	if err != nil {
		return vaultError(err)
	}
	return okJSON(w, map[string]any{"message": msgVaultUpdated, "item": viewVaultItem(it)})
}

// adminVaultOut takes an item out of the vault for the reason given.
func (a *App) adminVaultOut(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgVaultNotFound)
	if err != nil {
		return err
	}
	var req vaultOutRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	reason, note, err := req.check()
	if err != nil {
		return err
	}
	it, err := a.store.TakeOutVaultItem(r.Context(), caller(r).User.ID, id, reason, note, a.now())
	if err != nil {
		return vaultError(err)
	}
	return okJSON(w, map[string]any{"message": msgVaultOut, "item": viewVaultItem(it)})
}

// oneLine folds a typed note's whitespace, as the other notes are kept.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
