// Package store keeps goldshop's data in one SQLite file: a single writer connection for every change and a
// small pool of read-only connections beside it, so reads never wait behind a money transaction.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"sync"
	"sync/atomic"

	_ "modernc.org/sqlite" // registers the cgo-free "sqlite" driver
)

// ErrNotFound is returned when a row asked for does not exist.
var ErrNotFound = errors.New("store: not found")

// ErrConflict is returned when a write would break a uniqueness or state rule.
var ErrConflict = errors.New("store: conflict")

// Store is the database: Write holds the one writer connection, Read the read-only pool.
type Store struct {
	write *sql.DB
	read  *sql.DB
	path  string

	// replicated is set while Litestream owns the write-ahead log (LeaveCheckpointsToReplication, backup.go):
	// Close then leaves the WAL to it instead of truncating it.
	replicated atomic.Bool
	closeOnce  sync.Once
	closeErr   error
}

// pragmas every connection gets: WAL so readers never block the writer, synchronous=FULL so a committed
// payment survives a power cut, foreign keys on, and a busy timeout so a second process (the admin CLI
// while the server runs) waits instead of failing.
func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "busy_timeout(10000)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

// Open opens (creating if needed) the database at path and applies every pending migration.
func Open(ctx context.Context, path string) (*Store, error) {
	write, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("open writer: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{write: write, path: path}
	if err := s.migrate(ctx); err != nil {
		write.Close()
		return nil, err
	}
	readers := max(4, runtime.NumCPU()*2)
	read, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open readers: %w", err)
	}
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	s.read = read
	return s, nil
}

// Close checkpoints the write-ahead log into the main file (unless Litestream owns it) and closes every
// connection. Closing again does nothing and returns the first close's error.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		var cerr error
		if !s.replicated.Load() {
			// Best effort, and brief: a command run beside the server (admin add, check) must not sit out
			// the busy timeout behind the server's readers, Litestream's long-lived one above all. When
			// they are busy the WAL simply stays for a later checkpoint.
			if _, cerr = s.write.Exec(`PRAGMA busy_timeout = 250`); cerr == nil {
				_, cerr = s.write.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
			}
		}
		rerr := s.read.Close()
		werr := s.write.Close()
		s.closeErr = errors.Join(cerr, rerr, werr)
	})
	return s.closeErr
}

// Ping tells whether the database answers a query.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	return s.read.QueryRowContext(ctx, `SELECT 1`).Scan(&one)
}

// ReadDB is the read-only pool, for libraries that need a *sql.DB (the session store).
func (s *Store) ReadDB() *sql.DB { return s.read }

// WriteDB is the writer connection, for libraries that need a *sql.DB (the session store).
func (s *Store) WriteDB() *sql.DB { return s.write }
