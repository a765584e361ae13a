// Command loadrun measures goldshop's two hot paths on loopback against references run in the same process,
// so the ratios hold whatever the machine:
//
//   - GET /api/prices/my-prices with a bearer token from many connections, against a bare go-chi handler
//     serving the same JSON bytes;
//   - verified trades (buy quote, the code read from the console SMS output, verify), against a raw SQLite probe
//     doing a trade-like commit (BEGIN IMMEDIATE, 1 read, 2 inserts, 2 updates, WAL, synchronous=FULL) from as
//     many writers over one writer connection.
//
// It runs the real shop in-process on a temporary data folder: `go run ./tools/loadrun -duration 5s`.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"
)

// tradeRounds is how many turns the trades and the raw probe take.
const tradeRounds = 5

// config is what one run measures and for how long.
type config struct {
	Duration  time.Duration // each of the four measures runs this long
	Conns     int           // concurrent connections of the read measure
	Traders   int           // concurrent traders, and writers of the raw probe
	Customers int           // customers the traders take turns as (each may get a code once a minute)
	// CPUProfile, when set, is a file for a CPU profile of the process while goldshop serves the read.
	CPUProfile string
	// TradeProfile, when set, is a file for a CPU profile of the process while goldshop serves the trades.
	TradeProfile string
}

// report is one run's figures.
type report struct {
	Shop, Chi      readFigures
	TradesPerSec   float64
	Trades         int
	ProbePerSec    float64
	ProbeCommits   int
	ReadRatio      float64 // goldshop req/s ÷ bare chi req/s
	P99Ratio       float64 // goldshop p99 ÷ bare chi p99
	TradeRatio     float64 // verified trades/s ÷ raw commits/s
	TxPerCommit    float64 // goldshop's transactions per commit during the trades (group commit)
	ReadFailures   int
	TradeFailures  int
	FirstTradeFail string
}

func main() {
	var cfg config
	flag.DurationVar(&cfg.Duration, "duration", 5*time.Second, "how long each measure runs")
	flag.IntVar(&cfg.Conns, "conns", 64, "concurrent connections of the read measure")
	flag.IntVar(&cfg.Traders, "traders", 8, "concurrent traders, and writers of the raw SQLite probe")
	flag.IntVar(&cfg.Customers, "customers", 128, "customers the traders take turns as")
	flag.StringVar(&cfg.CPUProfile, "cpuprofile", "", "write a CPU profile of the goldshop read measure to this file")
	flag.StringVar(&cfg.TradeProfile, "tradeprofile", "", "write a CPU profile of the verified-trades measure to this file")
	flag.Parse()
	if _, err := run(context.Background(), cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadrun:", err)
		os.Exit(1)
	}
}

// run does the whole load run in a temporary folder and prints its table to out.
func run(ctx context.Context, cfg config, out io.Writer) (report, error) {
	var rep report
	// Each trader moves the shared clock a minute on per round of its customers; with fewer than four each,
	// the other traders' moves could outrun a code's two minutes between its quote and its verify.
	if cfg.Customers < 4*cfg.Traders {
		return rep, fmt.Errorf("customers (%d) must be at least 4 × traders (%d)", cfg.Customers, cfg.Traders)
	}
	dir, err := os.MkdirTemp("", "goldshop-loadrun-")
	if err != nil {
		return rep, err
	}
	defer os.RemoveAll(dir)
	shop, err := startShop(ctx, dir)
	if err != nil {
		return rep, err
	}
	defer shop.close()
	fmt.Fprintf(out, "seeding %d customers...\n", cfg.Customers)
	if err := shop.seed(ctx, cfg.Customers); err != nil {
		return rep, err
	}

	body, err := shop.myPricesBody()
	if err != nil {
		return rep, err
	}
	chi, err := startBareChi(body)
	if err != nil {
		return rep, err
	}
	defer chi.close()
	auth := "Bearer " + shop.customers[0].token
	rep.Chi = readLoad(chi.url+"/api/prices/my-prices", "", cfg.Conns, cfg.Duration)
	stop, err := startProfile(cfg.CPUProfile)
	if err != nil {
		return rep, err
	}
	rep.Shop = readLoad(shop.url+"/api/prices/my-prices", auth, cfg.Conns, cfg.Duration)
	stop()
	rep.ReadFailures = rep.Shop.Failures + rep.Chi.Failures

	// The trades and their reference run in turns, a slice each, so a change in the machine's load during
	// the run weighs on both alike.
	probeDB, err := openProbe(ctx, dir)
	if err != nil {
		return rep, err
	}
	defer probeDB.Close()
	stop, err = startProfile(cfg.TradeProfile)
	if err != nil {
		return rep, err
	}
	groups0, txs0 := shop.st.GroupCommits()
	var probe probeResult
	var tr tradeResult
	for range tradeRounds {
		p, err := rawProbe(ctx, probeDB, cfg.Traders, cfg.Duration/tradeRounds)
		if err != nil {
			stop()
			return rep, err
		}
		probe.add(p)
		tr.add(shop.tradeLoad(cfg.Traders, cfg.Duration/tradeRounds))
	}
	stop()
	groups, txs := shop.st.GroupCommits()
	rep.TxPerCommit = ratio(float64(txs-txs0), float64(groups-groups0))
	rep.ProbeCommits, rep.ProbePerSec = probe.commits, probe.perSec()
	rep.Trades, rep.TradesPerSec, rep.TradeFailures, rep.FirstTradeFail = tr.ok, tr.perSec(), tr.failed, tr.firstErr

	rep.ReadRatio = ratio(rep.Shop.PerSec, rep.Chi.PerSec)
	rep.P99Ratio = ratio(float64(rep.Shop.P99), float64(rep.Chi.P99))
	rep.TradeRatio = ratio(rep.TradesPerSec, rep.ProbePerSec)
	print(out, cfg, rep)
	return rep, nil
}

// startProfile starts a CPU profile into path ("" = none) and returns its stop.
func startProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func print(out io.Writer, cfg config, r report) {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
	fmt.Fprintf(out, "\n| measure | goldshop | reference in the same run | ratio |\n|---|---|---|---|\n")
	fmt.Fprintf(out, "| GET /api/prices/my-prices, bearer, %d conns | %.0f req/s, p50 %s, p99 %s | bare chi %.0f req/s, p50 %s, p99 %s | %.2f, p99 %.1f× |\n",
		cfg.Conns, r.Shop.PerSec, ms(r.Shop.P50), ms(r.Shop.P99), r.Chi.PerSec, ms(r.Chi.P50), ms(r.Chi.P99),
		r.ReadRatio, r.P99Ratio)
	fmt.Fprintf(out, "| verified trades/s, %d traders | %.0f/s (%d trades) | raw trade-like commits %.0f/s (%d) | %.2f |\n",
		cfg.Traders, r.TradesPerSec, r.Trades, r.ProbePerSec, r.ProbeCommits, r.TradeRatio)
	fmt.Fprintf(out, "\ngroup commit during the trades: %.1f transactions per commit\n", r.TxPerCommit)
	if r.ReadFailures > 0 || r.TradeFailures > 0 {
		fmt.Fprintf(out, "\nfailures: %d reads, %d trades (first: %s)\n", r.ReadFailures, r.TradeFailures, r.FirstTradeFail)
	}
}
