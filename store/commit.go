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
	s    *Store
	jobs chan *txJob // unbuffered: a job is either taken by the committer or still its caller's
	// steps carries the later parts of idempotent calls open in the running group (idempotency.go): their
	// steps and their ends, which run in that group and no other
	steps chan *txJob
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
	// part says the job is a part of an idempotent call (idempotency.go), of is the group it opened in,
	// and opened is set by an opening job's fn once it has claimed the call's key
	part   callPart
	of     *groupRun
	opened *bool
}

// callPart is which part of an idempotent call a job is; a member of its own is none of them.
type callPart int

const (
	memberOfItsOwn callPart = iota
	// callOpen claims the call's key and runs its first step; from then the call is open in the group,
	// which commits only once the call has ended
	callOpen
	// callStep is a later step of an open call; it and callOpen are told their own outcome at once
	callStep
	// callEnd writes the call's end (its kept answer, or the claim given back) and is told the group's
	// outcome, as a member is
	callEnd
)

// txOutcome is how a job ended: its error, or the value it panicked with, re-raised in the caller; group
// is the group an opening job ran in.
type txOutcome struct {
	err      error
	panicked bool
	value    any
	group    *groupRun
}

// groupRun is the group in progress: its transaction, the members to tell once it has ended (each with
// its outcome), how many of them succeeded so far (open calls included), and how many calls are open.
type groupRun struct {
	tx       *sql.Tx
	jobs     []*txJob
	outcomes []txOutcome
	pending  int
	open     int
	broken   bool // the shared transaction is unusable: nothing of the group commits
}

