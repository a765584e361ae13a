package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"
)

// ErrKeyInUse is returned when an Idempotency-Key was already claimed by an earlier call of the same caller.
var ErrKeyInUse = errors.New("store: idempotency key in use")

// errApartInCall is returned by a write made apart from an idempotent call (Apart) while the call holds the
// writer connection: waiting for it would wait for ever.
var errApartInCall = errors.New("store: a write apart from an open idempotent call")

// Once names a money-moving call by its caller's Idempotency-Key. It is carried only by the call (StartOnce):
// the store's operations take no key of their own, and join the call's transaction when their context holds
// one.
type Once struct {
	UserID int64
	Key    string
	Route  string
}

// OnceCall is one call made with an Idempotency-Key (decisions.md, Ledger and wallet). Every write the call
// makes through the store runs in one transaction, begun by its first write with the claim of the key and
// ended by Finish with the call's answer: claim, money and answer land in one commit or not at all. A crash
// before that commit leaves no trace of the call (a retry runs it); after it, a retry gets the answer.
//
// That transaction is a member of a group commit (commit.go), as every other write of the shop's: the call's
// first write joins the committer's next group, which holds the call open while its handler runs (the writer
// runs nothing else meanwhile, as when the call had the writer connection to itself), and the call's
// savepoint in the group is released by Finish, or undone when the call keeps nothing. The group commits
// with the other members it gathered, and the call is told once the log is on disk: its fsync is shared
// with every other customer's write of the moment instead of being one of its own (issue 41).
type OnceCall struct {
	s           *Store
	once        Once
	fingerprint string
	now         time.Time

	mu     sync.Mutex
	tx     *sql.Tx // the group's transaction while the call holds it; nil until the call's first write
	wrote  bool    // a write of the call succeeded (a wrong code's counted try, say)
	broken bool    // a step could not be undone: the call's member is undone, never committed
	lost   bool    // another call of the same key committed first
	done   bool
	// release ends the call's member of its group (nil keeps its writes for the group's commit, an error
	// undoes them), and outcome brings the member's end: after the group's commit and the log's fsync
	release chan error
	outcome <-chan txOutcome
	// undos put back what a step took from memory (a trade's quote from the quote book) when the call's
	// transaction does not commit after all
	undos []func()
}

// errCallUndone ends a call's member that keeps nothing: its savepoint in the group is undone.
var errCallUndone = errors.New("store: idempotent call kept nothing")

type onceCallKey struct{}

type apartKey struct{}

// StartOnce begins the call o (with the fingerprint of its request) at now: the store's writes made with the
// returned context join the call's transaction until Finish or Abort.
func (s *Store) StartOnce(ctx context.Context, o Once, fingerprint string, now time.Time) (context.Context, *OnceCall) {
	c := &OnceCall{s: s, once: o, fingerprint: fingerprint, now: now}
	return context.WithValue(ctx, onceCallKey{}, c), c
}

// Apart returns ctx for writes that stand apart from the idempotent call ctx carries, committing on their
// own: a texted code, which must not hold the shop's writer connection while the SMS gateway answers. Such a
// write must come before the call's first write.
func Apart(ctx context.Context) context.Context {
	c, _ := ctx.Value(onceCallKey{}).(*OnceCall)
	if c == nil {
		return ctx
	}
	return context.WithValue(ctx, apartKey{}, c)
}

