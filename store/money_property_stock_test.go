package store

import (
	"errors"
	"fmt"
	"time"

	"pgregory.net/rapid"
)

// The money machine's stock and day (issue 39): the buy-backs' lots sent to the melter in batches that come
// back as a bar (its loss or gain on the vault) or are cancelled (the lots back), the owner's cash moved in
// and out of the drawer, and the day closed with a counted cash near the expected and mostly reopened at once,
// so that the counter goes on. The model refuses as the shop must: a lot twice or not a lot, a batch decided
// twice, a drawer short, and anything on a closed day.

// Melting is one of the melter's steps (a batch's result or cancellation while one is out): two actions for the five steps, so that the other actions keep their
// share of each sequence (the reach floors of the long chains, such as a buy between the rooms, need it).
func (m *moneyMachine) Melting(t *rapid.T) {
	sent := false
	for _, b := range m.batches {
		sent = sent || b.status == MeltSent
	}
	switch step := rapid.IntRange(0, 3).Draw(t, "melt step"); {
	case !sent || step == 0:
		m.melt(t)
	case step == 3:
		m.meltCancel(t)
	default:
		m.meltResult(t)
	}
}

// Drawer moves the owner's cash or closes the day.
func (m *moneyMachine) Drawer(t *rapid.T) {
	if rapid.Bool().Draw(t, "close") {
		m.closeDay(t)
		return
	}
	m.drawerMove(t)
}

// meltModel is a batch as the model sent it.
type meltModel struct {
	id     int64
	lots   []*vaultItemModel
	mg     int64
	status string
}

// drawerDayModel is a Tehran day of the drawer: the cash its invoices and movements moved, and its close.
type drawerDayModel struct {
	cash    int64
	moved   bool
	closed  bool
	counted int64
}

// day is the model's drawer day t falls on.
func (m *moneyMachine) day(t time.Time) *drawerDayModel {
	if m.days == nil {
		m.days = map[string]*drawerDayModel{}
	}
	d := m.days[dayText(t)]
	if d == nil {
		d = &drawerDayModel{}
		m.days[dayText(t)] = d
	}
	return d
}

// opening is the counted cash of the last day closed before t's.
func (m *moneyMachine) opening(t time.Time) (cash int64, earlierOpen bool) {
	last := ""
	for day, d := range m.days {
		switch {
		case day >= dayText(t):
		case d.closed && day > last:
			last, cash = day, d.counted
		}
	}
	for day, d := range m.days {
		if day < dayText(t) && d.moved && !d.closed {
			earlierOpen = true
		}
	}
	return cash, earlierOpen
}

