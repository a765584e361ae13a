package store

import (
	"database/sql"
	"sync"
	"time"
)

// checkpointEvery is the least time between two checkpoints while the shop commits: a page written by many
// groups meanwhile is copied into the database file once.
const checkpointEvery = 200 * time.Millisecond

// checkpointer copies the write-ahead log into the database file from a connection of its own, beside the
// one writer. SQLite's own checkpoint (wal_autocheckpoint) runs inside the commit that crosses its threshold,
// on the writer, which every customer's trade waits behind: under trades it took about a tenth of the
// writer's time (issue 41). A passive checkpoint never blocks the writer or a reader, and it puts the log
// on disk before it copies a frame, so no page reaches the file before its commit is durable. While
// Litestream owns the log (LeaveCheckpointsToReplication) nothing here runs.
type checkpointer struct {
	db    *sql.DB
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
	c := &checkpointer{db: db, wake: make(chan struct{}, 1), quit: make(chan struct{}), ended: make(chan struct{})}
	go c.loop()
	return c, nil
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
		case <-time.After(checkpointEvery):
		case <-c.quit:
			return
		}
	}
}

// run checkpoints what no reader still needs. One that cannot run now runs at the next commit.
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
