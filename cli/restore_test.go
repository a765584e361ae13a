package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	bk "goldshop/backup"
	"goldshop/backup/sftptest"
	"goldshop/store"
)

// restoredLine is the restore command's report, exactly.
var restoredLine = regexp.MustCompile(`(?m)^restored ([0-9]+) bytes, last journal (\S+)$`)

// shopWithMoney makes a data folder with an owner, a customer holding rial and a receipt upload, and
// returns the time of its newest journal.
func shopWithMoney(t *testing.T, data string) time.Time {
	t.Helper()
	ctx := context.Background()
	st, err := openStore(ctx, data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	admin, _, err := st.UpsertAdmin(ctx, store.User{PhoneNumber: "09120000041", PasswordHash: "h"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	reg := store.Registration{PhoneNumber: "09130000041", NationalID: "0000000041", FirstName: "مشتری", LastName: "یک",
		BirthDate: "1370/01/01", PasswordHash: "h", CreatedAt: time.Now()}
	if err := st.SavePendingRegistration(ctx, reg); err != nil {
		t.Fatal(err)
	}
	u, err := st.CompleteRegistration(ctx, reg.PhoneNumber, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Charge(ctx, store.ChargeInput{AdminID: admin, UserID: u.ID, Asset: store.AssetRial, Amount: 2_500_000,
		Description: "opening balance"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "uploads/receipts/r1.png"), []byte("a receipt"), 0o640); err != nil {
		t.Fatal(err)
	}
	last, err := st.LastJournalAt(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return last
}

// runOut runs a goldshop command in-process and returns its standard output.
func runOut(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := Run(context.Background(), args, &out, &bytes.Buffer{})
	return out.String(), err
}

func TestRestoreCommandPutsABackupBackIntoAnEmptyFolder(t *testing.T) {
	ctx := context.Background()
	shop := t.TempDir()
	lastJournal := shopWithMoney(t, shop)
	st, err := openStore(ctx, shop)
	if err != nil {
		t.Fatal(err)
	}
	backups := t.TempDir() // outside the data folder, as an owner's backup disk is
	f, err := bk.Write(ctx, st, shop, backups)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	archive := filepath.Join(backups, f.Name)

	data := filepath.Join(t.TempDir(), "data")
	// The file first and the flags after it, or the other way round.
	for _, args := range [][]string{{"restore", archive, "--data", data}, {"restore", "--data", data + "2", archive}} {
		out, err := runOut(t, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		m := restoredLine.FindStringSubmatch(out)
		if m == nil || strings.Count(out, "\n") != 1 {
			t.Fatalf("%v printed %q", args, out)
		}
		if m[2] != lastJournal.UTC().Format(time.RFC3339) {
			t.Fatalf("last journal %s, want %s", m[2], lastJournal.UTC().Format(time.RFC3339))
		}
	}
	if out, err := runOut(t, "check", "--data", data); err != nil || !strings.Contains(out, "ledger balances") {
		t.Fatalf("check of the restored shop: %v %s", err, out)
	}
	if b, err := os.ReadFile(filepath.Join(data, "uploads/receipts/r1.png")); err != nil || string(b) != "a receipt" {
		t.Fatalf("receipt %q (err %v)", b, err)
	}

	// A folder in use is refused and left as it was.
	before := snapshotDir(t, data)
	if out, err := runOut(t, "restore", archive, "--data", data); err == nil || !strings.Contains(err.Error(), "--force") || out != "" {
		t.Fatalf("restore over a shop: %v %q", err, out)
	}
	if after := snapshotDir(t, data); !slices.Equal(before, after) {
		t.Fatalf("the folder changed:\n%v\n%v", before, after)
	}
	// --force moves it aside and says where.
	out, err := runOut(t, "restore", "--force", archive, "--data", data)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^moved the old data folder to (\S+)$`).FindStringSubmatch(out)
	if m == nil || !strings.HasPrefix(m[1], data+".old-") || restoredLine.FindString(out) == "" {
		t.Fatalf("--force printed %q", out)
	}
	if after := snapshotDir(t, m[1]); !slices.Equal(before, after) {
		t.Fatalf("the old folder is not what was there:\n%v\n%v", before, after)
	}
}

// snapshotDir lists every file under dir with its size, to see whether anything changed.
func snapshotDir(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out = append(out, rel+" "+info.Mode().String()+" "+strconv.FormatInt(info.Size(), 10))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRestoreCommandUsage(t *testing.T) {
	data := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"restore", "--data", data}, "usage"},
		{[]string{"restore", "a.tar.gz", "b.tar.gz", "--data", data}, "usage"},
		{[]string{"restore", "a.tar.gz", "--at", "2026-01-01T00:00:00Z", "--data", data}, "--at needs --from-replica"},
		{[]string{"restore", "--from-replica", "file:///r", "--at", "yesterday", "--data", data}, "2026-01-02T15:04:05Z"},
		{[]string{"restore", "--from-replica", "s3://bucket/shop", "--data", data}, "only file:// and sftp://"},
		{[]string{"restore", filepath.Join(data, "missing.tar.gz"), "--data", filepath.Join(data, "new")}, "no such file"},
	} {
		if _, err := runOut(t, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v", c.args, err)
		}
	}
}

func TestRestoreCommandFromAnSFTPReplica(t *testing.T) {
	srv := sftptest.Start(t, t.TempDir())
	replica, hostKey := srv.URL("goldshop/replica"), srv.HostKey
	data, backups := t.TempDir(), t.TempDir()
	shopWithMoney(t, data)
	_, logs, stop := serveInProcess(t, "--data", data, "--backup-dir", backups, "--backup-every", "1h",
		"--replicate-to", replica, "--sftp-host-key", hostKey)
	var archives []string
	for deadline := time.Now().Add(waitLimit); len(archives) == 0; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no backup within %v of the start\n%s", waitLimit, logs)
		}
		archives = ourFiles(t, backups, true) // a shop without a backup gets one at once
	}
	for !replicaHasUser(t, replica, "09120000041", "--sftp-host-key", hostKey) { // Litestream's first sync
		time.Sleep(250 * time.Millisecond)
	}
	time.Sleep(1100 * time.Millisecond)
	before := time.Now()
	time.Sleep(1100 * time.Millisecond)
	if _, err := runOut(t, "admin", "add", "--data", data, "--phone", "09120000051", "--password", "owner-pass-51"); err != nil {
		t.Fatal(err)
	}
	added := time.Now()
	for !replicaHasUser(t, replica, "09120000051", "--sftp-host-key", hostKey) {
		if time.Since(added) > 5*time.Second {
			t.Fatalf("the new admin is not on the SFTP server 5 s later\n%s", logs)
		}
		time.Sleep(250 * time.Millisecond)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	// The database from the replica, the uploads from the backup file.
	restored := filepath.Join(t.TempDir(), "data")
	out, err := runOut(t, "restore", filepath.Join(backups, archives[0]), "--from-replica", replica, "--sftp-host-key", hostKey, "--data", restored)
	if err != nil || restoredLine.FindString(out) == "" {
		t.Fatalf("restore: %v %q", err, out)
	}
	if b, err := os.ReadFile(filepath.Join(restored, "uploads/receipts/r1.png")); err != nil || string(b) != "a receipt" {
		t.Fatalf("receipt %q (err %v)", b, err)
	}
	if out, err := runOut(t, "check", "--data", restored); err != nil {
		t.Fatalf("check: %v %s", err, out)
	}
	// As the shop was before the admin was added.
	if replicaHasUser(t, replica, "09120000051", "--sftp-host-key", hostKey, "--at", before.UTC().Format(time.RFC3339)) {
		t.Fatal("--at restored a later state")
	}
	if !replicaHasUser(t, replica, "09120000041", "--sftp-host-key", hostKey, "--at", before.UTC().Format(time.RFC3339)) {
		t.Fatal("--at lost what was there")
	}
	// Another server's key is refused before any data moves.
	other := sftptest.Start(t, t.TempDir())
	_, err = runOut(t, "restore", "--from-replica", replica, "--sftp-host-key", other.HostKey, "--data", filepath.Join(t.TempDir(), "d"))
	if err == nil || !strings.Contains(err.Error(), "host key") {
		t.Fatalf("restore with another server's key: %v", err)
	}
}
