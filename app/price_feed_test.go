package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"goldshop/internal/lockedbuf"
)

// feedKey is distinctive, so a leak of it anywhere shows.
const feedKey = "Kz9-feed-SECRET-key"

// feedSource is the project's stand-in for a market price source on loopback: it answers as BrsAPI's gold and
// currency call documents (prices in toman, the source's Unix time), or with a fault, as told.
type feedSource struct {
	srv   *httptest.Server
	clock *testClock
	mu    sync.Mutex
	toman int64         // the 18K gram's price it gives, in toman
	age   time.Duration // how old its time is (negative: from the future)
	fault string
	keys  []string // the keys it was called with
	calls int
}

func newFeedSource(t *testing.T, clock *testClock) *feedSource {
	f := &feedSource{clock: clock, toman: 10_000_000}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *feedSource) set(toman int64, age time.Duration, fault string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.toman, f.age, f.fault = toman, age, fault
}

// called is how many calls it has answered, and the first key it was called with.
func (f *feedSource) called() (int, string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.keys) == 0 {
		return f.calls, ""
	}
	return f.calls, f.keys[0]
}

func (f *feedSource) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	toman, age, fault := f.toman, f.age, f.fault
	f.keys, f.calls = append(f.keys, r.URL.Query().Get("key")), f.calls+1
	f.mu.Unlock()
	at := f.clock.Now().Add(-age).Unix()
	body := fmt.Sprintf(`{"gold":[{"date":"1405/09/11","time":"10:00","time_unix":%d,"symbol":"IR_GOLD_18K",`+
		`"name":"طلای 18 عیار","price":%d,"unit":"تومان"}],"currency":[]}`, at, toman)
	switch fault {
	case "500":
		http.Error(w, "oops", http.StatusInternalServerError)
		return
	case "hang":
		<-r.Context().Done()
		return
	case "html":
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html><body>challenge</body></html>")
		return
	case "missing":
		body = fmt.Sprintf(`{"gold":[{"symbol":"IR_GOLD_24K","price":%d,"unit":"تومان","time_unix":%d}]}`, toman, at)
	case "huge":
		body = `{"gold":[],"pad":"` + strings.Repeat("x", 70<<10) + `"}`
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprint(w, body)
}

// feedShop is a shop whose owner has a price of 100 000 000 rial a gram and a brsapi feed on the stand-in, at
// a margin of 1 % rounded to 10 000, applied outside the trading hours too.
type feedShop struct {
	*testShop
	owner  string
	source *feedSource
	logs   *lockedbuf.Buffer
}

func newFeedShop(t *testing.T) *feedShop {
	logs := &lockedbuf.Buffer{}
	s := &feedShop{testShop: newShopIn(t, false, t.TempDir(), func(c *Config, _ *testClock) {
		c.Log = slog.New(slog.NewTextHandler(logs, nil))
	}), logs: logs}
	stockVault(t, s.store)
	s.owner = s.signInAdmin()
	s.setPrice(s.owner, 100_000_000)
	s.source = newFeedSource(t, s.clock)
	s.mustDo("PUT", "/api/admin/price-feed", s.owner, map[string]any{"enabled": true, "source": "brsapi",
		"url": s.source.srv.URL + "/Api/Market/Gold_Currency.php", "key": feedKey, "margin_percent": "1",
		"round_to": "10000", "every": "5m", "max_step_percent": "3", "max_age": "10m", "alert_after": "10m",
		"manual_hold": "30m", "outside_hours": true})
	return s
}

// turn runs one turn of the feed's job, as its loop does.
func (s *feedShop) turn() feedOutcome {
	s.t.Helper()
	out, _ := s.app.feedOnce(context.Background())
	return out
}

func (s *feedShop) price() string {
	s.t.Helper()
	return s.mustDo("GET", "/api/prices/prices", "", nil).str("price")
}

func (s *feedShop) status() reply {
	s.t.Helper()
	return s.mustDo("GET", "/api/admin/price-feed/status", s.owner, nil)
}

