package app

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

// securityEventItem is one security event as the owner's screen shows it.
type securityEventItem struct {
	ID          int64       `json:"id"`
	At          time.Time   `json:"at"`
	Actor       *auditActor `json:"actor"` // null: nobody known (a phone with no account, a refused request)
	PhoneNumber string      `json:"phone_number"`
	Address     string      `json:"address"`
	Kind        string      `json:"kind"`
	Outcome     string      `json:"outcome"`
	Reason      string      `json:"reason"`
}

// adminSecurityEvents answers GET /api/admin/security-events (owner only), newest first:
// ?kind=&outcome=success|failure&phone=&from=&to= (Jalali YYYY/MM/DD, inclusive, Tehran time)&cursor=&limit=
// (at most 50). A malformed filter is 400, as the audit's.
func (a *App) adminSecurityEvents(w http.ResponseWriter, r *http.Request) error {
	af, err := auditFilter(r) // the same kind, day range, cursor and limit
	if err != nil {
		return err
	}
	if r.URL.Query().Has("actor") {
		return badRequest(msgAuditFilter)
	}
	q := r.URL.Query()
	f := store.SecurityEventFilter{Kind: af.Kind, From: af.From, To: af.To, Before: af.Before, Limit: af.Limit,
		Outcome: strings.TrimSpace(q.Get("outcome"))}
	if f.Outcome != "" && f.Outcome != store.OutcomeSuccess && f.Outcome != store.OutcomeFailure {
		return badRequest(msgAuditFilter)
	}
	if raw := strings.TrimSpace(q.Get("phone")); raw != "" {
		phone, err := iran.Phone(raw)
		if err != nil {
			return badRequest(msgPhoneInvalid)
		}
		f.Phone = phone
	}
	rows, err := a.store.SecurityEvents(r.Context(), f)
	if err != nil {
		return err
	}
	out := struct {
		Items      []securityEventItem `json:"items"`
		NextCursor string              `json:"next_cursor"`
	}{Items: make([]securityEventItem, 0, len(rows))}
	for _, e := range rows {
		it := securityEventItem{ID: e.ID, At: e.At, PhoneNumber: e.Phone, Address: e.Address, Kind: e.Kind,
			Outcome: store.OutcomeFailure, Reason: e.Reason}
		if e.Success {
			it.Outcome = store.OutcomeSuccess
		}
		it.Actor = actorOf(e.ActorID, e.ActorFirstName, e.ActorLastName, e.ActorPhone)
		out.Items = append(out.Items, it)
	}
	if len(rows) == f.Limit {
		out.NextCursor = strconv.FormatInt(rows[len(rows)-1].ID, 10)
	}
	return okJSON(w, out)
}
