package cli

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bk "goldshop/backup"
	"goldshop/store"
)

// ourFiles tells whether every file in dir is an archive, or an archive being written when writing is true.
func ourFiles(t *testing.T, dir string, writing bool) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var archives []string
	for _, e := range entries {
		switch n := e.Name(); {
		case bk.ValidName(n):
			archives = append(archives, n)
		case writing && strings.HasPrefix(n, ".goldshop-") && strings.HasSuffix(n, ".tar.gz.tmp"):
		default:
			t.Fatalf("the backup folder holds %q", n)
		}
	}
	return archives
}

func TestServeWritesScheduledBackupsAndPrunesThem(t *testing.T) {
	data := t.TempDir()
	_, _, stop := serveInProcess(t, "--data", data, "--backup-every", "1s", "--backup-keep", "2")
	dir := filepath.Join(data, "backups") // the default --backup-dir
	seen := map[string]bool{}
	for deadline := time.Now().Add(waitLimit); ; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("archives seen %v", seen)
		}
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		archives := ourFiles(t, dir, true)
		if len(archives) > 3 { // a new archive is renamed in a moment before the oldest is pruned
			t.Fatalf("keeps %v", archives)
		}
		if len(archives) == 3 {
			continue
		}
		for _, n := range archives {
			seen[n] = true
		}
		if len(seen) >= 3 && len(archives) == 2 { // a third was written, the first pruned
			break
		}
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if n := len(ourFiles(t, dir, false)); n != 2 {
		t.Fatalf("%d archives after shutdown", n)
	}
}

func TestServeReplicatesAndLeavesCheckpointsToLitestream(t *testing.T) {
	data := t.TempDir()
	replica := "file://" + filepath.Join(t.TempDir(), "replica")
	_, logs, stop := serveInProcess(t, "--data", data, "--backup-every", "0", "--replicate-to", replica)
	// A command run beside the server must not wait out the busy timeout behind Litestream's read lock.
	start := time.Now()
	if err := Run(context.Background(), []string{"admin", "add", "--data", data, "--phone", "09120000031", "--password", "owner-pass-31"},
		&bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Fatalf("admin add beside a replicating server took %v", took)
	}
	added := time.Now()
	for !replicaHasUser(t, replica, "09120000031") {
		if time.Since(added) > 5*time.Second {
			t.Fatalf("the new admin is not in the replica 5 s later\n%s", logs)
		}
		time.Sleep(250 * time.Millisecond)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), `"msg":"replicating the database"`) || strings.Contains(logs.String(), "stopping replication") {
		t.Fatalf("logs:\n%s", logs)
	}
}

// replicaHasUser restores the replica into a fresh folder and says whether the user with phone is in it.
func replicaHasUser(t *testing.T, replica, phone string, extra ...string) bool {
	t.Helper()
	data := filepath.Join(t.TempDir(), "data")
	args := append([]string{"restore", "--from-replica", replica, "--data", data}, extra...)
	if err := Run(context.Background(), args, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		return false
	}
	st, err := store.Open(context.Background(), filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, err = st.UserByPhone(context.Background(), phone)
	return err == nil
}

func TestServeRefusesBackupSettingsItCannotKeep(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--replicate-to", "s3://bucket/shop"}, "only file:// and sftp://"},
		{[]string{"--replicate-to", "file://replica"}, "file:///absolute/path"},
		{[]string{"--replicate-to", "sftp://shop:secret@backup.example/replica"}, "host key"},
		{[]string{"--backup-keep", "0"}, "keep must be at least 1"},
		{[]string{"--backup-every", "-1h"}, "negative"},
		{[]string{"--backup-every", "daily"}, "invalid value"},
	} {
		var stderr bytes.Buffer
		args := append([]string{"serve", "--data", t.TempDir(), "--addr", "127.0.0.1:0"}, c.args...)
		err := Run(context.Background(), args, &bytes.Buffer{}, &stderr)
		if err == nil || !strings.Contains(err.Error()+stderr.String(), c.want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("%v: %v %s", c.args, err, stderr.String())
		}
	}
}

