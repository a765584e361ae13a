package store

import (
	"context"
	"encoding/binary"
	"os"
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

// TestTheCheckpointerCopiesTheLogBesideTheWriter holds the log's copying to the checkpointer: the writer
// never checkpoints inside a commit, and what the shop commits still reaches the database file.
func TestTheCheckpointerCopiesTheLogBesideTheWriter(t *testing.T) {
	s, path := openBare(t)
	ctx := context.Background()
	var auto int
	if err := s.write.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("the writer checkpoints every %d pages itself (%v)", auto, err)
	}
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 5_000_000)
	start := time.Now()
	for {
		frames, copied := walIndex(t, path)
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
