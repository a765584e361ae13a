package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
)

// InTx runs fn inside one BEGIN IMMEDIATE transaction on the writer connection. It commits when fn returns
// nil and rolls back when fn returns an error or panics, so a half-made money movement never lands. The
// commit waits for the disk (synchronous=FULL): an acknowledged payment survives a power cut.
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

// inLightTx is InTx for rows whose loss in a power cut costs no money: codes, quotes and rate counters. Its
// commit does not wait for the disk (synchronous=NORMAL for this transaction only); the next money commit's
// fsync makes it durable together with everything before it in the write-ahead log, and a power cut before
// that loses at most such rows (a code or quote to ask again for, a forgotten rate hit), never a payment.
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

// inTx runs fn in a transaction of its own. light sets synchronous=NORMAL for it: the setting is the
// connection's and SQLite refuses to change it inside a transaction, so it is set before BEGIN on the one
// writer connection and set back to FULL right after the transaction ends (and the connection is dropped, to
// be reopened at FULL, if that fails), so no money transaction ever runs under it.
func (s *Store) inTx(ctx context.Context, light bool, fn func(tx *sql.Tx) error) (err error) {
	var tx *sql.Tx
	if light {
		conn, err := s.write.Conn(ctx)
		if err != nil {
			return fmt.Errorf("begin: %w", err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `PRAGMA synchronous = NORMAL`); err != nil {
			return fmt.Errorf("synchronous: %w", err)
		}
		defer func() {
			if _, rerr := conn.ExecContext(context.WithoutCancel(ctx), `PRAGMA synchronous = FULL`); rerr != nil {
				_ = conn.Raw(func(any) error { return driver.ErrBadConn }) // discard it: a new one opens at FULL
			}
		}()
		if tx, err = conn.BeginTx(ctx, nil); err != nil {
			return fmt.Errorf("begin: %w", err)
		}
	} else if tx, err = s.write.BeginTx(ctx, nil); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// queryer is what both the read pool and a transaction offer, so lookups can run in either.
type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}
