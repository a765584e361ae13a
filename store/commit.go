package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// maxGroup bounds how many transactions share one commit, so one group never holds the writer for long.
const maxGroup = 64

// optimizeEvery is how many groups commit between two refreshes of the planner's statistics: a shop that
// grows fast (the first customers of a new shop, a sign-up rush) gets plans fit for its size within minutes,
// and the check costs little when nothing grew (SQLite analyses only tables whose size changed tenfold).
const optimizeEvery = 1000

// otherWritersEvery is how often the committer looks whether another process (the admin command beside a
// running shop) committed, which the index of logins cannot see by its hook.
const otherWritersEvery = time.Second

// errClosed is returned to a write asked of a closed store.
var errClosed = errors.New("store: closed")

// errGroupAborted is returned to a transaction whose group could not commit because another member broke
// the shared transaction (an I/O error, say): nothing of it landed, and it may be asked again.
var errGroupAborted = errors.New("store: group commit aborted")

// committer is group commit: the one goroutine that runs the shop's transactions on the writer connection.
// Concurrent callers queue; whoever is waiting when the writer frees up goes together into one SQLite
// transaction, each in a savepoint of its own, and the group pays for one fsync instead of one each. A member
// that fails rolls back to its savepoint and leaves the others as they were, exactly as if it had run alone;
// a member is told it committed only after the group's COMMIT returned and, if it moved money, after the log
// is on disk (log_sync.go). One process owns the database
// (decisions.md), so this queue sees every write of the shop's own code.
type committer struct {
	s     *Store
	jobs  chan *txJob // unbuffered: a job is either taken by the committer or still its caller's
	quit  chan struct{}
	ended chan struct{}
	// syncs carries committed groups' durable members to the log syncer (log_sync.go), which tells them once
	// the log is on disk; synced is closed when it has told the last.
	syncs  chan logSync
	synced chan struct{}
	// groups and members count what committed together, for the load run's figures and the tests.
	groups, members atomic.Int64
	// busy and committing are the writer's time running groups and in their COMMIT; fsyncs and syncing the
	// syncer's log fsyncs and their time (log_sync.go)
	busy, committing, fsyncs, syncing atomic.Int64
	optimizedAt                       int64 // groups at the last refresh of the statistics (loop's own)
}

// txJob is one caller's transaction waiting for its group.
type txJob struct {
	ctx    context.Context
	light  bool
	fn     func(tx *sql.Tx) error
	result chan txOutcome // buffered: the committer never waits for the caller
}

// txOutcome is how a job ended: its error, or the value it panicked with, re-raised in the caller.
type txOutcome struct {
	err      error
	panicked bool
	value    any
}

func startCommitter(s *Store) *committer {
	c := &committer{s: s, jobs: make(chan *txJob), quit: make(chan struct{}), ended: make(chan struct{}),
		syncs: make(chan logSync, maxGroup), synced: make(chan struct{})}
	go c.loop()
	go c.syncLoop()
	return c
}

// stop ends the loop once the group in progress is done and its members are told; later writes get errClosed.
func (c *committer) stop() {
	close(c.quit)
	<-c.ended
	<-c.synced
}

// submit runs fn in the next group and waits for the group's outcome. A caller that goes away while queued
// is dropped; once its job is taken it waits, because only the commit can say whether it landed.
func (c *committer) submit(ctx context.Context, light bool, fn func(tx *sql.Tx) error) error {
	result, err := c.enqueue(ctx, light, fn)
	if err != nil {
		return err
	}
	out := <-result
	if out.panicked {
		panic(out.value)
	}
	return out.err
}

// enqueue hands fn to the committer for its next group and returns the channel its outcome will come on,
// without waiting for it (an idempotent call holds its member open meanwhile, idempotency.go).
func (c *committer) enqueue(ctx context.Context, light bool, fn func(tx *sql.Tx) error) (<-chan txOutcome, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	j := &txJob{ctx: ctx, light: light, fn: fn, result: make(chan txOutcome, 1)}
	select {
	case c.jobs <- j:
		return j.result, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.quit:
		return nil, errClosed
	}
}

func (c *committer) loop() {
	defer close(c.ended)
	defer close(c.syncs)
	group := make([]*txJob, 0, maxGroup)
	others := time.NewTicker(otherWritersEvery)
	defer others.Stop()
	seen := c.dataVersion() // the writer's data_version: it moves only when another process commits
	for {
		select {
		case j := <-c.jobs:
			group = append(group[:0], j)
		case <-others.C:
			if v := c.dataVersion(); v != seen {
				c.s.auth.clear() // `goldshop admin add` beside the shop may have changed a role or password
				c.s.dropWriterCopies()
				seen = v
			}
			continue
		case <-c.quit:
			return
		}
	gather:
		for len(group) < maxGroup {
			select {
			case j := <-c.jobs:
				group = append(group, j)
			default:
				break gather
			}
		}
		c.run(group)
		c.s.writeStmts.prepareWanted(context.Background())
		if n := c.groups.Load(); n-c.optimizedAt >= optimizeEvery {
			c.optimizedAt = n
			// statistics only steer the planner: one that cannot be refreshed now is refreshed next time
			_ = c.s.Optimize(context.Background())
		}
	}
}

// dataVersion is SQLite's data_version on the writer connection (0 when it cannot be read: the next read
// then differs, and the index starts afresh, which is always safe).
func (c *committer) dataVersion() int64 {
	var v int64
	_ = c.s.write.QueryRow(`PRAGMA data_version`).Scan(&v)
	return v
}

