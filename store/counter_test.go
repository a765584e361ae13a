package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"goldshop/rules"
)

// counterShop is a shop with a price, a ring and a bar in the vault, a customer with money and gold, and an admin.
type counterShop struct {
	s              *Store
	admin, cust    int64
	ring, bar      VaultItem
	now            time.Time
	ctx            context.Context
	heldBefore     int64
	journalsBefore int64
}

const counterBase = 100_000_000 // rial per gram of 750

func openCounter(t *testing.T) *counterShop {
	t.Helper()
	s, _ := openTest(t)
	return counterShopOn(t, s)
}

// counterShopOn stocks s as openCounter does.
func counterShopOn(t *testing.T, s *Store) *counterShop {
	t.Helper()
	c := &counterShop{s: s, ctx: context.Background(), now: time.Now()}
	c.admin, c.cust = addAdmin(t, s), addCustomer(t, s, 1)
	if err := s.SetBasePrice(c.ctx, c.admin, counterBase, c.now); err != nil {
		t.Fatal(err)
	}
	var err error
	if c.ring, err = s.AddVaultItem(c.ctx, c.admin, VaultItem{Kind: VaultJewellery, Description: "انگشتر", WeightMg: 4_250,
		PurityCenti: 75_000, Weight750Mg: 4_250, Tag: "R-1", WageBP: 1_800}, "", c.now); err != nil {
		t.Fatal(err)
	}
	if c.bar, err = s.AddVaultItem(c.ctx, c.admin, VaultItem{Kind: VaultMelted, Description: "آبشده", WeightMg: 10_000,
		PurityCenti: 75_000, Weight750Mg: 10_000}, "", c.now); err != nil {
		t.Fatal(err)
	}
	fund(t, s, c.admin, c.cust, 500_000_000)
	if _, err := s.Charge(c.ctx, ChargeInput{AdminID: c.admin, UserID: c.cust, Asset: AssetGold, Amount: 3_000}, c.now); err != nil {
		t.Fatal(err)
	}
	return c
}

// snapshot is what a refused invoice must leave as it was.
func (c *counterShop) snapshot(t *testing.T) [4]int64 {
	t.Helper()
	var out [4]int64
	if err := c.s.read.QueryRowContext(c.ctx, `SELECT (SELECT COUNT(*) FROM journals), (SELECT COUNT(*) FROM vault_moves),
		(SELECT COUNT(*) FROM counter_invoices), (SELECT COUNT(*) FROM trade_quotes)`).Scan(&out[0], &out[1], &out[2], &out[3]); err != nil {
		t.Fatal(err)
	}
	return out
}

func cashIn(amount int64) []CounterPayment {
	return []CounterPayment{{Method: rules.PayCash, AmountRial: amount}}
}