// The feed reads the source, puts the owner's margin on it and applies it; the history and the audit say the
// feed set it, with the source's value and time; the key goes to the source and nowhere else.
func TestTheFeedAppliesTheSourcesPriceWithTheOwnersMargin(t *testing.T) {
	s := newFeedShop(t)
	// 10 000 000 toman is 100 000 000 rial; 1 % more is 101 000 000
	if out := s.turn(); out != feedRead {
		t.Fatalf("turn %v: %s", out, s.status().Body)
	}
	if p := s.price(); p != "101000000" {
		t.Fatalf("price %s", p)
	}
	st := s.status()
	if st.JSON["state"] != "ok" || st.JSON["last_value"] != "100000000" || st.JSON["applied_by"] != "brsapi" {
		t.Fatalf("status %s", st.Body)
	}
	h := s.mustDo("GET", "/api/prices/history?days=1", "", nil)
	if !strings.Contains(h.Body, `"price":"101000000","at":`) || !strings.Contains(h.Body, `"source":"brsapi"`) ||
		!strings.Contains(h.Body, `"source":"manual"`) {
		t.Fatalf("history %s", h.Body)
	}
	if _, key := s.source.called(); key != feedKey {
		t.Fatalf("the source was called with key %q", key)
	}
	feed := s.mustDo("GET", "/api/admin/price-feed", s.owner, nil)
	audit := s.mustDo("GET", "/api/admin/audit", s.owner, nil)
	for name, text := range map[string]string{"settings": feed.Body, "status": st.Body, "audit": audit.Body, "logs": s.logs.String()} {
		if strings.Contains(text, feedKey) {
			t.Fatalf("the key is in the %s: %s", name, text)
		}
	}
	if feed.JSON["key_set"] != true || !strings.Contains(audit.Body, `"source":"brsapi","source_at"`) {
		t.Fatalf("settings %s, audit %s", feed.Body, audit.Body)
	}
	// a trade's quote names the base price it was priced from: the feed's
	c := s.newCustomer()
	s.fund(c.token, s.owner, "500000000")
	s.trade(c, "buy", map[string]any{"amount_rial": "10000000"})
	var named, sources string
	if err := s.store.ReadDB().QueryRow(`SELECT p.source || ' ' || p.price_rial, (SELECT COUNT(*) FROM price_history)
		FROM trade_quotes q JOIN price_history p ON p.id = q.base_price_id WHERE q.status = 'executed'`).Scan(&named, &sources); err != nil ||
		named != "brsapi 101000000" {
		t.Fatalf("the quote names %q (%v)", named, err)
	}
	list := s.mustDo("GET", "/api/adminGoldTransactions/gold-transactions", s.owner, nil)
	if !strings.Contains(list.Body, `"base_price":"101000000","base_source":"brsapi"`) {
		t.Fatalf("the owner's list of trades does not say the base: %s", list.Body)
	}
}

