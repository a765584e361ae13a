package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"
)

// charge7 charges the user 7 rial, inside the idempotent call ctx carries, if any.
func charge7(ctx context.Context, s *Store, admin, user int64) error {
	_, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetRial, Amount: 7}, time.Now())
	return err
}

func TestAnIdempotentCallCommitsClaimMoneyAndAnswerTogether(t *testing.T) {
	s, _ := openTest(t)
	bg := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	once := Once{UserID: admin, Key: "k-1", Route: "POST /charge"}

	ctx, call := s.StartOnce(bg, once, "fp", time.Now())
	if err := charge7(ctx, s, admin, user); err != nil {
		t.Fatal(err)
	}
	// not committed yet: neither the money nor the claim is seen, and the answer is not out
	wantBalances(t, s, user, Balances{})
	if _, err := s.OnceAnswerFor(bg, admin, "k-1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("claim seen before the commit: %v", err)
	}
	if err := call.Finish(ctx, 200, `{"ok":1}`); err != nil {
		t.Fatal(err)
	}
	wantBalances(t, s, user, Balances{Rial: 7, AvailableRial: 7})
	if a, err := s.OnceAnswerFor(bg, admin, "k-1"); err != nil || a.Status != 200 || a.Body != `{"ok":1}` || a.Fingerprint != "fp" {
		t.Fatalf("kept %+v err %v", a, err)
	}

	// a repeat that reaches the store anyway loses the key and moves nothing
	ctx, again := s.StartOnce(bg, once, "fp", time.Now())
	if err := charge7(ctx, s, admin, user); !errors.Is(err, ErrKeyInUse) || !again.Lost() {
		t.Fatalf("repeat: %v lost=%v", err, again.Lost())
	}
	if err := again.Finish(ctx, 409, ""); err != nil {
		t.Fatal(err)
	}
	wantBalances(t, s, user, Balances{Rial: 7, AvailableRial: 7})
}

// A crash before the call's commit (Abort stands for it: the transaction never commits) leaves nothing: no
// claim, no money, so the retry runs the call.
func TestAnUnfinishedCallLeavesNoTrace(t *testing.T) {
	s, _ := openTest(t)
	bg := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	once := Once{UserID: admin, Key: "k-1", Route: "POST /charge"}
	ctx, call := s.StartOnce(bg, once, "fp", time.Now())
	if err := charge7(ctx, s, admin, user); err != nil {
		t.Fatal(err)
	}
	call.Abort()
	if _, err := s.OnceAnswerFor(bg, admin, "k-1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a claim outlived its call: %v", err)
	}
	wantBalances(t, s, user, Balances{})
	ctx, retry := s.StartOnce(bg, once, "fp", time.Now())
	if err := charge7(ctx, s, admin, user); err != nil {
		t.Fatal(err)
	}
	if err := retry.Finish(ctx, 200, `{}`); err != nil {
		t.Fatal(err)
	}
	wantBalances(t, s, user, Balances{Rial: 7, AvailableRial: 7})
}

