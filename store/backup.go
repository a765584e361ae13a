package store

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"time"
)

// Backup writes a consistent copy of the whole database to path while the server keeps running: VACUUM INTO
// reads one snapshot, so writes that land meanwhile are either wholly in the copy or wholly out of it. It
// reads through a connection of its own, opened read-only, so money transactions never wait behind it.
func (s *Store) Backup(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s already exists; choose a new file name", path)
	}
	q := url.Values{}
	q.Set("mode", "ro")
	q.Add("_pragma", "busy_timeout(10000)")
	db, err := sql.Open("sqlite", "file:"+s.path+"?"+q.Encode())
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	_, err = db.ExecContext(ctx, `VACUUM INTO ?`, path)
	return err
}

// LeaveCheckpointsToReplication hands the write-ahead log to Litestream, which must copy every frame before
// it reaches the database file: the writer stops SQLite's automatic checkpoints and the store's checkpointer
// stops (Litestream's "Tips & Caveats" ask for wal_autocheckpoint = 0), and Close no longer runs
// wal_checkpoint(TRUNCATE). Call it before Litestream starts and before the shop takes requests.
func (s *Store) LeaveCheckpointsToReplication(ctx context.Context) error {
	s.replicated.Store(true)
	s.checkpoints.stopForReplication()
	_, err := s.write.ExecContext(ctx, `PRAGMA wal_autocheckpoint = 0`)
	return err
}

// CheckpointsLog tells whether anything of the store copies the write-ahead log into the database file:
// its checkpointer, or the writer's own automatic checkpoints (wal_autocheckpoint).
func (s *Store) CheckpointsLog(ctx context.Context) (bool, error) {
	var n int
	if err := s.write.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&n); err != nil {
		return false, err
	}
	s.checkpoints.mu.Lock()
	defer s.checkpoints.mu.Unlock()
	return n != 0 || !s.checkpoints.off, nil
}

// LastJournalAt is when the newest ledger journal was written; ErrNotFound when the ledger is empty.
func (s *Store) LastJournalAt(ctx context.Context) (time.Time, error) {
	var ms sql.NullInt64
	if err := s.read.QueryRowContext(ctx, `SELECT MAX(created_at) FROM journals`).Scan(&ms); err != nil {
		return time.Time{}, err
	}
	if !ms.Valid {
		return time.Time{}, ErrNotFound
	}
	return time.UnixMilli(ms.Int64).UTC(), nil
}
