package store

import (
	"crypto/hmac"
	"sync"
	"time"
)

// quoteBook holds the quotes waiting for their code and each customer's live trade code, in memory: they live
// two minutes, move no money, and are read and spent by the very trade that confirms them, so keeping them in
// the database cost every trade two writes (the quote and its code) and as many reads on the one writer
// without making anything safer. A restart forgets them: the customer asks for a new quote, as after two
// minutes. What the database keeps of a quote is the fact of the trade (its executed row, written in the
// trade's transaction) and of its code the row that counts toward the resend spacing and the daily cap
// (IssueQuote). The shop is the only process that trades, so the book is exact.
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
func (b *quoteBook) check(userID int64, codeHash []byte, maxTries int, now time.Time) (scope string, verdict error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.codes[userID]
	if c == nil || !now.Before(c.expires) {
		return "", ErrCodeNone
	}
	if hmac.Equal(c.hash, codeHash) {
		return c.scope, nil
	}
	if c.tries++; c.tries >= maxTries {
		delete(b.codes, userID)
		return "", ErrCodeTooManyTries
	}
	return "", ErrCodeWrong
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
