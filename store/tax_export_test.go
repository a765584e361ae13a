package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"goldshop/iran"
	"goldshop/rules"
)

// taxShop is a counter shop with three coming Tehran days of sales (a journal is never dated before the last
// one, and the shop's funding is dated now): day A a customer's ring, a web buy, a walk-in's
// bar traded in against used gold and voided later that day, and a web sell (not a sale); day B a web buy by a
// customer without a national id and a named walk-in's second ring with stones and a discount; day C the bar
// again, to nobody.
type taxShop struct {
	*counterShop
	dayA, dayB, dayC        time.Time // the days' Tehran midnights
	ring1, ring2, bar, bar2 Invoice
	voidAt                  time.Time
	webBuy1, webBuy2        int64 // their journals
}

func openTaxShop(t *testing.T) *taxShop {
	t.Helper()
	c := openCounter(t)
	today := iran.DayStart(c.now)
	ts := &taxShop{counterShop: c, dayA: today.AddDate(0, 0, 1), dayB: today.AddDate(0, 0, 2), dayC: today.AddDate(0, 0, 3)}
	at := func(day time.Time, hh, mm int) time.Time {
		return day.Add(time.Duration(hh)*time.Hour + time.Duration(mm)*time.Minute)
	}
	price := func(now time.Time) { // the day's price, fresh for the half hour after it
		t.Helper()
		if err := c.s.SetBasePrice(c.ctx, c.admin, counterBase, now); err != nil {
			t.Fatal(err)
		}
	}
	record := func(in CounterInput, now time.Time) Invoice {
		t.Helper()
		in.AdminID = c.admin
		terms, err := c.s.CounterTerms(c.ctx, now)
		if err != nil {
			t.Fatal(err)
		}
		priced, err := c.s.PriceInvoice(c.ctx, in.Draft, terms)
		if err != nil {
			t.Fatal(err)
		}
		if net := priced.Net(false); net >= 0 {
			in.Payments = cashIn(net)
		} else {
			in.Payouts = cashIn(-net)
		}
		inv, err := c.s.RecordInvoice(c.ctx, in, now)
		if err != nil {
			t.Fatal(err)
		}
		return inv
	}
	other := addCustomer(t, c.s, 2)
	fund(t, c.s, c.admin, other, 100_000_000)
	// a customer who has no national id on record (an owner made from the command line trades so too)
	if _, err := c.s.write.ExecContext(c.ctx, `UPDATE users SET national_id = NULL WHERE id = ?`, other); err != nil {
		t.Fatal(err)
	}
	trade := func(user int64, typ string, mg, rial int64, now time.Time) int64 {
		t.Helper()
		scope := fmt.Sprintf("tax %d %s %d", user, typ, now.UnixMilli())
		if _, err := c.s.SaveQuote(c.ctx, Quote{UserID: user, Type: typ, CodeScope: scope, AmountRial: rial,
			AmountGoldMg: mg, PricePerGramRial: rial * 1000 / mg, CreatedAt: now, ExpiresAt: now.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		e, err := c.s.ExecuteQuote(c.ctx, Trade{UserID: user, Type: typ, CodeScope: scope}, now)
		if err != nil {
			t.Fatal(err)
		}
		return e.ID
	}
	ring2, err := c.s.AddVaultItem(c.ctx, c.admin, VaultItem{Kind: VaultJewellery, Description: "گردنبند", WeightMg: 2_125,
		PurityCenti: 75_000, Weight750Mg: 2_125, Tag: "R-2", WagePerGramRial: 3_000_000}, "", c.now)
	if err != nil {
		t.Fatal(err)
	}

	price(at(ts.dayA, 9, 55))
	ts.ring1 = record(CounterInput{Draft: CounterDraft{Sales: []SaleDraft{{ItemID: c.ring.ID}}},
		Buyer: CounterBuyer{UserID: c.cust}}, at(ts.dayA, 10, 0))
	ts.webBuy1 = trade(c.cust, EntryBuy, 1_000, 100_000_000, at(ts.dayA, 10, 5))
	ts.bar = record(CounterInput{Draft: CounterDraft{Sales: []SaleDraft{{ItemID: c.bar.ID}},
		BuyBacks: []BuyBackDraft{{Description: "النگوی شکسته", WeightMg: 1_000, PurityCenti: 70_000}}},
		Buyer: CounterBuyer{Phone: "09121234567"}}, at(ts.dayA, 10, 10))
	trade(c.cust, EntrySell, 100, 9_000_000, at(ts.dayA, 10, 15))
	ts.voidAt = at(ts.dayA, 10, 20)
	if _, err := c.s.VoidInvoice(c.ctx, c.admin, ts.bar.ID, "اشتباه در وزن", ts.voidAt); err != nil {
		t.Fatal(err)
	}
	price(at(ts.dayB, 8, 55))
	ts.webBuy2 = trade(other, EntryBuy, 500, 50_000_000, at(ts.dayB, 9, 0))
	ts.ring2 = record(CounterInput{Draft: CounterDraft{Sales: []SaleDraft{{ItemID: ring2.ID, ExtrasRial: 5_000_000,
		DiscountRial: 1_000_000}}}, Buyer: CounterBuyer{FirstName: "سارا", LastName: "احمدی", NationalID: "0012345678"}},
		at(ts.dayB, 9, 10))
	price(at(ts.dayC, 11, 55))
	ts.bar2 = record(CounterInput{Draft: CounterDraft{Sales: []SaleDraft{{ItemID: c.bar.ID}}}}, at(ts.dayC, 12, 0))
	return ts
}

func taxLines(t *testing.T, s *Store, from, to time.Time) []TaxLine {
	t.Helper()
	var out []TaxLine
	if err := s.EachTaxLine(context.Background(), from, to, func(l TaxLine) error { out = append(out, l); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

// halfUp is bp hundredths of a percent of amount, to the rial, half up: the counter's VAT rounding.
func halfUp(amount, bp int64) int64 { return (amount*bp + 5_000) / 10_000 }

func TestTheTaxExportGivesEveryLineInTimeOrderWithItsVoidAtItsVoidTime(t *testing.T) {
	ts := openTaxShop(t)
	lines := taxLines(t, ts.s, ts.dayA, ts.dayC.AddDate(0, 0, 1))
	var got []string
	for i, l := range lines {
		got = append(got, l.Series+" "+l.Subject+" "+l.Number)
		if i > 0 && l.At.Before(lines[i-1].At) {
			t.Errorf("line %d at %v comes after one at %v", i, l.At, lines[i-1].At)
		}
	}
	web1, web2 := WebInvoiceNumber(ts.webBuy1), WebInvoiceNumber(ts.webBuy2)
	want := []string{"counter original " + ts.ring1.Number(), "web original " + web1,
		"counter original " + ts.bar.Number(), "counter original " + ts.bar.Number(),
		"counter cancel " + ts.bar.Number(), "counter cancel " + ts.bar.Number(),
		"web original " + web2, "counter original " + ts.ring2.Number(), "counter original " + ts.bar2.Number()}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("lines\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i, l := range lines {
		switch {
		case l.Subject == TaxCancel && (l.Cancels != ts.bar.Number() || !l.At.Equal(ts.voidAt)):
			t.Errorf("cancel %d: %+v", i, l)
		case l.Subject == TaxOriginal && l.Cancels != "":
			t.Errorf("an original names what it cancels: %+v", l)
		}
	}
	// the cancels copy the lines they cancel, figure for figure
	for i := 2; i < 4; i++ {
		orig, cancel := lines[i], lines[i+2]
		orig.Subject, orig.Cancels, orig.At = cancel.Subject, cancel.Cancels, cancel.At
		if orig != cancel {
			t.Errorf("cancel %+v of %+v", cancel, lines[i])
		}
	}
	// the web's numbers come from their journals: the same on every export
	again := taxLines(t, ts.s, ts.dayA, ts.dayC.AddDate(0, 0, 1))
	if again[1].Number != web1 || web1 != fmt.Sprintf("W-%08d", ts.webBuy1) || web1 == web2 {
		t.Fatalf("web numbers %s then %s, %s", web1, again[1].Number, web2)
	}
}

func TestTheTaxExportsFiguresAddUpOnEveryLine(t *testing.T) {
	ts := openTaxShop(t)
	lines := taxLines(t, ts.s, ts.dayA, ts.dayC.AddDate(0, 0, 1))
	for i, l := range lines {
		if l.Gold+l.Wage+l.Profit+l.Commission+l.VAT+l.Extras-l.Discount != l.Total || l.Total <= 0 {
			t.Errorf("line %d does not add up: %+v", i, l)
		}
		if l.Charges() != l.Wage+l.Profit+l.Commission || l.Commission != 0 {
			t.Errorf("line %d charges %d: %+v", i, l.Charges(), l)
		}
		if l.VAT != halfUp(l.Wage+l.Profit, l.VATBP) {
			t.Errorf("line %d VAT %d at %s%%: %+v", i, l.VAT, rules.FormatPercent(l.VATBP), l)
		}
		if l.WeightMg <= 0 || l.PurityCenti <= 0 || l.PurityCenti > 100_000 {
			t.Errorf("line %d weight or purity: %+v", i, l)
		}
	}
	ring1, web1, bar, buyBack, ring2 := lines[0], lines[1], lines[2], lines[3], lines[7]
	if ring1.Kind != VaultJewellery || ring1.VATBP != 1_000 || ring1.Wage == 0 || ring1.Profit == 0 || ring1.VAT == 0 ||
		ring1.Description != "انگشتر" || ring1.WeightMg != 4_250 || ring1.PurityCenti != 75_000 {
		t.Errorf("the ring %+v", ring1)
	}
	if web1.Side != LineSale || web1.Kind != "" || web1.WeightMg != 1_000 || web1.PurityCenti != 75_000 ||
		web1.Gold != 100_000_000 || web1.Total != 100_000_000 || web1.Charges() != 0 || web1.VATBP != 0 || web1.VAT != 0 {
		t.Errorf("the web buy %+v", web1)
	}
	if bar.Side != LineSale || bar.Kind != VaultMelted || bar.VATBP != 0 || bar.Charges() != 0 || bar.Gold != 1_000_000_000 {
		t.Errorf("the bar %+v", bar)
	}
	if buyBack.Side != LineBuyBack || buyBack.Description != "النگوی شکسته" || buyBack.VATBP != 0 || buyBack.PurityCenti != 70_000 {
		t.Errorf("the buy-back %+v", buyBack)
	}
	// wage 3 000 000 a gram on 2.125 g; extras and the discount kept apart
	if ring2.Wage != 6_375_000 || ring2.Extras != 5_000_000 || ring2.Discount != 1_000_000 || ring2.VATBP != 1_000 {
		t.Errorf("the second ring %+v", ring2)
	}
}

func TestTheTaxExportNamesOnlyBuyersWhoAreIdentified(t *testing.T) {
	ts := openTaxShop(t)
	lines := taxLines(t, ts.s, ts.dayA, ts.dayC.AddDate(0, 0, 1))
	for i, want := range []struct {
		typ   int
		buyer CounterBuyer
	}{
		{TaxTypeIdentified, CounterBuyer{FirstName: "مشتری", LastName: "شماره 1", Phone: "09120000001", NationalID: "0000000001"}},
		{TaxTypeIdentified, CounterBuyer{FirstName: "مشتری", LastName: "شماره 1", Phone: "09120000001", NationalID: "0000000001"}},
		{TaxTypeAnonymous, CounterBuyer{}}, // a phone without a name
		{TaxTypeAnonymous, CounterBuyer{}},
		{TaxTypeAnonymous, CounterBuyer{}},
		{TaxTypeAnonymous, CounterBuyer{}},
		{TaxTypeAnonymous, CounterBuyer{}}, // a web customer without a national id
		{TaxTypeIdentified, CounterBuyer{FirstName: "سارا", LastName: "احمدی", NationalID: "0012345678"}},
		{TaxTypeAnonymous, CounterBuyer{}}, // nobody
	} {
		if lines[i].Type != want.typ || lines[i].Buyer != want.buyer {
			t.Errorf("line %d (%s): type %d buyer %+v, want %d %+v", i, lines[i].Number, lines[i].Type, lines[i].Buyer,
				want.typ, want.buyer)
		}
	}
}

// A range is [from, to) on each row's own time: the Tehran days cut between them, an original belongs to its
// creation and its cancel to its void, and a web sell is never a line.
func TestTheTaxExportKeepsToItsRange(t *testing.T) {
	ts := openTaxShop(t)
	count := func(from, to time.Time) (n string) {
		for _, l := range taxLines(t, ts.s, from, to) {
			n += l.Subject[:1]
		}
		return n
	}
	for name, tc := range map[string]struct {
		from, to time.Time
		want     string
	}{
		"day A":                            {ts.dayA, ts.dayB, "oooocc"},
		"day B":                            {ts.dayB, ts.dayC, "oo"},
		"day C":                            {ts.dayC, ts.dayC.AddDate(0, 0, 1), "o"},
		"the day before":                   {ts.dayA.AddDate(0, 0, -1), ts.dayA, ""},
		"from the void on":                 {ts.voidAt, ts.dayB, "cc"},
		"up to the void":                   {ts.dayA, ts.voidAt, "oooo"},
		"up to the first invoice":          {ts.dayA, ts.ring1.CreatedAt, ""},
		"from the first invoice's instant": {ts.ring1.CreatedAt, ts.ring1.CreatedAt.Add(time.Millisecond), "o"},
	} {
		if got := count(tc.from, tc.to); got != tc.want {
			t.Errorf("%s: %q, want %q", name, got, tc.want)
		}
	}
}

func TestTheTaxExportStopsAtTheCallbacksError(t *testing.T) {
	ts := openTaxShop(t)
	errStop := errors.New("the download broke")
	calls := 0
	err := ts.s.EachTaxLine(ts.ctx, ts.dayA, ts.dayC.AddDate(0, 0, 1), func(TaxLine) error {
		if calls++; calls == 3 {
			return errStop
		}
		return nil
	})
	if !errors.Is(err, errStop) || calls != 3 {
		t.Fatalf("%v after %d calls", err, calls)
	}
}

// The export streams: of its three arms only the cancels' sorts its rows (voided_at has no index), and those
// are only the range's voids; the counter's lines and the web's buys come in their indexes' order.
func TestTheTaxExportQuerySortsOnlyTheVoids(t *testing.T) {
	ts := openTaxShop(t)
	all := planOf(t, ts.s.read, exportTaxLinesSQL, 0, time.Now().UnixMilli(), 0)
	if n := strings.Count(all, "USE TEMP B-TREE FOR ORDER BY"); n != 1 || !strings.Contains(all, "journals_created") ||
		strings.Count(all, "counter_invoices_created") != 2 {
		t.Errorf("%d whole sorts: %s", n, all)
	}
	t.Log(all)
}
