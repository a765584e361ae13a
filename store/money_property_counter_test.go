package store

import (
	"errors"
	"time"

	"pgregory.net/rapid"

	"goldshop/iran"
	"goldshop/rules"
)

// The money machine's counter (issue 38): invoices that sell a loose vault item, buy used gold back, or both
// (a trade-in), paid in cash and from a customer's wallet or paid out in cash, to the wallet or as gold; and
// their voids. The model keeps what each moves and refuses as the shop must: a price never set, a wallet short
// of its part, a void of another day or a second one, and the reserve left short by a move that lowers it.

// invoiceModel is an invoice as the model recorded it.
type invoiceModel struct {
	id         int64
	c          *customerModel // nil: a walk-in
	sold       *vaultItemModel
	lotMg      int64 // the buy-back's 750-equivalent put in the vault
	lot        *vaultItemModel
	cash       int64 // what the invoice moved through the drawer (negative: paid out)
	walletRial int64 // rial the invoice took from the wallet (negative: paid into it)
	goldMg     int64 // gold credited to the customer by a gold payout
	at         time.Time
	void       bool
}

// surplus is the reserve's standing after a move of held and owed by dHeld and dOwed, as the store weighs it.
func (m *moneyMachine) surplus(dHeld, dOwed int64) int64 {
	return (m.heldMg+dHeld-m.promisedMg())*10_000 - (m.owedMg()+dOwed)*(10_000+m.marginBP)
}

// keepsReserve says whether the guard lets a counter move of held and owed through.
func (m *moneyMachine) keepsReserve(dHeld, dOwed int64) bool {
	after := m.surplus(dHeld, dOwed)
	return !m.guard || after >= 0 || after >= m.surplus(0, 0)
}

// counterValue is what a milligram weight of 750 gold is worth at the counter's price: half up to the rial.
func counterValue(mg, price int64) int64 { return (mg*price + 500) / 1000 }

// Counter records an invoice: a sale of a loose item, a buy-back, or both.
func (m *moneyMachine) Counter(t *rapid.T) {
	var inv invoiceModel
	var draft CounterDraft
	var in []*vaultItemModel
	for _, it := range m.items {
		if it.in {
			in = append(in, it)
		}
	}
	sells := len(in) > 0 && rapid.Bool().Draw(t, "sells")
	if sells {
		inv.sold = rapid.SampledFrom(in).Draw(t, "sold")
		draft.Sales = []SaleDraft{{ItemID: inv.sold.id}}
	}
	if !sells || rapid.Bool().Draw(t, "buys back") {
		inv.lotMg = rapid.Int64Range(1, 5_000).Draw(t, "buy-back")
		draft.BuyBacks = []BuyBackDraft{{Description: "طلای متفرقه", WeightMg: inv.lotMg, PurityCenti: 75_000}}
	}
	if rapid.IntRange(0, 3).Draw(t, "walk-in") > 0 {
		inv.c = m.pick(t)
	}
	var saleRial, buyRial, saleMg int64
	if inv.sold != nil {
		saleRial, saleMg = counterValue(inv.sold.mg, m.price), inv.sold.mg
	}
	buyRial = counterValue(inv.lotMg, m.price)
	asGold := inv.c != nil && inv.lotMg > 0 && rapid.Bool().Draw(t, "as gold")
	net := saleRial - buyRial
	if asGold {
		net, inv.goldMg = saleRial, inv.lotMg
	}
	var payments, payouts []CounterPayment
	switch {
	case net > 0:
		if inv.c != nil {
			inv.walletRial = rapid.Int64Range(0, net).Draw(t, "from the wallet")
		}
		payments = settleSplit(rules.PayWalletRial, inv.walletRial, net)
	case net < 0:
		if inv.c != nil {
			inv.walletRial = -rapid.Int64Range(0, -net).Draw(t, "to the wallet")
		}
		payouts = settleSplit(rules.PayWalletRial, -inv.walletRial, -net)
	}
	if asGold {
		payouts = []CounterPayment{{Method: rules.PayWalletGold}}
	}
	buyer := CounterBuyer{}
	if inv.c != nil {
		buyer.UserID = inv.c.id
	}
	inv.cash = cashOf(payments) - cashOf(payouts)
	inv.at = time.Now()
	got, err := m.s.RecordInvoice(ctxBg, CounterInput{AdminID: m.admin, Draft: draft, Buyer: buyer, Payments: payments,
		Payouts: payouts}, inv.at)
	var reserve *ReserveShortError
	switch {
	case m.day(inv.at).closed:
		if !errors.Is(err, ErrDayClosed) {
			t.Fatalf("an invoice on a closed day: %v", err)
		}
		m.reach.dayClosedRefusals++
	case m.price == 0:
		if !errors.Is(err, ErrPricesStale) {
			t.Fatalf("an invoice before any price: %v", err)
		}
	case inv.walletRial > 0 && inv.walletRial > inv.c.free:
		if !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("a wallet part of %d with %d free: %v", inv.walletRial, inv.c.free, err)
		}
	case !m.keepsReserve(inv.lotMg-saleMg, inv.goldMg):
		if !errors.As(err, &reserve) {
			t.Fatalf("the reserve left short: %v", err)
		}
		m.reach.counterReserve++
	case err != nil:
		t.Fatal(err)
	default:
		inv.id = got.ID
		if inv.sold != nil {
			inv.sold.in = false
		}
		m.heldMg += inv.lotMg - saleMg
		if inv.c != nil {
			inv.c.free -= inv.walletRial
			inv.c.gold += inv.goldMg
		}
		for _, l := range got.Lines {
			if l.Side == LineBuyBack {
				inv.lot = &vaultItemModel{l.ItemID, inv.lotMg, true}
				m.lots = append(m.lots, inv.lot)
			}
		}
		d := m.day(inv.at)
		d.cash, d.moved = d.cash+inv.cash, true
		m.invoices = append(m.invoices, &inv)
		switch {
		case inv.sold != nil && inv.lotMg > 0:
			m.reach.tradeIns++
		case inv.sold != nil:
			m.reach.counterSales++
		default:
			m.reach.buyBacks++
		}
		if got.NetRial != net || got.BuyBacksAsGold != asGold {
			t.Fatalf("invoice net %d as gold %v, model %d %v", got.NetRial, got.BuyBacksAsGold, net, asGold)
		}
	}
}

