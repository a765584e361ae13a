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
// That transaction is a group commit's (commit.go), as every other write of the shop's: the call's first
// write claims the key in the committer's next group and opens the call there; each later step, and the end
// Finish writes, runs in that same group, which commits only once the call has ended. The committer runs
// each part as it comes and other customers' work between them, so the writer is never idle while the
// call's handler works between its steps (issue 41), and the call is told once the log is on disk: its
// fsync is shared with every other write of the moment. Each step keeps a savepoint of its own, so a step
// that fails leaves the call's earlier steps as they were; a call that ends keeping nothing gives its claim
// back with a delete, and one that cannot end cleanly (a step that could not be undone, a handler that
// panicked after a write) aborts its group, since its part of the shared transaction cannot be undone alone.
type OnceCall struct {
	s           *Store
	once        Once
	fingerprint string
	now         time.Time

	mu sync.Mutex
	// group is the group the call is open in; nil until its first write claimed the key
	group *groupRun
	// wrote and broken are set by the committer as it runs a step, and read after the step's outcome
	wrote  bool // a write of the call succeeded (a wrong code's counted try, say)
	broken bool // a step could not be undone: the call's group must not commit
	lost   bool // another call of the same key committed first
	done   bool
	// undos put back what a step took from memory (a trade's quote from the quote book) when the call's
	// transaction does not commit after all
	undos []func()
}

// errCallBroken ends a call that cannot end cleanly: its group is aborted.
var errCallBroken = errors.New("store: idempotent call broken")

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
		if c.group != nil && !c.done {
			return nil, errApartInCall
		}
		return nil, nil
	}
	if c.done { // writes after the call ended stand alone
		return nil, nil
	}
	return c, nil
}

// run runs fn as one step of the call, in the call's group; the first step claims the key and opens the
// call there. Not the request's context for the parts: a client that goes away once the call has begun must
// not undo it halfway.
func (c *OnceCall) run(ctx context.Context, fn func(tx *sql.Tx) error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lost {
		return ErrKeyInUse
	}
	if c.broken {
		return errCallBroken
	}
	ctx = context.WithoutCancel(ctx)
	step := func(tx *sql.Tx) error { return c.step(ctx, tx, fn) }
	var out txOutcome
	if c.group == nil {
		opened := false
		var err error
		out, err = c.s.commits.openCall(ctx, func(tx *sql.Tx) error {
			if err := c.claimKey(ctx, tx); err != nil {
				return err
			}
			opened = true
			return step(tx)
		}, &opened)
		if err != nil {
			return err
		}
		if opened {
			c.group = out.group
		} else if errors.Is(out.err, ErrKeyInUse) {
			c.lost = true
		}
	} else {
		out = c.s.commits.callPart(ctx, callStep, c.group, step)
	}
	if out.panicked {
		panic(out.value)
	}
	return out.err
}

// step runs fn in a savepoint of its own, run by the committer in the call's group: a step that fails (or
// panics) is undone alone, and one that cannot be undone marks the call broken.
func (c *OnceCall) step(ctx context.Context, tx *sql.Tx, fn func(tx *sql.Tx) error) error {
	w := c.s.writeStmts.in(tx)
	if _, err := w.ExecContext(ctx, `SAVEPOINT once_step`); err != nil {
		c.broken = true
		return err
	}
	undo := func() {
		if _, err := w.ExecContext(ctx, `ROLLBACK TO once_step`); err != nil {
			c.broken = true
		} else if _, err := w.ExecContext(ctx, `RELEASE once_step`); err != nil {
			c.broken = true
		}
	}
	defer func() {
		if p := recover(); p != nil {
			undo()
			panic(p)
		}
	}()
	if err := fn(tx); err != nil {
		undo()
		return err
	}
	if _, err := w.ExecContext(ctx, `RELEASE once_step`); err != nil {
		c.broken = true
		return err
	}
	c.wrote = true
	return nil
}

// end runs the call's last part, end, in its group and waits for the group's outcome: nil once the call's
// writes are committed and on disk, or why they are not.
func (c *OnceCall) end(ctx context.Context, end func(tx *sql.Tx) error) error {
	out := c.s.commits.callPart(context.WithoutCancel(ctx), callEnd, c.group, end)
	if out.panicked {
		panic(out.value)
	}
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

// giveBack is the end of a call that keeps no answer: its claim is removed, so the key may be used again.
func (c *OnceCall) giveBack(ctx context.Context) func(tx *sql.Tx) error {
	return func(tx *sql.Tx) error {
		_, err := c.s.writeStmts.in(tx).ExecContext(ctx, `DELETE FROM idempotency_keys WHERE user_id = ? AND key = ?`,
			c.once.UserID, c.once.Key)
		return err
	}
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
// the call's steps kept (a wrong code's counted try) commits.
func (c *OnceCall) Finish(ctx context.Context, status int, body string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return nil
	}
	c.done = true
	if c.group == nil {
		return nil
	}
	ctx = context.WithoutCancel(ctx)
	end := c.giveBack(ctx)
	switch {
	case c.broken:
		end = func(*sql.Tx) error { return errCallBroken }
	case status >= 200 && status < 300:
		end = func(tx *sql.Tx) error {
			_, err := c.s.writeStmts.in(tx).ExecContext(ctx, `UPDATE idempotency_keys SET status = ?, body = ?,
				used_at = IFNULL(used_at, ?) WHERE user_id = ? AND key = ?`,
				status, body, c.now.UnixMilli(), c.once.UserID, c.once.Key)
			return err
		}
	}
	if err := c.end(ctx, end); err != nil {
		c.undo()
		if c.broken {
			return errors.New("store: idempotent call broken, rolled back")
		}
		return err
	}
	return nil
}

// Abort undoes a call that did not Finish (its handler panicked); after Finish it does nothing. A call that
// wrote gives nothing back alone: its group is aborted.
func (c *OnceCall) Abort() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return
	}
	c.done = true
	if c.group != nil {
		ctx := context.Background()
		end := c.giveBack(ctx)
		if c.wrote || c.broken {
			end = func(*sql.Tx) error { return errCallBroken }
		}
		_ = c.end(ctx, end)
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
