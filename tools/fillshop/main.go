// Command fillshop fills a data folder with a large shop through the store's own rules: customers signed up,
// charged at the counter, buying and selling at quoted prices, depositing by receipt and withdrawing to their
// cards, every movement posted by the store's own code (so `goldshop check` proves the result). The load run
// and the large-shop benchmarks use it.
//
//	go run ./tools/fillshop --data /tmp/bigshop                      # the size: 2,000 customers, ~277k journals
//	go run ./tools/fillshop --data /tmp/smallshop --customers 20 --journals 2000 --heavy 300
//
// The data folder must not hold a shop yet. The movements are spread over the year before today, so nothing
// is posted today.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"goldshop/store"
)

// size is how big a shop to make.
type size struct {
	customers int // customers besides the owner
	journals  int // journals to post, about
	heavy     int // statement entries of the first customer, the one with a long statement
}

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "fillshop:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("fillshop", flag.ContinueOnError)
	dataDir := fs.String("data", "", "data folder to fill (created; must not hold a shop yet)")
	var sz size
	fs.IntVar(&sz.customers, "customers", 2000, "customers")
	fs.IntVar(&sz.journals, "journals", 277000, "journals to post, about")
	fs.IntVar(&sz.heavy, "heavy", 10000, "statement entries of the first customer")
	seed := fs.Uint64("seed", 16, "random seed (the same seed makes the same shop)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dataDir == "" {
		return fmt.Errorf("--data is required")
	}
	if sz.customers < 1 || sz.journals < sz.customers || sz.heavy > sz.journals {
		return fmt.Errorf("need at least one customer and one journal per customer, and --heavy within --journals")
	}
	start := time.Now()
	rep, err := Fill(ctx, *dataDir, sz, *seed)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "filled %s: %d customers, %d journals, %d postings in %s\n", *dataDir, sz.customers,
		rep.Journals, rep.Postings, time.Since(start).Round(time.Second))
	return nil
}

// Fill makes a shop of size sz in dataDir and returns what the ledger check counted on it.
func Fill(ctx context.Context, dataDir string, sz size, seed uint64) (store.LedgerReport, error) {
	path := filepath.Join(dataDir, "goldshop.db")
	if _, err := os.Stat(path); err == nil {
		return store.LedgerReport{}, fmt.Errorf("%s already holds a shop", dataDir)
	}
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return store.LedgerReport{}, err
	}
	st, err := store.Open(ctx, path)
	if err != nil {
		return store.LedgerReport{}, err
	}
	defer st.Close()
	// A generated shop needs no power-cut safety while it is made: the one writer connection skips its
	// fsyncs. Every movement still goes through the store's transactions and posting code.
	if _, err := st.WriteDB().ExecContext(ctx, `PRAGMA synchronous = OFF`); err != nil {
		return store.LedgerReport{}, err
	}
	f := &filler{st: st, ctx: ctx, rnd: rand.New(rand.NewPCG(seed, 16)), sz: sz}
	if err := f.fill(); err != nil {
		return store.LedgerReport{}, err
	}
	if _, err := st.WriteDB().ExecContext(ctx, `PRAGMA synchronous = FULL`); err != nil {
		return store.LedgerReport{}, err
	}
	if _, err := st.WriteDB().ExecContext(ctx, `PRAGMA optimize`); err != nil {
		return store.LedgerReport{}, err
	}
	return st.CheckInvariants(ctx)
}
