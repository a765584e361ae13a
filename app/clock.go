package app

import (
	"log/slog"
	"net/http"
	"sync"
	"time"
)

// SteadyClock is the shop's clock (issue 28): the wall clock, never going backwards. A wall clock stepped
// back (a bad time server, a hand-set date) would otherwise stretch the life of codes, quotes and tokens and
// run journal times backwards. Stepped back, the shop's clock goes on from where it was at the pace of the
// monotonic clock until the wall clock catches up; a step of more than a minute is logged and shown to the
// owner. A step forward is taken as it comes: the wall clock was behind.
type SteadyClock struct {
	wall func() time.Time     // the wall clock alone
	mono func() time.Duration // a monotonic clock
	log  *slog.Logger

	mu        sync.Mutex
	last      time.Time     // the last time answered
	lastMono  time.Duration // the monotonic reading then
	stepAt    time.Time     // when (on the shop's clock) the wall clock was last seen a minute or more behind
	stepBy    time.Duration // how far behind it was then
	stepNoted bool          // that step is logged
}

// clockStepNoticed is how far back the wall clock must step before the owner is warned.
const clockStepNoticed = time.Minute

// NewSteadyClock is the shop's clock over the machine's wall and monotonic clocks.
func NewSteadyClock(log *slog.Logger) *SteadyClock {
	start := time.Now()
	return newSteadyClock(func() time.Time { return time.Now().Round(0) }, func() time.Duration { return time.Since(start) }, log)
}

func newSteadyClock(wall func() time.Time, mono func() time.Duration, log *slog.Logger) *SteadyClock {
	return &SteadyClock{wall: wall, mono: mono, log: log}
}

// Now is the shop's time.
func (c *SteadyClock) Now() time.Time {
	wall, mono := c.wall(), c.mono()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last.IsZero() {
		c.last, c.lastMono = wall, mono
		return wall
	}
	steady := c.last.Add(mono - c.lastMono)
	now := wall
	if behind := steady.Sub(wall); behind > 0 {
		now = steady
		if behind >= clockStepNoticed {
			if !c.stepNoted || behind > c.stepBy+clockStepNoticed {
				c.log.Warn("the wall clock stepped back; the shop's clock goes on from where it was",
					slog.Duration("behind", behind.Round(time.Second)), slog.Time("wall", wall), slog.Time("shop", steady))
				c.stepNoted = true
			}
			c.stepAt, c.stepBy = steady, behind
		}
	} else {
		c.stepNoted = false
	}
	c.last, c.lastMono = now, mono
	return now
}

// step is the last step back seen: when, and how far behind the wall clock was (zero: none).
func (c *SteadyClock) step() (time.Time, time.Duration, time.Duration) {
	wall := c.wall()
	now := c.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stepAt, c.stepBy, max(now.Sub(wall), 0)
}

// clockAlertFor is how long the panel warns of a step back after it was seen.
const clockAlertFor = 24 * time.Hour

// adminClock answers GET /api/admin/clock (owner and staff): the shop's time, how far the wall clock is
// behind it now, the last step back seen, and alert while that was within a day.
func (a *App) adminClock(w http.ResponseWriter, r *http.Request) error {
	out := map[string]any{"now": a.now().UTC(), "behind_seconds": 0, "stepped_back_at": nil, "stepped_back_seconds": 0,
		"alert": false}
	if a.clock != nil {
		at, by, behind := a.clock.step()
		out["behind_seconds"] = int64(behind.Seconds())
		if !at.IsZero() {
			out["stepped_back_at"], out["stepped_back_seconds"] = at.UTC(), int64(by.Seconds())
			out["alert"] = a.now().Sub(at) < clockAlertFor
		}
	}
	return okJSON(w, out)
}
