package store

import "context"

// writerPriceSettings returns the trading rules (price_settings) inside a transaction of the writer (w): the
// writer's copy when no change has touched them since it was read (writer_copy.go), else a read through w,
// kept as the new copy. A copy read inside the transaction that changed them is that transaction's own, and
// its watch's count moves again when the transaction ends.
func (s *Store) writerPriceSettings(ctx context.Context, w queryer) (PriceSettings, error) {
	p, gen, holds := s.rules.get()
	if holds {
		return p, nil
	}
	p, err := priceSettings(ctx, w)
	if err != nil {
		return p, err
	}
	s.rules.keep(gen, p)
	return p, nil
}

// dropWriterCopies forgets the writer's copies of the rules and of the reserve (another process committed).
func (s *Store) dropWriterCopies() {
	s.watch.rules.drop()
	s.watch.reserve.drop()
}
