package store

import (
	"errors"
	"slices"
	"time"

	"goldshop/rules"

	"pgregory.net/rapid"
)

// The money machine's standing orders (issue 29): an order holds from its placing until it closes, and the
// owner's price change executes, in order, every open order it meets under the trade's rules.

type orderModel struct {
	id     int64
	c      *customerModel
	side   string
	byRial bool
	amount int64 // rial of a buy by rial, else milligrams
	limit  int64
	held   int64
	until  time.Time
	open   bool
}

// orderPrices are the few base prices the machine sets: all grades add nothing, so every customer buys and
// sells at the base.
var orderPrices = []int64{44_000_000, 46_000_000, 48_000_000, 50_000_000, 52_000_000, 54_000_000, 56_000_000}

// PlaceOrder places a standing order: refused over ten open, when the price meets it now, or beyond the
// free balance; otherwise its hold leaves the free balance at once.
func (m *moneyMachine) PlaceOrder(t *rapid.T) {
	c := m.pick(t)
	m.topUp(t, c)
	o := &orderModel{c: c, side: rapid.SampledFrom([]string{EntryBuy, EntrySell}).Draw(t, "side"), open: true,
		// an order whose day has ended already (the store leaves that rule to the app) only waits to expire
		until: m.start.Add(time.Duration(rapid.SampledFrom([]int{-1, 1, 2}).Draw(t, "hours")) * time.Hour)}
	// mostly a limit the price has yet to reach (below it for a buy, above for a sell), at times any
	limits := orderPrices
	if m.price > 0 && rapid.IntRange(0, 4).Draw(t, "any limit") > 0 {
		limits = nil
		for _, p := range orderPrices {
			if (o.side == EntryBuy && p < m.price) || (o.side == EntrySell && p > m.price) {
				limits = append(limits, p)
			}
		}
		if len(limits) == 0 {
			limits = orderPrices
		}
	}
	o.limit = rapid.SampledFrom(limits).Draw(t, "limit")
	o.byRial = o.side == EntryBuy && rapid.Bool().Draw(t, "by rial")
	if o.byRial {
		// amounts around what the customer has free: most fit, some do not
		o.amount = rapid.Int64Range(1_000, max(2_000, c.free*5/4)).Draw(t, "rial")
		o.held = o.amount
	} else {
		o.amount = rapid.Int64Range(1, max(2, c.gold*5/4, c.free*5/4/o.limit*1000)).Draw(t, "mg")
		o.held = o.amount
		if o.side == EntryBuy {
			rial, _ := rules.TradeAmounts(rules.Buy, false, o.amount, o.limit)
			o.held = rial.IntPart()
		}
	}
	open := 0
	for _, x := range m.orders {
		if x.c == c && x.open {
			open++
		}
	}
	in := Order{UserID: c.id, Side: o.side, ByRial: o.byRial, LimitPriceRial: o.limit, Held: o.held, UntilAt: o.until}
	if o.byRial {
		in.AmountRial = o.amount
	} else {
		in.AmountGoldMg = o.amount
	}
	placed, err := m.s.PlaceOrder(ctxBg, in, time.Now())
	free := c.free
	if o.side == EntrySell {
		free = c.gold
	}
	switch {
	case open >= OrdersPerCustomer:
		if !errors.Is(err, ErrOrderLimit) {
			t.Fatalf("an eleventh open order: %v", err)
		}
		return
	case m.price > 0 && ((o.side == EntryBuy && m.price <= o.limit) || (o.side == EntrySell && m.price >= o.limit)):
		if !errors.Is(err, ErrOrderMet) {
			t.Fatalf("an order met at %d: %v", m.price, err)
		}
		return
	case o.held > free:
		if !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("an order holding %d of %d free: %v", o.held, free, err)
		}
		return
	case err != nil:
		t.Fatal(err)
	}
	o.id = placed.ID
	m.hold(o, 1)
	m.orders = append(m.orders, o)
}

// topUp charges a customer with little free rial or gold some of each (the gold as the vault allows), so
// that most orders are placed and the price changes have orders to meet.
func (m *moneyMachine) topUp(t *rapid.T, c *customerModel) {
	charge := func(asset string, amount int64) {
		if _, err := m.s.Charge(ctxBg, ChargeInput{AdminID: m.admin, UserID: c.id, Asset: asset, Amount: amount},
			time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if c.free < 1_000_000 {
		charge(AssetRial, 5_000_000)
		c.free += 5_000_000
	}
	if c.gold < 20 && m.covers(200) {
		charge(AssetGold, 200)
		c.gold += 200
	}
}

// hold moves an order's held amount out of (sign 1) or back into (sign -1) its customer's free balance.
func (m *moneyMachine) hold(o *orderModel, sign int64) {
	if o.side == EntryBuy {
		o.c.free, o.c.held = o.c.free-sign*o.held, o.c.held+sign*o.held
	} else {
		o.c.gold, o.c.heldGold = o.c.gold-sign*o.held, o.c.heldGold+sign*o.held
	}
}

// CancelOrder cancels one of the orders: its hold comes back once; a closed one is a conflict.
func (m *moneyMachine) CancelOrder(t *rapid.T) {
	if len(m.orders) == 0 {
		t.Skip("no orders")
	}
	o := rapid.SampledFrom(m.orders).Draw(t, "order")
	err := m.s.CancelOrder(ctxBg, o.c.id, o.id, time.Now())
	if !o.open {
		if !errors.Is(err, ErrConflict) {
			t.Fatalf("a closed order cancelled: %v", err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	o.open = false
	m.hold(o, -1)
}

// ExpireOrders closes every open order whose day has ended.
func (m *moneyMachine) ExpireOrders(t *rapid.T) {
	at := time.Now()
	if _, err := m.s.ExpireOrders(ctxBg, at); err != nil {
		t.Fatal(err)
	}
	for _, o := range m.orders {
		if o.open && !o.until.After(at) {
			o.open = false
			m.hold(o, -1)
		}
	}
}

// SetPrice is the owner's new base price: every open order it meets executes at it, oldest first, as a
// trade would (released, then traded from the free balance), or stays open where a rule refuses it (a daily
// limit, the vault short of a buy's gold).
func (m *moneyMachine) SetPrice(t *rapid.T) {
	prices := slices.Clone(orderPrices)
	for _, o := range m.orders { // an open order's own limit, often: a price that meets it exactly
		if o.open {
			prices = append(prices, o.limit, o.limit)
		}
	}
	m.price = rapid.SampledFrom(prices).Draw(t, "price")
	now := time.Now()
	if err := m.s.SetBasePrice(ctxBg, m.admin, m.price, now); err != nil {
		t.Fatal(err)
	}
	for _, o := range m.orders {
		if !o.open || o.until.Before(m.start) || (o.side == EntryBuy && m.price > o.limit) ||
			(o.side == EntrySell && m.price < o.limit) {
			continue
		}
		rialD, mgD := rules.TradeAmounts(rules.Side(o.side), o.byRial, o.amount, m.price)
		rial, mg, err := rules.BoundTrade(rialD, mgD, 1, 1_000_000)
		// released, its hold covers the trade; the day's limits, then the vault, may refuse it (it stays open)
		if err != nil || !m.withinLimits(o.c, o.side, rial, mg, now) || (o.side == EntryBuy && !m.covers(mg)) {
			continue
		}
		m.hold(o, -1)
		o.open = false
		m.reach.executed++
		m.traded(o.c, o.side, rial, mg, now)
	}
}
