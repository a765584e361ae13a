package app

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"goldshop/iran"
	"goldshop/iran/irantest"
)

func TestQuoteRefusesEveryBadTrade(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	// funded is a fresh customer holding 10,000,000 rial and 0.5 g, so no refused quote meets another's code
	// or its resend spacing.
	funded := func(s *testShop, sc *scenario) {
		f := s.newCustomer()
		s.charge(admin, f, "rial", "10000000")
		s.charge(admin, f, "gold", "0.500")
		sc.token = f.token
	}
	buy := func(body any) scenario {
		return scenario{method: "POST", path: "/api/prices/buy", setup: funded, body: body}
	}
	sell := func(body any) scenario {
		return scenario{method: "POST", path: "/api/prices/sell", setup: funded, body: body}
	}
	// with names a refused quote and says what it must answer; it must not answer a quote.
	with := func(sc scenario, name string, status int, want string) scenario {
		sc.name, sc.wantStatus, sc.wantContains = name, status, want
		sc.wantAbsent = []string{`"quote"`, msgQuoteSent}
		return sc
	}
	s.run(t, []scenario{
		with(buy(map[string]any{"amount_rial": 1000000}), "before any price, prices are stale", 400, msgPricesStale),
		{name: "anonymous callers are refused", method: "POST", path: "/api/prices/buy", body: map[string]any{"amount_rial": 1}, wantStatus: 401, wantAbsent: []string{`"quote"`}},
	})
	s.setPrice(admin, 51_234_567)
	s.charge(admin, c, "rial", "10000000")
	s.charge(admin, c, "gold", "0.500")
	s.run(t, []scenario{
		with(buy(map[string]any{}), "no amount", 400, msgTradeAmountMissing),
		with(buy(map[string]any{"amount_rial": "", "amount_gold": nil}), "empty amounts", 400, msgTradeAmountMissing),
		with(buy(map[string]any{"amount_rial": 1000000, "amount_gold": "0.1"}), "both amounts", 400, msgTradeAmountBoth),
		with(buy(map[string]any{"amount_rial": "12abc"}), "letters in rial", 400, msgAmountInvalid),
		with(buy(map[string]any{"amount_rial": "-5"}), "negative rial", 400, msgAmountInvalid),
		with(buy(map[string]any{"amount_gold": "0.0001"}), "four decimals of gold", 400, msgTradeWeightInvalid),
		with(buy(map[string]any{"amount_gold": "0"}), "zero gold", 400, msgTradeWeightInvalid),
		with(buy(map[string]any{"amount_rial": 51_000}), "rial below one milligram", 400, msgTradeTooSmall),
		with(buy(map[string]any{"amount_gold": "1001"}), "above the default max weight", 400, "بیشترین وزن هر معامله ۱٬۰۰۰ گرم است"),
		with(buy(map[string]any{"amount_rial": 10_000_001}), "above the available rial", 400, msgInsufficientBalance),
		with(sell(map[string]any{"amount_gold": "0.501"}), "above the available gold", 400, msgInsufficientGold),
		with(sell(map[string]any{"amount_rial": 30_000_000}), "a sell by rial needing more gold than held", 400, msgInsufficientGold),
		with(buy("{"), "broken JSON", 400, ""),
		{name: "admin settings refuse customers", method: "GET", path: "/api/priceSettings", token: c.token, wantStatus: 403, wantAbsent: []string{`"min_weight"`}},
		{name: "the gold transaction listing refuses customers", method: "GET", path: "/api/adminGoldTransactions/gold-transactions", token: c.token, wantStatus: 403, wantAbsent: []string{`"price_per_gram"`}},
	})
	if n := strings.Count(s.sms.String(), "sms to="); n != 1 { // c's sign-up code only: newCustomer texts nothing
		t.Fatalf("refused quotes texted codes: %d SMS", n)
	}

	// Stale: the base price is older than price_max_age_minutes (30 by default).
	s.clock.Advance(30*time.Minute + time.Second)
	c.token = s.signIn(c.phone)
	admin = s.signIn(adminPhone)
	s.run(t, []scenario{with(buy(map[string]any{"amount_rial": 1000000}), "a price older than 30 minutes", 400, msgPricesStale)})
	if r := s.do("GET", "/api/prices/my-prices", c.token, nil); r.JSON["is_price_fresh"] != false {
		t.Fatalf("my-prices says fresh: %s", r.Body)
	}
	s.setPrice(admin, 51_234_567)

	// Limits and windows set by the shop.
	put := func(body map[string]any) {
		if r := s.do("PUT", "/api/priceSettings", admin, body); r.Status != 200 {
			t.Fatalf("settings: %d %s", r.Status, r.Body)
		}
	}
	put(map[string]any{"min_weight": "0.100", "max_weight": "0.200"})
	s.run(t, []scenario{
		with(buy(map[string]any{"amount_gold": "0.099"}), "below the min weight", 400, "کمترین وزن هر معامله ۰/۱ گرم است"),
		with(buy(map[string]any{"amount_rial": 4_000_000}), "a rial amount whose gold is below the min", 400, "کمترین وزن هر معامله ۰/۱ گرم است"),
		with(sell(map[string]any{"amount_gold": "0.201"}), "above the max weight", 400, "بیشترین وزن هر معامله ۰/۲ گرم است"),
	})
	put(map[string]any{"min_weight": "0.001", "max_weight": "1000", "buy_enabled": false})
	s.run(t, []scenario{with(buy(map[string]any{"amount_gold": "0.1"}), "buying switched off", 400, msgBuyDisabled)})

	tehranNoon := time.Date(2026, 11, 21, 8, 30, 0, 0, time.UTC) // 12:00 in Tehran
	s.clock.setClock(tehranNoon)
	c.token, admin = s.signIn(c.phone), s.signIn(adminPhone)
	s.setPrice(admin, 51_234_567)
	put(map[string]any{"buy_enabled": true, "buy_start_time": "22:00", "buy_end_time": "02:00",
		"sell_start_time": "12:01", "sell_end_time": "11:59"})
	s.run(t, []scenario{
		with(buy(map[string]any{"amount_gold": "0.1"}), "outside a window crossing midnight", 400, "ساعت خرید: ۲۲:۰۰ تا ۰۲:۰۰"),
		with(sell(map[string]any{"amount_gold": "0.1"}), "in the one minute a window leaves out", 400, "ساعت فروش: ۱۲:۰۱ تا ۱۱:۵۹"),
	})
	if r := s.do("GET", "/api/prices/my-prices", c.token, nil); !strings.Contains(r.Body, `"buy_open":false`) || !strings.Contains(r.Body, `"sell_open":false`) {
		t.Fatalf("my-prices at noon: %s", r.Body)
	}
	s.clock.setClock(time.Date(2026, 11, 21, 22, 0, 0, 0, time.UTC)) // 01:30 in Tehran, the next day
	c.token, admin = s.signIn(c.phone), s.signIn(adminPhone)
	s.setPrice(admin, 51_234_567)
	if q := s.quote(c, "buy", map[string]any{"amount_gold": "0.1"}); q["amount_gold"] != "0.100" {
		t.Fatalf("a buy at 01:30 inside 22:00–02:00: %v", q)
	}
}