// A trade-in for a goldshop customer: the ring sold at its 18 % wage, 7 % profit and 10 % VAT, old gold bought
// at 2 % deduction; the difference paid part in cash and part from the wallet. The ring leaves the vault as
// sold, the old gold enters as an unassayed lot at its 750-equivalent after the deduction, the wallet pays
// only its part, VAT payable holds the invoice's VAT, and the statement shows the invoice.
func TestATradeInSellsTheRingBuysTheOldGoldAndTakesThePaymentsInOneJournal(t *testing.T) {
	c := openCounter(t)
	set, _ := c.s.CounterSettings(c.ctx)
	set.BuyBackSpreadRial, set.DeductionBP = 2_000_000, 200
	if _, err := c.s.SaveCounterSettings(c.ctx, c.admin, set, c.now); err != nil {
		t.Fatal(err)
	}
	draft := CounterDraft{Sales: []SaleDraft{{ItemID: c.ring.ID}},
		BuyBacks: []BuyBackDraft{{Description: "النگوی شکسته", WeightMg: 3_000, PurityCenti: 70_500}}}
	terms, _ := c.s.CounterTerms(c.ctx, c.now)
	priced, err := c.s.PriceInvoice(c.ctx, draft, terms)
	if err != nil {
		t.Fatal(err)
	}
	// ring: gold 425 000 000; wage 18 % 76 500 000; profit 7 % of both 35 105 000; VAT 10 % of wage and profit
	// 11 160 500: 547 765 500. Old gold: 3 g at 705 less 2 % is 2.763 g of 750 at 98 000 000: 270 774 000.
	if priced.SalesRial != 547_765_500 || priced.BuyBackRial != 270_774_000 || priced.VATRial != 11_160_500 {
		t.Fatalf("priced %+v", priced)
	}
	net := priced.Net(false)
	before, _ := c.s.Balances(c.ctx, c.cust)
	inv, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: draft, Buyer: CounterBuyer{UserID: c.cust},
		Payments: []CounterPayment{{Method: rules.PayCash, AmountRial: 200_000_000},
			{Method: rules.PayWalletRial, AmountRial: net - 200_000_000}}}, c.now)
	if err != nil {
		t.Fatal(err)
	}
	if inv.Seq != 1 || inv.NetRial != net || inv.Buyer.Phone != "09120000001" || len(inv.Lines) != 2 {
		t.Fatalf("invoice %+v", inv)
	}
	after, _ := c.s.Balances(c.ctx, c.cust)
	if before.Rial-after.Rial != net-200_000_000 || after.Gold != before.Gold {
		t.Fatalf("balances %+v → %+v", before, after)
	}
	ring, _ := c.s.VaultItem(c.ctx, c.ring.ID)
	lot, _ := c.s.VaultItem(c.ctx, inv.Lines[1].ItemID)
	if ring.Status != VaultOut || lot.Status != VaultIn || lot.Kind != VaultMelted || lot.Assay != "unassayed" ||
		lot.Weight750Mg != 2_763 || lot.Description != "النگوی شکسته" {
		t.Fatalf("ring %+v lot %+v", ring, lot)
	}
	var vat int64
	c.s.read.QueryRowContext(c.ctx, `SELECT balance FROM accounts WHERE kind = 'shop_vat'`).Scan(&vat)
	if vat != 11_160_500 {
		t.Fatalf("VAT payable %d", vat)
	}
	page, _, err := c.s.StatementPage(c.ctx, c.cust, 0, 5)
	if err != nil || page[0].Type != EntryCounter || page[0].CounterInvoiceID != inv.ID || page[0].DebitRial != net-200_000_000 {
		t.Fatalf("statement %+v %v", page, err)
	}
}

// Every refusal leaves everything as it was: a sold item, a price gone stale, payments that miss the net, a
// wallet method without a customer, a wallet short of its part, the vault short of what customers own.
func TestACounterInvoiceThatIsRefusedChangesNothing(t *testing.T) {
	c := openCounter(t)
	bar := CounterDraft{Sales: []SaleDraft{{ItemID: c.bar.ID}}} // 10 g of 750: 1 000 000 000
	if _, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: bar, Payments: cashIn(1_000_000_000)}, c.now); err != nil {
		t.Fatal(err)
	}
	before := c.snapshot(t)
	ring := CounterDraft{Sales: []SaleDraft{{ItemID: c.ring.ID}}}
	terms, _ := c.s.CounterTerms(c.ctx, c.now)
	priced, _ := c.s.PriceInvoice(c.ctx, ring, terms)
	var item *CounterItemError
	var short *InsufficientError
	for name, tc := range map[string]struct {
		in   CounterInput
		at   time.Time
		want func(error) bool
	}{
		"sold already": {CounterInput{Draft: bar, Payments: cashIn(1_000_000_000)}, c.now,
			func(err error) bool { return errors.As(err, &item) && errors.Is(err, ErrVaultItemOut) }},
		"never in the vault": {CounterInput{Draft: CounterDraft{Sales: []SaleDraft{{ItemID: 999}}}, Payments: cashIn(1)}, c.now,
			func(err error) bool { return errors.Is(err, ErrCounterItemMissing) }},
		"price stale": {CounterInput{Draft: ring, Payments: cashIn(priced.SalesRial)}, c.now.Add(31 * time.Minute),
			func(err error) bool { return errors.Is(err, ErrPricesStale) }},
		"payments short by a rial": {CounterInput{Draft: ring, Payments: cashIn(priced.SalesRial - 1)}, c.now,
			func(err error) bool { return errors.Is(err, rules.ErrSettleSum) }},
		"a payout while the customer owes": {CounterInput{Draft: ring, Payments: cashIn(priced.SalesRial),
			Payouts: cashIn(1)}, c.now, func(err error) bool { return errors.Is(err, rules.ErrSettleSum) }},
		"the wallet without a customer": {CounterInput{Draft: ring, Payments: []CounterPayment{{Method: rules.PayWalletRial,
			AmountRial: priced.SalesRial}}}, c.now, func(err error) bool { return errors.Is(err, ErrCounterNoCustomer) }},
		"the wallet short": {CounterInput{Draft: ring, Buyer: CounterBuyer{UserID: c.cust}, Payments: []CounterPayment{
			{Method: rules.PayWalletRial, AmountRial: priced.SalesRial}}}, c.now,
			func(err error) bool { return errors.As(err, &short) && short.Asset == AssetRial }},
	} {
		tc.in.AdminID = c.admin
		if _, err := c.s.RecordInvoice(c.ctx, tc.in, tc.at); !tc.want(err) {
			t.Errorf("%s: %v", name, err)
		}
		if got := c.snapshot(t); got != before {
			t.Fatalf("%s changed %v to %v", name, before, got)
		}
	}
	// the vault short: customers own 3 g, the ring is the last gold besides the tonne of stock (taken out)
	if _, err := c.s.TakeOutVaultItem(c.ctx, c.admin, 1, MoveCorrected, "", c.now); err != nil {
		t.Fatal(err)
	}
	if _, err := c.s.SetReserveSettings(c.ctx, c.admin, ReserveSettings{GuardEnabled: true}, c.now); err != nil {
		t.Fatal(err)
	}
	before = c.snapshot(t)
	var reserve *ReserveShortError
	_, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: ring, Payments: cashIn(priced.SalesRial)}, c.now)
	if !errors.As(err, &reserve) || reserve.ShortMg != 3_000 {
		t.Fatalf("reserve: %v", err)
	}
	if got := c.snapshot(t); got != before {
		t.Fatalf("the reserve's refusal changed %v to %v", before, got)
	}
	// a buy-back brings gold in: never refused by the guard, however short the vault
	if _, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: CounterDraft{BuyBacks: []BuyBackDraft{
		{WeightMg: 1_000, PurityCenti: 75_000}}}, Payouts: cashIn(100_000_000)}, c.now); err != nil {
		t.Fatalf("a buy-back under a short vault: %v", err)
	}
}

