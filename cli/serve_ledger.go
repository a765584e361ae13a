package cli

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"goldshop/store"
)

// checkAtStart lets the shop serve only on a ledger that tells the truth, in milliseconds at any size: it
// checks what was posted after the last good full check (store.CheckRecent). With no good full check to start
// from (the first start, or after a failed one) it runs the full check before listening, as before, so a
// broken ledger never takes money until someone looks.
func checkAtStart(ctx context.Context, st *store.Store, log *slog.Logger) error {
	started := time.Now()
	rep, err := st.CheckRecent(ctx)
	full := errors.Is(err, store.ErrNoLedgerCheck)
	if full {
		log.Info("no good full ledger check to start from: running the full check before serving")
		rep, err = st.VerifyLedger(ctx, time.Now())
	}
	if err != nil {
		return fmt.Errorf("the ledger does not balance, refusing to start (run goldshop check):\n%w", err)
	}
	log.Info("ledger balances", slog.Bool("full", full), slog.Int64("journals", rep.Journals),
		slog.Int64("postings", rep.Postings), slog.Duration("took", time.Since(started)))
	return nil
}

// checkLedger runs the full ledger check in the background while the shop serves: once soon after start, then
// every interval (0: only the first). Each good one becomes the next start's starting point; a failed one is
// recorded (the next start runs the full check before listening) and sent on broken, which stops the server
// so it takes no more money. It also refreshes the planner's statistics, as SQLite advises for a long-lived
// connection.
func checkLedger(ctx context.Context, st *store.Store, log *slog.Logger, interval time.Duration, broken chan<- error) {
	wait := time.Minute // let the start's first requests (the warm-up of a restart) go first
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		started := time.Now()
		rep, err := st.VerifyLedger(ctx, started)
		if ctx.Err() != nil {
			return
		}
		if errors.Is(err, store.ErrLedgerBreach) {
			broken <- err
			return
		}
		if err != nil { // the check could not run (the disk, a lock): try again in a while
			log.Warn("full ledger check could not run", slog.String("error", err.Error()))
			wait = 10 * time.Minute
			continue
		}
		log.Info("full ledger check", slog.Int64("journals", rep.Journals), slog.Int64("postings", rep.Postings),
			slog.Duration("took", time.Since(started)))
		if err := st.Optimize(ctx); err != nil {
			log.Warn("optimize", slog.String("error", err.Error()))
		}
		if interval <= 0 {
			return
		}
		wait = interval
	}
}
