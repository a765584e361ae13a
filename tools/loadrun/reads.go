package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
)

// readFigures are one read measure's throughput and latency, summed over its turns.
type readFigures struct {
	Requests, Failures int
	Elapsed            time.Duration
	PerSec             float64
	P50, P99           time.Duration
	turns              int
}

// add sums another turn: its requests and time; its percentiles are averaged in done.
func (f *readFigures) add(o readFigures) {
	f.Requests += o.Requests
	f.Failures += o.Failures
	f.Elapsed += o.Elapsed
	f.P50 += o.P50
	f.P99 += o.P99
	f.turns++
}

func (f readFigures) done() readFigures {
	if f.turns > 0 {
		f.P50 /= time.Duration(f.turns)
		f.P99 /= time.Duration(f.turns)
	}
	f.PerSec = ratio(float64(f.Requests), f.Elapsed.Seconds())
	return f
}

// bareChiCommand runs this program as the read's reference: `loadrun bare-chi BODYFILE` serves the body's
// bytes at the read's path from a go-chi router on a loopback port and prints its address.
const bareChiCommand = "bare-chi"

// bareChi is the reference process. It also serves an empty trade (emptytrade.go), whose codes it texts on
// its standard error as the shop's console sender does, read back into codes.
type bareChi struct {
	url   string
	cmd   *exec.Cmd
	codes *codeBook
}

// startBareChi runs the reference in a process of its own, as the shop runs in its own.
func startBareChi(body []byte, dir string) (*bareChi, error) {
	file := filepath.Join(dir, "my-prices.json")
	if err := os.WriteFile(file, body, 0o600); err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, bareChiCommand, file)
	dieWithUs(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	codes := newCodeBook()
	go codes.read(stderr)
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return nil, fmt.Errorf("bare chi did not start: %w", err)
	}
	return &bareChi{url: strings.TrimSpace(line), cmd: cmd, codes: codes}, nil
}

func (b *bareChi) close() {
	b.cmd.Process.Kill()
	b.cmd.Wait()
}

func serveBareChi(args []string) error {
	fs := flag.NewFlagSet(bareChiCommand, flag.ContinueOnError)
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		return errors.New("usage: loadrun bare-chi BODYFILE")
	}
	body, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	r := chi.NewRouter()
	r.Get("/api/prices/my-prices", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Write(body)
	})
	serveEmptyTrade(r)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Printf("http://%s\n", ln.Addr())
	srv := &http.Server{Handler: r, ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}

// findWrk finds Debian's wrk.
func findWrk() (string, error) {
	p, err := exec.LookPath("wrk")
	if err != nil {
		return "", errors.New("wrk is not installed: apt-get install wrk (./test.sh installs it)")
	}
	return p, nil
}

// runWrk loads url (with the Authorization header auth, if any) with wrk for d (in whole seconds, as wrk takes
// it) and reads its figures.
func runWrk(ctx context.Context, wrk, url, auth string, cfg config, d time.Duration) (readFigures, error) {
	args := []string{"-t", strconv.Itoa(cfg.Threads), "-c", strconv.Itoa(cfg.Conns),
		"-d", fmt.Sprintf("%ds", max(1, int(d.Round(time.Second).Seconds()))), "--latency", "--timeout", "10s"}
	if auth != "" {
		args = append(args, "-H", "Authorization: "+auth)
	}
	out, err := exec.CommandContext(ctx, wrk, append(args, url)...).CombinedOutput()
	if err != nil {
		return readFigures{}, fmt.Errorf("wrk: %v\n%s", err, out)
	}
	return parseWrk(string(out))
}

var (
	wrkTotal   = regexp.MustCompile(`(\d+) requests in ([\d.]+)(us|ms|s|m),`)
	wrkPercent = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([\d.]+)(us|ms|s|m)\s*$`)
	wrkBad     = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
	wrkErrors  = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
)

// parseWrk reads the requests, time, median and 99th percentile, and failures of wrk's --latency report.
func parseWrk(out string) (readFigures, error) {
	var f readFigures
	m := wrkTotal.FindStringSubmatch(out)
	if m == nil {
		return f, fmt.Errorf("wrk's report has no total:\n%s", out)
	}
	f.Requests, _ = strconv.Atoi(m[1])
	f.Elapsed = wrkDuration(m[2], m[3])
	for _, p := range wrkPercent.FindAllStringSubmatch(out, -1) {
		if p[1] == "50" {
			f.P50 = wrkDuration(p[2], p[3])
		} else {
			f.P99 = wrkDuration(p[2], p[3])
		}
	}
	if f.P50 == 0 || f.P99 == 0 {
		return f, fmt.Errorf("wrk's report has no latency distribution:\n%s", out)
	}
	if m := wrkBad.FindStringSubmatch(out); m != nil {
		f.Failures, _ = strconv.Atoi(m[1])
	}
	if m := wrkErrors.FindStringSubmatch(out); m != nil {
		for _, n := range m[1:] {
			k, _ := strconv.Atoi(n)
			f.Failures += k
		}
	}
	f.Requests -= min(f.Requests, f.Failures)
	return f, nil
}

func wrkDuration(value, unit string) time.Duration {
	v, _ := strconv.ParseFloat(value, 64)
	scale := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second, "m": time.Minute}[unit]
	return time.Duration(v * float64(scale))
}
