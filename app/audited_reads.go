package app

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"goldshop/store"
)

// readAuditWindow is how long one admin's read of one thing stands for every later read of it: the owner
// learns who opened what, not how often a list was scrolled.
const readAuditWindow = time.Hour

// Reads of a customer's data by the shop's people (issue 27, ASVS 8.3.5), as the audit log names them.
const (
	readReceipt = "read.receipt"
	readLedger  = "read.ledger"
)

// auditRead records that the admin calling r opened what of customer's data; a customer reading their own is
// not recorded. It is written before the answer leaves, so a read is on record even when its download breaks.
func (a *App) auditRead(r *http.Request, what string, customer store.User, detail map[string]any) error {
	p := caller(r)
	if !p.User.IsAdmin || p.User.ID == customer.ID {
		return nil
	}
	after := map[string]any{"user_id": customer.ID, "customer": customer.FirstName + " " + customer.LastName,
		"phone_number": customer.PhoneNumber}
	for k, v := range detail {
		after[k] = v
	}
	now := a.now()
	// not the request's context: a client leaving must not cancel a write inside a group commit
	return a.store.AuditRead(context.WithoutCancel(r.Context()), store.AuditEntry{AdminID: p.User.ID, Action: what,
		Target: what + ":" + strconv.FormatInt(customer.ID, 10) + targetDetail(detail), After: after},
		now.Add(-readAuditWindow), now)
}

// targetDetail tells reads of one customer's different things apart (each receipt is its own).
func targetDetail(detail map[string]any) string {
	if name, ok := detail["receipt"].(string); ok {
		return ":" + name
	}
	return ""
}
