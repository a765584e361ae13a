// Command loadrun measures goldshop's two hot paths on loopback against references in the same run, so the
// ratios hold whatever the machine, with every load driven from a process other than the shop's:
//
//   - GET /api/prices/my-prices with a bearer token, driven by wrk (Debian's `wrk` package, a C load
//     generator), against a bare go-chi handler serving the same JSON bytes from a process of its own;
//   - verified trades (buy quote, the code read from the console SMS line on the shop's standard error,
//     verify), driven by this process's client at 8 and at 32 traders, against raw SQLite commits of a trade's
//     shape (BEGIN IMMEDIATE, 1 read, 2 inserts, 2 updates, WAL, synchronous=FULL) from as many writers,
//     against raw commits of a verified trade's own rows on a copy of the shop's database (trade_probe.go),
//     against a lean double-entry ledger committing a trade's whole footprint once a trade (lean_probe.go),
//     and against the empty trade, the same client trading with a process that only answers on the wire
//     (emptytrade.go).
//
// The shop is the real binary (built from this tree, or -bin) on a temporary data folder:
// `go run ./tools/loadrun -duration 5s`.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// tradeRounds is how many turns the trades and the raw probe take at each number of traders.
const tradeRounds = 5

// config is what one run measures and for how long.
type config struct {
	Bin       string        // the goldshop binary; "" = $GOLDSHOP_BIN, or a build of this tree
	Duration  time.Duration // each measure runs this long (split into turns)
	Conns     int           // wrk's connections for the read
	Threads   int           // wrk's threads
	Traders   []int         // concurrent traders of each trade measure, and writers of its raw probe
	Customers int           // customers the traders take turns as
	Keep      string        // a folder to run in and keep afterwards (the shop's data under shop/); "" = a temporary one
	// CPUProfile and TradeProfile, when set, are files for CPU profiles of the shop while it serves the read,
	// and the trades at the first number of traders (from its --debug-addr).
	CPUProfile, TradeProfile string
}

// report is one run's figures.
type report struct {
	Shop, Chi readFigures
	ReadRatio float64 // goldshop req/s ÷ bare chi req/s
	P99Ratio  float64 // goldshop p99 ÷ bare chi p99
	Trades    []tradeFigures
}

// tradeFigures are one number of traders' trades against its raw probe.
type tradeFigures struct {
	Traders     int
	Trades      tradeResult
	Probe       probeResult
	Empty       tradeResult // the same trades against the empty trade (emptytrade.go)
	TradeProbe  probeResult // raw commits of a verified trade's own rows (trade_probe.go)
	TradeRatio  float64     // verified trades/s ÷ the trade probe's commits/s
	Lean        probeResult // a lean ledger's commits of a trade's whole footprint (lean_probe.go)
	LeanRatio   float64     // verified trades/s ÷ the lean probe's commits/s
	Ratio       float64     // verified trades/s ÷ raw commits/s
	Ceiling     float64     // empty trades/s ÷ raw commits/s: the most Ratio can be on this machine
	TxPerCommit float64     // the shop's transactions per commit (group commit), from its counters
	Writer      writer      // the shop's writer meanwhile (the trades' turns and the probe's)
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == bareChiCommand {
		if err := serveBareChi(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "loadrun bare chi:", err)
			os.Exit(1)
		}
		return
	}
	var cfg config
	var traders string
	flag.StringVar(&cfg.Bin, "bin", os.Getenv("GOLDSHOP_BIN"), "the goldshop binary (default $GOLDSHOP_BIN, else a build of this tree)")
	flag.DurationVar(&cfg.Duration, "duration", 5*time.Second, "how long each measure runs")
	flag.IntVar(&cfg.Conns, "conns", 64, "wrk's connections for the read")
	flag.IntVar(&cfg.Threads, "threads", 2, "wrk's threads")
	flag.StringVar(&traders, "traders", "8,32", "numbers of concurrent traders, one trade measure each (\"\": the read only)")
	flag.IntVar(&cfg.Customers, "customers", 512, "customers the traders take turns as (each gets 100 trade codes a day)")
	flag.StringVar(&cfg.CPUProfile, "cpuprofile", "", "write a CPU profile of the shop serving the read to this file")
	flag.StringVar(&cfg.Keep, "keep", "", "run in this empty folder and keep it (the shop's data folder is its shop/)")
	flag.StringVar(&cfg.TradeProfile, "tradeprofile", "", "write a CPU profile of the shop serving the first trade measure to this file")
	flag.Parse()
	var err error
	if cfg.Traders, err = parseCounts(traders); err != nil {
		fmt.Fprintln(os.Stderr, "loadrun: -traders:", err)
		os.Exit(2)
	}
	if _, err := run(context.Background(), cfg, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadrun:", err)
		os.Exit(1)
	}
}