func TestOneServerPerDataFolder(t *testing.T) {
	data := t.TempDir()
	serveInProcess(t, "--data", data, "--backup-every", "0")
	err := Run(context.Background(), []string{"serve", "--data", data, "--addr", "127.0.0.1:0", "--backup-every", "0"}, &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "running on this data folder") {
		t.Fatalf("a second server on the same folder: %v", err)
	}
	out, err := runOut(t, "restore", "--force", "--from-replica", "file:///nowhere", "--data", data)
	if err == nil || !strings.Contains(err.Error(), "stop it before restoring") || out != "" {
		t.Fatalf("forced restore over the running shop: %v %q", err, out)
	}
}

func TestBackupWhileTheShopRuns(t *testing.T) {
	data := t.TempDir()
	ctx := context.Background()
	live, err := store.Open(ctx, filepath.Join(data, "goldshop.db")) // the running shop's connection
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	if err := live.SetBasePrice(ctx, 0, 51000000, time.Now()); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "backup.db")
	if err := Run(ctx, []string{"backup", "--data", data, file}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	copyDB, err := store.Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer copyDB.Close()
	if p, err := copyDB.BasePrice(ctx); err != nil || p.PricePerGramRial != 51000000 {
		t.Fatalf("backup holds %v (err %v)", p, err)
	}
	if err := Run(ctx, []string{"backup", "--data", data}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Fatal("backup without a file name succeeded")
	}
}

// The owner reads the replica's state from the running server: working, failing once its folder is gone (no
// banner yet: that waits five minutes), and caught up when it is back. The storage call names the backup
// folder's file system too.
func TestTheOwnerSeesTheReplicaGoAndComeBack(t *testing.T) {
	data := t.TempDir()
	folder := filepath.Join(t.TempDir(), "replica")
	base, logs, stop := serveInProcess(t, "--data", data, "--backup-every", "0", "--replicate-to", "file://"+folder)
	defer stop()
	if err := Run(context.Background(), []string{"admin", "add", "--data", data, "--phone", "09120000032", "--password", "owner-pass-32"},
		&bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	c := &drillClient{t: t, base: base, sms: logs, http: http.DefaultClient}
	owner := c.signInAdmin("09120000032", "owner-pass-32")
	state := func() map[string]any { return c.must("GET", "/api/admin/replica", owner, nil) }
	until := func(what string, limit time.Duration, cond func(map[string]any) bool) map[string]any {
		t.Helper()
		deadline := time.Now().Add(limit)
		for {
			st := state()
			if cond(st) {
				return st
			}
			if time.Now().After(deadline) {
				t.Fatalf("the replica was not %s within %v: %v\n%s", what, limit, st, logs)
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	st := until("working", waitLimit, func(st map[string]any) bool { return st["ok"] == true && st["last_ok_at"] != nil })
	if st["configured"] != true || st["url"] != "file://"+folder || st["alert"] != false {
		t.Fatalf("a working replica: %v", st)
	}
	if err := os.Rename(folder, folder+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(folder, []byte("not a folder"), 0o600); err != nil {
		t.Fatal(err)
	}
	c.signUp(1) // a write the replica must take
	st = until("failing", waitLimit, func(st map[string]any) bool { return st["ok"] == false && st["last_error"] != "" })
	if st["alert"] != false || st["failing_since"] == nil {
		t.Fatalf("a replica failing for seconds: %v", st)
	}
	if err := os.Remove(folder); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(folder+".away", folder); err != nil {
		t.Fatal(err)
	}
	until("caught up", waitLimit, func(st map[string]any) bool { return st["ok"] == true && st["lag_seconds"] == float64(0) })
	storage := c.must("GET", "/api/admin/storage", owner, nil)
	if storage["backups"] == nil || storage["total_bytes"].(float64) <= 0 {
		t.Fatalf("the storage: %v", storage)
	}
}
