package store

import (
	"context"
	"fmt"
	"os"
)

// Backup writes a consistent copy of the whole database to path while the server keeps running: VACUUM INTO
// reads one snapshot, so writes that land meanwhile are either wholly in the copy or wholly out of it.
func (s *Store) Backup(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s already exists; choose a new file name", path)
	}
	_, err := s.write.ExecContext(ctx, `VACUUM INTO ?`, path)
	return err
}
