package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

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
