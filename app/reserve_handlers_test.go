package app

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"goldshop/iran"
)

// A new shop sells nothing before its holdings are recorded: the quote is refused naming the shortfall and
// no code is texted; once the vault holds the gold, the same buy goes through.
func TestABuyTheVaultDoesNotHoldIsRefusedBeforeACodeIsSent(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	s.setPrice(owner, 10_000_000)
	c := s.newTrader(1, "")
	s.charge(owner, c, "rial", "100000000")
	sent := s.smsCount(c.phone)
	s.run(t, []scenario{
		{name: "refuses a buy on an empty vault", method: "POST", path: "/api/prices/buy", token: c.token,
			body: map[string]any{"amount_gold": "1"}, wantStatus: 400, wantContains: "۱ گرم کم است",
			wantAbsent: []string{`"quote"`, msgQuoteSent}},
		{name: "refuses a gold charge on an empty vault", method: "POST", path: "/api/adminCharge/charge", token: owner,
			body: map[string]any{"userId": c.id, "type": "gold", "amount": "0.5"}, wantStatus: 400, wantContains: "۰/۵ گرم کم است",
			wantAbsent: []string{"balance"}},
	})
	if s.smsCount(c.phone) != sent {
		t.Fatal("a code was texted for a buy the vault cannot cover")
	}
	s.addVaultItem(owner, vaultCoin()) // 8.133 g at 900: 9.759 g at 750
	s.trade(c, "buy", map[string]any{"amount_gold": "9.759"})
	s.wantBalance(t, c, "balance_gold", "9.759")
	s.run(t, []scenario{
		{name: "refuses the next milligram", method: "POST", path: "/api/prices/buy", token: c.token,
			body: map[string]any{"amount_gold": "0.001"}, wantStatus: 400, wantContains: "۰/۰۰۱ گرم کم است"},
	})
}

