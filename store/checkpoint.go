package store

import (
	"database/sql"
	"sync"
	"sync/atomic"
	"time"
)

// (variables only so that a test can make them small; a checkpointer takes them when it is made)
var (
	// checkpointEvery is the least time between two checkpoints while the shop commits: a page written by
	// many groups meanwhile is copied into the database file once.
	checkpointEvery = 200 * time.Millisecond
	// restartFrames is the log's length (64 MB of 4 KB pages) from which the next checkpoint also starts the
	// log over from its beginning, so it does not grow while customers never stop trading. The writer waits
	// for a restart (a few milliseconds: the last frames' copy and two fsyncs), about once a second at the
	// most the shop commits.
	restartFrames = 16384
)

const (
	// restartWait is how long a restart waits for readers still using the old log, with the writer held: a
	// long report is not waited for; the restart is tried again after the next checkpoint.
	restartWait = 5 // ms
)

// checkpointer copies the write-ahead log into the database file from a connection of its own, beside the
// one writer. SQLite's own checkpoint (wal_autocheckpoint) runs inside the commit that crosses its threshold,
// on the writer, which every customer's trade waits behind: under trades it took about a tenth of the
// writer's time (issue 41). A passive checkpoint never blocks the writer or a reader, and it puts the log on
// disk before it copies a frame, so no page reaches the file before its commit is durable.
//
// A passive checkpoint beside a busy writer never ends with the whole log copied, so SQLite never starts
// the log over, which it does only when a write begins after a complete checkpoint: the log would grow for
// as long as customers trade. So once it is long, the checkpointer holds the committer between two groups
// for a wal_checkpoint(RESTART): it has only the last moments' frames left to copy, and it waits for the
// readers still in the old log, so the writer's next write starts the log from its beginning.
// While Litestream owns the log (LeaveCheckpointsToReplication) nothing here runs.
type checkpointer struct {
	db           *sql.DB
	commits      *committer
	every        time.Duration
	restartAfter int        // frames
	mu           sync.Mutex // held while a checkpoint runs
	off          bool       // Litestream owns the log
	// restarts counts the restarts that found every reader gone (the next write starts the log over)
	restarts atomic.Int64
	wake     chan struct{}
	quit     chan struct{}
	ended    chan struct{}
}

func newCheckpointer(path string) (*checkpointer, error) {
	db, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	if _, err := db.Exec(`PRAGMA busy_timeout = ` + itoa(restartWait)); err != nil {
		db.Close()
		return nil, err
	}
	return &checkpointer{db: db, every: checkpointEvery, restartAfter: restartFrames, wake: make(chan struct{}, 1),
		quit: make(chan struct{}), ended: make(chan struct{})}, nil
}

// start runs the checkpoints of commits' groups.
func (c *checkpointer) start(commits *committer) {
	c.commits = commits
	go c.loop()
}

// committed tells the checkpointer that the log has grown.
func (c *checkpointer) committed() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *checkpointer) loop() {
	defer close(c.ended)
	for {
		select {
		case <-c.wake:
		case <-c.quit:
			return
		}
		c.run()
		select {
		case <-time.After(c.every):
		case <-c.quit:
			return
		}
	}
}

// run checkpoints what no reader still needs, and restarts a long log. One that cannot run now runs after
// the next commit.
func (c *checkpointer) run() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.off {
		return
	}
	var busy, frames, copied int
	if err := c.db.QueryRow(`PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied); err != nil ||
		frames < c.restartAfter {
		return
	}
	release, ok := c.commits.hold()
	if !ok {
		return
	}
	defer release()
	if err := c.db.QueryRow(`PRAGMA wal_checkpoint(RESTART)`).Scan(&busy, &frames, &copied); err == nil && busy == 0 {
		c.restarts.Add(1)
	}
}

// stopForReplication ends the checkpoints, waiting for one that is running.
func (c *checkpointer) stopForReplication() {
	c.mu.Lock()
	c.off = true
	c.mu.Unlock()
}

// stop ends the loop and closes the connection.
func (c *checkpointer) stop() error {
	close(c.quit)
	if c.commits != nil {
		<-c.ended
	}
	return c.db.Close()
}
