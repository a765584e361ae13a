package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"
	"sync/atomic"
	"time"
)

// The lean probe is the trades' strictest raw reference: a lean double-entry ledger that a shop could have
// written instead of ours, committing a verified trade's whole footprint once a trade. Each commit writes the
// quote's code, the quote and its move to executed, the trade's journal, its four postings and its four
// balances, on indexed tables (about 30 B-tree entries), from as many writers as traders on one connection at
// synchronous=FULL, with nothing else: no HTTP, no rules, no triggers. The shop writes more entries a trade
// (its rate hits, its audit of the balances by trigger, the indexes its screens read by) and two commits of
// them, a quote's and a trade's, so it can pass this probe only by sharing its commits' fsyncs among customers.

// leanProbe is the lean ledger's database and the accounts of its customers.
type leanProbe struct {
	db    *sql.DB
	stmts []*sql.Stmt
	seq   atomic.Int64
}

// leanCustomers is how many customers the lean ledger has (each with a rial and a gold account; the shop's
// two are accounts 1 and 2).
const leanCustomers = 512

var leanSchema = []string{
	`CREATE TABLE codes (id INTEGER PRIMARY KEY, scope TEXT NOT NULL UNIQUE, hash BLOB NOT NULL,
		expires_at INTEGER NOT NULL) STRICT`,
	`CREATE TABLE quotes (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, scope TEXT NOT NULL UNIQUE,
		rial INTEGER NOT NULL, mg INTEGER NOT NULL, status TEXT NOT NULL, journal_id INTEGER) STRICT`,
	`CREATE TABLE journals (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, type TEXT NOT NULL,
		created_at INTEGER NOT NULL) STRICT`,
	`CREATE INDEX journals_user ON journals (user_id, id)`,
	`CREATE TABLE postings (id INTEGER PRIMARY KEY, journal_id INTEGER NOT NULL, account_id INTEGER NOT NULL,
		amount INTEGER NOT NULL) STRICT`,
	`CREATE INDEX postings_account ON postings (account_id, journal_id)`,
	`CREATE INDEX postings_journal ON postings (journal_id)`,
	`CREATE TABLE balances (account_id INTEGER PRIMARY KEY, balance INTEGER NOT NULL) STRICT`,
	fmt.Sprintf(`WITH RECURSIVE n (id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n WHERE id < %d)
		INSERT INTO balances (account_id, balance) SELECT id, 1000000000000 FROM n`, 2+2*leanCustomers),
}

// leanTradeSQL are the statements of one lean trade, in order.
var leanTradeSQL = []string{
	`INSERT INTO codes (scope, hash, expires_at) VALUES (?, ?, ?)`,
	`INSERT INTO quotes (user_id, scope, rial, mg, status) VALUES (?, ?, 1000000, 19, 'pending')`,
	`INSERT INTO journals (user_id, type, created_at) VALUES (?, 'buy', ?)`,
	`INSERT INTO postings (journal_id, account_id, amount) VALUES (?1, ?2, -1000000), (?1, 1, 1000000),
		(?1, 2, -19), (?1, ?3, 19)`,
	`UPDATE balances SET balance = balance + CASE account_id WHEN ?1 THEN -1000000 WHEN 1 THEN 1000000
		WHEN 2 THEN -19 ELSE 19 END WHERE account_id IN (?1, 1, 2, ?2)`,
	`UPDATE quotes SET status = 'executed', journal_id = ? WHERE id = ?`,
}

// openLeanProbe makes the lean ledger in dir, WAL and synchronous=FULL on one writer connection, as the raw
// probe's database.
func openLeanProbe(ctx context.Context, dir string) (*leanProbe, error) {
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "busy_timeout(10000)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "lean-probe.db")+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	p := &leanProbe{db: db}
	for _, s := range leanSchema {
		if _, err := db.ExecContext(ctx, s); err != nil {
			db.Close()
			return nil, fmt.Errorf("lean schema %q: %w", s, err)
		}
	}
	for _, s := range leanTradeSQL {
		st, err := db.PrepareContext(ctx, s)
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("prepare %q: %w", s, err)
		}
		p.stmts = append(p.stmts, st)
	}
	return p, nil
}

func (p *leanProbe) close() { p.db.Close() }

// run has writers commit lean trades for d, each writer on customers of its own.
func (p *leanProbe) run(ctx context.Context, writers int, d time.Duration) (probeResult, error) {
	return commitFor(writers, d, func(_, n int) error { return p.commit(ctx, int64(n%leanCustomers)) })
}

// commit writes customer c's lean trade in one transaction: the customer's rial account is 3+2c, gold 4+2c.
func (p *leanProbe) commit(ctx context.Context, c int64) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	st := func(i int) *sql.Stmt { return tx.StmtContext(ctx, p.stmts[i]) }
	now := time.Now().UnixMilli()
	scope := fmt.Sprintf("lean-%d", p.seq.Add(1))
	rial, gold := 3+2*c, 4+2*c
	if _, err := st(0).ExecContext(ctx, scope, []byte("5f1e0c3a9b7d2e4f6a8c0b1d3e5f7a9c"), now+120_000); err != nil {
		return err
	}
	res, err := st(1).ExecContext(ctx, c, scope)
	if err != nil {
		return err
	}
	quote, _ := res.LastInsertId()
	if res, err = st(2).ExecContext(ctx, c, now); err != nil {
		return err
	}
	journal, _ := res.LastInsertId()
	if _, err := st(3).ExecContext(ctx, journal, rial, gold); err != nil {
		return err
	}
	if res, err = st(4).ExecContext(ctx, rial, gold); err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 4 {
		return fmt.Errorf("lean trade moved %d balances, not 4", n)
	}
	if _, err := st(5).ExecContext(ctx, journal, quote); err != nil {
		return err
	}
	return tx.Commit()
}
