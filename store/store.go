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
	"time"

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
	// checkpoints copies the write-ahead log into the database file beside the writer (checkpoint.go).
	checkpoints *checkpointer
	// terms is the current base price, price settings and grades held in memory (termsCache, prices.go);
	// rules the trading rules as the writer's transactions read them (writer_rules.go).
	terms termsCache
	rules writerCopy[PriceSettings]
	// reserve the reserve guard's slow figures as the writer's transactions read them (writer_reserve.go).
	reserve writerCopy[reserveSlow]
	// watch is the writer's pre-update hook (row_watch.go); notifications is signalled after a commit that
	// wrote notifications (NewNotifications).
	watch         *rowWatch
	notifications chan struct{}
	// auth is the index of live tokens and logins (auth_index.go)
	auth *authIndex
	// quotes are the quotes waiting for their code, and the live trade codes (quote_book.go); tradeCodes
	// writes those codes' rows behind them (trade_codes.go)
	quotes     *quoteBook
	tradeCodes *tradeCodes
	// stats is the generation of the planner's statistics, which retires read connections planning by older
	// ones (connections.go); optimize bumps it.
	stats atomic.Int64
	// factors is the key second factors are sealed under (factor_key.go); nil until UseFactorKey
	factors atomic.Pointer[sealer]
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
	// the writer's pool is one connection that lives as long as the store, so the pragma stays set
	if _, err := write.ExecContext(ctx, `PRAGMA wal_autocheckpoint = `+itoa(int64(restartFrames))); err != nil {
		write.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	checkpoints, err := startCheckpointer(path)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open checkpointer: %w", err)
	}
	s := &Store{write: write, path: path, auth: watch.auth, watch: watch, writeStmts: newStmtCache(write, false),
		notifications: make(chan struct{}, 1), quotes: newQuoteBook(), checkpoints: checkpoints}
	s.rules.watch, s.reserve.watch = &watch.rules, &watch.reserve
	s.commits = startCommitter(s)
	abandon := func(err error) (*Store, error) { // what has started stops, in the reverse order
		s.commits.stop()
		if s.read != nil {
			s.read.Close()
		}
		s.checkpoints.stop()
		write.Close()
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		return abandon(err)
	}
	readers := max(4, runtime.NumCPU()*2)
	read, err := openReadPool(path, &s.stats)
	if err != nil {
		return abandon(fmt.Errorf("open readers: %w", err))
	}
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	s.read = read
	s.readStmts = newStmtCache(read, true)
	if err := s.quotes.load(ctx, read, time.Now()); err != nil {
		return abandon(fmt.Errorf("load quotes: %w", err))
	}
	s.tradeCodes = startTradeCodes(s)
	return s, nil
}

// Close checkpoints the write-ahead log into the main file (unless Litestream owns it) and closes every
// connection. Closing again does nothing and returns the first close's error.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.tradeCodes.stop() // its last rows go through the committer
		s.commits.stop()
		kerr := s.checkpoints.stop()
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
		s.closeErr = errors.Join(serr, kerr, cerr, rerr, werr)
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
