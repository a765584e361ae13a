package pricefeed

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// raw serves body with status and content type as given, whatever was asked.
func raw(status int, contentType, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		w.Write([]byte(body))
	}
}

// Each fault a source can serve is refused with its own kind, and no error text carries the key.
func TestFetchRefusesFaults(t *testing.T) {
	brs := string(fixture(t, "brsapi_gold_currency.json"))
	nav := string(fixture(t, "navasan_latest.json"))
	tg := string(fixture(t, "tgju_ajax.json"))
	brsKeyed := Config{Source: SourceBrsAPI, Key: testKey}
	navKeyed := Config{Source: SourceNavasan, Key: testKey}
	tgju := Config{Source: SourceTGJU, Key: testKey} // a stray key for a keyless source stays out of errors too
	jsonAt := func(path string) Config {
		return Config{Source: SourceJSON, Key: testKey, Path: path, Unit: UnitRial, TimePath: "t"}
	}
	cases := []struct {
		name    string
		c       Config
		h       http.Handler
		wantErr error
	}{
		{"a 500 is a status refusal", brsKeyed, raw(500, "text/plain", "boom"), ErrStatus},
		{"a 503 page echoing the key is a status refusal", navKeyed, raw(503, "text/html", "<p>"+testKey+"</p>"), ErrStatus},
		{"a key the source does not accept gets its 401", Config{Source: SourceBrsAPI, Key: "not-" + testKey},
			answer(t, "key", []byte(brs)), ErrStatus},
		{"a key in the wrong place gets its 401", Config{Source: SourceJSON, Key: testKey, Path: "0.price",
			Unit: UnitRial, TimePath: "0.time"}, answer(t, "key", fixture(t, "json_rfc3339.json")), ErrStatus},
		{"an HTML page is not JSON", brsKeyed, raw(200, "text/html", string(fixture(t, "challenge.html"))), ErrNotJSON},
		{"an HTML page echoing the key is not JSON, and the key is cut from its quote", navKeyed,
			raw(200, "text/html", "<html>"+testKey+"</html>"), ErrNotJSON},
		{"an empty body is not JSON", tgju, raw(200, "application/json", ""), ErrNotJSON},
		{"JSON followed by more is not JSON", tgju, raw(200, "application/json", tg+" {}"), ErrNotJSON},
		{"brsapi's error body with a 200 has no gold list", brsKeyed,
			raw(200, "application/json", string(fixture(t, "brsapi_unauthorized.json"))), ErrMissing},
		{"a symbol brsapi does not list is missing", Config{Source: SourceBrsAPI, Key: testKey, Symbol: "IR_GOLD_19K"},
			answer(t, "key", []byte(brs)), ErrMissing},
		{"brsapi without time_unix is missing a field", brsKeyed,
			raw(200, "application/json", strings.ReplaceAll(brs, `"time_unix"`, `"time_unix_"`)), ErrMissing},
		{"brsapi without unit is missing a field", brsKeyed,
			raw(200, "application/json", strings.ReplaceAll(brs, `"unit"`, `"unit_"`)), ErrMissing},
		{"brsapi's ounce in dollars is refused by its unit", Config{Source: SourceBrsAPI, Key: testKey, Symbol: "XAUUSD"},
			answer(t, "key", []byte(brs)), ErrUnit},
		{"a navasan item without a value is missing a field", navKeyed,
			raw(200, "application/json", `{"18ayar":{"change":0,"timestamp":1786022992}}`), ErrMissing},
		{"a navasan value of null is missing", navKeyed,
			raw(200, "application/json", `{"18ayar":{"value":null,"timestamp":1786022992}}`), ErrMissing},
		{"tgju without current is missing a field", tgju, raw(200, "application/json", `{"last":[]}`), ErrMissing},
		{"tgju without the item is missing a field", Config{Source: SourceTGJU, Symbol: "geram17"},
			raw(200, "application/json", tg), ErrMissing},
		{"a json path that is not there is missing", jsonAt("data.price"), raw(200, "application/json", `{"data":{}}`), ErrMissing},
		{"a json index past the list is missing", jsonAt("items.3"), raw(200, "application/json", `{"items":[1,2]}`), ErrMissing},
		{"a zero price is not positive", brsKeyed,
			raw(200, "application/json", strings.Replace(brs, `"price": 18578200`, `"price": 0`, 1)), ErrNotPositive},
		{"a negative price is not positive", navKeyed,
			raw(200, "application/json", strings.Replace(nav, `"18578200"`, `"-18578200"`, 1)), ErrNotPositive},
		{"a dash for a price is not positive", tgju,
			raw(200, "application/json", strings.Replace(tg, `"192,056,000"`, `"-"`, 1)), ErrNotPositive},
		{"words for a price are not a number", navKeyed,
			raw(200, "application/json", strings.Replace(nav, `"18578200"`, `"18.5 million"`, 1)), ErrNotPositive},
		{"an object for a price is not a number", jsonAt("p"), raw(200, "application/json", `{"p":{"v":1},"t":1786022992}`), ErrNotPositive},
		{"a price under half a rial rounds to nothing", jsonAt("p"), raw(200, "application/json", `{"p":"0.4","t":1786022992}`), ErrNotPositive},
		{"a price past int64 is refused", jsonAt("p"), raw(200, "application/json", `{"p":"99999999999999999999","t":1786022992}`), ErrNotPositive},
		{"tgju's display time in place of ts is not a time", tgju,
			raw(200, "application/json", strings.Replace(tg, `"ts": "2026-08-11 00:00:00"`, `"ts": "۲۰ مرداد"`, 2)), ErrBadTime},
		{"a negative Unix time is not a time", jsonAt("p"), raw(200, "application/json", `{"p":1000,"t":-5}`), ErrBadTime},
		{"an unknown source is a configuration error", Config{Source: "bonbast", Key: testKey}, raw(200, "", ""), ErrConfig},
		{"json without a time path is a configuration error", Config{Source: SourceJSON, Path: "p", Unit: UnitRial},
			raw(200, "", ""), ErrConfig},
		{"json in dollars is a configuration error", Config{Source: SourceJSON, Path: "p", Unit: "dollar", TimePath: "t"},
			raw(200, "", ""), ErrConfig},
		{"a price per ounce is a configuration error", Config{Source: SourceTGJU, Per: "ounce"}, raw(200, "", ""), ErrConfig},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.c.URL == "" {
				tc.c.URL = standIn(t, tc.h) + "/"
			}
			_, err := fetchNow(t, tc.c)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("got %v, want %v", err, tc.wantErr)
			}
			t.Log(err)
		})
	}
}