// run commits one group and tells each member its outcome: at once a member that failed or wrote only
// light rows, after the syncer has put the log on disk (log_sync.go) one whose money the commit moved. The
// commit itself does not wait for the disk, so the next group runs while this one's log is being synced.
func (c *committer) run(group []*txJob) {
	outcomes := make([]txOutcome, len(group))
	start := time.Now()
	committed := c.commit(group, outcomes)
	c.busy.Add(int64(time.Since(start)))
	notified := c.s.settleWrites() // before any member hears that its write is done
	durable := logSync{notified: notified}
	for i, j := range group {
		if committed && !j.light && outcomes[i].err == nil && !outcomes[i].panicked {
			durable.jobs = append(durable.jobs, j)
			durable.outcomes = append(durable.outcomes, outcomes[i])
			continue
		}
		j.result <- outcomes[i]
	}
	switch {
	case len(durable.jobs) > 0:
		c.syncs <- durable
	case committed && notified:
		c.s.signalNotifications()
	}
}

// commit runs group in one transaction, committed without waiting for the disk (synchronous=NORMAL), and
// reports whether it committed. A member whose caller went away is skipped; a member with nobody still to
// run after it needs no savepoint.
func (c *committer) commit(group []*txJob, outcomes []txOutcome) (committed bool) {
	ctx := context.Background() // no member's cancellation may undo the others' work
	failAll := func(err error) {
		for i := range outcomes {
			if outcomes[i].err == nil && !outcomes[i].panicked {
				outcomes[i].err = err
			}
		}
	}
	conn, err := c.s.write.Conn(ctx)
	if err != nil {
		failAll(fmt.Errorf("begin: %w", err))
		return false
	}
	defer conn.Close()
	// set back before the connection is free again: every other write on it (an idempotent call, the admin's
	// own commands) commits at FULL, waiting for the disk itself
	if err := setSynchronous(ctx, conn, "NORMAL"); err != nil {
		failAll(err)
		return false
	}
	defer setSynchronous(ctx, conn, "FULL")
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		failAll(fmt.Errorf("begin: %w", err))
		return false
	}
	pending := 0
	for i, j := range group {
		if err := j.ctx.Err(); err != nil {
			outcomes[i].err = err
			continue
		}
		if pending == 0 && noneLeft(group[i+1:]) {
			outcomes[i] = runJob(j, tx)
		} else if !runInSavepoint(ctx, c.s.writeStmts.in(tx), tx, j, &outcomes[i]) {
			_ = tx.Rollback()
			failAll(errGroupAborted)
			return false
		}
		if outcomes[i].err == nil && !outcomes[i].panicked {
			pending++
		}
	}
	if pending == 0 {
		_ = tx.Rollback()
		return false
	}
	committing := time.Now()
	err = tx.Commit()
	c.committing.Add(int64(time.Since(committing)))
	if err != nil {
		failAll(fmt.Errorf("commit: %w", err))
		return false
	}
	c.groups.Add(1)
	c.members.Add(int64(pending))
	return true
}

// GroupCommits returns how many groups have committed since Open and how many transactions they held.
func (s *Store) GroupCommits() (groups, transactions int64) {
	return s.commits.groups.Load(), s.commits.members.Load()
}

// WriterTime returns how long the writer has run groups since Open and the part of it spent committing them,
// and how many fsyncs of the log the syncer made beside it, in how long: the load run's measure of where a
// write waits.
func (s *Store) WriterTime() (busy, committing time.Duration, fsyncs int64, syncing time.Duration) {
	c := s.commits
	return time.Duration(c.busy.Load()), time.Duration(c.committing.Load()), c.fsyncs.Load(),
		time.Duration(c.syncing.Load())
}

// noneLeft reports whether none of rest is still to run (their callers went away).
func noneLeft(rest []*txJob) bool {
	for _, j := range rest {
		if j.ctx.Err() == nil {
			return false
		}
	}
	return true
}

// runInSavepoint runs j inside a savepoint of the group's transaction (the savepoint statements prepared,
// through w), undoing it alone when it fails. It reports false when the undo itself failed: the shared
// transaction is then unusable.
func runInSavepoint(ctx context.Context, w queryer, tx *sql.Tx, j *txJob, out *txOutcome) bool {
	if _, err := w.ExecContext(ctx, `SAVEPOINT group_member`); err != nil {
		out.err = err
		return false
	}
	*out = runJob(j, tx)
	if out.err != nil || out.panicked {
		if _, err := w.ExecContext(ctx, `ROLLBACK TO group_member`); err != nil {
			return false
		}
	}
	_, err := w.ExecContext(ctx, `RELEASE group_member`)
	return err == nil
}

// runJob runs one member's function, catching a panic to re-raise it in the member's own goroutine.
func runJob(j *txJob, tx *sql.Tx) (out txOutcome) {
	defer func() {
		if p := recover(); p != nil {
			out = txOutcome{panicked: true, value: p}
		}
	}()
	return txOutcome{err: j.fn(tx)}
}

// setSynchronous sets the writer connection's durability; SQLite refuses the change inside a transaction, so
// it is set around one. A connection that cannot be set back to FULL is dropped (a new one opens at FULL), so
// no money transaction ever runs under NORMAL.
func setSynchronous(ctx context.Context, conn *sql.Conn, level string) error {
	if _, err := conn.ExecContext(ctx, `PRAGMA synchronous = `+level); err != nil {
		if level == "FULL" {
			_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		}
		return fmt.Errorf("synchronous: %w", err)
	}
	return nil
}
