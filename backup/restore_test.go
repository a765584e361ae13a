package backup

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// archiveOf writes one archive of the shop into a fresh backup folder and returns its path.
func archiveOf(t *testing.T, s *shop) string {
	t.Helper()
	dir := t.TempDir()
	f, err := Write(context.Background(), s.st, s.data, dir)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, f.Name)
}

func TestRestoreAnArchiveIntoAMissingFolder(t *testing.T) {
	s := newShop(t)
	id := s.customer(1)
	s.charge(id, 1_500_000)
	s.upload("receipts/r.png", "receipt bytes")
	archive := archiveOf(t, s)
	data := filepath.Join(t.TempDir(), "new", "data")
	res, err := Restore(context.Background(), RestoreOptions{Archive: archive, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Uploads || res.OldData != "" || time.Since(res.LastJournal) > time.Minute || res.LastJournal.Location() != time.UTC {
		t.Fatalf("result %+v", res)
	}
	db, err := os.Stat(filepath.Join(data, DBName))
	if err != nil {
		t.Fatal(err)
	}
	if want := db.Size() + int64(len("receipt bytes")); res.Bytes != want {
		t.Fatalf("restored %d bytes, the files hold %d", res.Bytes, want)
	}
	if b, err := os.ReadFile(filepath.Join(data, "uploads/receipts/r.png")); err != nil || string(b) != "receipt bytes" {
		t.Fatalf("receipt %q (err %v)", b, err)
	}
	if _, err := os.Stat(filepath.Join(data, "uploads/chat")); err != nil {
		t.Fatal("uploads/chat not made")
	}
	if got := rialOf(t, filepath.Join(data, DBName), id); got != 1_500_000 {
		t.Fatalf("restored balance %d", got)
	}
	if got := names(t, filepath.Dir(data)); !slices.Equal(got, []string{"data"}) {
		t.Fatalf("beside the data folder: %v", got)
	}
}

func TestRestoreRefusesAFolderInUseAndChangesNothing(t *testing.T) {
	s := newShop(t)
	archive := archiveOf(t, s)
	parent := t.TempDir()
	data := filepath.Join(parent, "data")
	if err := os.MkdirAll(data, 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "goldshop.db"), []byte("today's shop"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Restore(context.Background(), RestoreOptions{Archive: archive, Data: data})
	if !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("restore into a folder in use: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(data, "goldshop.db")); string(b) != "today's shop" {
		t.Fatalf("the folder changed: %q", b)
	}
	if got := names(t, parent); !slices.Equal(got, []string{"data"}) {
		t.Fatalf("beside the data folder: %v", got)
	}
	// An empty folder is fine.
	empty := filepath.Join(parent, "empty")
	if err := os.Mkdir(empty, 0o750); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(context.Background(), RestoreOptions{Archive: archive, Data: empty}); err != nil {
		t.Fatal(err)
	}
}

func TestForceMovesTheOldFolderAsideFirst(t *testing.T) {
	s := newShop(t)
	archive := archiveOf(t, s)
	// The archive lives inside the folder being replaced, as it does with the default --backup-dir.
	data := filepath.Join(t.TempDir(), "data")
	inside := filepath.Join(data, "backups", filepath.Base(archive))
	if err := os.MkdirAll(filepath.Dir(inside), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(archive, inside); err != nil {
		t.Fatal(err)
	}
	res, err := Restore(context.Background(), RestoreOptions{Archive: inside, Data: data, Force: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.OldData, data+".old-") {
		t.Fatalf("old folder moved to %q", res.OldData)
	}
	if _, err := os.Stat(filepath.Join(res.OldData, "backups", filepath.Base(archive))); err != nil {
		t.Fatalf("the old folder is not whole: %v", err)
	}
	if _, err := os.Stat(filepath.Join(data, DBName)); err != nil {
		t.Fatal(err)
	}
}

func TestAFailedRestoreLeavesNoTrace(t *testing.T) {
	parent := t.TempDir()
	bad := filepath.Join(parent, "bad.tar.gz")
	if err := os.WriteFile(bad, tarGz(t, [2]string{DBName, "not a database"}, [2]string{"uploads/../../x", "x"}), 0o600); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(parent, "data")
	if err := os.MkdirAll(old, 0o750); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(old, "keep"), []byte("x"), 0o600)
	for _, archive := range []string{bad, filepath.Join(parent, "missing.tar.gz")} {
		if _, err := Restore(context.Background(), RestoreOptions{Archive: archive, Data: old, Force: true}); err == nil {
			t.Fatalf("%s restored", archive)
		}
	}
	// Not a database at all: refused after extraction, before anything moves.
	junk := filepath.Join(parent, "junk.tar.gz")
	os.WriteFile(junk, tarGz(t, [2]string{DBName, "not a database"}), 0o600)
	if _, err := Restore(context.Background(), RestoreOptions{Archive: junk, Data: old, Force: true}); err == nil {
		t.Fatal("restored a file that is not a database")
	}
	if got := names(t, parent); !slices.Equal(got, []string{"bad.tar.gz", "data", "junk.tar.gz"}) {
		t.Fatalf("after failed restores: %v", got)
	}
	if got := names(t, old); !slices.Equal(got, []string{"keep"}) {
		t.Fatalf("the data folder changed: %v", got)
	}
}

func TestARestoredLedgerThatDoesNotBalanceIsReported(t *testing.T) {
	s := newShop(t)
	id := s.customer(1)
	s.charge(id, 900)
	if _, err := s.st.WriteDB().Exec(`UPDATE accounts SET balance = balance + 1 WHERE user_id = ? AND asset = 'rial' AND kind = 'customer'`, id); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(t.TempDir(), "data")
	res, err := Restore(context.Background(), RestoreOptions{Archive: archiveOf(t, s), Data: data})
	if !errors.Is(err, ErrLedger) || !strings.Contains(err.Error(), "postings sum to") {
		t.Fatalf("restore of a tampered ledger: %v", err)
	}
	if res.Bytes == 0 {
		t.Fatalf("result %+v", res)
	}
	if _, err := os.Stat(filepath.Join(data, DBName)); err != nil {
		t.Fatal("the restored data is not in place for the owner to look at")
	}
}

func TestRestoreNeverMovesAFolderARunningServerHolds(t *testing.T) {
	s := newShop(t)
	archive := archiveOf(t, s)
	release, err := LockData(s.data) // the server serving this folder
	if err != nil {
		t.Fatal(err)
	}
	if _, err := LockData(s.data); !errors.Is(err, ErrInUse) {
		t.Fatalf("a second server on the same folder: %v", err)
	}
	before := names(t, s.data)
	if _, err := Restore(context.Background(), RestoreOptions{Archive: archive, Data: s.data, Force: true}); !errors.Is(err, ErrInUse) {
		t.Fatalf("forced restore over a running shop: %v", err)
	}
	if got := names(t, s.data); !slices.Equal(got, before) {
		t.Fatalf("the folder changed: %v, was %v", got, before)
	}
	release()
	// A folder holding only the lock file a stopped (or killed) server left counts as empty.
	empty := t.TempDir()
	release, err = LockData(empty)
	if err != nil {
		t.Fatal(err)
	}
	release()
	if _, err := Restore(context.Background(), RestoreOptions{Archive: archive, Data: empty}); err != nil {
		t.Fatal(err)
	}
}