// A URL that is not http(s) is refused before anything is sent, the key still out of the text.
func TestFetchRefusesURLs(t *testing.T) {
	for _, u := range []string{"ftp://example.com/x", "/relative/path", "https://", "http://[::1"} {
		_, err := fetchNow(t, Config{Source: SourceBrsAPI, URL: u, Key: testKey})
		if !errors.Is(err, ErrConfig) {
			t.Errorf("%q: got %v, want ErrConfig", u, err)
		}
	}
}

// A source that cannot be reached is a request failure; url.Error's text names the URL, key and all,
// so the error must not.
func TestFetchUnreachableKeepsTheKeyOut(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	for _, c := range []Config{
		{Source: SourceBrsAPI, URL: url, Key: testKey},
		{Source: SourceNavasan, URL: url + "/latest/", Key: testKey},
		{Source: SourceJSON, URL: url + "/f?k={key}", Key: testKey, Path: "p", Unit: UnitRial, TimePath: "t"},
	} {
		_, err := fetchNow(t, c)
		if !errors.Is(err, ErrRequest) {
			t.Errorf("%s: got %v, want ErrRequest", c.Source, err)
		}
		t.Log(err)
		if !strings.Contains(err.Error(), "REDACTED") {
			t.Errorf("%s: the URL in the error should show where the key was: %v", c.Source, err)
		}
	}
}

// hanging serves nothing (or half a body) until the request is given up or the test ends.
func hanging(t *testing.T, halfBody bool) http.HandlerFunc {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) }) // runs before the server's Close, which waits for handlers
	return func(w http.ResponseWriter, r *http.Request) {
		if halfBody {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"gold":[{"symbol":"IR_GOLD_18K",`))
			w.(http.Flusher).Flush()
		}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}
}

// A source that hangs is given up at the deadline, the context's or the client's, with ErrTimeout.
// The test waits for Fetch to return (fenced far above the deadline), never for a fixed time.
func TestFetchTimesOutOnAHang(t *testing.T) {
	const deadline = 150 * time.Millisecond
	cases := []struct {
		name     string
		halfBody bool
		ctxLimit bool // the deadline is the context's; else the client's Timeout
	}{
		{"no answer at all, the context's deadline", false, true},
		{"headers and half a body, the context's deadline", true, true},
		{"no answer at all, the client's timeout", false, false},
		{"headers and half a body, the client's timeout", true, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(hanging(t, tc.halfBody))
			t.Cleanup(srv.Close)
			ctx, client := context.Background(), &http.Client{}
			if tc.ctxLimit {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, deadline)
				defer cancel()
			} else {
				client.Timeout = deadline
			}
			c := Config{Source: SourceBrsAPI, URL: srv.URL, Key: testKey}
			done := make(chan error, 1)
			start := time.Now()
			go func() {
				_, err := Fetch(ctx, client, c)
				done <- err
			}()
			select {
			case err := <-done:
				if !errors.Is(err, ErrTimeout) {
					t.Fatalf("got %v, want ErrTimeout", err)
				}
				noKey(t, err, testKey)
				t.Log(err)
				if waited := time.Since(start); waited < deadline {
					t.Errorf("gave up after %v, before the %v deadline", waited, deadline)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("Fetch did not give up on a hanging source")
			}
		})
	}
}
