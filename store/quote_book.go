package store

import (
	"context"
	"crypto/hmac"
	"encoding/hex"
	"sync"
	"time"
)

// quoteBook holds the quotes waiting for their code and each customer's live trade code, in memory, so that
// a trade's confirmation finds, checks and spends them without a read or a write on the one writer: the
// trade's transaction only marks its quote executed. Their rows are written when the quote is given
// (trade_codes.go), and the book is loaded from them at Open, so a quote given before a restart or a crash is
// confirmed after it as before. A wrong try is counted here only: a restart gives a code its tries afresh
// (never more than its two minutes). The shop is the only process that trades, so the book is exact.
type quoteBook struct {
	mu     sync.Mutex
	quotes map[string]Quote      // pending quotes by code scope
	owners map[quoteOwner]string // each customer's pending quote of each side, by scope
	codes  map[int64]*tradeCode  // each customer's live trade code: one, whichever side it was sent for
	puts   int                   // puts since the last sweep of expired entries
}

type quoteOwner struct {
	userID int64
	typ    string
}

// tradeCode is a live trade code: its hash, the quote it confirms and the wrong tries so far.
type tradeCode struct {
	scope   string
	hash    []byte
	tries   int
	expires time.Time
}

// sweepEvery is how many new quotes pass between two sweeps of the expired ones, so the book holds about
// what two minutes of quotes leave behind.
const sweepEvery = 1024

func newQuoteBook() *quoteBook {
	return &quoteBook{quotes: map[string]Quote{}, owners: map[quoteOwner]string{}, codes: map[int64]*tradeCode{}}
}

// put makes q its customer's pending quote of its side, replacing an earlier one, and, with a code hash,
// the customer's live code (an earlier code, for either side, stops working).
func (b *quoteBook) put(q Quote, codeHash []byte, codeLifetime time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.puts++; b.puts >= sweepEvery {
		b.sweep(q.CreatedAt)
	}
	owner := quoteOwner{q.UserID, q.Type}
	delete(b.quotes, b.owners[owner])
	b.owners[owner], b.quotes[q.CodeScope] = q.CodeScope, q
	if codeHash != nil {
		b.codes[q.UserID] = &tradeCode{scope: q.CodeScope, hash: codeHash, expires: q.CreatedAt.Add(codeLifetime)}
	}
}

// check compares codeHash with the customer's live code. A match returns the scope of its quote and changes
// nothing (the trade spends it, take). A miss is the verdict: ErrCodeNone, ErrCodeWrong, or
// ErrCodeTooManyTries when this try voids the code; the try is counted under the book's lock, so parallel
// guesses cannot pass maxTries.
func (b *quoteBook) check(userID int64, codeHash []byte, lim CodeLimits, now time.Time) (scope string, verdict error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.codes[userID]
	if c == nil || !now.Before(c.expires) {
		return "", ErrCodeNone
	}
	if hmac.Equal(c.hash, codeHash) {
		return c.scope, nil
	}
	c.tries++
	verdict, void := lim.wrongTry(c.tries)
	if void {
		delete(b.codes, userID)
	}
	return "", verdict
}

// take removes the pending quote of scope when it is the customer's, of side typ and not expired, and with
// withCode the live code that names it (already checked): ok false when there is none. undo puts back what
// was taken, for a trade that did not commit, unless a newer quote or code has replaced it meanwhile.
func (b *quoteBook) take(scope string, userID int64, typ string, withCode bool, now time.Time) (q Quote, undo func(), ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	q, ok = b.quotes[scope]
	if !ok || q.UserID != userID || q.Type != typ || !now.Before(q.ExpiresAt) {
		return Quote{}, nil, false
	}
	code := b.codes[userID]
	if withCode && (code == nil || code.scope != scope) {
		return Quote{}, nil, false
	}
	owner := quoteOwner{userID, typ}
	delete(b.quotes, scope)
	delete(b.owners, owner)
	if withCode {
		delete(b.codes, userID)
	}
	return q, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if _, newer := b.owners[owner]; !newer {
			b.owners[owner], b.quotes[scope] = scope, q
		}
		if _, newer := b.codes[userID]; withCode && !newer {
			b.codes[userID] = code
		}
	}, true
}

// sweep drops the expired quotes and codes.
func (b *quoteBook) sweep(now time.Time) {
	b.puts = 0
	for scope, q := range b.quotes {
		if !now.Before(q.ExpiresAt) {
			delete(b.quotes, scope)
			if owner := (quoteOwner{q.UserID, q.Type}); b.owners[owner] == scope {
				delete(b.owners, owner)
			}
		}
	}
	for user, c := range b.codes {
		if !now.Before(c.expires) {
			delete(b.codes, user)
		}
	}
}

// load puts into the book the quotes of q still pending and live at now with their live codes, oldest
// first, so each customer ends with their newest, as when they were given. It reads the codes of the last
// two minutes and finds each one's quote by its scope (CROSS JOIN keeps that order: the quotes are never
// scanned).
func (b *quoteBook) load(ctx context.Context, q queryer, now time.Time) error {
	rows, err := q.QueryContext(ctx, `SELECT t.user_id, t.type, t.code_scope, t.amount_rial, t.amount_gold_mg,
		t.price_per_gram_rial, t.created_at, t.expires_at, c.code_hash, c.expires_at
		FROM verification_codes c CROSS JOIN trade_quotes t ON t.code_scope = c.scope
		WHERE c.purpose = 'trade' AND c.closed_at IS NULL AND c.expires_at > ?1
			AND t.status = 'pending' AND t.expires_at > ?1
		ORDER BY c.id`, now.UnixMilli())
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var t Quote
		var created, expires, codeExpires int64
		var hash string
		if err := rows.Scan(&t.UserID, &t.Type, &t.CodeScope, &t.AmountRial, &t.AmountGoldMg, &t.PricePerGramRial,
			&created, &expires, &hash, &codeExpires); err != nil {
			return err
		}
		raw, err := hex.DecodeString(hash)
		if err != nil {
			continue // not a hash this shop wrote: no code to confirm with
		}
		t.CreatedAt, t.ExpiresAt = time.UnixMilli(created), time.UnixMilli(expires)
		b.put(t, raw, time.UnixMilli(codeExpires).Sub(t.CreatedAt))
	}
	return rows.Err()
}
