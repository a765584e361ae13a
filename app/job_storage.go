package app

import (
	"context"
	"log/slog"
	"time"

	"goldshop/store"
)

// storageNoticeEvery is how often an owner is texted while the storage stays low or full.
const storageNoticeEvery = 24 * time.Hour

// runStorageWatch looks at the storage every interval: a change of level is logged, and while it is low or
// full every owner is texted once a day (through the outbox, as any notice).
func (a *App) runStorageWatch(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	last := storageOK
	for {
		last = a.watchStorage(ctx, last)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// watchStorage is one look: it returns the level it saw.
func (a *App) watchStorage(ctx context.Context, last string) string {
	level := a.storageLevel()
	if level != last {
		log := a.log.Info
		if level != storageOK {
			log = a.log.Warn
		}
		log("storage level", slog.String("level", level), slog.String("was", last))
	}
	if level == storageOK {
		return level
	}
	now := a.now()
	told, err := a.store.NotifyOwnersOnce(ctx, store.NoteStorageLow, level, now.Add(-storageNoticeEvery), now)
	switch {
	case err != nil && ctx.Err() == nil:
		a.log.Error("storage notice", slog.String("error", err.Error()))
	case told > 0:
		a.nudgeSMS()
	}
	return level
}
