package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// TestInstalledUnitPassesSystemdAnalyze checks the unit exactly as install.sh writes it: systemd itself must
// parse every line without a warning, and its hardening must keep the exposure score low.
func TestInstalledUnitPassesSystemdAnalyze(t *testing.T) {
	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		t.Fatal("systemd-analyze is not installed: install Debian's systemd package (./test.sh does)")
	}
	root := t.TempDir()
	if out, err := exec.Command("bash", "../install.sh", "--unit-only", root).CombinedOutput(); err != nil {
		t.Fatalf("install.sh --unit-only: %v\n%s", err, out)
	}
	// verify --root loads the targets the unit depends on from the root, and checks that ExecStart is an
	// executable there: give it this machine's units and a stand-in binary.
	if err := os.MkdirAll(filepath.Join(root, "usr/lib/systemd"), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("cp", "-a", "/usr/lib/systemd/system", filepath.Join(root, "usr/lib/systemd/")).CombinedOutput(); err != nil {
		t.Fatalf("copying this machine's units: %v\n%s", err, out)
	}
	bin := filepath.Join(root, "usr/local/bin/goldshop")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}

	out, err := exec.Command("systemd-analyze", "verify", "--root="+root, "goldshop.service").CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		// systemd exits 0 on a misspelt key or value, ignoring the line: any word from it is a failure.
		t.Fatalf("systemd-analyze verify: %v\n%s", err, out)
	}
	// 0 is a fully locked-down service, 10 an unprotected one (--threshold counts tenths); ours is 1.4.
	out, err = exec.Command("systemd-analyze", "security", "--offline=yes", "--threshold=20", "--root="+root, "goldshop.service").CombinedOutput()
	if err != nil {
		t.Fatalf("systemd-analyze security: exposure above 2: %v\n%s", err, out)
	}
}

// TestServeSpeaksSdNotify runs the shop in a process of its own, with the environment systemd gives a
// Type=notify service with a watchdog, and listens on the notify socket the way systemd does.
func TestServeSpeaksSdNotify(t *testing.T) {
	dir := t.TempDir()
	sock, msgs := listenNotify(t, dir)
	addr := freeAddr(t)
	// The shell learns its pid and execs the test binary in place, so WATCHDOG_PID names the shop's process.
	cmd := exec.Command("sh", "-c", `export WATCHDOG_PID=$$; exec "$@"`, "sh", os.Args[0], "-test.run=^TestServeAsSystemdWould$")
	cmd.Env = append(os.Environ(), "GOLDSHOP_HELPER_SERVE=1", "GOLDSHOP_DATA="+filepath.Join(dir, "data"),
		"GOLDSHOP_ADDR="+addr, "NOTIFY_SOCKET="+sock, "WATCHDOG_USEC=400000")
	var output bytes.Buffer
	cmd.Stdout, cmd.Stderr = &output, &output
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	fail := func(format string, args ...any) {
		t.Helper()
		cmd.Process.Kill()
		<-exited
		t.Fatalf(format+"\nshop's output:\n%s", append(args, output.String())...)
	}

	if got := nextNotification(msgs, 60*time.Second); got != "READY=1" {
		fail("first notification %q, want READY=1", got)
	}
	// READY=1 promises the listener is bound: the very next request must be answered.
	resp, err := http.Get("http://" + addr + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		fail("healthz right after READY=1: %v %v", resp, err)
	}
	resp.Body.Close()
	for i := 0; i < 3; i++ { // WATCHDOG_USEC is 0.4s: a ping every 0.2s
		if got := nextNotification(msgs, 5*time.Second); got != "WATCHDOG=1" {
			fail("notification %q, want WATCHDOG=1", got)
		}
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		fail("SIGTERM: %v", err)
	}
	got := nextNotification(msgs, waitLimit)
	for got == "WATCHDOG=1" { // a ping may already be on its way
		got = nextNotification(msgs, waitLimit)
	}
	if got != "STOPPING=1" {
		fail("after SIGTERM: notification %q, want STOPPING=1", got)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("shop exited with %v after SIGTERM\n%s", err, output.String())
		}
	case <-time.After(30 * time.Second):
		fail("shop did not exit after SIGTERM")
	}
}

// TestServeAsSystemdWould is no test by itself: TestServeSpeaksSdNotify runs the test binary again with
// GOLDSHOP_HELPER_SERVE set, and then this is the shop's process.
func TestServeAsSystemdWould(t *testing.T) {
	if os.Getenv("GOLDSHOP_HELPER_SERVE") != "1" {
		return
	}
	if err := Run(context.Background(), []string{"serve"}, os.Stdout, os.Stderr); err != nil {
		t.Fatal(err)
	}
}

func TestWatchdogIsFedOnlyWhileHealthy(t *testing.T) {
	sock, msgs := listenNotify(t, t.TempDir())
	t.Setenv("NOTIFY_SOCKET", sock)
	t.Setenv("WATCHDOG_USEC", "100000") // a ping every 50ms
	t.Setenv("WATCHDOG_PID", fmt.Sprint(os.Getpid()))
	var healthy atomic.Bool
	healthy.Store(true)
	var logs bytes.Buffer
	stop := notifySystemd(context.Background(), slog.New(slog.NewTextHandler(&logs, nil)), func(context.Context) error {
		if healthy.Load() {
			return nil
		}
		return errors.New("database is locked")
	})
	defer stop()

	for _, want := range []string{"READY=1", "WATCHDOG=1", "WATCHDOG=1"} {
		if got := nextNotification(msgs, 5*time.Second); got != want {
			t.Fatalf("notification %q, want %q", got, want)
		}
	}
	healthy.Store(false)
	for nextNotification(msgs, 250*time.Millisecond) == "WATCHDOG=1" { // let a probe that had already passed send its ping
	}
	if got := nextNotification(msgs, 300*time.Millisecond); got != "" {
		t.Fatalf("unhealthy, yet systemd heard %q", got)
	}
	healthy.Store(true)
	if got := nextNotification(msgs, 5*time.Second); got != "WATCHDOG=1" {
		t.Fatalf("healthy again: notification %q, want WATCHDOG=1", got)
	}
	stop()
	got := nextNotification(msgs, 5*time.Second)
	for got == "WATCHDOG=1" {
		got = nextNotification(msgs, 5*time.Second)
	}
	if got != "STOPPING=1" {
		t.Fatalf("after stop: notification %q, want STOPPING=1", got)
	}
	if !strings.Contains(logs.String(), "database is locked") {
		t.Fatalf("the failed health check was not logged:\n%s", logs.String())
	}
}

// listenNotify is systemd's end of NOTIFY_SOCKET: each datagram is one notification.
func listenNotify(t *testing.T, dir string) (path string, msgs <-chan string) {
	path = filepath.Join(dir, "notify.sock")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	ch := make(chan string, 100)
	go func() {
		defer close(ch)
		buf := make([]byte, 4096)
		for {
			n, _, err := conn.ReadFrom(buf)
			if err != nil {
				return
			}
			ch <- string(buf[:n])
		}
	}()
	return path, ch
}

// nextNotification is the next notification, or "" when none comes within d.
func nextNotification(msgs <-chan string, d time.Duration) string {
	select {
	case m := <-msgs:
		return m
	case <-time.After(d):
		return ""
	}
}
