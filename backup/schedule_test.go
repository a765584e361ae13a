package backup

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func TestScheduleWritesEveryIntervalAndKeepsTheNewest(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	dir := filepath.Join(t.TempDir(), "backups")
	svc, err := Start(Config{Dir: dir, Data: s.data, Every: time.Second, Keep: 2}, s.st, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	deadline := time.Now().Add(2 * time.Minute) // a condition, waited for: a busy machine writes slower
	first := ""
	for {
		files, last, err := svc.List()
		if err != nil {
			t.Fatal(err)
		}
		if first == "" && len(files) > 0 {
			first = files[len(files)-1].Name
		}
		// Done once a third archive has been written and the first pruned.
		if len(files) == 2 && first != "" && files[1].Name != first && files[0].Name != first {
			if !files[0].OK || !files[1].OK || !last.OK || files[0].CreatedAt.Sub(files[1].CreatedAt) < time.Second {
				t.Fatalf("archives %+v, last %+v", files, last)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 2 min: %+v, last %+v", files, last)
		}
		time.Sleep(100 * time.Millisecond)
	}
	svc.Close()
	for _, n := range names(t, dir) {
		if !ValidName(n) {
			t.Fatalf("the backup folder holds %q", n)
		}
	}
}

func TestRestartDoesNotPostponeTheNextBackup(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	dir := filepath.Join(t.TempDir(), "backups")
	svc, err := Start(Config{Dir: dir, Data: s.data, Keep: 3}, s.st, quiet) // no schedule: only asked
	if err != nil {
		t.Fatal(err)
	}
	f, err := svc.Run()
	if err != nil {
		t.Fatal(err)
	}
	svc.Close()
	// A new process knows when the last backup ran from the newest archive.
	svc, err = Start(Config{Dir: dir, Data: s.data, Every: time.Hour, Keep: 3}, s.st, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	files, last, err := svc.List()
	if err != nil || len(files) != 1 || !last.OK || !last.At.Equal(f.CreatedAt) {
		t.Fatalf("after a restart: %+v, last %+v (err %v)", files, last, err)
	}
	time.Sleep(1500 * time.Millisecond) // the hour since the newest archive has not passed: nothing runs
	if files, _, _ := svc.List(); len(files) != 1 {
		t.Fatalf("a restart ran a backup at once: %+v", files)
	}
}

// slowSnapshots holds each snapshot until released, so a test can ask for a second backup meanwhile.
type slowSnapshots struct {
	Snapshotter
	started, release chan struct{}
}

func (s slowSnapshots) Backup(ctx context.Context, path string) error {
	s.started <- struct{}{}
	<-s.release
	return s.Snapshotter.Backup(ctx, path)
}

func TestOneBackupAtATime(t *testing.T) {
	s := newShop(t)
	slow := slowSnapshots{Snapshotter: s.st, started: make(chan struct{}), release: make(chan struct{})}
	svc, err := Start(Config{Dir: filepath.Join(t.TempDir(), "b"), Data: s.data, Keep: 5}, slow, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	done := make(chan error, 1)
	go func() { _, err := svc.Run(); done <- err }()
	<-slow.started
	if _, err := svc.Run(); !errors.Is(err, ErrBusy) {
		t.Fatalf("a second backup while one runs: %v", err)
	}
	close(slow.release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if files, _, _ := svc.List(); len(files) != 1 {
		t.Fatalf("archives %+v", files)
	}
}

func TestAFailedBackupIsRecordedAndLeavesNothing(t *testing.T) {
	s := newShop(t)
	dir := filepath.Join(t.TempDir(), "backups")
	svc, err := Start(Config{Dir: dir, Data: s.data, Keep: 5}, s.st, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	if err := os.Remove(filepath.Join(s.data, DBName)); err != nil { // the disk lost the database
		t.Fatal(err)
	}
	os.Remove(filepath.Join(s.data, DBName+"-wal"))
	if _, err := svc.Run(); err == nil {
		t.Fatal("backed up a database that is gone")
	}
	files, last, err := svc.List()
	if err != nil || len(files) != 0 || last.OK || last.Error == "" || time.Since(last.At) > time.Minute {
		t.Fatalf("after a failure: %+v, last %+v (err %v)", files, last, err)
	}
	if got := names(t, dir); len(got) != 0 {
		t.Fatalf("the backup folder holds %v", got)
	}
	if got := names(t, s.data); slices.ContainsFunc(got, func(n string) bool { return strings.HasPrefix(n, ".backup-") }) {
		t.Fatalf("the data folder holds %v", got)
	}
}

func TestAnArchiveThatNoLongerReadsBackIsNotOK(t *testing.T) {
	s := newShop(t)
	dir := filepath.Join(t.TempDir(), "backups")
	svc, err := Start(Config{Dir: dir, Data: s.data, Keep: 5}, s.st, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	f, err := svc.Run()
	if err != nil {
		t.Fatal(err)
	}
	// The disk damaged it later: its end is lost.
	if err := os.Truncate(filepath.Join(dir, f.Name), f.Size/2); err != nil {
		t.Fatal(err)
	}
	files, _, err := svc.List()
	if err != nil || len(files) != 1 || files[0].OK {
		t.Fatalf("a damaged archive listed as %+v (err %v)", files, err)
	}
}
