package cli

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
	stderr := &syncLog{} // read while serve writes
	done := make(chan error, 1)
	go func() { done <- Run(ctx, []string{"serve", "--addr", addr}, &bytes.Buffer{}, stderr) }()

	var resp *http.Response
	var err error
	// the test is about answering and stopping, not about how fast a fresh shop starts (waitLimit)
	for deadline := time.Now().Add(waitLimit); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err = http.Get("http://" + addr + "/healthz"); err == nil {
			break
		}
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

func TestDebugEndpointsListenOnLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:6060", ":6060", "192.168.1.5:6060", "shop.example:6060"} {
		err := Run(context.Background(), []string{"serve", "--data", t.TempDir(), "--addr", "127.0.0.1:0", "--debug-addr", addr},
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