// Each fault of the source leaves the price exactly as it was and says why; a failure lasting alert_after
// texts the owner once.
func TestEveryFaultOfTheSourceLeavesThePriceAsItWas(t *testing.T) {
	s := newFeedShop(t)
	s.turn()
	before := s.price()
	for _, c := range []struct {
		name, fault string
		toman       int64
		age         time.Duration
		state, want string
	}{
		{"a jump", "", 10_500_000, 0, "held", ""},
		{"a stale time", "", 10_000_000, 11 * time.Minute, "failing", msgFeedStale},
		{"a future time", "", 10_000_000, -2 * time.Minute, "failing", msgFeedFuture},
		{"a 500", "500", 10_000_000, 0, "failing", msgFeedStatus},
		{"a hang", "hang", 10_000_000, 0, "failing", msgFeedTimeout},
		{"HTML", "html", 10_000_000, 0, "failing", msgFeedNotJSON},
		{"a missing field", "missing", 10_000_000, 0, "failing", msgFeedMissing},
		{"a value ten times too big", "", 100_000_000, 0, "held", ""},
		{"a huge body", "huge", 10_000_000, 0, "failing", msgFeedTooLarge},
		{"a value that is not positive", "", 0, 0, "failing", msgFeedNotPositive},
	} {
		t.Run(c.name, func(t *testing.T) {
			s.source.set(c.toman, c.age, c.fault)
			s.turn()
			if p := s.price(); p != before {
				t.Fatalf("the price moved to %s from %s", p, before)
			}
			st := s.status()
			if st.JSON["state"] != c.state || st.str("last_error") != c.want {
				t.Fatalf("status %s", st.Body)
			}
			if strings.Contains(st.Body+s.logs.String(), feedKey) {
				t.Fatal("the key leaked")
			}
			s.do("POST", "/api/admin/price-feed/keep", s.owner, nil) // a held value put aside, if any
		})
	}
	// the failure has lasted since the first one; past alert_after the owner is texted, once
	s.source.set(10_000_000, 0, "500")
	s.clock.Advance(11 * time.Minute)
	s.turn()
	s.clock.Advance(time.Minute)
	s.turn()
	var texts int
	if err := s.store.ReadDB().QueryRow(`SELECT COUNT(*) FROM sms_outbox o JOIN notifications n ON n.id = o.notification_id
		WHERE n.kind = 'price_feed_failing'`).Scan(&texts); err != nil || texts != 1 {
		t.Fatalf("the owner was texted %d times (%v)", texts, err)
	}
}

// A held jump is applied once, on the owner's word; the owner's own price pauses the feed until the hold ends
// or the owner resumes it; "try now" shows what would be applied and applies nothing.
func TestAHeldJumpIsAppliedOnceAndAHandPricePausesTheFeed(t *testing.T) {
	s := newFeedShop(t)
	s.turn()
	s.source.set(10_500_000, 0, "") // 106 050 000 with the margin: 5 % above 101 000 000
	tried := s.mustDo("POST", "/api/admin/price-feed/test", s.owner, nil)
	if tried.JSON["verdict"] != "held" || tried.JSON["base"] != "106050000" || s.price() != "101000000" {
		t.Fatalf("try now %s, price %s", tried.Body, s.price())
	}
	if s.turn(); s.status().JSON["state"] != "held" {
		t.Fatalf("status %s", s.status().Body)
	}
	staff := s.signInStaff("09350000002")
	customer := s.newCustomer()
	for _, who := range []string{staff, customer.token} {
		for _, call := range []struct{ method, path string }{{"GET", "/api/admin/price-feed"}, {"PUT", "/api/admin/price-feed"},
			{"GET", "/api/admin/price-feed/status"}, {"POST", "/api/admin/price-feed/apply"}, {"POST", "/api/admin/price-feed/test"}} {
			if r := s.do(call.method, call.path, who, map[string]any{"enabled": false, "source": "brsapi"}); r.Status != 403 ||
				strings.Contains(r.Body, "key_set") {
				t.Fatalf("%s %s by staff or a customer: %d %s", call.method, call.path, r.Status, r.Body)
			}
		}
	}
	if r := s.mustDo("POST", "/api/admin/price-feed/apply", s.owner, nil); s.price() != "106050000" {
		t.Fatalf("applied %s, price %s", r.Body, s.price())
	}
	if r := s.do("POST", "/api/admin/price-feed/apply", s.owner, nil); r.Status != 409 {
		t.Fatalf("applied twice: %d %s", r.Status, r.Body)
	}
	// the owner's own price wins, and the feed waits for manual_hold
	s.setPrice(s.owner, 100_000_000)
	s.source.set(10_600_000, 0, "")
	if out := s.turn(); out != feedIdle || s.price() != "100000000" || s.status().JSON["paused_until"] == nil {
		t.Fatalf("paused: %v, price %s, status %s", out, s.price(), s.status().Body)
	}
	s.mustDo("POST", "/api/admin/price-feed/resume", s.owner, nil)
	if s.turn(); s.price() != "100000000" || s.status().JSON["state"] != "held" { // 107 060 000 is a jump from 100 000 000
		t.Fatalf("after the resume: price %s, status %s", s.price(), s.status().Body)
	}
	s.source.set(9_950_000, 0, "") // 100 495 000 → 100 500 000
	s.clock.Advance(31 * time.Minute)
	if s.turn(); s.price() != "100500000" {
		t.Fatalf("after the hold: price %s, status %s", s.price(), s.status().Body)
	}
}

