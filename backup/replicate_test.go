package backup

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"goldshop/backup/sftptest"
)

// replicate turns the shop's checkpoints over to Litestream and starts it towards r; the replication is
// closed (after the store, as in the server) when the test ends.
func (s *shop) replicate(r Replica) *Replication {
	s.t.Helper()
	ctx := context.Background()
	if err := s.st.LeaveCheckpointsToReplication(ctx); err != nil {
		s.t.Fatal(err)
	}
	rep, err := Replicate(ctx, filepath.Join(s.data, DBName), r, quiet)
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Cleanup(func() {
		s.st.Close()
		if err := rep.Close(context.Background()); err != nil {
			s.t.Errorf("closing replication: %v", err)
		}
	})
	return rep
}

// restoredRial restores the replica's newest database into a fresh folder and returns the customer's rial,
// or -1 when the replica has no database yet.
func restoredRial(t *testing.T, r Replica, userID int64) int64 {
	t.Helper()
	p := filepath.Join(t.TempDir(), DBName)
	if _, err := restoreReplica(context.Background(), r, time.Time{}, p, quiet); err != nil {
		return -1
	}
	return rialOf(t, p, userID)
}

func TestEveryCommitIsInTheFileReplicaWithin5Seconds(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	id := s.customer(1)
	r := Replica{URL: "file://" + filepath.Join(t.TempDir(), "replica")}
	s.replicate(r)
	if on, err := s.st.CheckpointsLog(context.Background()); err != nil || on {
		t.Fatalf("the shop still checkpoints the log beside Litestream (err %v)", err)
	}
	var total int64
	for i := 1; i <= 3; i++ {
		s.charge(id, int64(i)*1000)
		total += int64(i) * 1000
		committed := time.Now()
		for restoredRial(t, r, id) != total {
			if time.Since(committed) > 5*time.Second {
				t.Fatalf("charge %d not in the replica 5 s after its commit", i)
			}
			time.Sleep(200 * time.Millisecond)
		}
		t.Logf("charge %d in the replica after %v", i, time.Since(committed).Round(10*time.Millisecond))
	}
}

func TestPointInTimeRestoreFromTheReplica(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	id := s.customer(1)
	r := Replica{URL: "file://" + filepath.Join(t.TempDir(), "replica")}
	s.replicate(r)
	s.charge(id, 1000)
	for restoredRial(t, r, id) != 1000 {
		time.Sleep(200 * time.Millisecond)
	}
	between := time.Now()
	time.Sleep(1100 * time.Millisecond)
	s.charge(id, 2000)
	for restoredRial(t, r, id) != 3000 {
		time.Sleep(200 * time.Millisecond)
	}
	data := filepath.Join(t.TempDir(), "data")
	res, err := Restore(context.Background(), RestoreOptions{Replica: &r, At: between, Data: data})
	if err != nil {
		t.Fatal(err)
	}
	if got := rialOf(t, filepath.Join(data, DBName), id); got != 1000 || res.Uploads || res.LastJournal.After(between) {
		t.Fatalf("as of %v: %d rial, %+v", between, got, res)
	}
}

func TestStoreCloseLeavesTheWALToLitestream(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	id := s.customer(1)
	r := Replica{URL: "file://" + filepath.Join(t.TempDir(), "replica")}
	rep := s.replicate(r)
	s.charge(id, 500)
	for restoredRial(t, r, id) != 500 {
		time.Sleep(200 * time.Millisecond)
	}
	// Litestream holds a read transaction; a TRUNCATE checkpoint on close would wait out the busy timeout.
	start := time.Now()
	if err := s.st.Close(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("closing the store took %v", took)
	}
	if err := s.st.Close(); err != nil { // serve's deferred Close runs after the backup service's
		t.Fatalf("a second close: %v", err)
	}
	if err := rep.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := restoredRial(t, r, id); got != 500 {
		t.Fatalf("after shutdown the replica holds %d", got)
	}
}

func TestSFTPReplicaRoundTrip(t *testing.T) {
	t.Parallel()
	srv := sftptest.Start(t, t.TempDir())
	s := newShop(t)
	id := s.customer(1)
	r := Replica{URL: srv.URL("shop/replica"), HostKey: srv.HostKey}
	s.replicate(r)
	s.charge(id, 4200)
	committed := time.Now()
	for restoredRial(t, r, id) != 4200 {
		if time.Since(committed) > 5*time.Second {
			t.Fatal("the charge is not on the SFTP server 5 s after its commit")
		}
		time.Sleep(200 * time.Millisecond)
	}
	if _, err := os.Stat(filepath.Join(srv.Root, "shop/replica")); err != nil {
		t.Fatalf("nothing under the served folder: %v", err)
	}
	// The same replica, logging in with a key file instead of the password.
	withKey := Replica{URL: srv.KeyURL("shop/replica"), HostKey: srv.HostKey, KeyFile: srv.KeyFile}
	if got := restoredRial(t, withKey, id); got != 4200 {
		t.Fatalf("restore logging in with a key: %d", got)
	}
	// A host key other than the server's is refused: replication never talks to an impostor.
	other := sftptest.Start(t, t.TempDir())
	if _, err := restoreReplica(context.Background(), Replica{URL: srv.URL("shop/replica"), HostKey: other.HostKey},
		time.Time{}, filepath.Join(t.TempDir(), DBName), quiet); err == nil || !strings.Contains(err.Error(), "host key") {
		t.Fatalf("restore with the wrong host key: %v", err)
	}
}

func TestReplicaURLsThatWouldLeakOrLoseDataAreRefused(t *testing.T) {
	for _, r := range []Replica{
		{URL: "file://replica"},                                     // relative: which folder?
		{URL: "file:replica"},                                       // relative too
		{URL: "file:///srv/replica?x=1"},                            // options a file replica does not have
		{URL: "s3://bucket/path"},                                   // not built in: the binary stays small
		{URL: "http://example.com/replica"},                         // not a replica
		{URL: "sftp://u:p@host/replica"},                            // no host key: anyone in between could take the data
		{URL: "sftp://u@host/replica", HostKey: "ssh-ed25519 AAAA"}, // no password, no key
		{URL: "sftp://u:p@host", HostKey: "ssh-ed25519 AAAA"},       // no folder
		{URL: "::"},
	} {
		if err := r.Check(); err == nil {
			t.Errorf("%+v accepted", r)
		} else if strings.Contains(err.Error(), ":p@") {
			t.Errorf("%+v: the error shows the password: %v", r, err)
		}
	}
	if err := (Replica{URL: "file:///srv/replica"}).Check(); err != nil {
		t.Fatal(err)
	}
	if got := (Replica{URL: "sftp://u:secret@host/r"}).String(); strings.Contains(got, "secret") {
		t.Fatalf("String shows the password: %s", got)
	}
}
