package backup

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"
)

// ReplicaState is how the replica is doing (issue 28): the URL without its password; OK when its last upload
// went through; how far it is behind the database; the kind of the last failure (a Fault word, issue 36: the
// library's text is in the log only); when an upload last went through; and since when it has been failing
// (zero while it is not).
type ReplicaState struct {
	URL          string
	OK           bool
	Lag          time.Duration
	LastFault    string
	LastOKAt     time.Time
	FailingSince time.Time
}

// watchedClient is the replica's client as Litestream uses it, noting how each upload went: Litestream
// retries a failed upload on its own (backing off to at most five minutes) and only logs its errors. It
// keeps the kind of the last failure, and logs the library's text beside it each time the kind changes, so
// the words the owner reads can be found in the log.
type watchedClient struct {
	litestream.ReplicaClient
	log          *slog.Logger
	mu           sync.Mutex
	lastOK       time.Time
	lastFault    string
	failingSince time.Time
}

func (c *watchedClient) WriteLTXFile(ctx context.Context, level int, minTXID, maxTXID ltx.TXID, r io.Reader) (*ltx.FileInfo, error) {
	info, err := c.ReplicaClient.WriteLTXFile(ctx, level, minTXID, maxTXID, r)
	now := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		if ctx.Err() == nil { // a shutdown is no failure of the replica
			fault := ReplicaFault(err)
			if fault != c.lastFault || c.failingSince.IsZero() {
				c.log.Warn("replica: upload failed", slog.String("fault", fault), slog.String("error", err.Error()))
			}
			c.lastFault = fault
			if c.failingSince.IsZero() {
				c.failingSince = now
			}
		}
		return info, err
	}
	c.lastOK, c.failingSince = now, time.Time{}
	return info, nil
}

// State says how the replica is doing now.
func (r *Replication) State() ReplicaState {
	c := r.client
	c.mu.Lock()
	st := ReplicaState{URL: r.url, OK: c.failingSince.IsZero(), LastFault: c.lastFault, LastOKAt: c.lastOK,
		FailingSince: c.failingSince}
	c.mu.Unlock()
	if pos, err := r.db.Pos(); err == nil && pos.TXID > r.rep.Pos().TXID {
		since := st.LastOKAt
		if since.IsZero() {
			since = r.started
		}
		st.Lag = time.Since(since) // behind since its last upload went through
	}
	return st
}