// The settings refuse what they cannot use, with their words, and change nothing.
func TestTheFeedsSettingsRefuseBadValues(t *testing.T) {
	s := newFeedShop(t)
	base := map[string]any{"enabled": true, "source": "brsapi"}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for key, val := range base {
			m[key] = val
		}
		m[k] = v
		return m
	}
	s.run(t, []scenario{
		{name: "an unknown source", method: "PUT", path: "/api/admin/price-feed", token: s.owner, body: with("source", "x"),
			wantStatus: 400, wantContains: msgFeedSource},
		{name: "fetching every 30 seconds", method: "PUT", path: "/api/admin/price-feed", token: s.owner, body: with("every", "30s"),
			wantStatus: 400, wantContains: msgFeedDurations},
		{name: "a margin in words", method: "PUT", path: "/api/admin/price-feed", token: s.owner, body: with("margin_percent", "ten"),
			wantStatus: 400, wantContains: msgFeedMargin},
		{name: "a step of nothing", method: "PUT", path: "/api/admin/price-feed", token: s.owner, body: with("max_step_percent", "0"),
			wantStatus: 400, wantContains: msgFeedStep},
		{name: "a URL that is not the web", method: "PUT", path: "/api/admin/price-feed", token: s.owner,
			body: with("url", "file:///etc/passwd"), wantStatus: 400, wantContains: msgFeedURL},
		{name: "a json source without its path", method: "PUT", path: "/api/admin/price-feed", token: s.owner,
			body: with("source", "json"), wantStatus: 400, wantContains: msgFeedJSONFields},
	})
	if f := s.mustDo("GET", "/api/admin/price-feed", s.owner, nil); f.JSON["margin_percent"] != "1.00" || f.JSON["key_set"] != true {
		t.Fatalf("the settings changed: %s", f.Body)
	}
	// a negative margin and the key forgotten
	r := s.mustDo("PUT", "/api/admin/price-feed", s.owner, map[string]any{"enabled": false, "source": "brsapi",
		"margin_percent": "-1.5", "margin_rial": "-20000", "key": ""})
	if f := r.JSON["feed"].(map[string]any); f["margin_percent"] != "-1.50" || f["margin_rial"] != float64(-20000) || f["key_set"] != false {
		t.Fatalf("saved %s", r.Body)
	}
}

// Outside both sides' trading hours the feed applies nothing, unless the owner chose so.
func TestTheFeedWaitsOutsideTheTradingHours(t *testing.T) {
	s := newFeedShop(t)
	s.mustDo("PUT", "/api/priceSettings", s.owner, map[string]any{"buy_enabled": false, "sell_enabled": false,
		"buy_start_time": "00:00", "buy_end_time": "23:59", "sell_start_time": "00:00", "sell_end_time": "23:59",
		"min_weight": "0.001", "max_weight": "1000", "price_max_age_minutes": 30, "referral_min_trade_rial": "1000000",
		"referral_monthly_cap": 10})
	f := s.mustDo("GET", "/api/admin/price-feed", s.owner, nil).JSON
	f["outside_hours"] = false
	s.mustDo("PUT", "/api/admin/price-feed", s.owner, f)
	calls, _ := s.source.called()
	if out := s.turn(); out != feedIdle || s.price() != "100000000" {
		t.Fatalf("closed: %v, price %s", out, s.price())
	}
	if after, _ := s.source.called(); after != calls {
		t.Fatalf("the source was called %d times while trading was closed", after-calls)
	}
	f["outside_hours"] = true
	s.mustDo("PUT", "/api/admin/price-feed", s.owner, f)
	if s.turn(); s.price() != "101000000" {
		t.Fatalf("outside the hours by the owner's choice: price %s", s.price())
	}
}