// Many customers confirm buys at once against a vault that covers only some of them: the shop never owes
// more than it holds.
func TestConcurrentVerifiesNeverOversell(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	s.setPrice(owner, 10_000_000)
	s.addVaultItem(owner, map[string]any{"kind": "melted", "description": "آبشده", "weight": "5", "purity": "750"})
	var traders []trader
	for i := range 8 {
		c := s.newTrader(10+i, "")
		s.charge(owner, c, "rial", "100000000")
		s.quote(c, "buy", map[string]any{"amount_gold": "1"}) // each quote fits the vault alone
		traders = append(traders, c)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for _, c := range traders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := s.do("POST", "/api/prices/verify-transaction", c.token,
				map[string]string{"verification_code": s.lastCode(c.phone), "transaction_type": "buy"})
			mu.Lock()
			statuses[r.Status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if statuses[200] != 5 || statuses[400] != 3 {
		t.Fatalf("answers %v: want 5 buys and 3 refusals against 5 g", statuses)
	}
}

func TestReserveSettingsNeedAConfirmationToSwitchTheGuardOff(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	staff := s.signInStaff("09350000002")
	s.run(t, []scenario{
		{name: "starts with the guard on and no margin", method: "GET", path: "/api/admin/reserve-settings", token: owner,
			wantStatus: 200, wantContains: `{"margin_percent":"0.00","guard_enabled":true}`},
		{name: "is the owner's alone", method: "GET", path: "/api/admin/reserve-settings", token: staff, wantStatus: 403,
			wantAbsent: []string{"margin_percent"}},
		{name: "refuses switching off without a confirmation", method: "PUT", path: "/api/admin/reserve-settings",
			token: owner, body: map[string]any{"guard_enabled": false}, wantStatus: 400,
			wantContains: msgReserveGuardOffConfirm},
		{name: "refuses a margin above 100", method: "PUT", path: "/api/admin/reserve-settings", token: owner,
			body: map[string]any{"margin_percent": "100.5"}, wantStatus: 400, wantContains: msgReserveMargin},
		{name: "refuses a negative margin", method: "PUT", path: "/api/admin/reserve-settings", token: owner,
			body: map[string]any{"margin_percent": "-1"}, wantStatus: 400, wantContains: msgReserveMargin},
		{name: "staff cannot change it", method: "PUT", path: "/api/admin/reserve-settings", token: staff,
			body: map[string]any{"guard_enabled": false, "confirm": true}, wantStatus: 403},
	})
	s.run(t, []scenario{
		{name: "still on after the refusals", method: "GET", path: "/api/admin/reserve-settings", token: owner,
			wantStatus: 200, wantContains: `{"margin_percent":"0.00","guard_enabled":true}`},
		{name: "sets a Persian margin", method: "PUT", path: "/api/admin/reserve-settings", token: owner,
			body: map[string]any{"margin_percent": "۲٫۵"}, wantStatus: 200, wantContains: `"margin_percent":"2.50"`},
		{name: "switches off with a confirmation", method: "PUT", path: "/api/admin/reserve-settings", token: owner,
			body: map[string]any{"guard_enabled": false, "confirm": true}, wantStatus: 200,
			wantContains: `{"margin_percent":"2.50","guard_enabled":false}`},
	})
	audit := s.mustDo("GET", "/api/admin/audit?kind=reserve_settings", owner, nil).Body
	if want := `"before":{"margin_bp":250,"guard_enabled":true},"after":{"margin_bp":250,"guard_enabled":false}`; !strings.Contains(audit, want) {
		t.Fatalf("switching the guard off is not audited with before and after: %s", audit)
	}
}

func (s *testShop) reservePanel(t *testing.T, owner string) reservePanelView {
	t.Helper()
	var v reservePanelView
	if err := json.Unmarshal([]byte(s.mustDo("GET", "/api/admin/reserve", owner, nil).Body), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// The owner's panel follows the reserve from empty to ample to near its margin, with the vault's composition.
func TestTheReservePanelWarnsNearTheMargin(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	s.setPrice(owner, 10_000_000)
	if v := s.reservePanel(t, owner); v.Level != "short" || v.Ratio != nil || v.Room != "0.000" || !v.GuardEnabled {
		t.Fatalf("a new shop must be short with no ratio: %+v", v)
	}
	s.addVaultItem(owner, map[string]any{"kind": "melted", "description": "آبشده", "weight": "10", "purity": "750"})
	s.addVaultItem(owner, vaultCoin()) // 9.759 g at 750
	c := s.newTrader(1, "")
	s.charge(owner, c, "rial", "500000000")
	s.trade(c, "buy", map[string]any{"amount_gold": "4"})

	v := s.reservePanel(t, owner)
	if v.Owed != "4.000" || v.Held != "19.759" || v.Reserve != "19.759" || v.Promised != "0.000" ||
		v.Room != "15.759" || v.Ratio == nil || *v.Ratio != "4.93" || v.Level != "ok" || v.MarginPercent != "0.00" {
		t.Fatalf("after a 4 g buy: %+v", v)
	}
	kinds := map[string]vaultTotalView{}
	for _, k := range v.Composition {
		kinds[k.Kind] = k
	}
	if kinds["melted"].Weight750 != "10.000" || kinds["coin"].Count != 1 || kinds["coin"].Weight750 != "9.759" ||
		kinds["bar"].Count != 0 {
		t.Fatalf("composition %+v", v.Composition)
	}

	// A 5 % margin leaves 19.759/1.05 − 4 = 14.818 g; buying 14.5 g leaves 0.318 g, under a twentieth.
	s.mustDo("PUT", "/api/admin/reserve-settings", owner, map[string]any{"margin_percent": "5"})
	s.trade(c, "buy", map[string]any{"amount_gold": "14.5"})
	if v := s.reservePanel(t, owner); v.Level != "near" || v.Room != "0.318" || v.MarginPercent != "5.00" {
		t.Fatalf("near the margin: %+v", v)
	}
}

func TestTheReservePanelIsTheOwnersAlone(t *testing.T) {
	s := newBareShop(t)
	staff := s.signInStaff("09350000002")
	c := s.newCustomer()
	s.run(t, []scenario{
		{name: "refuses staff", method: "GET", path: "/api/admin/reserve", token: staff, wantStatus: 403, wantAbsent: []string{"owed"}},
		{name: "refuses a customer", method: "GET", path: "/api/admin/reserve", token: c.token, wantStatus: 403, wantAbsent: []string{"owed"}},
		{name: "refuses a stranger", method: "GET", path: "/api/admin/reserve", wantStatus: 401, wantAbsent: []string{"owed"}},
	})
}

func (s *testShop) reserves(t *testing.T) reservesView {
	t.Helper()
	var v reservesView
	r := s.mustDo("GET", "/api/reserves", "", nil)
	if err := json.Unmarshal([]byte(r.Body), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestAnEmptyShopsReservesAreZeroWithNoRatio(t *testing.T) {
	s := newBareShop(t)
	v := s.reserves(t)
	today := s.clock.Now().In(iran.Tehran).Format(time.DateOnly)
	if v.Owed != "0.000" || v.Held != "0.000" || v.Ratio != nil || v.UpdatedAt != nil || len(v.History) != 90 ||
		v.History[89].Date != today || v.History[0].Owed != "0.000" {
		t.Fatalf("empty shop: %+v", v)
	}
}

// Anyone sees what the shop owes in gold and what its vault holds, today and day by day, and never whose.
func TestTheReservesPageShowsOwedAndHeldDayByDay(t *testing.T) {
	s := newBareShop(t)
	owner := s.signInAdmin()
	s.setPrice(owner, 10_000_000)
	c := s.newTrader(1, "")
	s.charge(owner, c, "rial", "100000000")
	melted := func(grams string) map[string]any {
		return map[string]any{"kind": "melted", "description": "آبشده", "weight": grams, "purity": "750"}
	}
	s.addVaultItem(owner, melted("10"))
	s.trade(c, "buy", map[string]any{"amount_gold": "4"})
	firstDay := s.clock.Now().In(iran.Tehran).Format(time.DateOnly)
	s.clock.Advance(48 * time.Hour)
	owner, c.token = s.signIn(adminPhone), s.signIn(c.phone)
	s.setPrice(owner, 10_000_000) // a fresh price for the new day
	s.addVaultItem(owner, melted("5"))
	tradedAt := s.clock.Now() // the test clock stands still through the trade, then moves 61 s on
	s.trade(c, "buy", map[string]any{"amount_gold": "1"})

	v := s.reserves(t)
	if v.Owed != "5.000" || v.Held != "15.000" || v.Ratio == nil || *v.Ratio != "3.00" || v.UpdatedAt == nil {
		t.Fatalf("now: %+v", v)
	}
	// the last change is told to the cache's window, so it does not date the last trade to the millisecond.
	// (Measured from the trade, not from now: now is the trade plus s.trade's 61 s, and a bound of the window
	// plus a minute from now failed whenever the trade fell in the last second of a window, one run in 30.)
	if got := *v.UpdatedAt; !got.Equal(got.Truncate(reservesTTL)) || got.After(tradedAt) || tradedAt.Sub(got) >= reservesTTL {
		t.Fatalf("updated_at %v, the last trade at %v", got, tradedAt)
	}
	byDate := map[string]reserveDayView{}
	for _, d := range v.History {
		byDate[d.Date] = d
	}
	if d := byDate[firstDay]; d.Owed != "4.000" || d.Held != "10.000" {
		t.Fatalf("the first day: %+v (history %v)", d, v.History)
	}
	if last := v.History[89]; last.Owed != "5.000" || last.Held != "15.000" {
		t.Fatalf("today: %+v", last)
	}
	if d := v.History[85]; d.Owed != "0.000" || d.Held != "0.000" {
		t.Fatalf("before the shop began: %+v", d)
	}
	body := s.mustDo("GET", "/api/reserves", "", nil).Body
	for _, private := range []string{c.phone, `"user`, `phone`, `name"`, `_id"`} {
		if strings.Contains(body, private) {
			t.Fatalf("the public page names %q: %s", private, body)
		}
	}

	// one answer is served for half a minute, then the next one is computed
	s.quote(c, "buy", map[string]any{"amount_gold": "1"})
	s.mustDo("POST", "/api/prices/verify-transaction", c.token,
		map[string]string{"verification_code": s.lastCode(c.phone), "transaction_type": "buy"})
	if v := s.reserves(t); v.Owed != "5.000" {
		t.Fatalf("within the cache's life: %+v", v.Owed)
	}
	s.clock.Advance(31 * time.Second)
	if v := s.reserves(t); v.Owed != "6.000" {
		t.Fatalf("after the cache's life: %+v", v.Owed)
	}
}
