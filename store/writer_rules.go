package store

import (
	"context"
	"sync"
)

// writerRules is the trading rules (price_settings) as a transaction of the writer last read them, so that a
// trade's transaction reads no row for them while they stay as they were: the writer connection's hook
// (row_watch.go) counts every change to the table, and counts again when the transaction that made it has
// ended, so a copy read before a change, or read inside the transaction that made it (which may still roll
// back), is never used after it. Another process never changes the table (termsCache); were it to, the
// committer sees its commit within a second and drops the copy (commit.go).
type writerRules struct {
	mu       sync.Mutex
	ok       bool
	gen      uint64
	settings PriceSettings
}

// writerPriceSettings returns the trading rules inside a transaction of the writer (w): the copy when no
// change has touched them since it was read, else a read through w, kept as the new copy.
func (s *Store) writerPriceSettings(ctx context.Context, w queryer) (PriceSettings, error) {
	c := &s.rules
	gen := s.watch.rules.Load()
	c.mu.Lock()
	if c.ok && c.gen == gen {
		p := c.settings
		c.mu.Unlock()
		return p, nil
	}
	c.mu.Unlock()
	p, err := priceSettings(ctx, w)
	if err != nil {
		return p, err
	}
	c.mu.Lock()
	c.ok, c.gen, c.settings = true, gen, p
	c.mu.Unlock()
	return p, nil
}

// dropWriterCopies forgets the writer's copies of the rules and of the reserve (another process committed).
func (s *Store) dropWriterCopies() {
	s.watch.rules.Add(1)
	s.watch.reserve.Add(1)
}