// cashOf is what payments move in cash.
func cashOf(payments []CounterPayment) int64 {
	var sum int64
	for _, p := range payments {
		if p.Method == rules.PayCash {
			sum += p.AmountRial
		}
	}
	return sum
}

// settleSplit pays total: part by method (none when 0), the rest in cash (none when 0).
func settleSplit(method string, part, total int64) []CounterPayment {
	var out []CounterPayment
	if part > 0 {
		out = append(out, CounterPayment{Method: method, AmountRial: part})
	}
	if total > part {
		out = append(out, CounterPayment{Method: rules.PayCash, AmountRial: total - part})
	}
	return out
}

// VoidCounter voids a recorded invoice, or is refused for a second void or an invoice of another day.
func (m *moneyMachine) VoidCounter(t *rapid.T) {
	if len(m.invoices) == 0 {
		t.Skip("no invoices")
	}
	inv := rapid.SampledFrom(m.invoices).Draw(t, "invoice")
	now := time.Now()
	var saleMg int64
	if inv.sold != nil {
		saleMg = inv.sold.mg
	}
	_, err := m.s.VoidInvoice(ctxBg, m.admin, inv.id, "اشتباه", now)
	var short *InsufficientError
	switch {
	case inv.void:
		if !errors.Is(err, ErrInvoiceVoid) {
			t.Fatalf("a second void: %v", err)
		}
	case !iran.DayStart(inv.at).Equal(iran.DayStart(now)):
		if !errors.Is(err, ErrInvoiceNotToday) {
			t.Fatalf("a void of another day: %v", err)
		}
	case m.day(now).closed:
		if !errors.Is(err, ErrDayClosed) {
			t.Fatalf("a void on a closed day: %v", err)
		}
		m.reach.dayClosedRefusals++
	case inv.lot != nil && !inv.lot.in:
		if !errors.Is(err, ErrInvoiceLotGone) {
			t.Fatalf("a void whose lot went to the melter: %v", err)
		}
	case inv.c != nil && inv.walletRial < 0 && -inv.walletRial > inv.c.free:
		if !errors.As(err, &short) || short.Asset != AssetRial {
			t.Fatalf("a void taking back %d rial of %d free: %v", -inv.walletRial, inv.c.free, err)
		}
	case inv.c != nil && inv.goldMg > inv.c.gold:
		if !errors.As(err, &short) || short.Asset != AssetGold {
			t.Fatalf("a void taking back %d mg of %d free: %v", inv.goldMg, inv.c.gold, err)
		}
	case !m.keepsReserve(saleMg-inv.lotMg, -inv.goldMg):
		var reserve *ReserveShortError
		if !errors.As(err, &reserve) {
			t.Fatalf("a void leaving the reserve short: %v", err)
		}
		m.reach.counterReserve++
	case err != nil:
		t.Fatal(err)
	default:
		inv.void = true
		if inv.sold != nil {
			inv.sold.in = true
		}
		m.heldMg += saleMg - inv.lotMg
		if inv.c != nil {
			inv.c.free += inv.walletRial
			inv.c.gold -= inv.goldMg
		}
		if inv.lot != nil {
			inv.lot.in = false
		}
		m.day(now).cash -= inv.cash
		m.reach.voids++
	}
}
