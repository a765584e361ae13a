package store

import (
	"context"
	"crypto/rand"
	"database/sql"
)

// Secret returns the named server secret, making a random 32-byte one the first time it is asked for.
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	fresh := make([]byte, 32)
	rand.Read(fresh)
	var value []byte
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`,
			name, fresh); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = ?`, name).Scan(&value)
	})
	return value, err
}
