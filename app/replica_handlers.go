package app

import (
	"net/http"
	"time"
)

// ReplicaStatus is how the Litestream replica is doing (backup.ReplicaState, handed over by the server).
type ReplicaStatus struct {
	URL          string // without its password
	OK           bool
	Lag          time.Duration
	LastError    string
	LastOKAt     time.Time
	FailingSince time.Time
}

// replicaAlertAfter is how long the replica must have been failing before the panel shows its banner: a
// moment's network trouble is retried by itself.
const replicaAlertAfter = 5 * time.Minute

// adminReplica answers GET /api/admin/replica (owner only): {configured, url, ok, lag_seconds, last_error,
// last_ok_at, failing_since, alert}; alert once it has been failing for replicaAlertAfter.
func (a *App) adminReplica(w http.ResponseWriter, r *http.Request) error {
	out := map[string]any{"configured": false}
	if a.replica == nil {
		return okJSON(w, out)
	}
	st, ok := a.replica()
	if !ok {
		return okJSON(w, out)
	}
	out = map[string]any{"configured": true, "url": st.URL, "ok": st.OK, "lag_seconds": int64(st.Lag.Seconds()),
		"last_error": st.LastError, "last_ok_at": timeOrNil(st.LastOKAt), "failing_since": timeOrNil(st.FailingSince),
		"alert": !st.OK && !st.FailingSince.IsZero() && a.now().Sub(st.FailingSince) >= replicaAlertAfter}
	return okJSON(w, out)
}

// timeOrNil is t in UTC, or null for the zero time.
func timeOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC()
}
