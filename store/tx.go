package store

import (
	"context"
	"database/sql"
	"fmt"
)

// InTx runs fn inside one BEGIN IMMEDIATE transaction on the writer connection. It commits when fn returns
// nil and rolls back when fn returns an error or panics, so a half-made money movement never lands.
func (s *Store) InTx(ctx context.Context, fn func(tx *sql.Tx) error) (err error) {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
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
