package cli

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/coreos/go-systemd/v22/daemon"
)

// notifySystemd speaks sd_notify to the service manager (install.sh's unit is Type=notify): READY=1 now, since
// serve calls it once the listeners are bound; WATCHDOG=1 at half the watchdog interval, but only after healthy
// passes, so a shop whose database stops answering is restarted instead of serving errors; STOPPING=1 as soon
// as ctx ends (SIGTERM), so systemd knows the shutdown has begun. stop ends it (sending STOPPING=1 if ctx has
// not ended yet). Without NOTIFY_SOCKET, that is when not started by systemd, it does nothing.
func notifySystemd(ctx context.Context, log *slog.Logger, healthy func(context.Context) error) (stop func()) {
	if os.Getenv("NOTIFY_SOCKET") == "" {
		return func() {}
	}
	notify := func(state string) {
		if _, err := daemon.SdNotify(false, state); err != nil {
			log.Warn("telling systemd", slog.String("state", state), slog.String("error", err.Error()))
		}
	}
	notify(daemon.SdNotifyReady)

	interval, err := daemon.SdWatchdogEnabled(false) // 0 when the unit has no WatchdogSec
	if err != nil {
		log.Warn("reading systemd's watchdog settings", slog.String("error", err.Error()))
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		var tick <-chan time.Time // nil, never firing, without a watchdog
		if interval > 0 {
			t := time.NewTicker(interval / 2)
			defer t.Stop()
			tick = t.C
		}
		for {
			select {
			case <-ctx.Done():
				notify(daemon.SdNotifyStopping)
				return
			case <-tick:
				// A probe that hangs counts as failed, before the next ping is due.
				probeCtx, cancelProbe := context.WithTimeout(ctx, interval/2)
				err := healthy(probeCtx)
				cancelProbe()
				switch {
				case err == nil:
					notify(daemon.SdNotifyWatchdog)
				case ctx.Err() == nil: // not merely cut short by the shutdown
					log.Error("health check failed, not feeding systemd's watchdog", slog.String("error", err.Error()))
				}
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}
