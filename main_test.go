package main

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"goldshop/store"
)

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestServeAnswersAndShutsDownCleanly(t *testing.T) {
	data := t.TempDir()
	addr := freeAddr(t)
	t.Setenv("GOLDSHOP_ADDR", "127.0.0.1:1") // the flag below must win over its twin
	t.Setenv("GOLDSHOP_DATA", data)
	ctx, cancel := context.WithCancel(context.Background())
	var stderr bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", addr}, &bytes.Buffer{}, &stderr) }()

	var resp *http.Response
	var err error
	for i := 0; i < 100; i++ {
		if resp, err = http.Get("http://" + addr + "/healthz"); err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v %v\n%s", resp, err, stderr.String())
	}
	resp.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	// A clean close checkpoints the WAL into the database file.
	if st, err := os.Stat(filepath.Join(data, "goldshop.db-wal")); err == nil && st.Size() > 0 {
		t.Fatalf("WAL left with %d bytes after shutdown", st.Size())
	}
	for _, dir := range []string{"uploads/receipts", "uploads/chat"} {
		if _, err := os.Stat(filepath.Join(data, dir)); err != nil {
			t.Errorf("data folder lacks %s", dir)
		}
	}
	if !strings.Contains(stderr.String(), `"msg":"request"`) || strings.Contains(stderr.String(), "password") {
		t.Fatalf("request log:\n%s", stderr.String())
	}
}

func TestAdminAddCreatesThenPromotes(t *testing.T) {
	data := t.TempDir()
	ctx := context.Background()
	var out bytes.Buffer
	err := run(ctx, []string{"admin", "add", "--data", data, "--phone", "۰۹۱۲۰۰۰۰۰۰۹", "--password", "shop-owner-1", "--first-name", "رضا"}, &out, &bytes.Buffer{})
	if err != nil || !strings.Contains(out.String(), "admin created") {
		t.Fatalf("%v %s", err, out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"admin", "add", "--data", data, "--phone", "09120000009", "--password", "new-owner-pass"}, &out, &bytes.Buffer{}); err != nil || !strings.Contains(out.String(), "admin promoted") {
		t.Fatalf("%v %s", err, out.String())
	}
	st, err := store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := st.UserByPhone(ctx, "09120000009")
	if err != nil || !u.IsAdmin || u.Role != store.RoleOwner || u.FirstName != "رضا" {
		t.Fatalf("admin %+v (err %v)", u, err)
	}
	st.Close()
	// --role staff makes staff; the shop's only owner cannot be made staff from the command line either.
	out.Reset()
	if err := run(ctx, []string{"admin", "add", "--data", data, "--phone", "09120000007", "--password", "cashier-pass-1", "--role", "staff"}, &out, &bytes.Buffer{}); err != nil || !strings.Contains(out.String(), "(staff)") {
		t.Fatalf("%v %s", err, out.String())
	}
	if err := run(ctx, []string{"admin", "add", "--data", data, "--phone", "09120000009", "--password", "new-owner-pass", "--role", "staff"}, &out, &bytes.Buffer{}); !errors.Is(err, store.ErrLastOwner) {
		t.Fatalf("demoted the last owner: %v", err)
	}
	st, err = store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if u, _ := st.UserByPhone(ctx, "09120000007"); !u.IsAdmin || u.Role != store.RoleStaff {
		t.Fatalf("staff %+v", u)
	}
	for _, args := range [][]string{
		{"admin", "add", "--data", data, "--phone", "09120000006", "--password", "shop-owner-1", "--role", "boss"},
		{"admin", "add", "--data", data, "--phone", "021", "--password", "shop-owner-1"},
		{"admin", "add", "--data", data, "--phone", "09120000008", "--password", "123456"},
		{"admin", "remove"},
		{"launch"},
	} {
		if err := run(ctx, args, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("%v succeeded", args)
		}
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
	if err := run(ctx, []string{"backup", "--data", data, file}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
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
	if err := run(ctx, []string{"backup", "--data", data}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
		t.Fatal("backup without a file name succeeded")
	}
}

func TestCheckSaysWhetherTheLedgerBalances(t *testing.T) {
	data := t.TempDir()
	ctx := context.Background()
	var out bytes.Buffer
	if err := run(ctx, []string{"check", "--data", data}, &out, &bytes.Buffer{}); err != nil || !strings.Contains(out.String(), "ledger balances") {
		t.Fatalf("check of a fresh shop: %v %q", err, out.String())
	}
	st, err := store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	// someone edits a cached balance by hand: the books no longer balance
	if _, err := st.WriteDB().ExecContext(ctx, `UPDATE accounts SET balance = 5 WHERE kind = 'shop_vault'`); err != nil {
		t.Fatal(err)
	}
	st.Close()
	err = run(ctx, []string{"check", "--data", data}, &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "balance 5 but postings sum to 0") {
		t.Fatalf("check of a tampered ledger: %v", err)
	}
	if err := run(ctx, []string{"serve", "--data", data, "--addr", "127.0.0.1:0"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil ||
		!strings.Contains(err.Error(), "refusing to start") {
		t.Fatalf("serve on a tampered ledger: %v", err)
	}
}

func TestDebugEndpointsListenOnLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:6060", ":6060", "192.168.1.5:6060", "shop.example:6060"} {
		err := run(context.Background(), []string{"serve", "--data", t.TempDir(), "--addr", "127.0.0.1:0", "--debug-addr", addr},
			&bytes.Buffer{}, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "loopback") {
			t.Fatalf("--debug-addr %s: %v", addr, err)
		}
	}
	for _, addr := range []string{"127.0.0.1:6060", "[::1]:6060", "localhost:6060"} {
		if !loopbackAddr(addr) {
			t.Fatalf("%s is loopback", addr)
		}
	}
}

// TestCodeSpacingIsForTheConsoleSenderOnly: one code a minute is what spares a customer's phone a flood of
// texts, so another spacing is refused with a real SMS gateway, and a spacing of zero or less anywhere.
func TestCodeSpacingIsForTheConsoleSenderOnly(t *testing.T) {
	for _, args := range [][]string{
		{"--sms", "kavenegar", "--sms-key", "k", "--code-spacing", "1s"},
		{"--code-spacing", "0s"},
		{"--code-spacing", "-1s"},
	} {
		if _, err := serveConfig(args, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "--code-spacing") {
			t.Fatalf("%v: %v", args, err)
		}
	}
	for _, args := range [][]string{{"--code-spacing", "1ms"}, {"--sms", "kavenegar", "--sms-key", "k"}} {
		if _, err := serveConfig(args, &bytes.Buffer{}); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
	}
}