// A wallet_gold payment sells the customer's grams at their own sell price through the trade path (an
// executed quote, the sell's journal), and a gold payout credits the buy-back's 750-equivalent to the
// customer's gold without buying it: the reserve is unchanged.
func TestTheWalletsGoldPaysAndIsPaidAsGold(t *testing.T) {
	c := openCounter(t)
	ring := CounterDraft{Sales: []SaleDraft{{ItemID: c.ring.ID}}}
	terms, _ := c.s.CounterTerms(c.ctx, c.now)
	priced, _ := c.s.PriceInvoice(c.ctx, ring, terms)
	trading, _ := c.s.TradingTermsOfGrade(c.ctx, 1)
	sell, err := trading.Quote(EntrySell, false, 2_000, c.now)
	if err != nil {
		t.Fatal(err)
	}
	inv, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: ring, Buyer: CounterBuyer{UserID: c.cust},
		Payments: []CounterPayment{{Method: rules.PayWalletGold, GoldMg: 2_000}, {Method: rules.PayCash,
			AmountRial: priced.SalesRial - sell.AmountRial}}}, c.now)
	if err != nil {
		t.Fatal(err)
	}
	if inv.Payments[0].AmountRial != sell.AmountRial || inv.Payments[0].TradeJournalID == 0 {
		t.Fatalf("payments %+v", inv.Payments)
	}
	b, _ := c.s.Balances(c.ctx, c.cust)
	if b.Gold != 1_000 || b.Rial != 500_000_000 {
		t.Fatalf("balances %+v", b)
	}
	reserve, _ := c.s.Reserve(c.ctx)
	inv, err = c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Buyer: CounterBuyer{UserID: c.cust},
		Draft:   CounterDraft{BuyBacks: []BuyBackDraft{{WeightMg: 2_000, PurityCenti: 75_000, DeductionBP: new(int64)}}},
		Payouts: []CounterPayment{{Method: rules.PayWalletGold}}}, c.now)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := c.s.Reserve(c.ctx)
	b, _ = c.s.Balances(c.ctx, c.cust)
	if b.Gold != 3_000 || inv.NetRial != 0 || !inv.BuyBacksAsGold || inv.Payouts[0].GoldMg != 2_000 ||
		after.RoomMg() != reserve.RoomMg() {
		t.Fatalf("gold payout: %+v, balances %+v, room %d → %d", inv, b, reserve.RoomMg(), after.RoomMg())
	}
}

