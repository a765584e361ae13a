package main

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the same cgo-free driver as the shop
)

// probeResult counts the raw probe's commits.
type probeResult struct {
	commits int
	elapsed time.Duration
	latency latencies // each commit, from BEGIN to COMMIT's return
}

func (p probeResult) perSec() float64 { return ratio(float64(p.commits), p.elapsed.Seconds()) }

// add counts another slice of the run.
func (p *probeResult) add(o probeResult) {
	p.commits += o.commits
	p.elapsed += o.elapsed
	p.latency = append(p.latency, o.latency...)
}

// openProbe makes the raw probe's database: the reference for trades, what SQLite itself commits on this disk
// with the shop's settings (WAL, synchronous=FULL, one writer connection).
func openProbe(ctx context.Context, dir string) (*sql.DB, error) {
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "probe.db")+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	for _, stmt := range []string{
		`CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL) STRICT`,
		`CREATE TABLE journals (id INTEGER PRIMARY KEY, account INTEGER NOT NULL, amount INTEGER NOT NULL,
			created_at INTEGER NOT NULL) STRICT`,
		`CREATE TABLE postings (id INTEGER PRIMARY KEY, journal INTEGER NOT NULL, amount INTEGER NOT NULL) STRICT`,
		`INSERT INTO accounts (id, balance) VALUES (1, 1000000000000), (2, 0)`,
	} {
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

// rawProbe has writers commit a trade's shape of work each (BEGIN IMMEDIATE, read a balance, insert a
// journal and a posting, update two balances) for d.
func rawProbe(ctx context.Context, db *sql.DB, writers int, d time.Duration) (probeResult, error) {
	return commitFor(writers, d, func(int, int) error { return probeCommit(ctx, db) })
}

// commitFor has writers call commit for d, writer w with n = w, w+writers, w+2·writers, … (each writer's own
// turns), timing each commit; it stops at the first error.
func commitFor(writers int, d time.Duration, commit func(w, n int) error) (probeResult, error) {
	var commits atomic.Int64
	var firstErr error
	var once sync.Once
	var mu sync.Mutex
	var all latencies
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine latencies
			defer func() {
				mu.Lock()
				all = append(all, mine...)
				mu.Unlock()
			}()
			for n := w; time.Now().Before(deadline); n += writers {
				t0 := time.Now()
				if err := commit(w, n); err != nil {
					once.Do(func() { firstErr = err })
					return
				}
				mine = append(mine, time.Since(t0))
				commits.Add(1)
			}
		}()
	}
	wg.Wait()
	return probeResult{commits: int(commits.Load()), elapsed: time.Since(start), latency: all}, firstErr
}

func probeCommit(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := tx.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = 1`).Scan(&balance); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO journals (account, amount, created_at) VALUES (1, 1000, ?)`,
		time.Now().UnixMilli())
	if err != nil {
		return err
	}
	journal, _ := res.LastInsertId()
	if _, err := tx.ExecContext(ctx, `INSERT INTO postings (journal, amount) VALUES (?, 1000)`, journal); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance - 1000 WHERE id = 1`); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + 1000 WHERE id = 2`); err != nil {
		return err
	}
	return tx.Commit()
}
