package store

import (
	"errors"
	"fmt"
	"time"

	"pgregory.net/rapid"
)

// Trade quotes a buy or sell (sometimes replacing it with a second quote first) and executes it (tradeIt).
func (m *moneyMachine) Trade(t *rapid.T) {
	c := m.pick(t)
	typ := rapid.SampledFrom([]string{EntryBuy, EntrySell}).Draw(t, "type")
	rial := rapid.Int64Range(1, 3_000_000).Draw(t, "rial")
	mg := rapid.Int64Range(1, 3_000).Draw(t, "mg")
	m.tradeIt(t, c, typ, rial, mg, rapid.Bool().Draw(t, "replace"))
}

// tradeIt quotes c's trade (replacing a first quote with it when replace) and executes it: it moves the
// amounts when the free balance, the day's limits and (buying) the vault cover them, in that order of
// refusal, and nothing otherwise; the first trade of at least the minimum of an invited customer pays the
// inviter (customer 0) the reward once, within the monthly cap.
func (m *moneyMachine) tradeIt(t *rapid.T, c *customerModel, typ string, rial, mg int64, replace bool) {
	now := time.Now()
	quote := func() Quote {
		m.keys++
		q, err := m.s.SaveQuote(ctxBg, Quote{UserID: c.id, Type: typ, CodeScope: fmt.Sprintf("scope-%d-%d", now.UnixNano(), m.keys),
			AmountRial: rial, AmountGoldMg: mg, PricePerGramRial: 50_000_000, CreatedAt: now, ExpiresAt: now.Add(time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	q := quote()
	if replace {
		old := q
		q = quote()
		if _, err := m.s.ExecuteQuote(ctxBg, Trade{UserID: c.id, Type: typ, CodeScope: old.CodeScope}, now); !errors.Is(err, ErrQuoteNone) {
			t.Fatalf("a replaced quote executed: %v", err)
		}
	}
	entry, err := m.s.ExecuteQuote(ctxBg, Trade{UserID: c.id, Type: typ, CodeScope: q.CodeScope}, now)
	if !m.tradeAllowed(t, c, "trade", typ, rial, mg, now, err) {
		return
	}
	if read, err := statementRow(m.s, c.id, entry.ID); err != nil || read != entry {
		t.Fatalf("the trade answered %+v; its statement row is %+v (%v)", entry, read, err)
	}
	m.traded(c, typ, rial, mg, now)
	if _, err := m.s.ExecuteQuote(ctxBg, Trade{UserID: c.id, Type: typ, CodeScope: q.CodeScope}, now); !errors.Is(err, ErrQuoteNone) {
		t.Fatalf("a quote executed twice: %v", err)
	}
}

// tradeAllowed checks the store's answer err to c's trade (what names it) of typ, rial and mg at now
// against the model's rules, in the trade's order: the free balance, the day's limits, the vault for a buy.
// It is true when the trade should have gone through (and did).
func (m *moneyMachine) tradeAllowed(t *rapid.T, c *customerModel, what, typ string, rial, mg int64, now time.Time, err error) bool {
	short := (typ == EntryBuy && rial > c.free) || (typ == EntrySell && mg > c.gold)
	switch {
	case short:
		if !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("a %s's %s of %d rial / %d mg with %d free rial and %d mg: %v", what, typ, rial, mg, c.free, c.gold, err)
		}
		return false
	case !m.withinLimits(c, typ, rial, mg, now):
		if !errors.Is(err, ErrDailyLimit) {
			t.Fatalf("a %s's %s of %d rial / %d mg over the limits %s with %+v today: %v", what, typ, rial, mg,
				m.limitsText(), c.today, err)
		}
		m.reach.limitRefused++
		return false
	case typ == EntryBuy && !m.covers(mg):
		if !errors.Is(err, ErrReserveShort) {
			t.Fatalf("a %s's buy of %d mg with %d owed, %d held, %d promised: %v", what, mg, m.owedMg(), m.heldMg, m.promisedMg(), err)
		}
		m.reach.reserveRefused++
		return false
	case err != nil:
		t.Fatal(err)
	}
	return true
}

// traded moves the model's balances by c's trade, counts it in their day, and pays their inviter if it earns
// the reward.
func (m *moneyMachine) traded(c *customerModel, typ string, rial, mg int64, now time.Time) {
	day := m.dayOf(c, now)
	switch typ {
	case EntryBuy:
		c.free, c.gold = c.free-rial, c.gold+mg
		day.BuyRial, day.BuyGoldMg = day.BuyRial+rial, day.BuyGoldMg+mg
	default:
		c.free, c.gold = c.free+rial, c.gold-mg
		day.SellRial, day.SellGoldMg = day.SellRial+rial, day.SellGoldMg+mg
	}
	m.referralAfter(c, rial)
}

// referralAfter pays the model's inviter for c's trade of rial, under the shop's default referral rules: a
// trade of at least 1,000,000 rial, at most 10 rewards a month (the machine's trades have no month start, so
// all of an inviter's rewards count); a reward the vault cannot cover waits for a later trade.
func (m *moneyMachine) referralAfter(c *customerModel, rial int64) {
	if c != m.customers[0] && !m.rewarded[c.id] && rial >= 1_000_000 && m.rewards < 10 && m.covers(ReferralRewardMg) {
		m.rewarded[c.id] = true
		m.rewards++
		m.reach.rewards++
		m.customers[0].gold += ReferralRewardMg
	}
}

// RequestBar puts a new bar in the inventory and has a customer ask for it: refused while they have a
// pending request or when their free gold does not cover it; otherwise its vazn750 is held.
func (m *moneyMachine) RequestBar(t *rapid.T) {
	m.requestBar(t, m.pick(t), rapid.Int64Range(1, 3_000).Draw(t, "vazn750"))
}

// requestBar adds a bar of mg and has c ask for it, returning the request the model keeps (nil when refused).
func (m *moneyMachine) requestBar(t *rapid.T, c *customerModel, mg int64) *goldRequestModel {
	m.bars++
	bar, err := m.s.AddBar(ctxBg, m.admin, VaultItem{Lab: "lab", IngotNumber: fmt.Sprint(m.bars), PurityCenti: 75_000, WeightMg: mg, Weight750Mg: mg}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	m.heldMg += mg // the bar is in the vault, offered to customers
	pending := false
	for _, g := range m.golds {
		pending = pending || (g.user == c.id && g.status == StatusPending)
	}
	req, err := m.s.CreateGoldRequest(ctxBg, GoldRequestInput{UserID: c.id, BarID: bar.ID}, time.Now())
	switch {
	case pending:
		if !errors.Is(err, ErrGoldRequestPending) {
			t.Fatalf("a second pending request: %v", err)
		}
	case mg > c.gold:
		if !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("a bar of %d mg with %d free: %v", mg, c.gold, err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		c.gold, c.heldGold = c.gold-mg, c.heldGold+mg
		g := &goldRequestModel{req.ID, c.id, mg, StatusPending}
		m.golds = append(m.golds, g)
		return g
	}
	return nil
}

// DecideGold moves a random request to a random status, by the admin or (cancel) by its owner; refused
// moves change nothing, allowed ones move the gold as decisions.md §6 says.
func (m *moneyMachine) DecideGold(t *rapid.T) {
	if len(m.golds) == 0 {
		t.Skip("no gold requests")
	}
	g := rapid.SampledFrom(m.golds).Draw(t, "request")
	to := rapid.SampledFrom([]string{StatusApproved, StatusReady, StatusDelivered, StatusRejected, StatusCanceled}).Draw(t, "to")
	c := m.customer(g.user)
	var err error
	if to == StatusCanceled {
		err = m.s.CancelGoldRequest(ctxBg, g.user, g.id, time.Now())
	} else {
		_, err = m.s.DecideGoldRequest(ctxBg, GoldDecision{AdminID: m.admin, RequestID: g.id, To: to, Reason: "x"}, time.Now())
	}
	allowed := to == StatusCanceled && g.status == StatusPending
	for _, next := range goldTransitions[g.status] {
		allowed = allowed || (to != StatusCanceled && next == to)
	}
	if !allowed {
		if !errors.Is(err, ErrConflict) {
			t.Fatalf("%s → %s: %v", g.status, to, err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case g.status == StatusPending && to == StatusApproved:
		c.heldGold -= g.mg
	case g.status == StatusPending: // rejected or canceled
		c.heldGold, c.gold = c.heldGold-g.mg, c.gold+g.mg
	case to == StatusRejected: // after approval: the reversing credit
		c.gold += g.mg
	case to == StatusDelivered: // the bar leaves the vault
		m.heldMg -= g.mg
	}
	g.status = to
}
