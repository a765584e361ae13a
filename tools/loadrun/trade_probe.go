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

// The trade probe is the trades' second raw reference: SQLite committing exactly the rows a verified trade
// writes, on the shop's own schema (a copy of the seeded shop's database, with every index, trigger and
// CHECK), from as many writers on one connection at synchronous=FULL, one commit a trade, with nothing
// else: no HTTP, no sign-in, no rules, no code to text. The rows: the quote's code, the quote, the asker's
// rate hit, a read of the customer's balance, the trade's journal and its four postings (their trigger
// moves the four balances) and the quote marked executed. The shop writes the same rows in two commits (the
// quote's, answered before its code can be typed, and the trade's) and checks its rules around them; this
// reference writes them in one, so it is the faster of the two: the limit of a verified trade on this disk.

// tradeProbe is the probe's database and its customers.
type tradeProbe struct {
	db        *sql.DB
	customers []probeCustomer
	stmts     map[string]*sql.Stmt
	seq       atomic.Int64
}

// probeCustomer is a customer of the copy with the four accounts a buy moves.
type probeCustomer struct {
	userID                         int64
	phone                          string
	rial, gold, shopRial, shopGold int64
}

var tradeProbeSQL = []string{
	`INSERT INTO verification_codes (phone_number, purpose, scope, code_hash, created_at, expires_at)
		VALUES (?, 'trade', ?, ?, ?, ?)`,
	`INSERT INTO trade_quotes (user_id, type, code_scope, amount_rial, amount_gold_mg, price_per_gram_rial,
		created_at, expires_at) VALUES (?, 'buy', ?, 1000000, 19, 51234567, ?, ?)`,
	`INSERT INTO rate_hits (bucket, at) VALUES (?, ?)`,
	`SELECT balance FROM accounts WHERE id = ?`,
	`INSERT INTO journals (user_id, type, status, price_per_gram_rial, created_at)
		VALUES (?, 'buy', 'approved', 51234567, ?)`,
	`INSERT INTO postings (journal_id, account_id, amount) VALUES (?1, ?2, -1000000), (?1, ?3, 1000000),
		(?1, ?4, -19), (?1, ?5, 19)`,
	`UPDATE trade_quotes SET status = 'executed', journal_id = ? WHERE id = ?`,
}

// openTradeProbe copies the shop's database (VACUUM INTO, from a reader beside the running shop) and opens
// the copy as the shop opens its own.
func openTradeProbe(ctx context.Context, shopDB, dir string) (*tradeProbe, error) {
	src, err := sql.Open("sqlite", "file:"+shopDB+"?mode=ro")
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "trade-probe.db")
	_, err = src.ExecContext(ctx, `VACUUM INTO ?`, path)
	src.Close()
	if err != nil {
		return nil, fmt.Errorf("copy the shop's database: %w", err)
	}
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)", "busy_timeout(10000)",
		"temp_store(MEMORY)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	p := &tradeProbe{db: db, stmts: map[string]*sql.Stmt{}}
	rows, err := db.QueryContext(ctx, `SELECT u.id, u.phone_number,
		(SELECT id FROM accounts WHERE user_id = u.id AND kind = 'customer' AND asset = 'rial'),
		(SELECT id FROM accounts WHERE user_id = u.id AND kind = 'customer' AND asset = 'gold'),
		(SELECT id FROM accounts WHERE user_id IS NULL AND kind = 'shop_trading' AND asset = 'rial'),
		(SELECT id FROM accounts WHERE user_id IS NULL AND kind = 'shop_trading' AND asset = 'gold')
		FROM users u WHERE u.role = 'customer' AND EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id
			AND a.kind = 'customer' AND a.asset = 'rial' AND a.balance >= 1000000000)`)
	if err != nil {
		db.Close()
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var c probeCustomer
		if err := rows.Scan(&c.userID, &c.phone, &c.rial, &c.gold, &c.shopRial, &c.shopGold); err != nil {
			db.Close()
			return nil, err
		}
		p.customers = append(p.customers, c)
	}
	if err := rows.Err(); err != nil || len(p.customers) == 0 {
		db.Close()
		return nil, fmt.Errorf("the copy's funded customers: %d (%v)", len(p.customers), err)
	}
	for _, s := range tradeProbeSQL {
		if p.stmts[s], err = db.PrepareContext(ctx, s); err != nil {
			db.Close()
			return nil, fmt.Errorf("prepare %q: %w", s, err)
		}
	}
	return p, nil
}

func (p *tradeProbe) close() { p.db.Close() }

// run has writers commit trades for d, each writer on customers of its own.
func (p *tradeProbe) run(ctx context.Context, writers int, d time.Duration) (probeResult, error) {
	return commitFor(writers, d, func(_, n int) error { return p.commit(ctx, p.customers[n%len(p.customers)]) })
}

// commit writes one verified trade's rows for c in one transaction.
func (p *tradeProbe) commit(ctx context.Context, c probeCustomer) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	st := func(i int) *sql.Stmt { return tx.StmtContext(ctx, p.stmts[tradeProbeSQL[i]]) }
	now := time.Now().UnixMilli()
	scope := fmt.Sprintf("probe-%d", p.seq.Add(1))
	if _, err := st(0).ExecContext(ctx, c.phone, scope, "5f1e0c3a9b7d2e4f6a8c0b1d3e5f7a9c", now, now+120_000); err != nil {
		return err
	}
	res, err := st(1).ExecContext(ctx, c.userID, scope, now, now+120_000)
	if err != nil {
		return err
	}
	quote, _ := res.LastInsertId()
	if _, err := st(2).ExecContext(ctx, "code-ip:10.0.0.1", now); err != nil {
		return err
	}
	var balance int64
	if err := st(3).QueryRowContext(ctx, c.rial).Scan(&balance); err != nil {
		return err
	}
	if res, err = st(4).ExecContext(ctx, c.userID, now); err != nil {
		return err
	}
	journal, _ := res.LastInsertId()
	if _, err := st(5).ExecContext(ctx, journal, c.rial, c.shopRial, c.shopGold, c.gold); err != nil {
		return err
	}
	if _, err := st(6).ExecContext(ctx, journal, quote); err != nil {
		return err
	}
	return tx.Commit()
}
