package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// openTest opens a fresh shop whose vault already holds a tonne of gold, so the reserve guard lets the
// money tests buy and charge; the vault's and the guard's own tests start empty (openBare).
func openTest(t testing.TB) (*Store, string) {
	t.Helper()
	s, path := openBare(t)
	if err := stockVault(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return s, path
}

// stockVault records a tonne of 750 gold in the vault.
func stockVault(ctx context.Context, s *Store) error {
	_, err := s.AddVaultItem(ctx, 0, VaultItem{Kind: VaultJewellery, Description: "موجودی آزمایشی",
		WeightMg: 1_000_000_000, PurityCenti: 75_000, Weight750Mg: 1_000_000_000}, "", time.Now())
	return err
}

// openBare opens a fresh shop with an empty vault.
func openBare(t testing.TB) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "goldshop.db")
	s, err := OpenMigratedCopy(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// every store test ends with a ledger that tells the truth
		if _, err := s.CheckInvariants(context.Background()); err != nil {
			t.Errorf("ledger invariants after the test: %v", err)
		}
		s.Close()
	})
	return s, path
}

func TestOpenSetsThePragmasMoneyNeeds(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	for _, db := range []*sql.DB{s.write, s.read} {
		var mode string
		var sync, fk, busy int
		db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode)
		db.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync)
		db.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk)
		db.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&busy)
		if mode != "wal" || sync != 2 || fk != 1 || busy < 1000 {
			t.Fatalf("journal_mode=%s synchronous=%d foreign_keys=%d busy_timeout=%d", mode, sync, fk, busy)
		}
	}
	if s.write.Stats().MaxOpenConnections != 1 {
		t.Fatal("the writer pool must hold exactly one connection")
	}
	if _, err := s.read.ExecContext(ctx, `INSERT INTO secrets (name, value) VALUES ('x', x'00')`); err == nil {
		t.Fatal("the read pool accepted a write")
	}
}

func TestMigrationsRunOnceAndAreSafeToRepeat(t *testing.T) {
	s, path := openTest(t)
	ctx := context.Background()
	first, err := s.MigrationVersions(ctx)
	if err != nil || len(first) == 0 || first[0] != 1 {
		t.Fatalf("versions %v (err %v)", first, err)
	}
	if err := s.migrate(ctx); err != nil {
		t.Fatalf("second run: %v", err)
	}
	again, err := Open(ctx, path) // a second process opening the same file
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	second, _ := again.MigrationVersions(ctx)
	if len(second) != len(first) {
		t.Fatalf("versions after reopening %v, before %v", second, first)
	}
}

func TestTablesAreStrictAndMoneyIsInteger(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	rows, err := s.read.QueryContext(ctx, `SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name, ddl string
		rows.Scan(&name, &ddl)
		if !strings.HasSuffix(strings.TrimSpace(ddl), "STRICT") {
			t.Errorf("table %s is not STRICT", name)
		}
		if name != "sessions" && strings.Contains(strings.ToUpper(ddl), " REAL") {
			t.Errorf("table %s has a REAL column", name)
		}
	}
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO price_history (price_rial, created_at) VALUES (1.5, 0)`)
		return err
	})
	if err == nil {
		t.Fatal("a fractional rial was stored")
	}
}

func TestInTxRollsBackOnErrorAndPanic(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	boom := errors.New("boom")
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		tx.ExecContext(ctx, `INSERT INTO price_history (price_rial, created_at) VALUES (1, 0)`)
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	func() {
		defer func() { recover() }()
		s.InTx(ctx, func(tx *sql.Tx) error {
			tx.ExecContext(ctx, `INSERT INTO price_history (price_rial, created_at) VALUES (2, 0)`)
			panic("half-way")
		})
	}()
	if _, err := s.BasePrice(ctx); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a rolled-back price is visible: %v", err)
	}
	if err := s.SetBasePrice(ctx, 0, 3, time.Now()); err != nil {
		t.Fatalf("the writer is still usable: %v", err)
	}
}

func TestConcurrentWritersNeverSeeBusy(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs <- s.Hit(ctx, time.Now(), Limit{Bucket: "load", Max: 1000, Window: time.Hour})
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if ok, _ := s.Allowed(ctx, Limit{Bucket: "load", Max: 200, Window: time.Hour}, time.Now()); ok {
		t.Fatal("200 hits were not all recorded")
	}
}

func TestBackupIsAConsistentCopy(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if err := s.SetBasePrice(ctx, 0, 52000000, time.Now()); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "copy.db")
	if err := s.Backup(ctx, out); err != nil {
		t.Fatal(err)
	}
	if err := s.Backup(ctx, out); err == nil {
		t.Fatal("backup overwrote an existing file")
	}
	copyDB, err := Open(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	defer copyDB.Close()
	if p, err := copyDB.BasePrice(ctx); err != nil || p.PricePerGramRial != 52000000 {
		t.Fatalf("price in the copy %v (err %v)", p, err)
	}
}

func TestWritesTakeTheLockAtBegin(t *testing.T) {
	s, path := openTest(t)
	ctx := context.Background()
	// Another process (here: another connection without a busy timeout) tries to write meanwhile.
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
			return err
		}
		// Only a read so far: with BEGIN IMMEDIATE the write lock is already ours.
		_, err := other.ExecContext(ctx, `INSERT INTO secrets (name, value) VALUES ('race', x'01')`)
		if err == nil || !strings.Contains(err.Error(), "locked") {
			t.Errorf("another writer got in during a transaction that had only read: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
