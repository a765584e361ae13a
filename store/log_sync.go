package store

import (
	"fmt"
	"os"
	"time"
)

// The committer's groups commit at synchronous=NORMAL: SQLite writes the group's pages to the write-ahead
// log and returns without waiting for the disk. A group that moved money then waits here, in the syncer,
// for one fsync of the log that covers it and every group committed before it; meanwhile the writer runs the
// next group. This is SQLite's FULL, with the disk's wait taken off the one writer: a payment is confirmed
// only once it is on disk, and a power cut can lose only what no one was told is done, always a tail of the
// log (SQLite replays the log up to its last whole commit), so nothing confirmed ever rests on something
// lost. What a reader sees of a group before its fsync is never told to anyone outside: the live
// notifications wait for it, and the SMS outbox sends only what a durable claim of its own has confirmed.

// logSync is a committed group's durable members, waiting for the log to reach the disk.
type logSync struct {
	jobs     []*txJob
	outcomes []txOutcome
	notified bool // the group wrote notifications, announced once it is on disk
}

// syncLoop puts the log on disk for every group that needs it, as many groups a fsync as have committed
// while the last one ran, and tells their members.
func (c *committer) syncLoop() {
	defer close(c.synced)
	var log logFile
	defer log.close()
	for first := range c.syncs {
		batch := []logSync{first}
	more:
		for {
			select {
			case b, ok := <-c.syncs:
				if !ok {
					break more
				}
				batch = append(batch, b)
			default:
				break more
			}
		}
		start := time.Now()
		err := log.sync(c.s.path + "-wal")
		c.syncing.Add(int64(time.Since(start)))
		c.fsyncs.Add(1)
		notified := false
		for _, b := range batch {
			for i, j := range b.jobs {
				out := b.outcomes[i]
				if err != nil { // committed, but not surely on disk: the caller must not take it as done
					out.err = fmt.Errorf("commit: log to disk: %w", err)
				}
				j.result <- out
			}
			notified = notified || b.notified
		}
		if notified && err == nil {
			c.s.signalNotifications()
		}
	}
}

// logFile is the write-ahead log, open for fsync only.
type logFile struct{ f *os.File }

// sync opens the log at path if it is not open yet (or SQLite has made a new file there) and fsyncs it.
func (l *logFile) sync(path string) error {
	if l.f != nil {
		now, err := os.Stat(path)
		open, ferr := l.f.Stat()
		if err != nil || ferr != nil || !os.SameFile(now, open) {
			l.close()
		}
	}
	if l.f == nil {
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			return err
		}
		l.f = f
	}
	return l.f.Sync()
}

func (l *logFile) close() {
	if l.f != nil {
		l.f.Close()
		l.f = nil
	}
}
