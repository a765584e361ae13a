package pricefeed

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

// testKey is distinctive and has characters a URL escapes, so a leak in either spelling shows.
const testKey = "K3Y+s3cr3t/zz=Q9-pricefeed"

// fixture is a file of testdata/, built from the shapes docs/price-sources.md confirms.
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// standIn starts a loopback server for one test and returns its URL.
func standIn(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// answer serves body as JSON, but only to a GET that carries testKey in param (when param is set), as
// the source would: a wrong or misplaced key gets BrsAPI's 401.
func answer(t *testing.T, param string, body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || r.Header.Get("Accept") != "application/json" {
			t.Errorf("request %s with Accept %q, want GET with application/json", r.Method, r.Header.Get("Accept"))
		}
		if param != "" && r.URL.Query().Get(param) != testKey {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			w.Write(fixture(t, "brsapi_unauthorized.json"))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}
}

// noKey fails the test if err's text carries the key in any spelling.
func noKey(t *testing.T, err error, key string) {
	t.Helper()
	if err == nil || key == "" {
		return
	}
	for _, form := range keyForms(key) {
		if strings.Contains(err.Error(), form) {
			t.Errorf("error text carries the key (%q): %v", form, err)
		}
	}
}

func fetchNow(t *testing.T, c Config) (Reading, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := Fetch(ctx, nil, c)
	noKey(t, err, c.Key)
	return r, err
}

func tehranTime(y int, m time.Month, d, hh, mm, ss int) time.Time {
	return time.Date(y, m, d, hh, mm, ss, 0, iran.Tehran)
}

// Every adapter's normalisation: toman ×10, TGJU's separators and Tehran clock, the مظنه ÷ 4.3318.
func TestFetchNormalisesEverySource(t *testing.T) {
	brs := fixture(t, "brsapi_gold_currency.json")
	nav := fixture(t, "navasan_latest.json")
	tg := fixture(t, "tgju_ajax.json")
	at := time.Unix(1786022992, 0) // 1405/05/15 16:59:52 in Tehran
	cases := []struct {
		name  string
		c     Config
		param string // where the stand-in expects the key
		path  string // the URL path the stand-in is asked for
		body  []byte
		want  Reading
	}{
		{"brsapi's toman becomes rial ×10 with its time_unix", Config{Source: SourceBrsAPI, Key: testKey},
			"key", "/Api/Market/Gold_Currency.php", brs, Reading{185_782_000, at}},
		{"brsapi reads the configured symbol, melted gold by the mithqal", Config{Source: SourceBrsAPI,
			Key: testKey, Symbol: "IR_GOLD_MELTED", Per: PerMithqal705}, "key", "/", brs, Reading{185_779_584, at}},
		{"navasan's toman text becomes rial ×10 with its timestamp", Config{Source: SourceNavasan, Key: testKey},
			"api_key", "/latest/", nav, Reading{185_782_000, at}},
		{"navasan reads the configured item, abshodeh by the mithqal", Config{Source: SourceNavasan,
			Key: testKey, Symbol: "abshodeh", Per: PerMithqal705}, "api_key", "/latest/", nav, Reading{185_779_584, at}},
		{"tgju's rial loses its separators, ts on Tehran's clock", Config{Source: SourceTGJU},
			"", "/ajax.json", tg, Reading{192_056_000, tehranTime(2026, 8, 11, 0, 0, 0)}},
		{"tgju reads a key written without separators", Config{Source: SourceTGJU, Symbol: "tgju_gold_irg18"},
			"", "/ajax.json", tg, Reading{197_621_000, tehranTime(2026, 8, 12, 10, 12, 22)}},
		{"tgju's mesghal ÷ 4.3318 rounds to the rial", Config{Source: SourceTGJU, Symbol: "mesghal", Per: PerMithqal705},
			"", "/ajax.json", tg, Reading{192_055_958, tehranTime(2026, 8, 11, 0, 0, 0)}}, // 192055958.26
		{"json reads Persian digits with ٬ in toman and a time in milliseconds", Config{Source: SourceJSON,
			Path: "data.items.0.price", Unit: UnitToman, TimePath: "data.items.0.updated"},
			"", "/feed", fixture(t, "json_nested.json"), Reading{185_782_000, time.UnixMilli(1786022992000)}},
		{"json reads a مظنه in toman, ÷ 4.3318 half up, at a Tehran text time", Config{Source: SourceJSON,
			Path: "market.mazaneh", Unit: UnitToman, Per: PerMithqal705, TimePath: "market.at"},
			"", "/feed", fixture(t, "json_mazaneh.json"), Reading{185_779_584, at}}, // 185779583.54
		{"json reads a list index, rial, and an RFC 3339 time", Config{Source: SourceJSON,
			Path: "0.price", Unit: UnitRial, TimePath: "0.time"},
			"", "/feed", fixture(t, "json_rfc3339.json"), Reading{185_782_000, at}},
		{"json puts the key where its URL says {key}", Config{Source: SourceJSON, Key: testKey,
			Path: "0.price", Unit: UnitRial, TimePath: "0.time"},
			"token", "/feed?token={key}", fixture(t, "json_rfc3339.json"), Reading{185_782_000, at}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.c.URL = standIn(t, answer(t, tc.param, tc.body)) + tc.path
			got, err := fetchNow(t, tc.c)
			if err != nil {
				t.Fatal(err)
			}
			if got.Rial != tc.want.Rial || !got.At.Equal(tc.want.At) {
				t.Errorf("got %d rial at %v, want %d at %v", got.Rial, got.At, tc.want.Rial, tc.want.At)
			}
		})
	}
}

// A body at exactly the limit is read; one byte more is refused, TGJU's larger limit likewise.
func TestFetchBodyLimits(t *testing.T) {
	padded := func(size int, doc string) []byte {
		head := `{"pad":"`
		pad := size - len(head) - len(`",`) - len(doc[1:])
		b := []byte(head + strings.Repeat("x", pad) + `",` + doc[1:])
		if len(b) != size {
			t.Fatalf("padded to %d bytes, want %d", len(b), size)
		}
		return b
	}
	doc := `{"18ayar":{"value":"18578200","timestamp":1786022992}}`
	tg := `{"current":{"geram18":{"p":"192,056,000","ts":"2026-08-11 00:00:00"}}}`
	cases := []struct {
		name    string
		c       Config
		body    []byte
		wantErr error
	}{
		{"a body of exactly 64 KB is read", Config{Source: SourceNavasan}, padded(MaxBody, doc), nil},
		{"a body one byte over 64 KB is refused", Config{Source: SourceNavasan}, padded(MaxBody+1, doc), ErrTooLarge},
		{"a huge body is refused", Config{Source: SourceNavasan}, padded(4<<20, doc), ErrTooLarge},
		{"tgju's whole board of about 200 KB is read", Config{Source: SourceTGJU}, padded(200<<10, tg), nil},
		{"tgju beyond its 512 KB is refused", Config{Source: SourceTGJU}, padded(MaxBodyTGJU+1, tg), ErrTooLarge},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.c.URL = standIn(t, answer(t, "", tc.body))
			_, err := fetchNow(t, tc.c)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("got %v, want %v", err, tc.wantErr)
			}
		})
	}
}
