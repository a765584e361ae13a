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
	LastFault    string // the kind of the last failure, a backup.Fault* word ("" before one); never the error's text
	LastOKAt     time.Time
	FailingSince time.Time
}

// replicaFaultWords are the owner's words for each kind of failure the backup service names (backup's
// Fault* constants, which app does not import: the words are matched by value, and any other is msgReplicaOther).
var replicaFaultWords = map[string]string{
	"unreachable": msgReplicaUnreachable,
	"login":       msgReplicaLogin,
	"key_file":    msgReplicaKeyFile,
	"host_key":    msgReplicaHostKey,
	"folder":      msgReplicaFolder,
	"disk_full":   msgReplicaDiskFull,
}

// replicaFault says a failure's kind in the owner's words: "" for none, msgReplicaOther for a kind it does
// not know, so nothing the server is handed reaches the answer as it came.
func replicaFault(kind string) string {
	if kind == "" {
		return ""
	}
	if words, ok := replicaFaultWords[kind]; ok {
		return words
	}
	return msgReplicaOther
}

// replicaAlertAfter is how long the replica must have been failing before the panel shows its banner: a
// moment's network trouble is retried by itself.
const replicaAlertAfter = 5 * time.Minute

// adminReplica answers GET /api/admin/replica (owner only): {configured, url, ok, lag_seconds, last_error,
// last_ok_at, failing_since, alert}; last_error is the last failure in the owner's words (replicaFault), alert
// once it has been failing for replicaAlertAfter.
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
		"last_error": replicaFault(st.LastFault), "last_ok_at": timeOrNil(st.LastOKAt), "failing_since": timeOrNil(st.FailingSince),
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
