package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// addLot puts an unassayed lot of mg (at 750) in the vault, as a buy-back or a hand entry does.
func (c *counterShop) addLot(t *testing.T, mg int64) VaultItem {
	t.Helper()
	it, err := c.s.AddVaultItem(c.ctx, c.admin, VaultItem{Kind: VaultMelted, Description: "طلای کهنه", WeightMg: mg,
		PurityCenti: 75_000, Weight750Mg: mg, Assay: AssayUnassayed}, "", c.now)
	if err != nil {
		t.Fatal(err)
	}
	return it
}

func (c *counterShop) shopBalance(t *testing.T, kind, asset string) int64 {
	t.Helper()
	var b int64
	if err := c.s.read.QueryRowContext(c.ctx, `SELECT balance FROM accounts WHERE kind = ? AND asset = ?`, kind, asset).Scan(&b); err != nil {
		t.Fatal(err)
	}
	return b
}

// Old gold sent to the melter stays in the reserve while it is away; the lab's bar comes back as one assayed
// item naming its batch, and what the melt lost is posted once to shop_melt, against the vault's gold.
func TestAMeltBatchKeepsTheReserveAndPostsItsLossOnce(t *testing.T) {
	c := openCounter(t)
	a, b := c.addLot(t, 2_763), c.addLot(t, 4_100)
	held, _ := c.s.VaultHeld(c.ctx)
	if a.Tag == "" || a.Tag == b.Tag {
		t.Fatalf("tags %q %q: every piece gets the shop's own number", a.Tag, b.Tag)
	}
	batch, err := c.s.SendMelt(c.ctx, c.admin, []int64{a.ID, b.ID}, "ذوب‌گر", "", c.now)
	if err != nil {
		t.Fatal(err)
	}
	if batch.Status != MeltSent || batch.Lots != 2 || batch.Lots750Mg != 6_863 || len(batch.LotIDs) != 2 {
		t.Fatalf("batch %+v", batch)
	}
	if after, _ := c.s.VaultHeld(c.ctx); after != held {
		t.Fatalf("held %d → %d: the batch still counts in the reserve", held, after)
	}
	if res, _ := c.s.Reserve(c.ctx); res.HeldMg != held {
		t.Fatalf("the guard weighs %d, not %d", res.HeldMg, held)
	}
	if at, _ := c.s.VaultHeldAt(c.ctx, c.now); at != held {
		t.Fatalf("the history rebuilds %d, not %d", at, held)
	}
	if _, err := c.s.SendMelt(c.ctx, c.admin, []int64{a.ID}, "", "", c.now); !errors.Is(err, ErrNotALot) {
		t.Fatalf("a lot sent twice: %v", err)
	}
	if _, err := c.s.SendMelt(c.ctx, c.admin, []int64{c.ring.ID}, "", "", c.now); !errors.Is(err, ErrNotALot) {
		t.Fatalf("a ring sent to the melter: %v", err)
	}
	// 7.1 g at 950.00 is 8.993 g of 750: the batch lost nothing but gained 2.130 g? No: the lab weighs it at
	// 6.700 g at 760.00 = 6.789 g of 750, a loss of 74 mg.
	done, err := c.s.MeltDoneResult(c.ctx, c.admin, batch.ID, MeltResult{Bar: VaultItem{Kind: VaultMelted,
		WeightMg: 6_700, PurityCenti: 76_000, Weight750Mg: 6_789, Lab: "آزمایشگاه ری", IngotNumber: "4521"}}, c.now)
	if err != nil {
		t.Fatal(err)
	}
	if done.Status != MeltDone || done.Loss750Mg() != 74 || done.BarID == 0 || done.Bar750Mg != 6_789 {
		t.Fatalf("done %+v", done)
	}
	if got := c.shopBalance(t, "shop_melt", AssetGold); got != -74 {
		t.Fatalf("shop_melt holds %d, want the loss of 74 as a debit", got)
	}
	if after, _ := c.s.VaultHeld(c.ctx); after != held-74 {
		t.Fatalf("held %d → %d after the loss", held, after)
	}
	if _, err := c.s.MeltDoneResult(c.ctx, c.admin, batch.ID, MeltResult{Bar: VaultItem{Kind: VaultMelted, WeightMg: 1,
		PurityCenti: 75_000, Weight750Mg: 1, Lab: "x", IngotNumber: "y"}}, c.now); !errors.Is(err, ErrMeltDecided) {
		t.Fatalf("a second result: %v", err)
	}
	if _, err := c.s.CancelMelt(c.ctx, c.admin, batch.ID, "", c.now); !errors.Is(err, ErrMeltDecided) {
		t.Fatalf("a done batch cancelled: %v", err)
	}
	// a gain, and a cancelled batch
	g1, g2 := c.addLot(t, 1_000), c.addLot(t, 1_500)
	gain, _ := c.s.SendMelt(c.ctx, c.admin, []int64{g1.ID}, "", "", c.now)
	if gain, err = c.s.MeltDoneResult(c.ctx, c.admin, gain.ID, MeltResult{Bar: VaultItem{Kind: VaultMelted, WeightMg: 1_010,
		PurityCenti: 75_000, Weight750Mg: 1_010, Lab: "آزمایشگاه ری", IngotNumber: "4522"}}, c.now); err != nil || gain.Loss750Mg() != -10 {
		t.Fatalf("gain %+v %v", gain, err)
	}
	back, _ := c.s.SendMelt(c.ctx, c.admin, []int64{g2.ID}, "", "", c.now)
	if back, err = c.s.CancelMelt(c.ctx, c.admin, back.ID, "اشتباه", c.now); err != nil || back.Status != MeltCancelled {
		t.Fatalf("cancel %+v %v", back, err)
	}
	if lot, _ := c.s.VaultItem(c.ctx, g2.ID); lot.Status != VaultIn {
		t.Fatalf("a cancelled batch's lot is %s", lot.Status)
	}
	if _, err := c.s.SendMelt(c.ctx, c.admin, []int64{g2.ID}, "", "", c.now); err != nil {
		t.Fatalf("a lot back from a cancelled batch goes again: %v", err)
	}
	if _, err := c.s.CheckInvariants(c.ctx); err != nil {
		t.Fatal(err)
	}
}