// A void reverses its invoice exactly once, on its own day: the pieces back in the vault, the lots out, the
// wallet's part back; a second void, or one on another day, or of an invoice whose lot has left, is refused.
func TestAVoidReversesItsInvoiceOnceOnItsDay(t *testing.T) {
	c := openCounter(t)
	draft := CounterDraft{Sales: []SaleDraft{{ItemID: c.ring.ID}}, BuyBacks: []BuyBackDraft{{WeightMg: 1_000, PurityCenti: 75_000}}}
	terms, _ := c.s.CounterTerms(c.ctx, c.now)
	priced, _ := c.s.PriceInvoice(c.ctx, draft, terms)
	before, _ := c.s.Balances(c.ctx, c.cust)
	inv, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: draft, Buyer: CounterBuyer{UserID: c.cust},
		Payments: []CounterPayment{{Method: rules.PayWalletRial, AmountRial: priced.Net(false)}}}, c.now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.s.VoidInvoice(c.ctx, c.admin, inv.ID, "اشتباه", c.now.Add(24*time.Hour)); !errors.Is(err, ErrInvoiceNotToday) {
		t.Fatalf("void the next day: %v", err)
	}
	voided, err := c.s.VoidInvoice(c.ctx, c.admin, inv.ID, "اشتباه در وزن", c.now)
	if err != nil || voided.Status != InvoiceVoid || voided.VoidReason != "اشتباه در وزن" {
		t.Fatalf("void: %+v %v", voided, err)
	}
	if after, _ := c.s.Balances(c.ctx, c.cust); after != before {
		t.Fatalf("balances after the void %+v, before the invoice %+v", after, before)
	}
	ring, _ := c.s.VaultItem(c.ctx, c.ring.ID)
	lot, _ := c.s.VaultItem(c.ctx, inv.Lines[1].ItemID)
	if ring.Status != VaultIn || lot.Status != VaultOut {
		t.Fatalf("ring %s lot %s", ring.Status, lot.Status)
	}
	if _, err := c.s.VoidInvoice(c.ctx, c.admin, inv.ID, "دوباره", c.now); !errors.Is(err, ErrInvoiceVoid) {
		t.Fatalf("a second void: %v", err)
	}
	// the ring sells again on a new invoice; that one's lot melts, and then it cannot be voided
	draft.BuyBacks[0].WeightMg = 500
	priced, _ = c.s.PriceInvoice(c.ctx, draft, terms)
	inv, err = c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: draft, Payments: cashIn(priced.Net(false))}, c.now)
	if err != nil || inv.Seq != 2 {
		t.Fatalf("sold again: %+v %v", inv, err)
	}
	if _, err := c.s.TakeOutVaultItem(c.ctx, c.admin, inv.Lines[1].ItemID, MoveMelted, "", c.now); err != nil {
		t.Fatal(err)
	}
	if _, err := c.s.VoidInvoice(c.ctx, c.admin, inv.ID, "اشتباه", c.now); !errors.Is(err, ErrInvoiceLotGone) {
		t.Fatalf("void with the lot melted: %v", err)
	}
}

// Numbers run without a gap per Jalali year, refused invoices taking none, and start again at 1 in a new year.
func TestInvoiceNumbersRunWithoutGapsPerJalaliYear(t *testing.T) {
	c := openCounter(t)
	bought := func(at time.Time, payout int64) (Invoice, error) {
		return c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: CounterDraft{BuyBacks: []BuyBackDraft{
			{WeightMg: 1_000, PurityCenti: 75_000}}}, Payouts: cashIn(payout)}, at)
	}
	terms, _ := c.s.CounterTerms(c.ctx, c.now)
	price := terms.BuyBackPrice // 1 g of 750, no deduction by default
	var numbers []string
	for i := range 4 {
		if i == 2 {
			if _, err := bought(c.now, price+1); err == nil {
				t.Fatal("a payout of a rial too many was taken")
			}
		}
		inv, err := bought(c.now, price)
		if err != nil {
			t.Fatal(err)
		}
		numbers = append(numbers, inv.Number())
	}
	year := numbers[0][:4]
	for i, n := range numbers {
		if n != InvoiceNumber(mustYear(t, year), int64(i+1)) {
			t.Fatalf("numbers %v", numbers)
		}
	}
	// the first day of the next Jalali year (Nowruz 1406 falls on 2027-03-21)
	nowruz := time.Date(2027, 3, 21, 9, 0, 0, 0, time.UTC)
	if err := c.s.SetBasePrice(c.ctx, c.admin, counterBase, nowruz); err != nil {
		t.Fatal(err)
	}
	inv, err := bought(nowruz, price)
	if err != nil || inv.Number() != "1406-000001" {
		t.Fatalf("the new year's first: %s %v", inv.Number(), err)
	}
}

func mustYear(t *testing.T, s string) int64 {
	t.Helper()
	var y int64
	for _, r := range s {
		y = y*10 + int64(r-'0')
	}
	return y
}

