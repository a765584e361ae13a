package app

import (
	"context"
	"log/slog"
	"time"
)

// runJanitor prunes expired codes, tokens, sessions and rate-limit hits every interval until ctx ends.
func (a *App) runJanitor(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if err := a.store.Prune(ctx, a.now()); err != nil && ctx.Err() == nil {
			a.log.Error("prune", slog.String("error", err.Error()))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