// The drawer's day: cash in by invoice, the owner's cash to the bank, a close with a shortfall posted to
// over/short; then the day takes nothing until the owner reopens it, and reopening reverses the shortfall.
func TestADayClosesWithItsDifferenceAndTakesNothingUntilReopened(t *testing.T) {
	c := openCounter(t)
	draft := CounterDraft{Sales: []SaleDraft{{ItemID: c.ring.ID}}}
	terms, _ := c.s.CounterTerms(c.ctx, c.now)
	priced, _ := c.s.PriceInvoice(c.ctx, draft, terms)
	if _, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: draft, Payments: cashIn(priced.SalesRial)}, c.now); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.s.MoveDrawerCash(c.ctx, c.admin, DrawerOut, DrawerBank, priced.SalesRial+1, "بانک", c.now); !errors.Is(err, ErrDrawerShort) {
		t.Fatalf("more out than the drawer holds: %v", err)
	}
	if _, _, err := c.s.MoveDrawerCash(c.ctx, c.admin, DrawerOut, DrawerBank, 500_000_000, "بانک", c.now); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.s.MoveDrawerCash(c.ctx, c.admin, DrawerIn, DrawerOwner, 2_000_000, "پول خرد", c.now); err != nil {
		t.Fatal(err)
	}
	d, err := c.s.Drawer(c.ctx, c.now)
	if err != nil {
		t.Fatal(err)
	}
	want := priced.SalesRial - 500_000_000 + 2_000_000
	if d.CashIn != priced.SalesRial || d.Invoices != 1 || d.GoldOut750 != 4_250 || d.ExpectedCash() != want || d.Close != nil {
		t.Fatalf("day %+v", d)
	}
	if open, _ := c.s.UnclosedDays(c.ctx); len(open) != 1 || open[0] != d.Day {
		t.Fatalf("unclosed %v, want %s", open, d.Day)
	}
	if _, err := c.s.CloseDay(c.ctx, c.admin, c.now.Add(48*time.Hour), 0, "", c.now); !errors.Is(err, ErrDayNotYet) {
		t.Fatalf("a day not yet come: %v", err)
	}
	closed, err := c.s.CloseDay(c.ctx, c.admin, c.now, want-100_000, "کسری", c.now)
	if err != nil {
		t.Fatal(err)
	}
	if closed.Close == nil || closed.Close.Difference != -100_000 || closed.Close.ExpectedCash != want {
		t.Fatalf("close %+v", closed.Close)
	}
	if got := c.shopBalance(t, "shop_cash_over_short", AssetRial); got != -100_000 {
		t.Fatalf("over/short %d", got)
	}
	if _, err := c.s.CloseDay(c.ctx, c.admin, c.now, want, "", c.now); !errors.Is(err, ErrDayClosed) {
		t.Fatalf("closed twice: %v", err)
	}
	lot := c.addLot(t, 1_000)
	_ = lot
	bar := CounterDraft{Sales: []SaleDraft{{ItemID: c.bar.ID}}}
	p2, _ := c.s.PriceInvoice(c.ctx, bar, terms)
	if _, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: bar, Payments: cashIn(p2.SalesRial)}, c.now); !errors.Is(err, ErrDayClosed) {
		t.Fatalf("an invoice on a closed day: %v", err)
	}
	if _, _, err := c.s.MoveDrawerCash(c.ctx, c.admin, DrawerIn, DrawerOwner, 1, "x", c.now); !errors.Is(err, ErrDayClosed) {
		t.Fatalf("a drawer move on a closed day: %v", err)
	}
	if _, err := c.s.CheckInvariants(c.ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.s.ReopenDay(c.ctx, c.admin, c.now, "شمارش دوباره", c.now); err != nil {
		t.Fatal(err)
	}
	if got := c.shopBalance(t, "shop_cash_over_short", AssetRial); got != 0 {
		t.Fatalf("over/short after the reopen %d", got)
	}
	if _, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: bar, Payments: cashIn(p2.SalesRial)}, c.now); err != nil {
		t.Fatalf("an invoice on the reopened day: %v", err)
	}
	if d, err = c.s.CloseDay(c.ctx, c.admin, c.now, want+p2.SalesRial, "", c.now); err != nil || d.Close.Difference != 0 {
		t.Fatalf("close again %+v %v", d.Close, err)
	}
	if _, err := c.s.CheckInvariants(c.ctx); err != nil {
		t.Fatal(err)
	}
}

