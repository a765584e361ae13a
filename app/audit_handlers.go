package app

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

// auditPageSize is the most entries one page of the audit log holds.
const auditPageSize = 50

// auditItem is one entry of the audit log as the owner's screen shows it.
type auditItem struct {
	ID     int64           `json:"id"`
	At     time.Time       `json:"at"`
	Actor  *auditActor     `json:"actor"` // null: the command line (goldshop admin add)
	Kind   string          `json:"kind"`
	Before json.RawMessage `json:"before"`
	After  json.RawMessage `json:"after"`
}

type auditActor struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	PhoneNumber string `json:"phone_number"`
}

// adminAudit pages through the audit log, newest first: ?actor=<user id>&kind=&from=&to= (Jalali
// YYYY/MM/DD, inclusive, Tehran time)&cursor=&limit= (at most 50).
func (a *App) adminAudit(w http.ResponseWriter, r *http.Request) error {
	f, err := auditFilter(r)
	if err != nil {
		return err
	}
	rows, err := a.store.AuditLog(r.Context(), f)
	if err != nil {
		return err
	}
	out := struct {
		Items      []auditItem `json:"items"`
		NextCursor string      `json:"next_cursor"`
	}{Items: make([]auditItem, 0, len(rows))}
	for _, e := range rows {
		it := auditItem{ID: e.ID, At: e.CreatedAt, Kind: e.Action, Before: rawJSON(e.Before), After: rawJSON(e.After)}
		it.Actor = actorOf(e.AdminID, e.ActorFirstName, e.ActorLastName, e.ActorPhone)
		out.Items = append(out.Items, it)
	}
	if len(rows) == f.Limit {
		out.NextCursor = strconv.FormatInt(rows[len(rows)-1].ID, 10)
	}
	return okJSON(w, out)
}

// actorOf is who did something, as the audit and the security events show them; nil for nobody (0).
func actorOf(id int64, first, last, phone string) *auditActor {
	if id == 0 {
		return nil
	}
	return &auditActor{ID: id, Name: strings.TrimSpace(first + " " + last), PhoneNumber: phone}
}

// auditFilter reads the audit query; anything malformed is 400 rather than quietly ignored.
func auditFilter(r *http.Request) (store.AuditFilter, error) {
	q := r.URL.Query()
	f := store.AuditFilter{Kind: strings.TrimSpace(q.Get("kind")), Limit: auditPageSize}
	bad := badRequest(msgAuditFilter)
	positive := func(name string, dst *int64) bool {
		if s := q.Get(name); s != "" {
			n, err := strconv.ParseInt(iran.LatinDigits(s), 10, 64)
			if err != nil || n <= 0 {
				return false
			}
			*dst = n
		}
		return true
	}
	var limit int64
	if !positive("actor", &f.ActorID) || !positive("cursor", &f.Before) || !positive("limit", &limit) {
		return f, bad
	}
	if limit > 0 {
		f.Limit = int(min(limit, auditPageSize))
	}
	from, until, err := dayRange(q)
	if errors.Is(err, errDayOrder) { // as the exports and the statement say it
		return f, badRequest(msgDateRange)
	} else if err != nil {
		return f, bad
	}
	f.From, f.To = from, until // the store's To is exclusive: up to the end of the last day
	return f, nil
}

// rawJSON passes a stored JSON document through as it is; nothing stored is null.
func rawJSON(v any) json.RawMessage {
	if s, ok := v.(string); ok && json.Valid([]byte(s)) {
		return json.RawMessage(s)
	}
	return json.RawMessage("null")
}
