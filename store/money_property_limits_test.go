package store

import (
	"fmt"
	"strings"
	"time"

	"goldshop/iran"

	"pgregory.net/rapid"
)

// The money machine's daily limits, its guard switched off, the room the bars promised to deliveries take,
// and how far its sequences reach (issue 37): a rule the model never reaches is a rule it never tests.

// limitFigures are the figures a sequence's limits are drawn from: about what one trade (up to 3,000,000
// rial, 3,000 mg) or a few of them take, so that trades meet them often.
var (
	limitRials = []int64{500_000, 3_000_000, 8_000_000}
	limitMgs   = []int64{100, 1_000, 4_000}
)

// drawLimits gives every customer (grade 1) daily limits in half the sequences, each figure set or not.
func (m *moneyMachine) drawLimits(t *rapid.T) {
	if !rapid.Bool().Draw(t, "limited") {
		return
	}
	figure := func(name string, of []int64) *int64 {
		if !rapid.Bool().Draw(t, name+" set") {
			return nil
		}
		v := rapid.SampledFrom(of).Draw(t, name)
		return &v
	}
	m.limits = DailyLimits{BuyRial: figure("buy rial", limitRials), BuyGoldMg: figure("buy mg", limitMgs),
		SellRial: figure("sell rial", limitRials), SellGoldMg: figure("sell mg", limitMgs)}
	if err := m.s.SetGradeDailyLimits(ctxBg, m.admin, 1, m.limits, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// dayOf is what c's trades of now's Tehran day took, started afresh on a new day.
func (m *moneyMachine) dayOf(c *customerModel, now time.Time) *DailyTotals {
	if start := iran.DayStart(now); !c.dayStart.Equal(start) {
		c.dayStart, c.today = start, DailyTotals{}
	}
	return &c.today
}

// withinLimits says, by plain arithmetic, whether c's trade of typ moving rial and mg at now keeps each of
// the side's limited figures at or under its limit.
func (m *moneyMachine) withinLimits(c *customerModel, typ string, rial, mg int64, now time.Time) bool {
	day := m.dayOf(c, now)
	fits := func(limit *int64, used, more int64) bool { return limit == nil || used+more <= *limit }
	if typ == EntryBuy {
		return fits(m.limits.BuyRial, day.BuyRial, rial) && fits(m.limits.BuyGoldMg, day.BuyGoldMg, mg)
	}
	return fits(m.limits.SellRial, day.SellRial, rial) && fits(m.limits.SellGoldMg, day.SellGoldMg, mg)
}

// limitsText writes the sequence's limits for a failure's message.
func (m *moneyMachine) limitsText() string {
	show := func(l *int64) string {
		if l == nil {
			return "-"
		}
		return fmt.Sprint(*l)
	}
	return fmt.Sprintf("buy %s rial %s mg, sell %s rial %s mg", show(m.limits.BuyRial), show(m.limits.BuyGoldMg),
		show(m.limits.SellRial), show(m.limits.SellGoldMg))
}

// BuyIntoPromisedRoom buys a weight the vault would cover if the bars promised to approved deliveries were
// not counted: between the two rooms, the guard must count them and refuse (a guard that forgot them passed
// a thousand sequences of random buys, which rarely land there).
func (m *moneyMachine) BuyIntoPromisedRoom(t *rapid.T) {
	c := m.pick(t)
	m.topUp(t, c)
	if !m.guard {
		t.Skip("no guard")
	}
	if m.promisedMg() == 0 {
		m.promiseBar(t, c)
	}
	// the most the customers may owe against a room: (owed + g)(1 + margin) ≤ room
	most := func(room int64) int64 { return room*10_000/(10_000+m.marginBP) - m.owedMg() }
	lo, hi := max(most(m.heldMg-m.promisedMg())+1, 1), most(m.heldMg)
	if hi < lo {
		t.Skip("no weight between the rooms")
	}
	mg := rapid.Int64Range(lo, hi).Draw(t, "mg")
	refused := m.reach.reserveRefused
	m.tradeIt(t, c, EntryBuy, 1, mg, false)
	if m.reach.reserveRefused > refused {
		m.reach.windowRefused++
	}
}

// promiseBar has c ask for a bar of their free gold and the admin approve it, so that a room lies between the
// vault and the vault less its promises: left to the random actions, only about one sequence in seventy got
// there, and their count of such buys swung too widely for a floor.
func (m *moneyMachine) promiseBar(t *rapid.T, c *customerModel) {
	if c.gold == 0 {
		t.Skip("no free gold to ask a bar for")
	}
	g := m.requestBar(t, c, rapid.Int64Range(1, min(c.gold, 3_000)).Draw(t, "promised"))
	if g == nil {
		t.Skip("a request of theirs is pending")
	}
	if _, err := m.s.DecideGoldRequest(ctxBg, GoldDecision{AdminID: m.admin, RequestID: g.id, To: StatusApproved, Reason: "x"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	c.heldGold -= g.mg
	g.status = StatusApproved
}

// reachCounts are how often sequences reached the branches a model exists for.
type reachCounts struct {
	executed, plansBought, plansRefused, periodsAgain, reserveRefused, windowRefused, limitRefused, rewards int
	// windowSeqs counts the sequences with a buy refused between the rooms: such buys come in clusters (a
	// sequence that reaches the window stays near it), so their count spreads too widely for a floor
	windowSeqs int
	// the counter's (money_property_counter_test.go)
	counterSales, buyBacks, tradeIns, voids, counterReserve int
	// the stock and the day's (money_property_stock_test.go)
	melts, meltResults, meltCancels, closes, reopens, drawerMoves, dayClosedRefusals int
}

func (r *reachCounts) add(o reachCounts) {
	r.executed += o.executed
	r.plansBought += o.plansBought
	r.plansRefused += o.plansRefused
	r.periodsAgain += o.periodsAgain
	r.reserveRefused += o.reserveRefused
	r.windowRefused += o.windowRefused
	if o.windowRefused > 0 {
		r.windowSeqs++
	}
	r.limitRefused += o.limitRefused
	r.rewards += o.rewards
	r.counterSales += o.counterSales
	r.buyBacks += o.buyBacks
	r.tradeIns += o.tradeIns
	r.voids += o.voids
	r.counterReserve += o.counterReserve
	r.melts += o.melts
	r.meltResults += o.meltResults
	r.meltCancels += o.meltCancels
	r.closes += o.closes
	r.reopens += o.reopens
	r.drawerMoves += o.drawerMoves
	r.dayClosedRefusals += o.dayClosedRefusals
}

// reachFloors are the least a run of n sequences must reach of each branch, about a third of what the
// generators reach on average (measured over a thousand sequences, per sequence: the comment of each), asked
// only where that average makes a miss by chance all but impossible (an expected count of 20 or more).
func reachFloors(r reachCounts, runs int) []string {
	var short []string
	for _, b := range []struct {
		name    string
		got     int
		perSeqs float64 // the measured average per sequence
	}{
		{"orders executed", r.executed, reachRates.executed},
		{"plan runs bought", r.plansBought, reachRates.plansBought},
		{"plan runs refused", r.plansRefused, reachRates.plansRefused},
		{"periods asked again", r.periodsAgain, reachRates.periodsAgain},
		{"refusals by the reserve guard", r.reserveRefused, reachRates.reserveRefused},
		{"sequences with a buy refused between the rooms", r.windowSeqs, reachRates.windowSeqs},
		{"refusals by a daily limit", r.limitRefused, reachRates.limitRefused},
		{"referral rewards", r.rewards, reachRates.rewards},
		{"counter sales", r.counterSales, reachRates.counterSales},
		{"counter buy-backs", r.buyBacks, reachRates.buyBacks},
		{"counter trade-ins", r.tradeIns, reachRates.tradeIns},
		{"counter voids", r.voids, reachRates.voids},
		{"counter refusals by the reserve", r.counterReserve, reachRates.counterReserve},
		{"melt batches sent", r.melts, reachRates.melts},
		{"melt results", r.meltResults, reachRates.meltResults},
		{"melt batches cancelled", r.meltCancels, reachRates.meltCancels},
		{"days closed", r.closes, reachRates.closes},
		{"days reopened", r.reopens, reachRates.reopens},
		{"drawer movements", r.drawerMoves, reachRates.drawerMoves},
		{"refusals on a closed day", r.dayClosedRefusals, reachRates.dayClosedRefusals},
	} {
		expected := b.perSeqs * float64(runs)
		if expected >= 20 && float64(b.got) < expected/3 {
			short = append(short, fmt.Sprintf("%s: %d in %d sequences, about %.0f expected", b.name, b.got, runs, expected))
		}
	}
	return short
}

// reachText writes what a run reached, for the test's log.
func reachText(r reachCounts, runs int) string {
	return strings.Join([]string{fmt.Sprintf("%d sequences", runs), fmt.Sprintf("%d orders executed", r.executed),
		fmt.Sprintf("%d plan runs bought", r.plansBought), fmt.Sprintf("%d refused", r.plansRefused),
		fmt.Sprintf("%d periods asked again", r.periodsAgain), fmt.Sprintf("%d reserve refusals", r.reserveRefused),
		fmt.Sprintf("%d between the rooms (in %d sequences)", r.windowRefused, r.windowSeqs), fmt.Sprintf("%d daily-limit refusals", r.limitRefused),
		fmt.Sprintf("%d referral rewards", r.rewards), fmt.Sprintf("%d counter sales", r.counterSales),
		fmt.Sprintf("%d buy-backs", r.buyBacks), fmt.Sprintf("%d trade-ins", r.tradeIns), fmt.Sprintf("%d voids", r.voids),
		fmt.Sprintf("%d counter reserve refusals", r.counterReserve), fmt.Sprintf("%d melts", r.melts),
		fmt.Sprintf("%d melt results", r.meltResults), fmt.Sprintf("%d melts cancelled", r.meltCancels),
		fmt.Sprintf("%d days closed", r.closes), fmt.Sprintf("%d reopened", r.reopens),
		fmt.Sprintf("%d drawer movements", r.drawerMoves), fmt.Sprintf("%d refusals on a closed day", r.dayClosedRefusals)}, ", ")
}

// reachRates are what the generators reach per sequence on average, measured over a thousand sequences (the
// reserve's refusals, the daily limits' and the sequences between the rooms over two thousand, once a buy into
// that room promised a bar itself).
var reachRates = struct {
	executed, plansBought, plansRefused, periodsAgain, reserveRefused, windowSeqs, limitRefused, rewards float64
	counterSales, buyBacks, tradeIns, voids, counterReserve                                              float64
	melts, meltResults, meltCancels, closes, reopens, drawerMoves, dayClosedRefusals                     float64
}{executed: 0.076, plansBought: 0.49, plansRefused: 0.54, periodsAgain: 0.057, reserveRefused: 2.06,
	windowSeqs: 0.32, limitRefused: 0.39, rewards: 0.068,
	melts: 0.08, meltResults: 0.024, meltCancels: 0.011, closes: 0.44, reopens: 0.36, drawerMoves: 0.25,
	dayClosedRefusals: 0.17}