// melt sends some of the lots in the vault to the melter, now and then with an item that is not a lot.
func (m *moneyMachine) melt(t *rapid.T) {
	var in []*vaultItemModel
	for _, l := range m.lots {
		if l.in {
			in = append(in, l)
		}
	}
	var chosen []*vaultItemModel
	for _, l := range in {
		if rapid.Bool().Draw(t, "melt lot") {
			chosen = append(chosen, l)
		}
	}
	notALot := len(m.items) > 0 && rapid.IntRange(0, 5).Draw(t, "not a lot") == 0
	if notALot {
		chosen = append(chosen, rapid.SampledFrom(m.items).Draw(t, "item"))
	}
	if len(chosen) == 0 {
		t.Skip("no lots")
	}
	ids := make([]int64, len(chosen))
	var mg int64
	for i, l := range chosen {
		ids[i], mg = l.id, mg+l.mg
	}
	b, err := m.s.SendMelt(ctxBg, m.admin, ids, "ذوب‌کار", "", time.Now())
	switch {
	case notALot:
		if !errors.Is(err, ErrNotALot) {
			t.Fatalf("a melt with an item that is not a lot: %v", err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		if b.Lots750Mg != mg || b.Lots != int64(len(chosen)) {
			t.Fatalf("batch %+v, model %d mg in %d lots", b, mg, len(chosen))
		}
		for _, l := range chosen {
			l.in = false
		}
		m.batches = append(m.batches, &meltModel{id: b.ID, lots: chosen, mg: mg, status: MeltSent})
		m.reach.melts++
	}
}

// meltResult enters a batch's bar, lighter or heavier than its lots, or is refused for a batch decided.
func (m *moneyMachine) meltResult(t *rapid.T) {
	if len(m.batches) == 0 {
		t.Skip("no batches")
	}
	b := rapid.SampledFrom(m.batches).Draw(t, "batch")
	bar := b.mg + rapid.Int64Range(-b.mg/10, b.mg/20+1).Draw(t, "loss")
	if bar < 1 {
		bar = 1
	}
	got, err := m.s.MeltDoneResult(ctxBg, m.admin, b.id, MeltResult{Bar: VaultItem{Kind: VaultMelted, WeightMg: bar,
		PurityCenti: 75_000, Weight750Mg: bar, Lab: "آزمایشگاه", IngotNumber: fmt.Sprint("p", b.id)}}, time.Now())
	switch {
	case b.status != MeltSent:
		if !errors.Is(err, ErrMeltDecided) {
			t.Fatalf("a result for a batch %s: %v", b.status, err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		if got.Loss750Mg() != b.mg-bar {
			t.Fatalf("loss %d, model %d", got.Loss750Mg(), b.mg-bar)
		}
		b.status = MeltDone
		m.heldMg += bar - b.mg
		m.items = append(m.items, &vaultItemModel{got.BarID, bar, true})
		m.reach.meltResults++
	}
}

// meltCancel cancels a batch, or is refused for one decided.
func (m *moneyMachine) meltCancel(t *rapid.T) {
	if len(m.batches) == 0 {
		t.Skip("no batches")
	}
	b := rapid.SampledFrom(m.batches).Draw(t, "batch")
	_, err := m.s.CancelMelt(ctxBg, m.admin, b.id, "", time.Now())
	switch {
	case b.status != MeltSent:
		if !errors.Is(err, ErrMeltDecided) {
			t.Fatalf("a batch %s cancelled: %v", b.status, err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		b.status = MeltCancelled
		for _, l := range b.lots {
			l.in = true
		}
		m.reach.meltCancels++
	}
}

// drawerMove takes cash out of today's drawer or puts some in.
func (m *moneyMachine) drawerMove(t *rapid.T) {
	now := time.Now()
	d := m.day(now)
	opening, _ := m.opening(now)
	out := rapid.Bool().Draw(t, "out")
	amount := rapid.Int64Range(1, 50_000_000).Draw(t, "cash")
	direction, sign := DrawerIn, int64(1)
	if out {
		direction, sign = DrawerOut, -1
	}
	counterpart := rapid.SampledFrom([]string{DrawerBank, DrawerOwner}).Draw(t, "counterpart")
	_, _, err := m.s.MoveDrawerCash(ctxBg, m.admin, direction, counterpart, amount, "جابه‌جایی", now)
	switch {
	case d.closed:
		if !errors.Is(err, ErrDayClosed) {
			t.Fatalf("a movement on a closed day: %v", err)
		}
		m.reach.dayClosedRefusals++
	case out && amount > opening+d.cash:
		if !errors.Is(err, ErrDrawerShort) {
			t.Fatalf("%d out of a drawer of %d: %v", amount, opening+d.cash, err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		d.cash, d.moved = d.cash+sign*amount, true
		m.reach.drawerMoves++
	}
}

// closeDay closes today with a count near the expected cash, and mostly reopens it at once.
func (m *moneyMachine) closeDay(t *rapid.T) {
	now := time.Now()
	d := m.day(now)
	opening, earlierOpen := m.opening(now)
	counted := max(0, opening+d.cash+rapid.Int64Range(-100_000, 100_000).Draw(t, "difference"))
	got, err := m.s.CloseDay(ctxBg, m.admin, now, counted, "", now)
	var early *EarlierDayOpenError
	switch {
	case d.closed:
		if !errors.Is(err, ErrDayClosed) {
			t.Fatalf("a day closed twice: %v", err)
		}
	case earlierOpen:
		if !errors.As(err, &early) {
			t.Fatalf("a day closed before an earlier one: %v", err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		if got.OpeningCash != opening || got.Close.ExpectedCash != opening+d.cash || got.Close.Difference != counted-opening-d.cash {
			t.Fatalf("close %+v, model opening %d cash %d counted %d", got.Close, opening, d.cash, counted)
		}
		d.closed, d.counted = true, counted
		m.reach.closes++
	}
	if !d.closed || rapid.IntRange(0, 3).Draw(t, "stays closed") == 0 {
		return
	}
	if _, err := m.s.ReopenDay(ctxBg, m.admin, now, "شمارش دوباره", now); err != nil {
		t.Fatal(err)
	}
	d.closed = false
	m.reach.reopens++
}
