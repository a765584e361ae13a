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

	// readStmts and writeStmts are the hot paths' prepared statements on each pool (see stmtCache).
	readStmts, writeStmts *stmtCache
	// commits runs every transaction of the shop's own code on the writer, in groups (commit.go).
	commits *committer
	// terms is the current base price, price settings and grades held in memory (termsCache, prices.go).
	terms termsCache
	// watch is the writer's pre-update hook (row_watch.go); notifications is signalled after a commit that
	// wrote notifications (NewNotifications).
	watch         *rowWatch
	notifications chan struct{}
	// auth is the index of live tokens and logins (auth_index.go)
	auth *authIndex
	// stats is the generation of the planner's statistics, which retires read connections planning by older
	// ones (read_pool.go); optimize bumps it.
	stats atomic.Int64
}

// stmtCache is one pool's prepared statements, keyed by their SQL text, so SQLite parses a hot query once
// instead of on every call. database/sql prepares a *sql.Stmt again by itself on each pooled connection it
// runs on, so one Stmt serves the whole pool. Only fixed query texts belong here (the hot paths); a text
// built per call would grow the map without bound.
//
// The read pool's cache prepares on first use. The writer's cannot: preparing takes a connection, and the
// writer's only one is held by the transaction that would ask. A query missing from it runs unprepared once
// and is noted as wanted; the committer prepares it between two groups, when the connection is free.
type stmtCache struct {
	db     *sql.DB
	lazy   bool
	mu     sync.RWMutex
	m      map[string]*sql.Stmt
	wanted map[string]bool
}

func newStmtCache(db *sql.DB, lazy bool) *stmtCache {
	return &stmtCache{db: db, lazy: lazy, m: map[string]*sql.Stmt{}, wanted: map[string]bool{}}
}

var errNotPrepared = errors.New("store: statement not prepared")

func (c *stmtCache) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	c.mu.RLock()
	st, ok := c.m[query]
	c.mu.RUnlock()
	if ok {
		return st, nil
	}
	if !c.lazy {
		c.mu.Lock()
		c.wanted[query] = true
		c.mu.Unlock()
		return nil, errNotPrepared
	}
	return c.add(ctx, query)
}

// prepareWanted prepares the queries that ran unprepared since the last call. The committer calls it between
// groups, the only moment the writer connection is surely free of its own transactions.
func (c *stmtCache) prepareWanted(ctx context.Context) {
	c.mu.Lock()
	queries := make([]string, 0, len(c.wanted))
	for q := range c.wanted {
		queries = append(queries, q)
	}
	clear(c.wanted)
	c.mu.Unlock()
	for _, q := range queries {
		_, _ = c.add(ctx, q) // a query that cannot be prepared keeps running unprepared
	}
}

// add prepares query outside the lock (it may wait for a connection) and keeps the first one prepared.
func (c *stmtCache) add(ctx context.Context, query string) (*sql.Stmt, error) {
	st, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.m[query]; ok {
		st.Close()
		return kept, nil
	}
	c.m[query] = st
	return st, nil
}

// QueryRowContext runs a prepared query returning one row. When the query cannot be prepared it runs
// unprepared, so the *sql.Row carries the same error.
func (c *stmtCache) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := c.stmt(ctx, query)
	if err != nil {
		return c.db.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// QueryContext runs a prepared query (unprepared when it cannot be).
func (c *stmtCache) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := c.stmt(ctx, query)
	if err != nil {
		return c.db.QueryContext(ctx, query, args...)
	}
	return st.QueryContext(ctx, args...)
}

// ExecContext runs a prepared statement (unprepared when it cannot be).
func (c *stmtCache) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := c.stmt(ctx, query)
	if err != nil {
		return c.db.ExecContext(ctx, query, args...)
	}
	return st.ExecContext(ctx, args...)
}

// in is the writer's prepared statements inside tx: tx.StmtContext reuses the statement already prepared on
// the writer connection (there is only one; on a new one it prepares again on the transaction's own
// connection), so a hot write in a transaction is parsed once too.
func (c *stmtCache) in(tx *sql.Tx) queryer { return txStmts{c, tx} }

type txStmts struct {
	c  *stmtCache
	tx *sql.Tx
}

func (t txStmts) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := t.c.stmt(ctx, query)
	if err != nil {
		return t.tx.QueryRowContext(ctx, query, args...)
	}
	return t.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
}

func (t txStmts) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := t.c.stmt(ctx, query)
	if err != nil {
		return t.tx.QueryContext(ctx, query, args...)
	}
	return t.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
}

func (t txStmts) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := t.c.stmt(ctx, query)
	if err != nil {
		return t.tx.ExecContext(ctx, query, args...)
	}
	return t.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
}

func (c *stmtCache) close() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var errs []error
	for q, st := range c.m {
		errs = append(errs, st.Close())
		delete(c.m, q)
	}
	return errors.Join(errs...)
}

// pragmas every connection gets: WAL so readers never block the writer, synchronous=FULL so a committed
// payment survives a power cut, foreign keys on, a busy timeout so a second process (the admin CLI while
// the server runs) waits instead of failing, and temporary data in memory: the statement journals that let
// a group commit's members and statements roll back alone would otherwise be written to a temporary file.
func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "temp_store(MEMORY)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	return "file:" + path + "?" + q.Encode()
}

// Open opens (creating if needed) the database at path and applies every pending migration.
func Open(ctx context.Context, path string) (*Store, error) {
	watch := &rowWatch{auth: newAuthIndex()}
	write, err := openWritePool(path, watch)
	if err != nil {
		return nil, fmt.Errorf("open writer: %w", err)
	}
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	s := &Store{write: write, path: path, auth: watch.auth, watch: watch, writeStmts: newStmtCache(write, false),
		notifications: make(chan struct{}, 1)}
	s.commits = startCommitter(s)
	if err := s.migrate(ctx); err != nil {
		s.commits.stop()
		write.Close()
		return nil, err
	}
	readers := max(4, runtime.NumCPU()*2)
	read, err := openReadPool(path, &s.stats)
	if err != nil {
		s.commits.stop()
		write.Close()
		return nil, fmt.Errorf("open readers: %w", err)
	}
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	s.read = read
	s.readStmts = newStmtCache(read, true)
	return s, nil
}

// Close checkpoints the write-ahead log into the main file (unless Litestream owns it) and closes every
// connection. Closing again does nothing and returns the first close's error.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.commits.stop()
		serr := errors.Join(s.readStmts.close(), s.writeStmts.close())
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
		s.closeErr = errors.Join(serr, cerr, rerr, werr)
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