func startCommitter(s *Store) *committer {
	c := &committer{s: s, jobs: make(chan *txJob), steps: make(chan *txJob), quit: make(chan struct{}), ended: make(chan struct{}),
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
	result, err := c.hand(c.jobs, &txJob{ctx: ctx, light: light, fn: fn})
	if err != nil {
		return err
	}
	out := <-result
	if out.panicked {
		panic(out.value)
	}
	return out.err
}

// hand gives j to the committer on queue (jobs for a new member, steps for an open call's part) and returns
// the channel its outcome will come on.
func (c *committer) hand(queue chan<- *txJob, j *txJob) (<-chan txOutcome, error) {
	if err := j.ctx.Err(); err != nil {
		return nil, err
	}
	j.result = make(chan txOutcome, 1)
	select {
	case queue <- j:
		return j.result, nil
	case <-j.ctx.Done():
		return nil, j.ctx.Err()
	case <-c.quit:
		return nil, errClosed
	}
}

// openCall runs fn, an idempotent call's first step with the claim of its key, in the next group and returns
// its own outcome (not the group's); once fn has set opened, the call is open in out.group.
func (c *committer) openCall(ctx context.Context, fn func(tx *sql.Tx) error, opened *bool) (txOutcome, error) {
	result, err := c.hand(c.jobs, &txJob{ctx: ctx, fn: fn, part: callOpen, opened: opened})
	if err != nil {
		return txOutcome{}, err
	}
	return <-result, nil
}

// callPart runs fn as part of a call open in g: a step, told its own outcome, or the end, told g's. A part
// of a call whose group has ended without it (an aborted group) gets errGroupAborted.
func (c *committer) callPart(ctx context.Context, part callPart, g *groupRun, fn func(tx *sql.Tx) error) txOutcome {
	result, err := c.hand(c.steps, &txJob{ctx: ctx, fn: fn, part: part, of: g})
	if err != nil {
		return txOutcome{err: err}
	}
	return <-result
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
		case j := <-c.steps: // a part of a call whose group was aborted
			j.result <- txOutcome{err: errGroupAborted}
			continue
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
func (c *committer) run(first []*txJob) {
	start := time.Now()
	g, committed := c.commit(first)
	c.busy.Add(int64(time.Since(start)))
	c.s.checkpoints.ran()
	notified := c.s.settleWrites() // before any member hears that its write is done
	durable := logSync{notified: notified}
	for i, j := range g.jobs {
		out := g.outcomes[i]
		if committed && !j.light && out.err == nil && !out.panicked {
			durable.jobs = append(durable.jobs, j)
			durable.outcomes = append(durable.outcomes, out)
			continue
		}
		j.result <- out
	}
	switch {
	case len(durable.jobs) > 0:
		c.syncs <- durable
	case committed && notified:
		c.s.signalNotifications()
	}
}

// commit runs the group in one transaction, committed without waiting for the disk (synchronous=NORMAL),
// and reports whether it committed: first the members gathered, then, while an idempotent call is open in
// it, the call's later parts and any member that comes meanwhile (up to maxGroup), so the writer runs other
// customers' work while a call's handler is busy between its steps. A member whose caller went away is
// skipped; a member with nobody still to run after it needs no savepoint.
func (c *committer) commit(first []*txJob) (g *groupRun, committed bool) {
	g = &groupRun{}
	ctx := context.Background() // no member's cancellation may undo the others' work
	conn, err := c.s.write.Conn(ctx)
	if err != nil {
		c.refuse(first, fmt.Errorf("begin: %w", err))
		return g, false
	}
	defer conn.Close()
	// set back before the connection is free again: every other write on it (the admin's own commands)
	// commits at FULL, waiting for the disk itself
	if err := setSynchronous(ctx, conn, "NORMAL"); err != nil {
		c.refuse(first, err)
		return g, false
	}
	defer setSynchronous(ctx, conn, "FULL")
	if g.tx, err = conn.BeginTx(ctx, nil); err != nil {
		c.refuse(first, fmt.Errorf("begin: %w", err))
		return g, false
	}
	for i, j := range first {
		if g.broken {
			c.refuse(first[i:], errGroupAborted)
			break
		}
		c.runPart(ctx, g, j, g.pending == 0 && g.open == 0 && noneLeft(first[i+1:]))
	}
	for g.open > 0 && !g.broken {
		var j *txJob
		if len(g.jobs) < maxGroup {
			select {
			case j = <-c.steps:
			case j = <-c.jobs:
			}
		} else {
			j = <-c.steps
		}
		c.runPart(ctx, g, j, false)
	}
	fail := func(err error) {
		for i := range g.outcomes {
			if g.outcomes[i].err == nil && !g.outcomes[i].panicked {
				g.outcomes[i].err = err
			}
		}
	}
	if g.broken {
		_ = g.tx.Rollback()
		fail(errGroupAborted)
		return g, false
	}
	if g.pending == 0 {
		_ = g.tx.Rollback()
		return g, false
	}
	committing := time.Now()
	err = g.tx.Commit()
	c.committing.Add(int64(time.Since(committing)))
	if err != nil {
		fail(fmt.Errorf("commit: %w", err))
		return g, false
	}
	c.groups.Add(1)
	c.members.Add(int64(g.pending))
	return g, true
}

// runPart runs j in the group g: a member of its own in a savepoint (none when alone), or a part of an
// idempotent call, whose steps keep savepoints of their own (idempotency.go).
func (c *committer) runPart(ctx context.Context, g *groupRun, j *txJob, alone bool) {
	switch j.part {
	case callOpen:
		out := runJob(j, g.tx)
		if *j.opened {
			g.open++
			g.pending++
		}
		out.group = g
		j.result <- out
		return
	case callStep, callEnd:
		if j.of != g {
			j.result <- txOutcome{err: errGroupAborted}
			return
		}
		out := runJob(j, g.tx)
		if j.part == callStep {
			j.result <- out
			return
		}
		g.open--
		if out.err != nil || out.panicked {
			// the call's claim and steps are in the shared transaction, which cannot give back one member's
			// part any more: nothing of the group may commit
			g.broken = true
		}
		g.jobs, g.outcomes = append(g.jobs, j), append(g.outcomes, out)
		return
	}
	var out txOutcome
	switch {
	case j.ctx.Err() != nil:
		out.err = j.ctx.Err()
	case alone:
		out = runJob(j, g.tx)
	case !runInSavepoint(ctx, c.s.writeStmts.in(g.tx), g.tx, j, &out):
		g.broken = true
	}
	if out.err == nil && !out.panicked && !g.broken {
		g.pending++
	}
	g.jobs, g.outcomes = append(g.jobs, j), append(g.outcomes, out)
}

// refuse tells jobs that did not run in the group that it could not take them.
func (c *committer) refuse(jobs []*txJob, err error) {
	for _, j := range jobs {
		j.result <- txOutcome{err: err}
	}
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
