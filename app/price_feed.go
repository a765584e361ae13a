package app

import (
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"goldshop/iran"
	"goldshop/pricefeed"
	"goldshop/rules"
	"goldshop/store"
)

// priceFeedView is the owner's feed settings as GET and PUT /api/admin/price-feed answer them: the key is
// never sent back, only whether one is kept.
type priceFeedView struct {
	Enabled        bool   `json:"enabled"`
	Source         string `json:"source"`
	URL            string `json:"url"`
	DefaultURL     string `json:"default_url"`
	KeySet         bool   `json:"key_set"`
	Symbol         string `json:"symbol"`
	Path           string `json:"path"`
	Unit           string `json:"unit"`
	Per            string `json:"per"`
	TimePath       string `json:"time_path"`
	MarginPercent  string `json:"margin_percent"`
	MarginRial     int64  `json:"margin_rial"`
	RoundTo        int64  `json:"round_to"`
	Every          string `json:"every"`
	MaxStepPercent string `json:"max_step_percent"`
	MaxAge         string `json:"max_age"`
	AlertAfter     string `json:"alert_after"`
	ManualHold     string `json:"manual_hold"`
	OutsideHours   bool   `json:"outside_hours"`
}

// sourceURLs are each source's documented default call (docs/price-sources.md); json has none.
var sourceURLs = map[string]string{pricefeed.SourceBrsAPI: pricefeed.BrsAPIURL, pricefeed.SourceNavasan: pricefeed.NavasanURL,
	pricefeed.SourceTGJU: pricefeed.TGJUURL, pricefeed.SourceJSON: ""}

func viewPriceFeed(f store.PriceFeedSettings) priceFeedView {
	return priceFeedView{Enabled: f.Enabled, Source: f.Source, URL: f.URL, DefaultURL: sourceURLs[f.Source], KeySet: f.KeySet,
		Symbol: f.Symbol, Path: f.Path, Unit: f.Unit, Per: f.Per, TimePath: f.TimePath,
		MarginPercent: signedPercent(f.MarginBP), MarginRial: f.MarginRial, RoundTo: f.RoundTo, Every: f.Every.String(),
		MaxStepPercent: rules.FormatPercent(f.MaxStepBP), MaxAge: f.MaxAge.String(), AlertAfter: f.AlertAfter.String(),
		ManualHold: f.ManualHold.String(), OutsideHours: f.OutsideHours}
}

// signedPercent writes a percent that may be negative, "-1.50".
func signedPercent(bp int64) string {
	if bp < 0 {
		return "-" + rules.FormatPercent(-bp)
	}
	return rules.FormatPercent(bp)
}

// priceFeedRequest is PUT /api/admin/price-feed's body: every setting (the screen sends the whole form), and
// key only to change it ("" forgets it).
type priceFeedRequest struct {
	Enabled        bool        `json:"enabled"`
	Source         string      `json:"source"`
	URL            string      `json:"url"`
	Key            *string     `json:"key"`
	Symbol         string      `json:"symbol"`
	Path           string      `json:"path"`
	Unit           string      `json:"unit"`
	Per            string      `json:"per"`
	TimePath       string      `json:"time_path"`
	MarginPercent  string      `json:"margin_percent"`
	MarginRial     *numberText `json:"margin_rial"`
	RoundTo        *numberText `json:"round_to"`
	Every          string      `json:"every"`
	MaxStepPercent string      `json:"max_step_percent"`
	MaxAge         string      `json:"max_age"`
	AlertAfter     string      `json:"alert_after"`
	ManualHold     string      `json:"manual_hold"`
	OutsideHours   bool        `json:"outside_hours"`
}

// Defaults of the fields the owner leaves empty (issue 40).
const (
	feedEveryDefault   = 5 * time.Minute
	feedMaxAgeDefault  = 10 * time.Minute
	feedAlertDefault   = 10 * time.Minute
	feedHoldDefault    = 30 * time.Minute
	feedStepDefaultBP  = 300
	feedRoundToDefault = 10_000
	feedDurationMin    = time.Minute
	feedDurationMax    = 24 * time.Hour
	feedMarginMaxBP    = 5_000
	feedRoundToMax     = 100_000_000
	feedTextMax        = 200
)

