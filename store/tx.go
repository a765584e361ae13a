package store

import (
	"context"
	"database/sql"
)

// InTx runs fn as one transaction on the writer connection: all of fn's writes land, or, when fn returns an
// error or panics, none, so a half-made money movement never lands. Concurrent transactions share one commit
// (group commit, commit.go), each in its own savepoint; InTx returns only after that commit is on disk (the
// log's fsync, log_sync.go): an acknowledged payment survives a power cut.
//
// Inside an idempotent call (StartOnce) fn joins the call's one transaction instead, which holds the claim of
// its Idempotency-Key and, when the call ends, its answer: claim, money and answer land in one commit.
func (s *Store) InTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if c, err := callOf(ctx); err != nil || c != nil {
		if err != nil {
			return err
		}
		return c.run(ctx, fn)
	}
	return s.inTx(ctx, false, fn)
}

// moneyTx is InTx for a call that moves money, running fn with the writer's prepared statements inside the
// transaction. Under an Idempotency-Key the call's transaction (StartOnce) holds it: its first write claimed
// the key, so the key and the movement land together.
func (s *Store) moneyTx(ctx context.Context, fn func(w queryer) error) error {
	return s.InTx(ctx, func(tx *sql.Tx) error { return fn(s.writeStmts.in(tx)) })
}

// inLightTx is InTx for rows whose loss in a power cut costs no money: codes, quotes and rate counters. It
// returns once its group has committed, without waiting for the disk; the next fsync of the log makes it
// durable together with everything before it, and a power cut before that loses at most such rows (a code
// or quote to ask again for, a forgotten rate hit), never a payment.
// Inside an idempotent call it joins the call's transaction, which is a money one.
func (s *Store) inLightTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if c, err := callOf(ctx); err != nil || c != nil {
		if err != nil {
			return err
		}
		return c.run(ctx, fn)
	}
	return s.inTx(ctx, true, fn)
}

// inTx runs fn in a transaction of the committer's next group (commit.go): as if alone, but sharing the
// group's one commit. light says the caller need not wait for the disk.
func (s *Store) inTx(ctx context.Context, light bool, fn func(tx *sql.Tx) error) error {
	return s.commits.submit(ctx, light, fn)
}

// queryer is what both the read pool and a transaction offer, so lookups can run in either.
type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}