// A day is closed after the days before it that moved: its opening is their counted cash. Only the last
// closed day reopens.
func TestDaysCloseInOrder(t *testing.T) {
	c := openCounter(t)
	yesterday := c.now.Add(-24 * time.Hour)
	if _, _, err := c.s.MoveDrawerCash(c.ctx, c.admin, DrawerIn, DrawerOwner, 5_000_000, "صبح", yesterday); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.s.MoveDrawerCash(c.ctx, c.admin, DrawerIn, DrawerOwner, 1_000_000, "صبح", c.now); err != nil {
		t.Fatal(err)
	}
	var early *EarlierDayOpenError
	if _, err := c.s.CloseDay(c.ctx, c.admin, c.now, 6_000_000, "", c.now); !errors.As(err, &early) || early.Day != dayText(yesterday) {
		t.Fatalf("today before yesterday: %v", err)
	}
	if _, err := c.s.CloseDay(c.ctx, c.admin, yesterday, 4_900_000, "", c.now); err != nil {
		t.Fatal(err)
	}
	d, err := c.s.CloseDay(c.ctx, c.admin, c.now, 5_900_000, "", c.now)
	if err != nil || d.OpeningCash != 4_900_000 || d.Close.Difference != 0 {
		t.Fatalf("today %+v %v", d, err)
	}
	if _, err := c.s.ReopenDay(c.ctx, c.admin, yesterday, "", c.now); !errors.Is(err, ErrDayLaterClosed) {
		t.Fatalf("reopened under a later close: %v", err)
	}
	if _, err := c.s.CloseDay(c.ctx, c.admin, yesterday.Add(-24*time.Hour), 0, "", c.now); !errors.Is(err, ErrDayLaterClosed) {
		t.Fatalf("an earlier quiet day closed under later closes: %v", err)
	}
	if _, err := c.s.CheckInvariants(c.ctx); err != nil {
		t.Fatal(err)
	}
}

