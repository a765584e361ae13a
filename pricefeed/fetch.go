// Package pricefeed reads the day price from a market price source: one GET, one value, normalised to
// rial per gram of 750 gold and stamped with the source's own time, plus the pure decisions that guard
// applying it (Base, Judge, Backoff). It knows no store, no settings and no handler; the caller schedules
// it and applies what Judge allows. docs/price-sources.md says what each source sends and how we know.
package pricefeed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Config names one source and how to read it. Only Source is required for brsapi, navasan and tgju;
// the json source also needs URL, Path, Unit and TimePath.
type Config struct {
	Source   string // SourceBrsAPI, SourceNavasan, SourceTGJU or SourceJSON
	URL      string // empty: the source's documented URL (BrsAPIURL, NavasanURL, TGJUURL)
	Key      string // sent where the source documents it; never written into an error
	Symbol   string // the item: brsapi symbol, navasan or tgju key (defaults IR_GOLD_18K, 18ayar, geram18)
	Path     string // json: dotted path to the number, e.g. "data.items.0.price"
	Unit     string // json: UnitRial or UnitToman (the other sources' units are fixed, see docs)
	Per      string // what the number prices: PerGram750 (default) or PerMithqal705
	TimePath string // json: dotted path to the source's time
}

// Reading is one value from a source: rial per gram of 750 gold, and the time the source gives for it.
type Reading struct {
	Rial int64
	At   time.Time
}

// Every refusal wraps exactly one of these, so a caller can tell them apart with errors.Is.
var (
	ErrConfig      = errors.New("pricefeed: bad configuration")
	ErrRequest     = errors.New("pricefeed: request failed")
	ErrTimeout     = errors.New("pricefeed: no answer in time")
	ErrStatus      = errors.New("pricefeed: HTTP status not 2xx")
	ErrTooLarge    = errors.New("pricefeed: body too large")
	ErrNotJSON     = errors.New("pricefeed: body is not JSON")
	ErrMissing     = errors.New("pricefeed: field missing")
	ErrNotPositive = errors.New("pricefeed: value is not a positive number")
	ErrUnit        = errors.New("pricefeed: unit not understood")
	ErrBadTime     = errors.New("pricefeed: time not understood")
)

const (
	// MaxBody is the largest body read from a source; one byte more is refused.
	MaxBody = 64 << 10
	// MaxBodyTGJU is TGJU's limit: its ajax.json carries every instrument it quotes (762 of them in
	// August 2026, about 140 KB), so 64 KB would refuse every answer. See docs/price-sources.md.
	MaxBodyTGJU = 512 << 10
	// DefaultTimeout bounds a fetch whose context has no deadline and whose client has no timeout.
	DefaultTimeout = 5 * time.Second
)

// userAgent names us; BrsAPI's firewall refuses some default client agents (docs/price-sources.md).
const userAgent = "Mozilla/5.0 (compatible; goldshop-pricefeed/1)"

// failure is a refusal before its text is redacted: Fetch turns it into the error the caller sees.
type failure struct {
	kind   error
	detail string
}

func (f *failure) Error() string { return f.kind.Error() + ": " + f.detail }
func (f *failure) Unwrap() error { return f.kind }

func fail(kind error, format string, args ...any) error {
	return &failure{kind: kind, detail: fmt.Sprintf(format, args...)}
}

// Fetch does one GET of the source c names and reads its value. The time-out is ctx's deadline or the
// client's Timeout, else DefaultTimeout. A nil client means a plain http.Client.
func Fetch(ctx context.Context, client *http.Client, c Config) (Reading, error) {
	src, c, err := resolve(c)
	if err != nil {
		return Reading{}, finish(err, c.Key, "")
	}
	target, err := src.requestURL(c)
	if err != nil {
		return Reading{}, finish(err, c.Key, "")
	}
	r, err := get(ctx, client, src, c, target)
	return r, finish(err, c.Key, target)
}

func get(ctx context.Context, client *http.Client, src source, c Config, target string) (Reading, error) {
	if client == nil {
		client = &http.Client{}
	}
	if _, ok := ctx.Deadline(); !ok && client.Timeout == 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultTimeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return Reading{}, fail(ErrConfig, "%v", err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", userAgent)
	resp, err := client.Do(req)
	if err != nil {
		return Reading{}, transport(ctx, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return Reading{}, fail(ErrStatus, "%s", resp.Status)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, src.maxBody+1))
	if err != nil {
		return Reading{}, transport(ctx, err)
	}
	if int64(len(body)) > src.maxBody {
		return Reading{}, fail(ErrTooLarge, "more than %d bytes", src.maxBody)
	}
	// Snippets of the body go into errors, so the key goes out of it first (a page may echo the URL).
	body = []byte(redact(string(body), c.Key))
	doc, err := decode(body)
	if err != nil {
		return Reading{}, fail(ErrNotJSON, "%v; it starts %q", err, clip(string(body), 40))
	}
	q, err := src.read(doc, c)
	if err != nil {
		return Reading{}, err
	}
	rial, err := perGram750(q, c.Per)
	if err != nil {
		return Reading{}, err
	}
	return Reading{Rial: rial, At: q.at}, nil
}

// transport names a failed round trip or body read: a deadline (ctx's or the client's) or anything else.
func transport(ctx context.Context, err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err // its text repeats the URL that finish appends
	}
	var ne net.Error
	if errors.Is(ctx.Err(), context.DeadlineExceeded) || errors.Is(err, context.DeadlineExceeded) ||
		(errors.As(err, &ne) && ne.Timeout()) {
		return fail(ErrTimeout, "%v", err)
	}
	return fail(ErrRequest, "%v", err)
}

// finish gives the caller an error that wraps only a sentinel and whose text has no trace of the key:
// url.Error and friends print the request URL, so their text is copied and redacted, never wrapped.
func finish(err error, key, target string) error {
	if err == nil {
		return nil
	}
	var f *failure
	if !errors.As(err, &f) {
		f = &failure{kind: ErrRequest, detail: err.Error()}
	}
	text := f.detail
	if target != "" {
		text += " (" + target + ")"
	}
	return fmt.Errorf("%w: %s", f.kind, redact(text, key))
}

// decode reads exactly one JSON value, keeping numbers as text so nothing passes through a float.
func decode(body []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("more data after the JSON value")
	}
	return doc, nil
}

// clip shortens outside text quoted into an error.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// redact removes the key, as typed and as escaped in a URL, from text.
func redact(text, key string) string {
	if key == "" {
		return text
	}
	for _, form := range keyForms(key) {
		text = strings.ReplaceAll(text, form, "REDACTED")
	}
	return text
}