// callOf is the open idempotent call ctx writes in, if any.
func callOf(ctx context.Context) (*OnceCall, error) {
	c, _ := ctx.Value(onceCallKey{}).(*OnceCall)
	if c == nil {
		return nil, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if ctx.Value(apartKey{}) == c {
		if c.tx != nil && !c.done {
			return nil, errApartInCall
		}
		return nil, nil
	}
	if c.done { // writes after the call ended stand alone
		return nil, nil
	}
	return c, nil
}

// run runs fn as one step of the call, inside a savepoint, so a step that fails leaves the call's earlier
// steps and the claim as they were. The first step begins the transaction and claims the key in it.
func (c *OnceCall) run(ctx context.Context, fn func(tx *sql.Tx) error) (err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lost {
		return ErrKeyInUse
	}
	if c.broken {
		return errors.New("store: idempotent call broken")
	}
	if c.tx == nil {
		if err := c.open(ctx); err != nil {
			return err
		}
	}
	if _, err := c.w().ExecContext(ctx, `SAVEPOINT once_step`); err != nil {
		c.broken = true
		return err
	}
	undo := func() {
		bg := context.WithoutCancel(ctx)
		if _, err := c.w().ExecContext(bg, `ROLLBACK TO once_step`); err != nil {
			c.broken = true
		} else if _, err := c.w().ExecContext(bg, `RELEASE once_step`); err != nil {
			c.broken = true
		}
	}
	defer func() {
		if p := recover(); p != nil {
			undo()
			panic(p)
		}
	}()
	if err := fn(c.tx); err != nil {
		undo()
		return err
	}
	if _, err := c.w().ExecContext(context.WithoutCancel(ctx), `RELEASE once_step`); err != nil {
		c.broken = true
		return err
	}
	c.wrote = true
	return nil
}

// w is the call's transaction with the writer's prepared statements (the call's few statements are parsed
// once, not on every call: the writer runs nothing else while it waits for them).
func (c *OnceCall) w() queryer { return c.s.writeStmts.in(c.tx) }

// open joins the committer's next group as a member held open for the call, and claims the key first in it.
// Not the request's context: a client that goes away once the call has begun must not undo it halfway.
func (c *OnceCall) open(ctx context.Context) error {
	opened := make(chan *sql.Tx, 1)
	release := make(chan error, 1)
	outcome, err := c.s.commits.enqueue(context.WithoutCancel(ctx), false, func(tx *sql.Tx) error {
		opened <- tx
		return <-release
	})
	if err != nil {
		return err
	}
	var tx *sql.Tx
	select {
	case tx = <-opened:
	case out := <-outcome: // the group ended before the call's turn (the store closing, a broken group)
		return out.err
	}
	c.release, c.outcome = release, outcome
	if err := c.claimKey(ctx, tx); err != nil {
		c.lost = errors.Is(err, ErrKeyInUse)
		c.end(err)
		return err
	}
	c.tx = tx
	return nil
}

// end releases the call's member with keep (nil: its writes commit with the group) and waits for the
// group's outcome: nil once the call's writes are committed and on disk, or why they are not. A member
// ended with an error is undone, and that error is its outcome.
func (c *OnceCall) end(keep error) error {
	c.release <- keep
	out := <-c.outcome
	c.release = nil
	return out.err
}

// claimKey writes the call's claim of its key first in its transaction; a row already there means another
// call of the key committed first: ErrKeyInUse.
func (c *OnceCall) claimKey(ctx context.Context, tx *sql.Tx) error {
	res, err := c.s.writeStmts.in(tx).ExecContext(ctx, `INSERT INTO idempotency_keys (user_id, key, route, fingerprint, created_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, key) DO NOTHING`,
		c.once.UserID, c.once.Key, c.once.Route, c.fingerprint, c.now.UnixMilli())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrKeyInUse
	}
	return nil
}

// Lost reports whether another call of the same key committed before this one could claim it: its answer
// (OnceAnswerFor) is the answer, and this call wrote nothing.
func (c *OnceCall) Lost() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lost
}

// Finish ends the call with its answer. A successful answer (2xx) is kept under the key in the call's own
// transaction, which then commits: the answer lands with the money or not at all, and the caller must not
// send it before Finish returns nil. Any other answer gives the key back: the claim is removed and whatever
// the call's steps kept (a wrong code's counted try) commits; a call that kept nothing is undone.
func (c *OnceCall) Finish(ctx context.Context, status int, body string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return nil
	}
	c.done = true
	if c.tx == nil {
		return nil
	}
	committed := false
	defer func() {
		if !committed {
			c.undo()
		}
	}()
	ctx = context.WithoutCancel(ctx)
	ok := status >= 200 && status < 300
	if c.broken || (!ok && !c.wrote) {
		c.end(errCallUndone)
		if c.broken {
			return errors.New("store: idempotent call broken, rolled back")
		}
		return nil
	}
	q, args := `DELETE FROM idempotency_keys WHERE user_id = ? AND key = ?`, []any{c.once.UserID, c.once.Key}
	if ok {
		q, args = `UPDATE idempotency_keys SET status = ?, body = ?, used_at = IFNULL(used_at, ?) WHERE user_id = ? AND key = ?`,
			[]any{status, body, c.now.UnixMilli(), c.once.UserID, c.once.Key}
	}
	if _, err := c.w().ExecContext(ctx, q, args...); err != nil {
		c.end(err)
		return err
	}
	if err := c.end(nil); err != nil {
		return err
	}
	committed = true
	return nil
}

// Abort undoes a call that did not Finish (its handler panicked); after Finish it does nothing.
func (c *OnceCall) Abort() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return
	}
	c.done = true
	if c.tx != nil {
		c.end(errCallUndone)
	}
	c.undo()
}

// onRollback has undo run if the call's transaction ends without committing.
func (c *OnceCall) onRollback(undo func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.undos = append(c.undos, undo)
}

func (c *OnceCall) undo() {
	for _, u := range c.undos {
		u()
	}
	c.undos = nil
}

// OnceAnswer is the answer kept of a call made with an Idempotency-Key.
type OnceAnswer struct {
	Route       string
	Status      int
	Body        string
	Fingerprint string // of the request that claimed the key
}

// OnceAnswerFor returns the kept answer of the caller's key, or ErrNotFound when none is kept: the key is new,
// or claimed by a store caller outside any call (which a call then finds in use).
func (s *Store) OnceAnswerFor(ctx context.Context, userID int64, key string) (OnceAnswer, error) {
	var a OnceAnswer
	err := s.readStmts.QueryRowContext(ctx, `SELECT route, status, body, fingerprint FROM idempotency_keys
		WHERE user_id = ? AND key = ? AND status IS NOT NULL`, userID, key).Scan(&a.Route, &a.Status, &a.Body, &a.Fingerprint)
	if errors.Is(err, sql.ErrNoRows) {
		return a, ErrNotFound
	}
	return a, err
}
