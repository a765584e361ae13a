package store

import (
	"database/sql"
	"sync"
	"time"
)

// (variables only so that a test can make them small; a store takes them when it opens)
var (
	// checkpointEvery is the least time between two of the checkpointer's checkpoints while the shop
	// commits: a page written by many groups meanwhile is copied into the database file once.
	checkpointEvery = 100 * time.Millisecond
	// restartFrames is the writer's own wal_autocheckpoint: the log's length (8 MB of 4 KB pages) from which
	// a commit ends with a checkpoint of its own, which leaves the log wholly copied, so the next write
	// starts it over from its beginning. The log stays that short on disk, also on a disk that fills up.
	restartFrames = 4096
)

// checkpointer copies the write-ahead log into the database file from a connection of its own, beside the
// one writer, so that the writer's own checkpoint (SQLite's wal_autocheckpoint, run inside the commit that
// crosses it) finds only the last moments' frames left to copy. That checkpoint, on the writer, took about a
// tenth of its time under trades when it copied everything (issue 41). The writer's one is still needed:
// beside a busy writer a passive checkpoint never ends with the whole log copied at the moment a write
// begins, and SQLite starts the log over only then; the log would grow for as long as customers trade.
// A passive checkpoint never blocks the writer or a reader, and it puts the log on disk before it copies a
// frame, so no page reaches the file before its commit is durable. While Litestream owns the log
// (LeaveCheckpointsToReplication) nothing here runs, and the writer's checkpoints are off too.
type checkpointer struct {
	db    *sql.DB
	every time.Duration
	mu    sync.Mutex // held while a checkpoint runs
	off   bool       // Litestream owns the log
	wake  chan struct{}
	quit  chan struct{}
	ended chan struct{}
}

func startCheckpointer(path string) (*checkpointer, error) {
	db, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxLifetime(0)
	c := &checkpointer{db: db, every: checkpointEvery, wake: make(chan struct{}, 1), quit: make(chan struct{}),
		ended: make(chan struct{})}
	go c.loop()
	return c, nil
}

// ran tells the checkpointer that a group has run: the log may have grown.
func (c *checkpointer) ran() {
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

// run copies what no reader still needs. What it cannot copy now is copied after a later group.
func (c *checkpointer) run() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.off {
		_, _ = c.db.Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
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
	<-c.ended
	return c.db.Close()
}
