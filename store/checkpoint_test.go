package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"os"
	"sync/atomic"
	"testing"
	"time"
)

// walIndex reads, from the write-ahead log's index (the -shm file, in the machine's byte order, which is
// little-endian on every machine the shop runs on), how many frames the log holds and how many of them a
// checkpoint has copied into the database file: the header's mxFrame and the checkpoint info's nBackfill.
func walIndex(t *testing.T, dbPath string) (frames, copied uint32) {
	t.Helper()
	raw, err := os.ReadFile(dbPath + "-shm")
	if err != nil || len(raw) < 100 {
		t.Fatalf("the log's index: %d bytes, %v", len(raw), err)
	}
	return binary.LittleEndian.Uint32(raw[16:]), binary.LittleEndian.Uint32(raw[96:])
}

// TestTheCheckpointerCopiesTheLogBesideTheWriter: what the shop commits is copied into the database file by
// the checkpointer, long before the log reaches the length at which the writer would copy it itself.
func TestTheCheckpointerCopiesTheLogBesideTheWriter(t *testing.T) {
	s, path := openBare(t)
	ctx := context.Background()
	var auto int
	if err := s.write.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil || auto != restartFrames {
		t.Fatalf("the writer checkpoints every %d pages itself, want %d (%v)", auto, restartFrames, err)
	}
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 5_000_000)
	start := time.Now()
	for {
		frames, copied := walIndex(t, path)
		if frames >= uint32(restartFrames) {
			t.Fatalf("the log reached %d frames", frames)
		}
		if frames > 0 && copied == frames {
			break
		}
		if time.Since(start) > 30*time.Second {
			t.Fatalf("%d of the log's %d frames copied into the file", copied, frames)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if on, err := s.CheckpointsLog(ctx); err != nil || !on {
		t.Fatalf("the store says it does not checkpoint the log (%v)", err)
	}
}

// TestNoCheckpointWhileLitestreamOwnsTheLog: once the log is Litestream's, a commit and the checkpointer's
// own turn copy nothing into the file.
func TestNoCheckpointWhileLitestreamOwnsTheLog(t *testing.T) {
	s, path := openBare(t)
	ctx := context.Background()
	if err := s.LeaveCheckpointsToReplication(ctx); err != nil {
		t.Fatal(err)
	}
	_, before := walIndex(t, path)
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 5_000_000)
	s.checkpoints.run()
	if frames, copied := walIndex(t, path); copied != before || frames <= copied {
		t.Fatalf("%d of %d frames copied, %d before: a checkpoint ran beside Litestream", copied, frames, before)
	}
	if on, err := s.CheckpointsLog(ctx); err != nil || on {
		t.Fatalf("the store says it still checkpoints the log (%v)", err)
	}
}

// TestTheLogStartsOverWhileWritesNeverStop: with the committer always busy, passive checkpoints beside it
// never leave the log wholly copied at the moment a write begins, so it would only grow; the writer's own
// checkpoint at restartFrames keeps it short.
func TestTheLogStartsOverWhileWritesNeverStop(t *testing.T) {
	every, after := checkpointEvery, restartFrames
	checkpointEvery, restartFrames = 2*time.Millisecond, 64
	s, path := openBare(t)
	checkpointEvery, restartFrames = every, after
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errs := make(chan error, 16)
	var written atomic.Int64
	for w := range 16 { // enough callers that a group is always waiting
		go func() {
			for i := 0; ctx.Err() == nil; i++ {
				err := s.InTx(ctx, func(tx *sql.Tx) error {
					_, err := tx.ExecContext(ctx, `INSERT INTO rate_hits (bucket, at) VALUES (?, ?)`,
						fmt.Sprintf("log-%d-%d", w, i), time.Now().UnixMilli())
					return err
				})
				if err != nil && ctx.Err() == nil {
					errs <- err
					return
				}
				written.Add(1)
			}
		}()
	}
	// a log that never started over would hold every frame of these writes, two or more each
	var longest uint32
	for written.Load() < 4000 {
		select {
		case err := <-errs:
			t.Fatal(err)
		default:
		}
		frames, _ := walIndex(t, path)
		longest = max(longest, frames)
		time.Sleep(time.Millisecond)
	}
	cancel()
	if longest > 1500 {
		t.Fatalf("the log grew to %d frames over %d writes", longest, written.Load())
	}
	t.Logf("%d writes, the log's longest %d frames", written.Load(), longest)
}
