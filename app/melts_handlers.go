package app

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"goldshop/rules"
	"goldshop/store"
)

// meltError turns the melts' store errors into their messages.
func meltError(err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgMeltNotFound)
	case errors.Is(err, store.ErrNotALot):
		return conflict(msgMeltNotALot)
	case errors.Is(err, store.ErrMeltDecided):
		return conflict(msgMeltDecided)
	}
	return vaultError(err)
}

type meltLotView struct {
	ID          int64  `json:"id"`
	Tag         string `json:"tag"`
	Description string `json:"description"`
	Weight      string `json:"weight"`
	Purity      string `json:"purity"`
	Weight750   string `json:"weight750"`
}

type meltBatchView struct {
	ID         int64         `json:"id"`
	Status     string        `json:"status"`
	Melter     string        `json:"melter"`
	Note       string        `json:"note"`
	Lots       []meltLotView `json:"lots"`
	Lots750    string        `json:"lots750"`
	BarID      *int64        `json:"bar_id"`
	Bar750     *string       `json:"bar750"`
	Loss750    *string       `json:"loss750"`
	ResultNote string        `json:"result_note"`
	SentBy     string        `json:"sent_by"`
	SentAt     time.Time     `json:"sent_at"`
	DecidedBy  string        `json:"decided_by,omitempty"`
	DecidedAt  *time.Time    `json:"decided_at"`
}

// viewMeltBatch writes a batch with its lots as they went in; the bar and the loss only once it is done.
func (a *App) viewMeltBatch(r *http.Request, b store.MeltBatch) (meltBatchView, error) {
	v := meltBatchView{ID: b.ID, Status: b.Status, Melter: b.Melter, Note: b.Note, Lots: []meltLotView{},
		Lots750: rules.FormatGold(b.Lots750Mg), ResultNote: b.ResultNote, SentBy: b.SentByName, SentAt: b.SentAt,
		DecidedBy: b.DecidedByName}
	for _, id := range b.LotIDs {
		it, err := a.store.VaultItem(r.Context(), id)
		if err != nil {
			return v, err
		}
		v.Lots = append(v.Lots, meltLotView{ID: it.ID, Tag: it.Tag, Description: it.Description,
			Weight: rules.FormatGold(it.WeightMg), Purity: rules.FormatAyar(it.PurityCenti), Weight750: rules.FormatGold(it.Weight750Mg)})
	}
	if !b.DecidedAt.IsZero() {
		v.DecidedAt = &b.DecidedAt
	}
	if b.Status == store.MeltDone {
		bar, loss := rules.FormatGold(b.Bar750Mg), rules.FormatGold(b.Loss750Mg())
		v.BarID, v.Bar750, v.Loss750 = &b.BarID, &bar, &loss
	}
	return v, nil
}

// meltAnswer writes a batch after a change, with its message.
func (a *App) meltAnswer(w http.ResponseWriter, r *http.Request, b store.MeltBatch, msg string) error {
	v, err := a.viewMeltBatch(r, b)
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msg, "batch": v})
}

// meltBatches is GET /api/admin/vault/melts?status=sent|done|cancelled: the batches, newest first, and the
// lots waiting for the melter.
func (a *App) meltBatches(w http.ResponseWriter, r *http.Request) error {
	status := strings.TrimSpace(r.URL.Query().Get("status"))
	if status != "" && !slices.Contains([]string{store.MeltSent, store.MeltDone, store.MeltCancelled}, status) {
		return badRequest(msgFilterInvalid)
	}
	list, err := a.store.MeltBatches(r.Context(), status)
	if err != nil {
		return err
	}
	out := make([]meltBatchView, 0, len(list))
	for _, b := range list {
		v, err := a.viewMeltBatch(r, b)
		if err != nil {
			return err
		}
		out = append(out, v)
	}
	items, err := a.store.VaultItems(r.Context(), store.VaultIn)
	if err != nil {
		return err
	}
	lots := []vaultItemView{}
	for _, it := range items {
		if it.Kind == store.VaultMelted && it.Assay == store.AssayUnassayed && !it.Requestable {
			lots = append(lots, viewVaultItem(it))
		}
	}
	return okJSON(w, map[string]any{"batches": out, "lots": lots})
}

// meltBatch is GET /api/admin/vault/melts/{id}.
func (a *App) meltBatch(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgMeltNotFound)
	if err != nil {
		return err
	}
	b, err := a.store.MeltBatch(r.Context(), id)
	if err != nil {
		return meltError(err)
	}
	v, err := a.viewMeltBatch(r, b)
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"batch": v})
}

type meltSendRequest struct {
	ItemIDs []int64 `json:"item_ids"`
	Melter  string  `json:"melter"`
	Note    string  `json:"note"`
}

// meltSend is POST /api/admin/vault/melts: the owner sends unassayed lots to the melter as one batch.
func (a *App) meltSend(w http.ResponseWriter, r *http.Request) error {
	var req meltSendRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	ids := slices.Clone(req.ItemIDs)
	slices.Sort(ids)
	if len(ids) == 0 || len(ids) > 100 || len(slices.Compact(slices.Clone(ids))) != len(ids) || ids[0] <= 0 {
		return badRequest(msgMeltLots)
	}
	melter, note := oneLine(req.Melter), oneLine(req.Note)
	switch {
	case !plainText(melter) || !plainText(note):
		return badRequest(msgTextNotPlain)
	case utf8.RuneCountInString(melter) > 100:
		return badRequest(msgMeltMelter)
	case utf8.RuneCountInString(note) > 500:
		return badRequest(msgVaultNote)
	}
	b, err := a.store.SendMelt(r.Context(), caller(r).User.ID, req.ItemIDs, melter, note, a.now())
	if err != nil {
		return meltError(err)
	}
	return a.meltAnswer(w, r, b, msgMeltSent)
}

type meltResultRequest struct {
	Weight      *numberText `json:"weight"`
	Purity      *numberText `json:"purity"`
	Lab         *string     `json:"lab"`
	IngotNumber *string     `json:"ingot_number"`
	Note        string      `json:"note"`
}

// meltResult is POST /api/admin/vault/melts/{id}/result: the lab's bar, checked as any vault item is (an
// assayed melted bar with its lab and ingot number), comes in and the batch is done.
func (a *App) meltResult(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgMeltNotFound)
	if err != nil {
		return err
	}
	var req meltResultRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	kind := store.VaultMelted
	bar, err := vaultItemRequest{Kind: &kind, Weight: req.Weight, Purity: req.Purity, Lab: req.Lab,
		IngotNumber: req.IngotNumber, Note: req.Note}.item(store.VaultItem{})
	if err != nil {
		return err
	}
	if bar.Lab == "" || bar.IngotNumber == "" {
		return badRequest(msgMeltLabRequired)
	}
	b, err := a.store.MeltDoneResult(r.Context(), caller(r).User.ID, id, store.MeltResult{Bar: bar, Note: oneLine(req.Note)}, a.now())
	if err != nil {
		return meltError(err)
	}
	return a.meltAnswer(w, r, b, msgMeltDone)
}

// meltCancel is POST /api/admin/vault/melts/{id}/cancel {note?}: while no result is in, the lots come back.
func (a *App) meltCancel(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgMeltNotFound)
	if err != nil {
		return err
	}
	var req struct {
		Note string `json:"note"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	note, err := reasonText(req.Note, false, msgVaultNote)
	if err != nil {
		return err
	}
	b, err := a.store.CancelMelt(r.Context(), caller(r).User.ID, id, note, a.now())
	if err != nil {
		return meltError(err)
	}
	return a.meltAnswer(w, r, b, msgMeltCancelled)
}
