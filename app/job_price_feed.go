package app

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"goldshop/pricefeed"
	"goldshop/store"
)

// The price feed's job (issue 40): with the feed on, it reads the owner's source every `every` (sooner again
// after a failure, by pricefeed.Backoff), puts the owner's margin on it and applies the base, unless a guard
// holds or refuses it: a jump past max_step_percent is held for the owner, a value too old or from the
// future is refused, and so is a source that fails; after alert_after of failing the owners are texted once.
// Outside both sides' trading hours nothing is applied unless the owner chose so, and a hand price pauses the
// feed for manual_hold. With the feed off it calls no host.

// feedFetchTimeout bounds one fetch: a source that hangs is a failure, not a stuck job.
const feedFetchTimeout = 5 * time.Second

// feedOffLook is how often the job looks at the settings while the feed is off or paused (a PUT wakes it).
const feedOffLook = time.Minute

// feedClient fetches from the owner's source: no cookies, no redirects to follow past three.
var feedClient = &http.Client{Timeout: feedFetchTimeout, CheckRedirect: func(req *http.Request, via []*http.Request) error {
	if len(via) >= 3 {
		return http.ErrUseLastResponse
	}
	return nil
}}

// runPriceFeed runs the feed until ctx ends.
func (a *App) runPriceFeed(ctx context.Context) {
	failures := 0
	for {
		wait := feedOffLook
		switch outcome, every := a.feedOnce(ctx); outcome {
		case feedFailed:
			failures++
			wait = pricefeed.Backoff(failures, every)
		case feedRead:
			failures, wait = 0, every
		}
		select {
		case <-ctx.Done():
			return
		case <-a.feedWake:
			failures = 0
		case <-time.After(wait):
		}
	}
}

// wakeFeed makes the job look again now (the owner changed its settings).
func (a *App) wakeFeed() {
	select {
	case a.feedWake <- struct{}{}:
	default:
	}
}

// feedOutcome is what one turn of the job did.
type feedOutcome int

const (
	feedIdle   feedOutcome = iota // off, paused, outside the hours: nothing fetched
	feedRead                      // a value was read: applied or held
	feedFailed                    // nothing to apply: the source failed, or its value was refused
)

// feedTurn is one fetch judged: what it read, the base it makes, the guard's verdict, or why it failed.
type feedTurn struct {
	reading store.FeedReading
	verdict pricefeed.Verdict
	why     string // the owner's words when verdict is not Apply or Held ("" for those)
	err     error  // a failure of ours (the store), not the source's
}

// feedOnce is one turn of the job, and the feed's every.
func (a *App) feedOnce(ctx context.Context) (feedOutcome, time.Duration) {
	f, st, err := a.store.PriceFeed(ctx)
	if err != nil || !f.Enabled {
		return feedIdle, feedOffLook
	}
	now := a.now()
	if now.Before(st.PausedUntil) {
		return feedIdle, f.Every
	}
	terms, err := a.store.TradingTermsOfGrade(ctx, 1)
	if err != nil {
		return feedIdle, f.Every
	}
	if !f.OutsideHours && !terms.Settings.Hours(store.EntryBuy).Open(now) && !terms.Settings.Hours(store.EntrySell).Open(now) {
		return feedIdle, f.Every
	}
	t := a.feedFetch(ctx, f, terms, now)
	if t.err != nil {
		a.log.Error("price feed", slog.String("error", t.err.Error()))
		return feedFailed, f.Every
	}
	switch t.verdict {
	case pricefeed.Apply:
		err = a.store.FeedApply(ctx, t.reading, now)
	case pricefeed.Held:
		err = a.store.FeedHold(ctx, t.reading, now)
	default:
		var read *store.FeedReading
		if t.reading.Value > 0 {
			read = &t.reading
		}
		var alert bool
		if alert, err = a.store.FeedFailed(ctx, t.why, read, f.AlertAfter, now); err == nil && alert {
			_, err = a.store.NotifyOwnersOnce(ctx, store.NotePriceFeedFailing, "", now.Add(-f.AlertAfter), now)
			a.nudgeSMS()
		}
		if err != nil {
			a.log.Error("price feed", slog.String("error", err.Error()))
		}
		return feedFailed, f.Every
	}
	if err != nil {
		a.log.Error("price feed", slog.String("error", err.Error()))
		return feedFailed, f.Every
	}
	return feedRead, f.Every
}

// feedFetch reads the source once and judges its value against the base price in terms; nothing is written.
func (a *App) feedFetch(ctx context.Context, f store.PriceFeedSettings, terms store.TradingTerms, now time.Time) feedTurn {
	key, err := a.store.PriceFeedKey(ctx)
	switch {
	case errors.Is(err, store.ErrFactorSealedElsewhere), errors.Is(err, store.ErrNoFactorKey):
		return feedTurn{why: msgFeedKeyLost}
	case err != nil:
		return feedTurn{err: err}
	}
	fetchCtx, cancel := context.WithTimeout(ctx, feedFetchTimeout)
	defer cancel()
	r, err := pricefeed.Fetch(fetchCtx, feedClient, feedConfig(f, key))
	if err != nil {
		return feedTurn{why: feedFailureWords(err)}
	}
	t := feedTurn{reading: store.FeedReading{Source: f.Source, Value: r.Rial, At: r.At}}
	if t.reading.Base, err = pricefeed.Base(r.Rial, f.MarginBP, f.MarginRial, f.RoundTo); err != nil {
		t.why = msgFeedBase // no verdict: a failure
		return t
	}
	var last int64
	if terms.HasBase {
		last = terms.Base.PricePerGramRial
	}
	switch t.verdict = pricefeed.Judge(r, now, last, t.reading.Base, f.MaxStepBP, f.MaxAge); t.verdict {
	case pricefeed.Stale:
		t.why = msgFeedStale
	case pricefeed.Future:
		t.why = msgFeedFuture
	}
	return t
}

// feedFailureWords says why a fetch failed, in the owner's words; never the source's text or the key.
func feedFailureWords(err error) string {
	for _, w := range []struct {
		kind  error
		words string
	}{{pricefeed.ErrTimeout, msgFeedTimeout}, {pricefeed.ErrRequest, msgFeedRequest}, {pricefeed.ErrStatus, msgFeedStatus},
		{pricefeed.ErrTooLarge, msgFeedTooLarge}, {pricefeed.ErrNotJSON, msgFeedNotJSON}, {pricefeed.ErrMissing, msgFeedMissing},
		{pricefeed.ErrNotPositive, msgFeedNotPositive}, {pricefeed.ErrUnit, msgFeedBadUnit}, {pricefeed.ErrBadTime, msgFeedBadTime}} {
		if errors.Is(err, w.kind) {
			return w.words
		}
	}
	return msgFeedConfig
}
