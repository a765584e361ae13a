package app

import (
	"errors"
	"net/http"
	"time"

	"goldshop/pricefeed"
	"goldshop/rules"
	"goldshop/store"
)

// priceFeedGet is GET /api/admin/price-feed: the owner's settings, the key only as key_set.
func (a *App) priceFeedGet(w http.ResponseWriter, r *http.Request) error {
	f, _, err := a.store.PriceFeed(r.Context())
	if err != nil {
		return err
	}
	return okJSON(w, viewPriceFeed(f))
}

// priceFeedPut is PUT /api/admin/price-feed: the whole form; a feed turned on fetches at once.
func (a *App) priceFeedPut(w http.ResponseWriter, r *http.Request) error {
	var req priceFeedRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	f, err := req.settings()
	if err != nil {
		return err
	}
	err = a.store.SavePriceFeed(r.Context(), caller(r).User.ID, f, req.Key, a.now())
	if errors.Is(err, store.ErrNoFactorKey) {
		return conflict(msgFeedNoFactorKey)
	}
	if err != nil {
		return err
	}
	a.wakeFeed()
	saved, _, err := a.store.PriceFeed(r.Context())
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgFeedSaved, "feed": viewPriceFeed(saved)})
}

// Feed states, as the status says them.
const (
	feedOff     = "off"
	feedOK      = "ok"
	feedHeld    = "held"
	feedFailing = "failing"
	feedStale   = "stale"
)

type feedHeldView struct {
	Base    string    `json:"base"`
	Value   string    `json:"value"`
	ValueAt time.Time `json:"value_at"`
}

type feedStatusView struct {
	State        string        `json:"state"`
	LastValue    *string       `json:"last_value"`
	LastValueAt  *time.Time    `json:"last_value_at"`
	LastFetchAt  *time.Time    `json:"last_fetch_at"`
	AppliedPrice *string       `json:"applied_price"`
	AppliedAt    *time.Time    `json:"applied_at"`
	AppliedBy    string        `json:"applied_by"` // manual, or the source
	Held         *feedHeldView `json:"held"`
	LastError    string        `json:"last_error"`
	FailingSince *time.Time    `json:"failing_since"`
	PausedUntil  *time.Time    `json:"paused_until"`
}

// optionalTime is nil for the zero time.
func optionalTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// priceFeedStatus is GET /api/admin/price-feed/status: what the feed last did, beside the shop's price.
func (a *App) priceFeedStatus(w http.ResponseWriter, r *http.Request) error {
	ctx, now := r.Context(), a.now()
	f, st, err := a.store.PriceFeed(ctx)
	if err != nil {
		return err
	}
	terms, err := a.store.TradingTermsOfGrade(ctx, 1)
	if err != nil {
		return err
	}
	v := feedStatusView{State: feedOK, LastValueAt: optionalTime(st.LastValueAt), LastFetchAt: optionalTime(st.LastFetchAt),
		LastError: st.LastError, FailingSince: optionalTime(st.FailingSince)}
	if now.Before(st.PausedUntil) {
		v.PausedUntil = &st.PausedUntil
	}
	if st.LastValue > 0 {
		s := rules.FormatRial(st.LastValue)
		v.LastValue = &s
	}
	if terms.HasBase {
		s := rules.FormatRial(terms.Base.PricePerGramRial)
		v.AppliedPrice, v.AppliedAt, v.AppliedBy = &s, &terms.Base.At, terms.Base.Source
	}
	if st.HeldBase > 0 {
		v.Held = &feedHeldView{Base: rules.FormatRial(st.HeldBase), Value: rules.FormatRial(st.HeldValue), ValueAt: st.HeldValueAt}
	}
	switch {
	case !f.Enabled:
		v.State = feedOff
	case v.Held != nil:
		v.State = feedHeld
	case !st.FailingSince.IsZero():
		v.State = feedFailing
	case !terms.Fresh(now):
		v.State = feedStale
	}
	return okJSON(w, v)
}

// priceFeedApply is POST /api/admin/price-feed/apply: the held value becomes the base price, on the owner's word.
func (a *App) priceFeedApply(w http.ResponseWriter, r *http.Request) error {
	p, err := a.store.ApplyHeld(r.Context(), caller(r).User.ID, a.now())
	if errors.Is(err, store.ErrNothingHeld) {
		return conflict(msgFeedNothingHeld)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgFeedApplied, "price": rules.FormatRial(p.PricePerGramRial)})
}

// priceFeedKeep is POST /api/admin/price-feed/keep: the owner keeps the price; the held value is dropped.
func (a *App) priceFeedKeep(w http.ResponseWriter, r *http.Request) error {
	err := a.store.KeepPrice(r.Context(), caller(r).User.ID, a.now())
	if errors.Is(err, store.ErrNothingHeld) {
		return conflict(msgFeedNothingHeld)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgFeedKept})
}

// priceFeedResume is POST /api/admin/price-feed/resume: a hand price's pause ends now.
func (a *App) priceFeedResume(w http.ResponseWriter, r *http.Request) error {
	if err := a.store.ResumeFeed(r.Context(), caller(r).User.ID, a.now()); err != nil {
		return err
	}
	a.wakeFeed()
	return okJSON(w, map[string]any{"message": msgFeedResumed})
}

// priceFeedTest is POST /api/admin/price-feed/test: one fetch with the saved settings, what it would apply
// and why, applying nothing.
func (a *App) priceFeedTest(w http.ResponseWriter, r *http.Request) error {
	ctx, now := r.Context(), a.now()
	f, _, err := a.store.PriceFeed(ctx)
	if err != nil {
		return err
	}
	terms, err := a.store.TradingTermsOfGrade(ctx, 1)
	if err != nil {
		return err
	}
	t := a.feedFetch(ctx, f, terms, now)
	if t.err != nil {
		return t.err
	}
	out := map[string]any{"verdict": string(t.verdict), "message": t.why, "value": nil, "value_at": nil, "base": nil}
	if t.verdict == pricefeed.Held {
		out["message"] = msgFeedHeldNote
	}
	if t.reading.Value > 0 {
		out["value"], out["value_at"] = rules.FormatRial(t.reading.Value), t.reading.At
	}
	if t.reading.Base > 0 {
		out["base"] = rules.FormatRial(t.reading.Base)
	}
	if t.verdict == "" {
		out["verdict"] = "failed"
	}
	return okJSON(w, out)
}
