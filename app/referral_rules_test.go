package app

import (
	"testing"
	"time"
)

// A tiny buy sold back earns the inviter nothing: only a trade of at least the owner's minimum does, and an
// inviter earns at most the owner's cap of rewards in one Jalali month.
func TestReferralRewardsCannotBeFarmed(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	inviter := s.newTrader(1, "")
	a := s.newTrader(2, inviter.referralCode)
	b := s.newTrader(3, inviter.referralCode)
	s.setPrice(admin, 50_000_000)
	for _, c := range []trader{a, b} {
		s.charge(admin, c, "rial", "10000000")
	}
	earned := func(want string) {
		t.Helper()
		s.run(t, []scenario{{name: "the inviter's earnings", method: "GET", path: "/api/referral/stats", token: inviter.token, wantStatus: 200, wantContains: `"earned":"` + want + `"`}})
	}

	s.trade(a, "buy", map[string]any{"amount_gold": "0.001"}) // 50,000 rial
	s.trade(a, "sell", map[string]any{"amount_gold": "0.001"})
	earned("0.000")
	s.trade(a, "buy", map[string]any{"amount_rial": 999_999})
	earned("0.000")
	s.trade(a, "buy", map[string]any{"amount_rial": 1_000_000}) // the default minimum
	earned("0.005")

	if r := s.do("PUT", "/api/priceSettings", admin, map[string]any{"referral_monthly_cap": 1}); r.Status != 200 {
		t.Fatalf("settings: %d %s", r.Status, r.Body)
	}
	s.trade(b, "buy", map[string]any{"amount_rial": 2_000_000})
	earned("0.005") // the month's one reward is paid already

	s.clock.Advance(31 * 24 * time.Hour) // into the next Jalali month
	inviter.token, b.token, admin = s.signIn(inviter.phone), s.signIn(b.phone), s.signIn(adminPhone)
	s.setPrice(admin, 50_000_000)
	s.trade(b, "buy", map[string]any{"amount_rial": 1_000_000})
	earned("0.010")
	s.trade(b, "buy", map[string]any{"amount_rial": 1_000_000})
	earned("0.010") // once per invitee
}
