package store

import (
	"context"
	"database/sql"
	"slices"
	"sync"
	"time"
)

// tradeCodes write the rows of quotes and their trade codes in batches. The quote and its code are read and
// spent from the quote book (quote_book.go); the database keeps their rows so that the code's limits (its
// resend spacing and daily cap, the asker's rate hits) hold across restarts, and so that a quote given
// before a crash is still confirmed after it (the book is loaded from them at Open). Each quote used to
// write its rows in a transaction of its own, a member of a group with a savepoint and the limits' reads on
// the one writer; here the quotes waiting at one moment share one member, the limits are read on the read
// pool, and a quote is answered once its rows have committed (as light rows: not waiting for the disk).
//
// Until its rows are written a code is counted from memory, so the limits stay exact: a check reads the
// database and the rows still waiting under one lock, which the writing of a batch takes on the writer and
// holds until the commit's outcome is known: no check counts a row twice or not at all.
type tradeCodes struct {
	s       *Store
	mu      sync.Mutex
	pending []*codeRow // counted, not yet written, in order
	closed  bool       // the store is closing: no more rows
	wake    chan struct{}
	quit    chan struct{}
	ended   chan struct{}
}

// codeRow is one quote with its trade code waiting to be written, and the rate hits of its request.
type codeRow struct {
	phone string
	hash  []byte
	quote Quote
	at    time.Time
	// expires is when the code ends
	expires time.Time
	hits    []string   // the buckets of its CodeLimits.Hits
	written chan error // told once the batch holding the row committed, or failed
}

func startTradeCodes(s *Store) *tradeCodes {
	c := &tradeCodes{s: s, wake: make(chan struct{}, 1), quit: make(chan struct{}), ended: make(chan struct{})}
	go c.loop()
	return c
}

// stop writes what is waiting and ends the writer; a quote asked after it is refused.
func (c *tradeCodes) stop() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	close(c.quit)
	<-c.ended
}

// issue applies lim to a new trade code of phone for q (lim.Hits first, ErrRateLimited; then the resend
// spacing, ErrCodeTooSoon with the wait; then the daily cap, ErrCodeDailyCap) and, when it may be texted,
// writes its rows with q's and waits for their commit. Nothing is recorded for a refused code.
func (c *tradeCodes) issue(ctx context.Context, phone string, codeHash []byte, lim CodeLimits, q Quote,
	now time.Time) (time.Duration, error) {
	r, wait, err := c.count(ctx, phone, codeHash, lim, q, now)
	if err != nil {
		return wait, err
	}
	return 0, <-r.written
}

// count checks lim and adds the row to those waiting.
func (c *tradeCodes) count(ctx context.Context, phone string, codeHash []byte, lim CodeLimits, q Quote,
	now time.Time) (*codeRow, time.Duration, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, 0, errClosed
	}
	sent, err := codesSentOf(ctx, c.s.readStmts, phone, PurposeTrade, now)
	if err != nil {
		return nil, 0, err
	}
	for _, l := range lim.Hits {
		var n int
		if err := c.s.readStmts.QueryRowContext(ctx, `SELECT COUNT(*) FROM rate_hits WHERE bucket = ? AND at > ?`,
			l.Bucket, now.Add(-l.Window).UnixMilli()).Scan(&n); err != nil {
			return nil, 0, err
		}
		for _, r := range c.pending {
			if r.at.After(now.Add(-l.Window)) && slices.Contains(r.hits, l.Bucket) {
				n++
			}
		}
		if l.full(n) {
			return nil, 0, ErrRateLimited
		}
	}
	for _, r := range c.pending { // counted from memory until their rows are written
		if r.phone == phone {
			sent.today++
			if r.at.After(sent.last) {
				sent.last = r.at
			}
		}
	}
	if wait, err := lim.mayText(sent, now); err != nil {
		return nil, wait, err
	}
	r := &codeRow{phone: phone, hash: codeHash, quote: q, at: now, expires: now.Add(lim.Lifetime),
		written: make(chan error, 1)}
	for _, l := range lim.Hits {
		r.hits = append(r.hits, l.Bucket)
	}
	c.pending = append(c.pending, r)
	select {
	case c.wake <- struct{}{}:
	default:
	}
	return r, 0, nil
}

func (c *tradeCodes) loop() {
	defer close(c.ended)
	for {
		select {
		case <-c.wake:
			c.writeWaiting()
		case <-c.quit:
			c.writeWaiting()
			return
		}
	}
}

// writeWaiting writes the rows waiting now in one light transaction, forgets them and tells their quotes.
// The lock is taken inside the transaction, on the writer, and held until the commit's outcome is known,
// so the rows are counted from memory until the moment they can be seen and from the database after; a
// quote's check waits meanwhile for at most the rest of one group. A batch that fails is forgotten too: its
// quotes are refused, and texted nothing.
func (c *tradeCodes) writeWaiting() {
	c.mu.Lock()
	waiting := len(c.pending) > 0
	c.mu.Unlock()
	if !waiting {
		return
	}
	var batch []*codeRow
	locked := false
	err := c.s.inTx(context.Background(), true, func(tx *sql.Tx) error {
		c.mu.Lock()
		locked = true
		batch = c.pending
		w := c.s.writeStmts.in(tx)
		for _, r := range batch {
			if err := writeCodeRow(w, r); err != nil {
				return err
			}
		}
		return nil
	})
	if !locked { // the store is closing: nothing ran
		c.mu.Lock()
		batch = c.pending
	}
	c.pending = nil
	c.mu.Unlock()
	for _, r := range batch {
		r.written <- err
	}
}

const insertQuoteSQL = `INSERT INTO trade_quotes (user_id, type, code_scope, amount_rial, amount_gold_mg,
	price_per_gram_rial, created_at, expires_at, base_price_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`

// writeCodeRow writes r's code (its hash, bound to its quote's scope), its quote as pending, and its hits.
func writeCodeRow(w queryer, r *codeRow) error {
	ctx, q := context.Background(), r.quote
	if _, err := w.ExecContext(ctx, `INSERT INTO verification_codes (phone_number, purpose, scope, code_hash,
		created_at, expires_at) VALUES (?, 'trade', ?, ?, ?, ?)`, r.phone, q.CodeScope, hexString(r.hash),
		r.at.UnixMilli(), r.expires.UnixMilli()); err != nil {
		return err
	}
	if _, err := w.ExecContext(ctx, insertQuoteSQL, q.UserID, q.Type, q.CodeScope, q.AmountRial, q.AmountGoldMg,
		q.PricePerGramRial, q.CreatedAt.UnixMilli(), q.ExpiresAt.UnixMilli(), nullID(q.BasePriceID)); err != nil {
		return err
	}
	for _, b := range r.hits {
		if _, err := w.ExecContext(ctx, `INSERT INTO rate_hits (bucket, at) VALUES (?, ?)`, b, r.at.UnixMilli()); err != nil {
			return err
		}
	}
	return nil
}