// Each counter rule of the invariants catches the tampering it is there for.
func TestCheckInvariantsFindsATamperedInvoice(t *testing.T) {
	for _, c := range []struct{ name, tamper, want string }{
		{"a line's total not its figures", `UPDATE counter_lines SET total_rial = total_rial + 1 WHERE side = 'sale'`,
			"each line's figures to its total"},
		{"the invoice's VAT changed", `UPDATE counter_invoices SET vat_rial = vat_rial + 1`, "lines sum to its totals"},
		{"a payment changed", `UPDATE counter_payments SET amount_rial = amount_rial - 1 WHERE method = 'cash'`,
			"payments sum to its net"},
		{"cash recorded as card", `UPDATE counter_payments SET method = 'card' WHERE method = 'cash'`,
			"moves them to their accounts"},
		{"an invoice marked void without its reversal", `UPDATE counter_invoices SET status = 'void', voided_at = 1`,
			"a void one its one reversal"},
		{"the sold piece put back without a move", `UPDATE vault_items SET status = 'in' WHERE tag = 'R-1'`,
			"last move took it out"},
		{"a second sale of the same piece", `INSERT INTO vault_moves (item_id, kind, delta750_mg, status_after,
			counter_invoice_id, created_at) SELECT item_id, 'sold', -1, 'out', invoice_id, 0 FROM counter_lines
			WHERE side = 'sale'`, "out of the vault once by it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := openUnchecked(t)
			if err := stockVault(context.Background(), s); err != nil {
				t.Fatal(err)
			}
			sh := &counterShop{s: s, ctx: context.Background(), now: time.Now()}
			sh.admin = addAdmin(t, s)
			if err := s.SetBasePrice(sh.ctx, sh.admin, counterBase, sh.now); err != nil {
				t.Fatal(err)
			}
			ring, err := s.AddVaultItem(sh.ctx, sh.admin, VaultItem{Kind: VaultJewellery, WeightMg: 4_250, PurityCenti: 75_000,
				Weight750Mg: 4_250, Tag: "R-1", WageBP: 1_800}, "", sh.now)
			if err != nil {
				t.Fatal(err)
			}
			draft := CounterDraft{Sales: []SaleDraft{{ItemID: ring.ID}}}
			terms, _ := s.CounterTerms(sh.ctx, sh.now)
			priced, _ := s.PriceInvoice(sh.ctx, draft, terms)
			if _, err := s.RecordInvoice(sh.ctx, CounterInput{AdminID: sh.admin, Draft: draft, Payments: cashIn(priced.SalesRial)}, sh.now); err != nil {
				t.Fatal(err)
			}
			if _, err := s.CheckInvariants(sh.ctx); err != nil {
				t.Fatalf("before the tampering: %v", err)
			}
			if _, err := s.write.ExecContext(sh.ctx, c.tamper); err != nil {
				t.Fatal(err)
			}
			if _, err := s.CheckInvariants(sh.ctx); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a breach of %q", err, c.want)
			}
		})
	}
}

// An abshodeh bar a customer has asked for is theirs: the counter cannot sell it until the request ends.
func TestTheCounterCannotSellABarACustomerAskedFor(t *testing.T) {
	c := openCounter(t)
	bar, err := c.s.AddBar(c.ctx, c.admin, VaultItem{Lab: "ری", IngotNumber: "77", PurityCenti: 75_000, WeightMg: 1_000,
		Weight750Mg: 1_000}, c.now)
	if err != nil {
		t.Fatal(err)
	}
	req, err := c.s.CreateGoldRequest(c.ctx, GoldRequestInput{UserID: c.cust, BarID: bar.ID}, c.now)
	if err != nil {
		t.Fatal(err)
	}
	draft := CounterDraft{Sales: []SaleDraft{{ItemID: bar.ID}}}
	before := c.snapshot(t)
	if _, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: draft, Payments: cashIn(100_000_000)}, c.now); !errors.Is(err, ErrBarBusy) {
		t.Fatalf("a requested bar sold: %v", err)
	}
	if got := c.snapshot(t); got != before {
		t.Fatalf("the refusal changed %v to %v", before, got)
	}
	if err := c.s.CancelGoldRequest(c.ctx, c.cust, req.ID, c.now); err != nil {
		t.Fatal(err)
	}
	if _, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: draft, Payments: cashIn(100_000_000)}, c.now); err != nil {
		t.Fatalf("the bar once free: %v", err)
	}
}
