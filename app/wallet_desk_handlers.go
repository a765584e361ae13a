package app

import (
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"goldshop/store"
)

// walletPendingAll is the admin's quick list: every request waiting for a decision, newest first.
func (a *App) walletPendingAll(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.WalletRequests(r.Context(), store.WalletFilter{Status: store.StatusPending})
	if err != nil {
		return err
	}
	return okJSON(w, viewWalletRequests(list))
}

// walletAdminList filters every customer's requests (admin.md §2, wallet requests management).
func (a *App) walletAdminList(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	typ, ok := oneOf(q.Get("type"), store.RequestDeposit, store.RequestWithdraw)
	if !ok {
		return badRequest(msgFilterInvalid)
	}
	status, ok := oneOf(q.Get("status"), store.StatusPending, store.StatusApproved, store.StatusRejected, store.StatusCanceled)
	if !ok {
		return badRequest(msgFilterInvalid)
	}
	from, to, err := listPeriod(q)
	if err != nil {
		return err
	}
	list, err := a.store.WalletRequests(r.Context(), store.WalletFilter{UserSearch: adminSearchText(q.Get("userSearch")),
		Type: typ, Status: status,
		From: from, To: to})
	if err != nil {
		return err
	}
	return okJSON(w, viewWalletRequests(list))
}

type decisionRequest struct {
	Status       string `json:"status"`
	RejectReason string `json:"reject_reason"`
}

// walletDecide approves or rejects a pending request; deciding twice is 409 and moves nothing.
func (a *App) walletDecide(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgRequestNotFound)
	if err != nil {
		return err
	}
	var req decisionRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	d := store.Decision{AdminID: caller(r).User.ID, RequestID: id}
	switch req.Status {
	case store.StatusApproved:
		d.Approve = true
	case store.StatusRejected:
		d.Reason = strings.Join(strings.Fields(req.RejectReason), " ")
		if d.Reason == "" {
			return badRequest(msgRejectReasonRequired)
		}
		if utf8.RuneCountInString(d.Reason) > 500 {
			return badRequest(msgRejectReasonLong)
		}
		if !plainText(d.Reason) {
			return badRequest(msgTextNotPlain)
		}
	default:
		return badRequest(msgDecisionStatus)
	}
	wr, err := a.store.DecideWalletRequest(r.Context(), d, a.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgRequestNotFound)
	case errors.Is(err, store.ErrConflict):
		return conflict(msgAlreadyDecided)
	case err != nil:
		return err
	}
	msg := msgRequestRejected
	if d.Approve && wr.Type == store.RequestDeposit {
		msg = msgDepositApproved
	} else if d.Approve {
		msg = msgWithdrawApproved
	}
	return okJSON(w, map[string]any{"message": msg, "request": viewWalletRequest(wr)})
}
