package app

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
)

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
	s.trade(c, "buy", map[string]any{"amount_gold": "1"})

	v := s.reserves(t)
	if v.Owed != "5.000" || v.Held != "15.000" || v.Ratio == nil || *v.Ratio != "3.00" || v.UpdatedAt == nil {
		t.Fatalf("now: %+v", v)
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