// A customer buys by rial and by gold and sells by gold and by rial; each trade moves exactly the rounded
// amounts of decisions.md §4, is one statement entry with its price, and each code works once.
func TestTradesMoveExactlyTheRoundedAmounts(t *testing.T) {
	s := newTestShop(t)
	// The dashboard's "today" starts at midnight in Tehran: keep the whole test inside one Tehran day.
	y, m, d := s.clock.Now().In(iran.Tehran).Date()
	s.clock.setClock(time.Date(y, m, d, 12, 0, 0, 0, iran.Tehran))
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.setPrice(admin, 51_234_567)
	if r := s.do("PUT", "/api/admin/grades/1", admin, map[string]any{"sell_add": 100_000, "buy_subtract": 1_358_024}); r.Status != 200 {
		t.Fatalf("grade: %d %s", r.Status, r.Body)
	}
	// grade 1 buys at 51,334,567 and sells at 49,876,543
	s.charge(admin, c, "rial", "100000000")

	q, e := s.trade(c, "buy", map[string]any{"amount_rial": "۱۰٬۰۰۰٬۰۰۰"})
	if q["amount_gold"] != "0.194" || q["amount_rial"] != "10000000" || q["price_per_gram"] != "51334567" ||
		e["debit_rial"] != "10000000" || e["credit_gold"] != "0.194" || e["price_per_gram"] != "51334567" || e["type"] != "buy" {
		t.Fatalf("buy by rial: quote %v entry %v", q, e)
	}
	q, e = s.trade(c, "buy", map[string]any{"amount_gold": "1.235"})
	if q["amount_rial"] != "63398191" || e["debit_rial"] != "63398191" || e["credit_gold"] != "1.235" { // 63398190.245 ceiled
		t.Fatalf("buy by gold: quote %v entry %v", q, e)
	}
	q, e = s.trade(c, "sell", map[string]any{"amount_gold": "1.235"})
	if q["amount_rial"] != "61597530" || e["credit_rial"] != "61597530" || e["debit_gold"] != "1.235" { // 61597530.605 floored
		t.Fatalf("sell by gold: quote %v entry %v", q, e)
	}
	q, e = s.trade(c, "sell", map[string]any{"amount_rial": 5_000_000})
	if q["amount_gold"] != "0.101" || e["credit_rial"] != "5000000" || e["debit_gold"] != "0.101" { // 100.247 mg ceiled
		t.Fatalf("sell by rial: quote %v entry %v", q, e)
	}
	// 100,000,000 − 10,000,000 − 63,398,191 + 61,597,530 + 5,000,000 rial; 194 + 1235 − 1235 − 101 mg
	s.wantBalance(t, c, "balance_rial", "93199339")
	s.wantBalance(t, c, "balance_gold", "0.093")
	st := s.do("GET", "/api/transactions/all", c.token, nil)
	if n := strings.Count(st.Body, `"price_per_gram":"`); n != 4 || !strings.Contains(st.Body, "خرید ۰/۱۹۴ گرم طلا") {
		t.Fatalf("statement: %s", st.Body)
	}

	// The last code was spent; saying it again moves nothing.
	r := s.do("POST", "/api/prices/verify-transaction", c.token, map[string]string{"verification_code": s.lastCode(c.phone), "transaction_type": "sell"})
	if r.Status != 400 || !strings.Contains(r.Body, msgCodeExpired) {
		t.Fatalf("a spent code: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_rial", "93199339")

	dash := s.do("GET", "/api/admin/dashboard", admin, nil)
	if !strings.Contains(dash.Body, `"today_buys":{"count":2,"amount_rial":"73398191"}`) {
		t.Fatalf("dashboard: %s", dash.Body)
	}
}

func TestVerifyRefusesWhatIsNotTheLiveQuote(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.setPrice(admin, 50_000_000)
	s.charge(admin, c, "rial", "10000000")
	verify := func(code, typ string) reply {
		return s.do("POST", "/api/prices/verify-transaction", c.token, map[string]string{"verification_code": code, "transaction_type": typ})
	}
	s.run(t, []scenario{
		{name: "a bad type", method: "POST", path: "/api/prices/verify-transaction", token: c.token, body: map[string]string{"verification_code": "12345", "transaction_type": "gift"}, wantStatus: 400, wantContains: msgTradeType, wantAbsent: []string{`"transaction"`}},
		{name: "no quote, no code", method: "POST", path: "/api/prices/verify-transaction", token: c.token, body: map[string]string{"verification_code": "12345", "transaction_type": "buy"}, wantStatus: 400, wantContains: msgCodeExpired, wantAbsent: []string{`"transaction"`}},
	})

	// A new quote of the same type replaces the first: the first code is void, the second buys the new amount.
	s.quote(c, "buy", map[string]any{"amount_rial": 1_000_000})
	first := s.lastCode(c.phone)
	if r := s.do("POST", "/api/prices/buy", c.token, map[string]any{"amount_rial": 2_000_000}); r.Status != 429 {
		t.Fatalf("a second code within a minute: %d %s", r.Status, r.Body)
	}
	s.clock.Advance(61 * time.Second)
	s.quote(c, "buy", map[string]any{"amount_rial": 2_000_000})
	second := s.lastCode(c.phone)
	if r := verify(first, "buy"); r.Status != 400 || first != second && !strings.Contains(r.Body, msgCodeWrong) {
		t.Fatalf("the replaced quote's code: %d %s", r.Status, r.Body)
	}
	if r := verify(second, "buy"); r.Status != 200 || !strings.Contains(r.Body, `"debit_rial":"2000000"`) {
		t.Fatalf("the replacing quote: %d %s", r.Status, r.Body)
	}

	// A code confirms only its own side.
	s.clock.Advance(61 * time.Second)
	s.quote(c, "buy", map[string]any{"amount_rial": 1_000_000})
	if r := verify(s.lastCode(c.phone), "sell"); r.Status != 400 || !strings.Contains(r.Body, msgQuoteNone) {
		t.Fatalf("a buy code said as a sell: %d %s", r.Status, r.Body)
	}

	// A quote lives two minutes.
	s.clock.Advance(61 * time.Second)
	s.quote(c, "buy", map[string]any{"amount_rial": 1_000_000})
	s.clock.Advance(2*time.Minute + time.Second)
	s.setPrice(admin, 50_000_000)
	if r := verify(s.lastCode(c.phone), "buy"); r.Status != 400 || !strings.Contains(r.Body, msgCodeExpired) {
		t.Fatalf("an expired quote: %d %s", r.Status, r.Body)
	}

	// Five wrong tries void the code.
	s.quote(c, "buy", map[string]any{"amount_rial": 1_000_000})
	good := s.lastCode(c.phone)
	wrong := fmt.Sprintf("%05d", (atoiOr(good)+1)%100000)
	for i := 0; i < 5; i++ {
		verify(wrong, "buy")
	}
	if r := verify(good, "buy"); r.Status != 400 {
		t.Fatalf("a code after five wrong tries: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_rial", "8000000")
}

func atoiOr(s string) int {
	n := 0
	fmt.Sscan(s, &n)
	return n
}

// The balance is checked again inside the trade's transaction: a withdraw that took the money after the
// quote makes the trade fail, and nothing moves.
func TestVerifyRechecksTheBalance(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.setPrice(admin, 50_000_000)
	s.charge(admin, c, "rial", "10000000")
	s.quote(c, "buy", map[string]any{"amount_rial": 10_000_000})
	card := s.addSettledCard(c.token, irantest.LuhnCard("603799123456789"))
	if r := s.do("POST", "/api/wallet/withdraw", c.token, map[string]any{"amount": 5_000_000, "bank_account_id": card}); r.Status != 200 {
		t.Fatalf("withdraw: %d %s", r.Status, r.Body)
	}
	r := s.do("POST", "/api/prices/verify-transaction", c.token, map[string]string{"verification_code": s.lastCode(c.phone), "transaction_type": "buy"})
	if r.Status != 400 || !strings.Contains(r.Body, msgInsufficientBalance) {
		t.Fatalf("verify after the money left: %d %s", r.Status, r.Body)
	}
	s.wantBalance(t, c, "balance_gold", "0.000")
	s.wantBalance(t, c, "available_rial", "5000000")
}

// Many taps on confirm, with and without the same Idempotency-Key, and withdraws racing for the same rial:
// the trade happens at most once and the customer never spends more than they hold.
func TestParallelVerifiesCannotOverspend(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	s.setPrice(admin, 50_000_000)
	s.charge(admin, c, "rial", "10000000")
	card := s.addSettledCard(c.token, irantest.LuhnCard("603799123456789"))
	s.quote(c, "buy", map[string]any{"amount_rial": 10_000_000})
	code := s.lastCode(c.phone)

	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[string][]int{}
	for i := 0; i < 16; i++ {
		wg.Add(2)
		go func(i int) {
			defer wg.Done()
			req := s.verifyRequest(c.token, code, "buy", fmt.Sprintf("tap-%d", i%4))
			r := s.send(nil, req)
			mu.Lock()
			statuses["verify"] = append(statuses["verify"], r.Status)
			mu.Unlock()
		}(i)
		go func() {
			defer wg.Done()
			r := s.do("POST", "/api/wallet/withdraw", c.token, map[string]any{"amount": 10_000_000, "bank_account_id": card})
			mu.Lock()
			statuses["withdraw"] = append(statuses["withdraw"], r.Status)
			mu.Unlock()
		}()
	}
	wg.Wait()
	b := s.balances(c.token)
	st := s.do("GET", "/api/transactions/all", c.token, nil)
	trades := strings.Count(st.Body, `"type":"buy"`)
	withdraws := 0
	for _, code := range statuses["withdraw"] {
		if code == 200 {
			withdraws++
		}
	}
	if trades+withdraws != 1 {
		t.Fatalf("%d trades and %d withdraws from one balance; statuses %v", trades, withdraws, statuses)
	}
	if trades == 1 && (b["balance_gold"] != "0.200" || b["balance_rial"] != "0") {
		t.Fatalf("after the trade: %v", b)
	}
	if withdraws == 1 && (b["available_rial"] != "0" || b["balance_gold"] != "0.000") {
		t.Fatalf("after the withdraw: %v", b)
	}
}
