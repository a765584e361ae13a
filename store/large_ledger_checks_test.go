package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestCheckRecentStartsFromTheLastGoodFullCheck(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if _, err := s.CheckRecent(ctx); !errors.Is(err, ErrNoLedgerCheck) {
		t.Fatalf("before any full check: %v", err)
	}
	user := history(t, s)
	full, err := s.VerifyLedger(ctx, time.Now())
	if err != nil || full.Journals == 0 {
		t.Fatalf("full check %+v: %v", full, err)
	}
	if rep, err := s.CheckRecent(ctx); err != nil || rep.Journals != 0 || rep.Postings != 0 {
		t.Fatalf("right after the full check: %+v %v", rep, err)
	}
	admin := addAdmin(t, s)
	fund(t, s, admin, user, 5000)
	if rep, err := s.CheckRecent(ctx); err != nil || rep.Journals != 1 || rep.Postings != 2 {
		t.Fatalf("after one deposit: %+v %v", rep, err)
	}

	// A balance changed behind the ledger's back is found without a full check, and so is a posting slipped
	// into a journal the last check saw.
	s.write.ExecContext(ctx, `UPDATE accounts SET balance = balance + 1 WHERE user_id = ? AND kind = 'customer' AND asset = 'rial'`, user)
	if _, err := s.CheckRecent(ctx); err == nil || !strings.Contains(err.Error(), "every cached balance equals its postings") {
		t.Fatalf("a tampered balance: %v", err)
	}
	s.write.ExecContext(ctx, `UPDATE accounts SET balance = balance - 1 WHERE user_id = ? AND kind = 'customer' AND asset = 'rial'`, user)
	if _, err := s.CheckRecent(ctx); err != nil {
		t.Fatalf("after the repair: %v", err)
	}

	// A full check that finds a breach is recorded, and the next start-up check refuses until a good one.
	s.write.ExecContext(ctx, `UPDATE accounts SET balance = balance + 1 WHERE user_id = ? AND kind = 'customer' AND asset = 'rial'`, user)
	if _, err := s.VerifyLedger(ctx, time.Now()); err == nil {
		t.Fatal("the full check missed a tampered balance")
	}
	s.write.ExecContext(ctx, `UPDATE accounts SET balance = balance - 1 WHERE user_id = ? AND kind = 'customer' AND asset = 'rial'`, user)
	if _, err := s.CheckRecent(ctx); err == nil || !strings.Contains(err.Error(), "found breaches") {
		t.Fatalf("after a failed full check: %v", err)
	}
	if _, err := s.VerifyLedger(ctx, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CheckRecent(ctx); err != nil {
		t.Fatalf("after a good full check again: %v", err)
	}
}
