package cli

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"goldshop/internal/lockedbuf"
)

// waitLimit bounds a test's wait for a condition of a running shop: that it serves, that a backup or the
// replica did what it was asked. A fresh shop applies every migration first; on a busy machine (two cores,
// other packages' tests beside, -race) starting has taken over ten seconds. A wait ends as soon as its
// condition holds, so a long limit costs a passing test nothing; a failing one says what it waited for.
const waitLimit = 2 * time.Minute

// syncLog is a server's standard error as a test reads it while the server still writes.
type syncLog struct{ lockedbuf.Buffer }

func (l *syncLog) waitFor(t *testing.T, timeout time.Duration, want string) {
	t.Helper()
	for deadline := time.Now().Add(timeout); !strings.Contains(l.String(), want); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the log never said %s", want)
		}
	}
}

// serveForTest runs `goldshop serve` with args in-process until the test ends or stop is called (stop
// returns what serve returned), and waits until it serves. A serve that fails to stop cleanly fails the test.
func serveForTest(t *testing.T, args ...string) (logs *syncLog, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	logs = &syncLog{}
	done := make(chan error, 1)
	go func() { done <- Run(ctx, append([]string{"serve"}, args...), io.Discard, logs) }()
	for deadline := time.Now().Add(waitLimit); !strings.Contains(logs.String(), `"msg":"goldshop is serving"`); {
		select {
		case err := <-done:
			t.Fatalf("serve returned %v\n%s", err, logs)
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("the shop did not log that it serves within %v\n%s", waitLimit, logs)
		}
	}
	var once sync.Once
	var stopped error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case stopped = <-done:
			case <-time.After(30 * time.Second):
				t.Error("the shop did not stop")
			}
		})
		return stopped
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("serve returned %v", err)
		}
		if t.Failed() {
			t.Logf("the shop's log:\n%s", logs)
		}
	})
	return logs, stop
}

// serveInProcess is serveForTest on a free loopback port, answering the shop's address.
func serveInProcess(t *testing.T, args ...string) (base string, logs *syncLog, stop func() error) {
	t.Helper()
	addr := freeAddr(t)
	logs, stop = serveForTest(t, append([]string{"--addr", addr}, args...)...)
	return "http://" + addr, logs, stop
}