// A refused call gives its key back but keeps what its steps kept: a wrong code's counted try.
func TestARefusedCallGivesItsKeyBackAndKeepsItsTries(t *testing.T) {
	s, _ := openTest(t)
	bg := context.Background()
	user := addCustomer(t, s, 1)
	lim := CodeLimits{Lifetime: time.Minute, ResendAfter: time.Minute, DailyCap: 10, MaxWrongTries: 5}
	if _, err := s.IssueCode(bg, "09120000001", PurposeWithdraw, "w", []byte("good"), lim, time.Now()); err != nil {
		t.Fatal(err)
	}
	ctx, call := s.StartOnce(bg, Once{UserID: user, Key: "k", Route: "POST /w"}, "fp", time.Now())
	if _, err := s.UseCode(ctx, "09120000001", PurposeWithdraw, []byte("bad"), lim, time.Now()); !errors.Is(err, ErrCodeWrong) {
		t.Fatal(err)
	}
	if err := call.Finish(ctx, 400, `{}`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.OnceAnswerFor(bg, user, "k"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the key was kept: %v", err)
	}
	var tries int
	s.read.QueryRowContext(bg, `SELECT tries FROM verification_codes WHERE phone_number = '09120000001'`).Scan(&tries)
	if tries != 1 {
		t.Fatalf("tries %d", tries)
	}
}

// Migration 22 gives the keys of the two earlier shapes the present one: a claim that moved nothing frees its
// key (a call of it runs), one whose call moved money without its answer keeps 409 (a call of it moves nothing
// again), and a key kept before fingerprints matches no request.
func TestMigration22GivesEveryKeptKeyItsAnswer(t *testing.T) {
	s, _ := openTest(t)
	bg := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	now := time.Now()
	for _, q := range []string{
		`INSERT INTO idempotency_keys (user_id, key, route, fingerprint, created_at, used_at, status, body) VALUES
			(?1, 'left', 'POST /charge', 'fp', ?2, NULL, NULL, NULL),
			(?1, 'moved', 'POST /charge', 'fp', ?2, ?2, NULL, NULL),
			(?1, 'unprinted', 'POST /charge', NULL, ?2, ?2, 200, '{"ok":1}'),
			(?1, 'kept', 'POST /charge', 'fp', ?2, ?2, 200, '{"ok":2}')`,
		`DELETE FROM schema_migrations WHERE version = 22`,
	} {
		if _, err := s.write.ExecContext(bg, q, admin, now.UnixMilli()); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := s.migrate(bg); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]OnceAnswer{
		"moved":     {Route: "POST /charge", Status: 409, Body: "{}", Fingerprint: "fp"},
		"unprinted": {Route: "POST /charge", Status: 200, Body: `{"ok":1}`},
		"kept":      {Route: "POST /charge", Status: 200, Body: `{"ok":2}`, Fingerprint: "fp"},
	} {
		if got, err := s.OnceAnswerFor(bg, admin, key); err != nil || got != want {
			t.Errorf("%s: %+v (%v), want %+v", key, got, err, want)
		}
	}
	ctx, call := s.StartOnce(bg, Once{UserID: admin, Key: "left", Route: "POST /charge"}, "fp", now)
	if err := charge7(ctx, s, admin, user); err != nil {
		t.Fatal(err)
	}
	if err := call.Finish(ctx, 200, `{}`); err != nil {
		t.Fatal(err)
	}
	ctx, call = s.StartOnce(bg, Once{UserID: admin, Key: "moved", Route: "POST /charge"}, "fp", now)
	if err := charge7(ctx, s, admin, user); !errors.Is(err, ErrKeyInUse) {
		t.Fatalf("a used key taken over: %v", err)
	}
	call.Finish(ctx, 409, "")
	wantBalances(t, s, user, Balances{Rial: 7, AvailableRial: 7})
}

// A write apart from a call that holds the writer connection is refused instead of waiting for ever.
func TestAWriteApartFromAnOpenCallIsRefused(t *testing.T) {
	s, _ := openTest(t)
	bg := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	once := Once{UserID: admin, Key: "k", Route: "POST /charge"}
	ctx, call := s.StartOnce(bg, once, "fp", time.Now())
	defer call.Abort()
	if err := s.Hit(Apart(ctx), time.Now(), Limit{Bucket: "b", Max: 5, Window: time.Minute}); err != nil {
		t.Fatalf("apart before the call's first write: %v", err)
	}
	if err := charge7(ctx, s, admin, user); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Hit(Apart(ctx), time.Now(), Limit{Bucket: "b", Max: 5, Window: time.Minute}) }()
	select {
	case err := <-done:
		if !errors.Is(err, errApartInCall) {
			t.Fatalf("apart while the call is open: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a write apart from an open call waits for ever")
	}
}

// Every group commits at synchronous=NORMAL, without waiting for the disk; codes, quotes and rate hits are
// told at once, a money write only after an fsync of the log that began after its commit (log_sync.go);
// and the writer is back at FULL after each group, for the writes that commit on their own (an idempotent
// call, the admin's commands).
func TestOnlyMoneyWritesWaitForTheDisk(t *testing.T) {
	s, _ := openTest(t)
	bg := context.Background()
	fsyncs := func() int64 { _, _, n, _ := s.WriterTime(); return n }
	var during int
	before := fsyncs()
	if err := s.inLightTx(bg, func(tx *sql.Tx) error {
		return tx.QueryRowContext(bg, `PRAGMA synchronous`).Scan(&during)
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.inLightTx(bg, func(tx *sql.Tx) error { return errors.New("refused") }); err == nil {
		t.Fatal("a failed light write succeeded")
	}
	if n := fsyncs(); n != before {
		t.Fatalf("light writes waited for %d fsyncs of the log", n-before)
	}
	var after int
	s.write.QueryRowContext(bg, `PRAGMA synchronous`).Scan(&after)
	var money int
	if err := s.InTx(bg, func(tx *sql.Tx) error { return tx.QueryRowContext(bg, `PRAGMA synchronous`).Scan(&money) }); err != nil {
		t.Fatal(err)
	}
	if during != 1 || after != 2 || money != 1 {
		t.Fatalf("synchronous during a light write %d, after %d, in a money write %d; want 1, 2, 1", during, after, money)
	}
	if n := fsyncs(); n != before+1 {
		t.Fatalf("a money write was told it is done after %d fsyncs of the log, want 1", n-before)
	}
}

// inCall runs fn as the server runs an idempotent call: inside a call of once, finished with 200 when fn
// succeeds (its answer kept under the key) and 400 otherwise (the key given back). It returns fn's error.
func inCall(s *Store, once Once, fn func(ctx context.Context) error) error {
	ctx, call := s.StartOnce(context.Background(), once, "fp", time.Now())
	defer call.Abort()
	if err := fn(ctx); err != nil {
		if ferr := call.Finish(ctx, 400, ""); ferr != nil {
			return ferr
		}
		return err
	}
	return call.Finish(ctx, 200, "{}")
}