// Each stock rule of the invariants catches the tampering it is there for.
func TestCheckInvariantsFindsATamperedBatchOrClose(t *testing.T) {
	for _, tc := range []struct{ name, tamper, want string }{
		{"a batch's weight changed", `UPDATE melt_batches SET lots750_mg = lots750_mg + 1 WHERE status = 'done'`,
			"holds its lots' moves"},
		{"a bar's weight changed", `UPDATE melt_batches SET bar750_mg = bar750_mg - 1 WHERE status = 'done'`,
			"posted once"},
		{"a close's expected cash changed", `UPDATE drawer_closes SET expected_cash = expected_cash + 1, difference = difference - 1`,
			"opening and its movements"},
		{"an invoice after the close", `UPDATE drawer_closes SET closed_at = day_start`, "unchanged"},
		{"a drawer move's amount changed", `UPDATE drawer_moves SET amount_rial = amount_rial + 1`, "moves its cash"},
		{"a drawer move naming the close's journal", `UPDATE drawer_moves SET journal_id = (SELECT journal_id FROM drawer_closes)`,
			"every drawer journal one movement or close"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openUnchecked(t)
			if err := stockVault(context.Background(), s); err != nil {
				t.Fatal(err)
			}
			c := counterShopOn(t, s)
			lot := c.addLot(t, 2_000)
			b, _ := c.s.SendMelt(c.ctx, c.admin, []int64{lot.ID}, "", "", c.now)
			if _, err := c.s.MeltDoneResult(c.ctx, c.admin, b.ID, MeltResult{Bar: VaultItem{Kind: VaultMelted, WeightMg: 1_990,
				PurityCenti: 75_000, Weight750Mg: 1_990, Lab: "ری", IngotNumber: "1"}}, c.now); err != nil {
				t.Fatal(err)
			}
			draft := CounterDraft{Sales: []SaleDraft{{ItemID: c.ring.ID}}}
			terms, _ := c.s.CounterTerms(c.ctx, c.now)
			priced, _ := c.s.PriceInvoice(c.ctx, draft, terms)
			if _, err := c.s.RecordInvoice(c.ctx, CounterInput{AdminID: c.admin, Draft: draft, Payments: cashIn(priced.SalesRial)}, c.now); err != nil {
				t.Fatal(err)
			}
			if _, _, err := c.s.MoveDrawerCash(c.ctx, c.admin, DrawerOut, DrawerBank, 1_000_000, "بانک", c.now); err != nil {
				t.Fatal(err)
			}
			if _, err := c.s.CloseDay(c.ctx, c.admin, c.now, 1, "", c.now); err != nil {
				t.Fatal(err)
			}
			if _, err := c.s.CheckInvariants(c.ctx); err != nil {
				t.Fatalf("before the tampering: %v", err)
			}
			if _, err := c.s.write.ExecContext(c.ctx, tc.tamper); err != nil {
				t.Fatal(err)
			}
			_, err := c.s.CheckInvariants(c.ctx)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want a breach of %q", err, tc.want)
			}
		})
	}
}
