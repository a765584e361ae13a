package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"
	"time"
)

// TestMain lets the test binary be the bare chi reference too: loadrun starts the reference as its own
// executable, which in a test is this binary.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == bareChiCommand {
		if err := serveBareChi(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	os.Exit(m.Run())
}

// TestLoadRunBriefly runs every measure for a moment against the real binary ($GOLDSHOP_BIN, or a build of
// this tree), with wrk: every request succeeds and every figure is there. It never looks at a speed; the
// figures are for a person to read.
func TestLoadRunBriefly(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a shop and loads it")
	}
	var out bytes.Buffer
	// 64 customers: each may ask 100 trade codes a day, and a second of trades at both measures must not
	// run out of them on a fast day (16 did: 429).
	cfg := config{Bin: os.Getenv("GOLDSHOP_BIN"), Duration: time.Second, Conns: 8, Threads: 1, Traders: []int{2, 4}, Customers: 64}
	rep, err := run(context.Background(), cfg, &out)
	t.Log(out.String())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Shop.Failures > 0 || rep.Chi.Failures > 0 {
		t.Fatalf("%d shop and %d chi reads failed", rep.Shop.Failures, rep.Chi.Failures)
	}
	figures := map[string]float64{"shop req/s": rep.Shop.PerSec, "chi req/s": rep.Chi.PerSec}
	for _, tr := range rep.Trades {
		if tr.Trades.failed > 0 {
			t.Fatalf("%d traders: %d trades failed; first: %s", tr.Traders, tr.Trades.failed, tr.Trades.firstErr)
		}
		if tr.Empty.failed > 0 {
			t.Fatalf("%d traders: %d empty trades failed; first: %s", tr.Traders, tr.Empty.failed, tr.Empty.firstErr)
		}
		figures["trades/s"], figures["raw commits/s"], figures["transactions per commit"] =
			tr.Trades.perSec(), tr.Probe.perSec(), tr.TxPerCommit
		figures["raw trade commits/s"], figures["empty trades/s"] = tr.TradeProbe.perSec(), tr.Empty.perSec()
		figures["lean commits/s"] = tr.Lean.perSec()
		for name, v := range figures {
			if v <= 0 {
				t.Errorf("%d traders: %s = %v, want > 0", tr.Traders, name, v)
			}
		}
	}
	if len(rep.Trades) != 2 {
		t.Errorf("%d trade measures, want 2", len(rep.Trades))
	}
	if rep.Shop.P99 <= 0 || rep.Chi.P99 <= 0 {
		t.Errorf("p99 missing: shop %v, chi %v", rep.Shop.P99, rep.Chi.P99)
	}
}

// TestParseWrk reads wrk 4.1's --latency report.
func TestParseWrk(t *testing.T) {
	out := `Running 2s test @ http://127.0.0.1:40000/api/prices/my-prices
  2 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.10ms    1.01ms  30.12ms   85.00%
    Req/Sec    15.21k     1.20k   17.00k    70.00%
  Latency Distribution
     50%  845.00us
     75%    2.50ms
     90%    3.40ms
     99%    6.12ms
  30412 requests in 2.00s, 12.34MB read
  Non-2xx or 3xx responses: 12
Requests/sec:  15206.00
Transfer/sec:      6.17MB
`
	f, err := parseWrk(out)
	if err != nil {
		t.Fatal(err)
	}
	want := readFigures{Requests: 30400, Failures: 12, Elapsed: 2 * time.Second, P50: 845 * time.Microsecond,
		P99: 6120 * time.Microsecond}
	if f != want {
		t.Fatalf("got %+v, want %+v", f, want)
	}
}
