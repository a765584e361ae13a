package app

import (
	"strings"
	"sync"
	"testing"
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