func parseCounts(s string) ([]int, error) {
	var out []int
	if strings.TrimSpace(s) == "" {
		return nil, nil // the read only
	}
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive count", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// run does the whole load run in a temporary folder and prints its table to out.
func run(ctx context.Context, cfg config, out io.Writer) (report, error) {
	var rep report
	wrk, err := findWrk()
	if err != nil {
		return rep, err
	}
	dir := cfg.Keep
	if dir == "" {
		if dir, err = os.MkdirTemp("", "goldshop-loadrun-"); err != nil {
			return rep, err
		}
		defer os.RemoveAll(dir)
	}
	if cfg.Bin == "" {
		fmt.Fprintln(out, "building goldshop...")
		if cfg.Bin, err = buildShop(ctx, dir); err != nil {
			return rep, err
		}
	}
	shop, err := startShop(ctx, cfg.Bin, dir)
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
	chi, err := startBareChi(body, dir)
	if err != nil {
		return rep, err
	}
	defer chi.close()
	fmt.Fprintln(out, "reads...")
	if rep.Shop, rep.Chi, err = compareReads(ctx, wrk, cfg, shop, chi.url); err != nil {
		return rep, err
	}
	rep.ReadRatio = ratio(rep.Shop.PerSec, rep.Chi.PerSec)
	rep.P99Ratio = ratio(float64(rep.Shop.P99), float64(rep.Chi.P99))

	empty := chi.emptyShop(shop.customers)
	probeDB, err := openProbe(ctx, dir)
	if err != nil {
		return rep, err
	}
	defer probeDB.Close()
	tp, err := openTradeProbe(ctx, filepath.Join(shop.data, "goldshop.db"), dir)
	if err != nil {
		return rep, err
	}
	defer tp.close()
	lean, err := openLeanProbe(ctx, dir)
	if err != nil {
		return rep, err
	}
	defer lean.close()
	for i, traders := range cfg.Traders {
		fmt.Fprintf(out, "trades, %d traders...\n", traders)
		profile := ""
		if i == 0 {
			profile = cfg.TradeProfile
		}
		f, err := compareTrades(ctx, cfg, shop, empty, probes{probeDB, tp, lean}, traders, profile)
		if err != nil {
			return rep, err
		}
		rep.Trades = append(rep.Trades, f)
	}
	print(out, cfg, rep)
	return rep, nil
}

// compareReads runs wrk against the bare handler and the shop in turns (chi, shop, shop, chi), so a change in
// the machine's load weighs on both alike, and sums each side's turns.
func compareReads(ctx context.Context, wrk string, cfg config, shop *shop, chiURL string) (readFigures, readFigures, error) {
	var s, c readFigures
	turn := cfg.Duration / 2
	auth := "Bearer " + shop.customers[0].token
	for _, shopTurn := range []bool{false, true, true, false} {
		if !shopTurn {
			f, err := runWrk(ctx, wrk, chiURL+"/api/prices/my-prices", "", cfg, turn)
			if err != nil {
				return s, c, err
			}
			c.add(f)
			continue
		}
		stop := shop.profile(cfg.CPUProfile, turn)
		f, err := runWrk(ctx, wrk, shop.url+"/api/prices/my-prices", auth, cfg, turn)
		stop()
		cfg.CPUProfile = "" // the first shop turn only
		if err != nil {
			return s, c, err
		}
		s.add(f)
	}
	return s.done(), c.done(), nil
}

// probes are the trades' three raw references.
type probes struct {
	raw   *sql.DB
	trade *tradeProbe
	lean  *leanProbe
}

// compareTrades runs the trades and their raw probes in turns, a slice each, at one number of traders.
func compareTrades(ctx context.Context, cfg config, shop, empty *shop, ps probes, traders int,
	profile string) (tradeFigures, error) {
	f := tradeFigures{Traders: traders}
	before, err := shop.writer()
	if err != nil {
		return f, err
	}
	slice := cfg.Duration / tradeRounds
	for round := range tradeRounds {
		p, err := rawProbe(ctx, ps.raw, traders, slice)
		if err != nil {
			return f, err
		}
		f.Probe.add(p)
		if p, err = ps.trade.run(ctx, traders, slice); err != nil {
			return f, fmt.Errorf("trade probe: %w", err)
		}
		f.TradeProbe.add(p)
		if p, err = ps.lean.run(ctx, traders, slice); err != nil {
			return f, fmt.Errorf("lean probe: %w", err)
		}
		f.Lean.add(p)
		f.Empty.add(empty.tradeLoad(traders, slice))
		stop := func() {}
		if round == 0 {
			stop = shop.profile(profile, slice)
		}
		f.Trades.add(shop.tradeLoad(traders, slice))
		stop()
	}
	after, err := shop.writer()
	if err != nil {
		return f, err
	}
	f.Writer = after.minus(before)
	f.TxPerCommit = ratio(float64(f.Writer.Transactions), float64(f.Writer.Groups))
	f.Ratio = ratio(f.Trades.perSec(), f.Probe.perSec())
	f.Ceiling = ratio(f.Empty.perSec(), f.Probe.perSec())
	f.TradeRatio = ratio(f.Trades.perSec(), f.TradeProbe.perSec())
	f.LeanRatio = ratio(f.Trades.perSec(), f.Lean.perSec())
	return f, nil
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
	fmt.Fprintf(out, "| GET /api/prices/my-prices, bearer, wrk -t%d -c%d | %.0f req/s, p50 %s, p99 %s | bare chi %.0f req/s, p50 %s, p99 %s | %.2f, p99 %.1f× |\n",
		cfg.Threads, cfg.Conns, r.Shop.PerSec, ms(r.Shop.P50), ms(r.Shop.P99), r.Chi.PerSec, ms(r.Chi.P50), ms(r.Chi.P99),
		r.ReadRatio, r.P99Ratio)
	for _, t := range r.Trades {
		fmt.Fprintf(out, "| verified trades/s, %d traders | %.0f/s (%d trades) | raw trade-like commits %.0f/s (%d) | %.2f |\n",
			t.Traders, t.Trades.perSec(), t.Trades.ok, t.Probe.perSec(), t.Probe.commits, t.Ratio)
		fmt.Fprintf(out, "| verified trades/s, %d traders | %.0f/s | raw commits of a verified trade's own rows %.0f/s (%d) | %.2f |\n",
			t.Traders, t.Trades.perSec(), t.TradeProbe.perSec(), t.TradeProbe.commits, t.TradeRatio)
		fmt.Fprintf(out, "| verified trades/s, %d traders | %.0f/s | a lean ledger's commits of a trade's whole footprint %.0f/s (%d) | %.2f |\n",
			t.Traders, t.Trades.perSec(), t.Lean.perSec(), t.Lean.commits, t.LeanRatio)
		fmt.Fprintf(out, "| the empty trade's ceiling, %d traders | empty trades %.0f/s (%d) | raw trade-like commits | %.2f |\n",
			t.Traders, t.Empty.perSec(), t.Empty.ok, t.Ceiling)
	}
	fmt.Fprintln(out)
	for _, t := range r.Trades {
		q, v := t.Trades.quotes.summary(), t.Trades.verifies.summary()
		cores := func(d time.Duration) float64 { return ratio(d.Seconds(), t.Trades.elapsed.Seconds()) }
		fmt.Fprintf(out, "%d traders: quote p50 %s p99 %s, verify p50 %s p99 %s; raw commit p50 %s p99 %s; %.1f transactions per commit;\n"+
			"  cores busy: shop %.2f, trade client %.2f; the shop's writer busy %.0f %% of the trades' time (committing %.0f %%), %.0f µs a trade;\n"+
			"  %.0f commits/s, %.1f trades a commit, %.0f log fsyncs/s, %.1f trades a fsync, %.1f groups a log fsync, the syncer busy %.0f %%\n",
			t.Traders, ms(q.P50), ms(q.P99), ms(v.P50), ms(v.P99), ms(t.Probe.latency.summary().P50),
			ms(t.Probe.latency.summary().P99), t.TxPerCommit, cores(t.Trades.shopCPU), cores(t.Trades.clientCPU),
			100*cores(t.Writer.Busy), 100*cores(t.Writer.Committing),
			ratio(float64(t.Writer.Busy.Microseconds()), float64(t.Trades.ok)),
			ratio(float64(t.Writer.Groups), t.Trades.elapsed.Seconds()), ratio(float64(t.Trades.ok), float64(t.Writer.Groups)),
			ratio(float64(t.Writer.Fsyncs), t.Trades.elapsed.Seconds()), ratio(float64(t.Trades.ok), float64(t.Writer.Fsyncs)),
			ratio(float64(t.Writer.Groups), float64(t.Writer.Fsyncs)), 100*cores(t.Writer.Syncing))
	}
	for _, t := range r.Trades {
		if t.Trades.failed > 0 {
			fmt.Fprintf(out, "\n%d traders: %d trades failed (first: %s)\n", t.Traders, t.Trades.failed, t.Trades.firstErr)
		}
		if t.Empty.failed > 0 {
			fmt.Fprintf(out, "\n%d traders: %d empty trades failed (first: %s)\n", t.Traders, t.Empty.failed, t.Empty.firstErr)
		}
	}
	if r.Shop.Failures > 0 || r.Chi.Failures > 0 {
		fmt.Fprintf(out, "\nread failures: %d goldshop, %d bare chi\n", r.Shop.Failures, r.Chi.Failures)
	}
}
