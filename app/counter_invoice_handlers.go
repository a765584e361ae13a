package app

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"goldshop/iran"
	"goldshop/store"
)

// counterInvoices is GET /api/admin/counter/invoices?from&to&search&cursor, newest first.
func (a *App) counterInvoices(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	from, until, err := dayRange(q)
	if err != nil {
		return badRequest(msgFilterInvalid)
	}
	f := store.InvoiceFilter{From: from, Until: until, Search: iran.LatinDigits(strings.TrimSpace(q.Get("search"))), Limit: 50}
	if c := q.Get("cursor"); c != "" {
		if f.Before, err = strconv.ParseInt(c, 10, 64); err != nil || f.Before <= 0 {
			return badRequest(msgFilterInvalid)
		}
	}
	if utf8.RuneCountInString(f.Search) > 100 {
		return badRequest(msgFilterInvalid)
	}
	list, next, err := a.store.Invoices(r.Context(), f)
	if err != nil {
		return err
	}
	out := make([]invoiceView, len(list))
	for i, inv := range list {
		out[i] = viewInvoice(inv)
	}
	var cursor any
	if next > 0 {
		cursor = strconv.FormatInt(next, 10)
	}
	return okJSON(w, map[string]any{"invoices": out, "next_cursor": cursor})
}

// counterInvoice is GET /api/admin/counter/invoices/{id}.
func (a *App) counterInvoice(w http.ResponseWriter, r *http.Request) error {
	return a.answerInvoice(w, r, false)
}

// myCounterInvoice is GET /api/counter/invoices/{id}: a customer's own invoice; another's is not found.
func (a *App) myCounterInvoice(w http.ResponseWriter, r *http.Request) error {
	return a.answerInvoice(w, r, true)
}

// answerInvoice answers the invoice the path names; mine keeps it to the caller's own.
func (a *App) answerInvoice(w http.ResponseWriter, r *http.Request, mine bool) error {
	id, err := pathID(r, "id", msgCounterNotFound)
	if err != nil {
		return err
	}
	inv, err := a.store.Invoice(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && mine && inv.Buyer.UserID != caller(r).User.ID) {
		return notFound(msgCounterNotFound)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"invoice": viewInvoice(inv)})
}

// counterVoid is POST /api/admin/counter/invoices/{id}/void (owner): {reason}.
func (a *App) counterVoid(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgCounterNotFound)
	if err != nil {
		return err
	}
	var req struct {
		Reason string `json:"reason"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	reason := oneLine(req.Reason)
	if reason == "" || utf8.RuneCountInString(reason) > 200 || !plainText(reason) {
		return badRequest(msgCounterVoidReason)
	}
	inv, err := a.store.VoidInvoice(r.Context(), caller(r).User.ID, id, reason, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgCounterNotFound)
	}
	if err != nil {
		return counterError(err, nil, nil)
	}
	return okJSON(w, map[string]any{"message": fmt.Sprintf(msgCounterVoided, invoiceNumberText(inv.Number())), "invoice": viewInvoice(inv)})
}

// vaultByTag is GET /api/admin/vault/by-tag/{code}: the item a scanned label names; 409 with the item when it
// is sold.
func (a *App) vaultByTag(w http.ResponseWriter, r *http.Request) error {
	code := iran.LatinDigits(strings.TrimSpace(chi.URLParam(r, "code")))
	it, err := a.store.VaultItemByTag(r.Context(), code)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgCounterTagNotFound)
	case err != nil:
		return err
	case it.Status != store.VaultIn: // the label still names its piece: the answer says which, as sold
		writeJSON(w, http.StatusConflict, map[string]any{"message": msgCounterTagSold, "item": viewVaultItem(it)})
		return nil
	}
	return okJSON(w, map[string]any{"item": viewVaultItem(it)})
}
