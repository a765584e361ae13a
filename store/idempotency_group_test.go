package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"
)

// hitWhenRun writes a rate hit of bucket in a transaction of its own, closing ran as the writer runs it, and
// sends the transaction's outcome on the returned channel.
func hitWhenRun(s *Store, bucket string, ran chan<- struct{}) <-chan error {
	done := make(chan error, 1)
	go func() {
		done <- s.InTx(context.Background(), func(tx *sql.Tx) error {
			close(ran)
			_, err := tx.Exec(`INSERT INTO rate_hits (bucket, at) VALUES (?, 1)`, bucket)
			return err
		})
	}()
	return done
}

// hits counts bucket's rate hits.
func hits(t *testing.T, s *Store, bucket string) int {
	t.Helper()
	var n int
	if err := s.read.QueryRow(`SELECT COUNT(*) FROM rate_hits WHERE bucket = ?`, bucket).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// While an idempotent call is open and its handler works between its steps, the writer runs another
// customer's transaction in the call's group: that transaction's work is done before the call ends, and it
// is told once the shared commit, which waits for the call's end, is on disk (issue 41).
func TestTheWriterRunsOthersWhileACallIsOpen(t *testing.T) {
	s, _ := openTest(t)
	bg := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	ctx, call := s.StartOnce(bg, Once{UserID: admin, Key: "k-1", Route: "POST /charge"}, "fp", time.Now())
	if err := charge7(ctx, s, admin, user); err != nil {
		t.Fatal(err)
	}
	groups0, _ := s.GroupCommits()
	ran := make(chan struct{})
	done := hitWhenRun(s, "other", ran)
	select {
	case <-ran:
	case <-time.After(time.Minute): // only a bound on a hang: the writer runs it at once when it works
		t.Fatal("the writer did not run another transaction while the call was open")
	}
	select {
	case err := <-done:
		t.Fatalf("told before the call's group committed: %v", err)
	default:
	}
	if err := call.Finish(ctx, 200, `{}`); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if groups, _ := s.GroupCommits(); groups != groups0+1 {
		t.Errorf("%d commits for the call and the other charge, want one", groups-groups0)
	}
	wantBalances(t, s, user, Balances{Rial: 7, AvailableRial: 7})
	if n := hits(t, s, "other"); n != 1 {
		t.Errorf("the other transaction's row: %d, want 1", n)
	}
}

// A call whose handler panicked after a write cannot give its part of the shared transaction back alone:
// its group is aborted, the other members told so with nothing of theirs landed, and the key is free.
func TestACallAbortedAfterAWriteAbortsItsGroup(t *testing.T) {
	s, _ := openTest(t)
	bg := context.Background()
	admin, user, other := addAdmin(t, s), addCustomer(t, s, 1), addCustomer(t, s, 2)
	ctx, call := s.StartOnce(bg, Once{UserID: admin, Key: "k-1", Route: "POST /charge"}, "fp", time.Now())
	if err := charge7(ctx, s, admin, user); err != nil {
		t.Fatal(err)
	}
	ran := make(chan struct{})
	done := hitWhenRun(s, "other", ran)
	<-ran
	call.Abort()
	if err := <-done; !errors.Is(err, errGroupAborted) {
		t.Fatalf("the other member of an aborted group: %v, want errGroupAborted", err)
	}
	wantBalances(t, s, user, Balances{})
	if n := hits(t, s, "other"); n != 0 {
		t.Errorf("the other member of an aborted group landed %d rows", n)
	}
	if _, err := s.OnceAnswerFor(bg, admin, "k-1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a claim outlived its aborted call: %v", err)
	}
	// the writer goes on: the next write commits
	if err := charge7(bg, s, admin, other); err != nil {
		t.Fatal(err)
	}
	wantBalances(t, s, other, Balances{Rial: 7, AvailableRial: 7})
}
