package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// holdWriter takes the writer connection so the committer, having taken the next job, waits for it; jobs
// sent meanwhile queue up and go into one group when release is called.
func holdWriter(t *testing.T, s *Store) (release func()) {
	t.Helper()
	conn, err := s.write.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return func() { conn.Close() }
}

func createScratch(t *testing.T, s *Store) {
	t.Helper()
	if err := s.InTx(context.Background(), func(tx *sql.Tx) error {
		_, err := tx.Exec(`CREATE TABLE scratch (n INTEGER PRIMARY KEY)`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

func insertScratch(n int) func(tx *sql.Tx) error {
	return func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO scratch (n) VALUES (?)`, n)
		return err
	}
}

func scratchRows(t *testing.T, s *Store) map[int]bool {
	t.Helper()
	rows, err := s.read.Query(`SELECT n FROM scratch`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[int]bool{}
	for rows.Next() {
		var n int
		rows.Scan(&n)
		got[n] = true
	}
	return got
}

// queue starts each fn as its own caller and waits until every one is queued behind the held writer.
func queue(t *testing.T, s *Store, fns []func(tx *sql.Tx) error) []chan error {
	t.Helper()
	results := make([]chan error, len(fns))
	for i, fn := range fns {
		results[i] = make(chan error, 1)
		go func() {
			defer func() {
				if p := recover(); p != nil {
					results[i] <- fmt.Errorf("panic: %v", p)
				}
			}()
			results[i] <- s.InTx(context.Background(), fn)
		}()
	}
	// The committer holds the first job while it waits for the writer; the rest wait to be taken. Nothing
	// here measures time: it only lets the goroutines reach their send.
	time.Sleep(100 * time.Millisecond)
	return results
}

func TestGroupMembersFailAloneAndTheRestCommitTogether(t *testing.T) {
	s, _ := openTest(t)
	createScratch(t, s)
	if err := s.InTx(context.Background(), insertScratch(100)); err != nil {
		t.Fatal(err)
	}
	groupsBefore, _ := s.GroupCommits()
	errRefused := errors.New("refused after writing")
	release := holdWriter(t, s)
	results := queue(t, s, []func(tx *sql.Tx) error{
		insertScratch(1),
		func(tx *sql.Tx) error { insertScratch(2)(tx); return errRefused },
		func(tx *sql.Tx) error { insertScratch(3)(tx); panic("member panics") },
		insertScratch(4),
		insertScratch(100), // a constraint error: only this member fails
		insertScratch(5),
	})
	release()
	want := []string{"", errRefused.Error(), "panic: member panics", "", "UNIQUE constraint failed", ""}
	for i, ch := range results {
		err := <-ch
		switch {
		case want[i] == "" && err != nil:
			t.Errorf("member %d: %v", i, err)
		case want[i] != "" && (err == nil || !strings.Contains(err.Error(), want[i])):
			t.Errorf("member %d: %v, want %q", i, err, want[i])
		}
	}
	got := scratchRows(t, s)
	for n, in := range map[int]bool{1: true, 2: false, 3: false, 4: true, 5: true} {
		if got[n] != in {
			t.Errorf("row %d present %v, want %v (rows %v)", n, got[n], in, got)
		}
	}
	groups, _ := s.GroupCommits()
	if groups-groupsBefore > 2 {
		t.Fatalf("%d commits for 6 queued transactions: they did not share one", groups-groupsBefore)
	}
}

func TestConcurrentTransactionsShareCommits(t *testing.T) {
	s, _ := openTest(t)
	createScratch(t, s)
	g0, m0 := s.GroupCommits()
	var wg sync.WaitGroup
	for w := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				if err := s.InTx(context.Background(), insertScratch(w*1000+i)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	g, m := s.GroupCommits()
	if n := len(scratchRows(t, s)); n != 800 || m-m0 != 800 {
		t.Fatalf("%d rows, %d transactions counted; want 800", n, m-m0)
	}
	if g-g0 >= 800 {
		t.Fatalf("800 concurrent transactions took %d commits: none shared", g-g0)
	}
	t.Logf("800 transactions in %d commits", g-g0)
}

func TestACallerThatLeftWhileQueuedIsNotRun(t *testing.T) {
	s, _ := openTest(t)
	createScratch(t, s)
	release := holdWriter(t, s)
	first := queue(t, s, []func(tx *sql.Tx) error{insertScratch(1)})
	ctx, cancel := context.WithCancel(context.Background())
	left := make(chan error, 1)
	go func() { left <- s.InTx(ctx, insertScratch(2)) }()
	time.Sleep(50 * time.Millisecond) // let it queue
	cancel()
	if err := <-left; !errors.Is(err, context.Canceled) {
		t.Fatalf("a caller gone while queued: %v", err)
	}
	release()
	if err := <-first[0]; err != nil {
		t.Fatal(err)
	}
	if got := scratchRows(t, s); !got[1] || got[2] {
		t.Fatalf("rows %v: want only the first", got)
	}
}

func TestALightGroupLeavesTheWriterAtFull(t *testing.T) {
	s, _ := openTest(t)
	createScratch(t, s)
	if err := s.inLightTx(context.Background(), insertScratch(1)); err != nil {
		t.Fatal(err)
	}
	var level int
	if err := s.write.QueryRow(`PRAGMA synchronous`).Scan(&level); err != nil || level != 2 {
		t.Fatalf("synchronous %d after a light group (%v), want 2 (FULL)", level, err)
	}
}

func TestAClosedStoreRefusesWrites(t *testing.T) {
	path := t.TempDir() + "/goldshop.db"
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := s.InTx(context.Background(), func(*sql.Tx) error { return nil }); !errors.Is(err, errClosed) {
		t.Fatalf("write after close: %v", err)
	}
}