// settings checks the request into the store's settings; an error is a 400 with its words.
func (req priceFeedRequest) settings() (store.PriceFeedSettings, error) {
	f := store.PriceFeedSettings{Enabled: req.Enabled, Source: strings.TrimSpace(req.Source), URL: strings.TrimSpace(req.URL),
		Symbol: strings.TrimSpace(req.Symbol), Path: strings.TrimSpace(req.Path), Unit: strings.TrimSpace(req.Unit),
		Per: strings.TrimSpace(req.Per), TimePath: strings.TrimSpace(req.TimePath), OutsideHours: req.OutsideHours}
	if _, ok := sourceURLs[f.Source]; !ok {
		return f, badRequest(msgFeedSource)
	}
	if f.Unit == "" {
		f.Unit = pricefeed.UnitRial
	}
	if f.Per == "" {
		f.Per = pricefeed.PerGram750
	}
	if !slices.Contains([]string{pricefeed.UnitRial, pricefeed.UnitToman}, f.Unit) ||
		!slices.Contains([]string{pricefeed.PerGram750, pricefeed.PerMithqal705}, f.Per) {
		return f, badRequest(msgFeedUnit)
	}
	if f.URL != "" {
		u, err := url.Parse(f.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || len(f.URL) > 500 {
			return f, badRequest(msgFeedURL)
		}
	}
	for _, s := range []string{f.Symbol, f.Path, f.TimePath} {
		if utf8.RuneCountInString(s) > feedTextMax || !plainText(s) {
			return f, badRequest(msgFeedText)
		}
	}
	if f.Source == pricefeed.SourceJSON && (f.URL == "" || f.Path == "") {
		return f, badRequest(msgFeedJSONFields)
	}
	var ok bool
	if f.MarginBP, ok = parseSignedPercent(req.MarginPercent); !ok || f.MarginBP < -feedMarginMaxBP || f.MarginBP > feedMarginMaxBP {
		return f, badRequest(msgFeedMargin)
	}
	if f.MarginRial, ok = parseSignedRial(req.MarginRial); !ok || f.MarginRial < -maxPricePerGramRial || f.MarginRial > maxPricePerGramRial {
		return f, badRequest(msgFeedMargin)
	}
	f.RoundTo = feedRoundToDefault
	if req.RoundTo != nil && *req.RoundTo != "" {
		if f.RoundTo, ok = rules.ParseRial(string(*req.RoundTo)); !ok || f.RoundTo < 1 || f.RoundTo > feedRoundToMax {
			return f, badRequest(msgFeedRoundTo)
		}
	}
	f.MaxStepBP = feedStepDefaultBP
	if s := strings.TrimSpace(req.MaxStepPercent); s != "" {
		if f.MaxStepBP, ok = rules.ParsePercent(s); !ok || f.MaxStepBP <= 0 {
			return f, badRequest(msgFeedStep)
		}
	}
	for _, d := range []struct {
		raw string
		def time.Duration
		dst *time.Duration
	}{{req.Every, feedEveryDefault, &f.Every}, {req.MaxAge, feedMaxAgeDefault, &f.MaxAge},
		{req.AlertAfter, feedAlertDefault, &f.AlertAfter}, {req.ManualHold, feedHoldDefault, &f.ManualHold}} {
		if *d.dst, ok = feedDuration(d.raw, d.def); !ok {
			return f, badRequest(msgFeedDurations)
		}
	}
	if req.Key != nil && (len(*req.Key) > feedTextMax || !plainText(*req.Key) || strings.ContainsAny(*req.Key, " \t\r\n")) {
		return f, badRequest(msgFeedKey)
	}
	return f, nil
}

// feedDuration reads a Go duration ("5m", "1h30m") of whole seconds between a minute and a day; "" is def.
func feedDuration(raw string, def time.Duration) (time.Duration, bool) {
	raw = strings.TrimSpace(iran.LatinDigits(raw))
	if raw == "" {
		return def, true
	}
	d, err := time.ParseDuration(raw)
	return d, err == nil && d >= feedDurationMin && d <= feedDurationMax && d%time.Second == 0
}

// parseSignedPercent reads a percent with up to two decimals that may be negative; "" is 0.
func parseSignedPercent(raw string) (int64, bool) {
	s := strings.TrimSpace(iran.LatinDigits(raw))
	if s == "" {
		return 0, true
	}
	neg := strings.HasPrefix(s, "-")
	bp, ok := rules.ParsePercent(strings.TrimPrefix(s, "-"))
	if neg {
		bp = -bp
	}
	return bp, ok
}

// parseSignedRial reads whole rials that may be negative; none is 0.
func parseSignedRial(raw *numberText) (int64, bool) {
	if raw == nil || *raw == "" {
		return 0, true
	}
	s := string(*raw)
	neg := strings.HasPrefix(s, "-")
	n, ok := rules.ParseRial(strings.TrimPrefix(s, "-"))
	if neg {
		n = -n
	}
	return n, ok
}

// feedConfig is what pricefeed fetches with: the owner's settings (an empty URL is the source's documented
// call) and the key.
func feedConfig(f store.PriceFeedSettings, key string) pricefeed.Config {
	return pricefeed.Config{Source: f.Source, URL: f.URL, Key: key, Symbol: f.Symbol, Path: f.Path, Unit: f.Unit,
		Per: f.Per, TimePath: f.TimePath}
}
