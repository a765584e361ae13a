package store

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// customerModel is what a customer's balances must be, kept by plain arithmetic beside the real ledger.
type customerModel struct {
	id, card         int64
	free, held, gold int64
	heldGold         int64 // gold set aside for a pending bar request
	// dayStart and today are the Tehran day of the customer's trades and what they took of it
	dayStart time.Time
	today    DailyTotals
}

type goldRequestModel struct {
	id, user, mg int64
	status       string
}

type pendingRequest struct {
	id, user, amount int64
	withdraw         bool
}

// moneyMachine drives random sequences of the shop's money operations against a real database and checks,
// after every step, that each balance is what plain arithmetic says, and after every sequence, that the
// ledger's invariants hold. The vault starts small, so the reserve guard refuses as often as it allows: the
// model keeps what the vault holds and what is promised, and refuses by (owed + g)(1 + margin) ≤ reserve;
// some sequences run with the guard off, and some under daily trade limits (money_property_limits_test.go).
type moneyMachine struct {
	s         *Store
	admin     int64
	customers []*customerModel
	pending   []pendingRequest
	decided   []int64
	keys      int
	rewarded  map[int64]bool // invitees whose first trade paid the inviter
	rewards   int            // rewards paid to the inviter
	bars      int
	golds     []*goldRequestModel
	heldMg    int64 // the vault's 750-equivalent
	items     []*vaultItemModel
	invoices  []*invoiceModel            // every counter invoice recorded (money_property_counter_test.go)
	lots      []*vaultItemModel          // the buy-backs' lots (money_property_stock_test.go)
	batches   []*meltModel               // every melt batch sent
	days      map[string]*drawerDayModel // the drawer's days that moved or closed
	marginBP  int64
	plans     map[int64]int64 // each customer's savings plan, made at its first run
	ran       map[string]bool // the plan periods that have bought
	orders    []*orderModel   // every standing order placed, open or closed
	price     int64           // the base price the owner set last (0: none yet)
	start     time.Time       // when the sequence began: orders run until hours after it
	guard     bool            // the reserve guard is on
	limits    DailyLimits     // grade 1's daily limits, every customer's
	reach     reachCounts     // how often the sequence reached each branch that matters
}

// owedMg is every customer's gold, free and held.
func (m *moneyMachine) owedMg() int64 {
	var owed int64
	for _, c := range m.customers {
		owed += c.gold + c.heldGold
	}
	return owed
}

// promisedMg is the bars promised to approved or ready deliveries.
func (m *moneyMachine) promisedMg() int64 {
	var promised int64
	for _, g := range m.golds {
		if g.status == StatusApproved || g.status == StatusReady {
			promised += g.mg
		}
	}
	return promised
}

// covers says whether the shop may owe addMg more: (owed + addMg) × (1 + margin) ≤ held − promised.
func (m *moneyMachine) covers(addMg int64) bool {
	return !m.guard || (m.owedMg()+addMg)*(10_000+m.marginBP) <= (m.heldMg-m.promisedMg())*10_000
}

var ctxBg = context.Background()

func (m *moneyMachine) pick(t *rapid.T) *customerModel {
	return rapid.SampledFrom(m.customers).Draw(t, "customer")
}

func (m *moneyMachine) Deposit(t *rapid.T) {
	c := m.pick(t)
	amount := rapid.Int64Range(1, 2_000_000).Draw(t, "amount")
	m.keys++
	r, err := m.s.CreateDeposit(ctxBg, DepositInput{UserID: c.id, AmountRial: amount,
		Receipt: fmt.Sprintf("prop-%d-%d.png", time.Now().UnixNano(), m.keys)}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	m.pending = append(m.pending, pendingRequest{r.ID, c.id, amount, false})
}

func (m *moneyMachine) Withdraw(t *rapid.T) {
	c := m.pick(t)
	amount := rapid.Int64Range(1, 2_000_000).Draw(t, "amount")
	r, err := m.s.CreateWithdraw(ctxBg, WithdrawInput{UserID: c.id, AmountRial: amount, BankAccountID: c.card}, time.Now())
	switch {
	case amount > c.free:
		if !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("withdraw %d of %d free: %v", amount, c.free, err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		c.free, c.held = c.free-amount, c.held+amount
		m.pending = append(m.pending, pendingRequest{r.ID, c.id, amount, true})
	}
}

func (m *moneyMachine) customer(id int64) *customerModel {
	for _, c := range m.customers {
		if c.id == id {
			return c
		}
	}
	panic("unknown customer")
}

// takePending removes and returns a random pending request.
func (m *moneyMachine) takePending(t *rapid.T) pendingRequest {
	if len(m.pending) == 0 {
		t.Skip("nothing pending")
	}
	i := rapid.IntRange(0, len(m.pending)-1).Draw(t, "request")
	p := m.pending[i]
	m.pending = append(m.pending[:i], m.pending[i+1:]...)
	m.decided = append(m.decided, p.id)
	return p
}

func (m *moneyMachine) Approve(t *rapid.T) {
	p := m.takePending(t)
	if _, err := m.s.DecideWalletRequest(ctxBg, Decision{AdminID: m.admin, RequestID: p.id, Approve: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	c := m.customer(p.user)
	if p.withdraw {
		c.held -= p.amount
	} else {
		c.free += p.amount
	}
}

func (m *moneyMachine) Reject(t *rapid.T) {
	p := m.takePending(t)
	if _, err := m.s.DecideWalletRequest(ctxBg, Decision{AdminID: m.admin, RequestID: p.id, Reason: "نه"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if p.withdraw {
		c := m.customer(p.user)
		c.held, c.free = c.held-p.amount, c.free+p.amount
	}
}

func (m *moneyMachine) Cancel(t *rapid.T) {
	if len(m.pending) == 0 {
		t.Skip("nothing pending")
	}
	i := rapid.IntRange(0, len(m.pending)-1).Draw(t, "request")
	p := m.pending[i]
	by := m.pick(t)
	err := m.s.CancelWithdraw(ctxBg, by.id, p.id, time.Now())
	switch {
	case by.id != p.user:
		if !errors.Is(err, ErrNotFound) {
			t.Fatalf("cancel by someone else: %v", err)
		}
	case !p.withdraw:
		if !errors.Is(err, ErrConflict) {
			t.Fatalf("cancel of a deposit: %v", err)
		}
	case err != nil:
		t.Fatal(err)
	default:
		m.pending = append(m.pending[:i], m.pending[i+1:]...)
		m.decided = append(m.decided, p.id)
		by.held, by.free = by.held-p.amount, by.free+p.amount
	}
}

func (m *moneyMachine) DecideAgain(t *rapid.T) {
	if len(m.decided) == 0 {
		t.Skip("nothing decided")
	}
	id := rapid.SampledFrom(m.decided).Draw(t, "decided")
	approve := rapid.Bool().Draw(t, "approve")
	if _, err := m.s.DecideWalletRequest(ctxBg, Decision{AdminID: m.admin, RequestID: id, Approve: approve, Reason: "x"}, time.Now()); !errors.Is(err, ErrConflict) {
		t.Fatalf("deciding request %d again: %v", id, err)
	}
}

func (m *moneyMachine) Charge(t *rapid.T) {
	c := m.pick(t)
	gold := rapid.Bool().Draw(t, "gold")
	amount := rapid.Int64Range(1, 5_000_000).Draw(t, "amount")
	in := ChargeInput{AdminID: m.admin, UserID: c.id, Asset: AssetRial, Amount: amount}
	if gold {
		in.Asset = AssetGold
	}
	_, err := m.s.Charge(ctxBg, in, time.Now())
	if gold && !m.covers(amount) {
		if !errors.Is(err, ErrReserveShort) {
			t.Fatalf("a gold charge of %d mg the vault does not cover: %v", amount, err)
		}
		m.reach.reserveRefused++
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if gold {
		c.gold += amount
	} else {
		c.free += amount
	}
}

// DuplicateSubmit is a double tap: the same Idempotency-Key twice moves money once.
func (m *moneyMachine) DuplicateSubmit(t *rapid.T) {
	c := m.pick(t)
	m.keys++
	once := Once{UserID: m.admin, Key: fmt.Sprintf("tap-%d-%d", time.Now().UnixNano(), m.keys), Route: "charge"}
	in := ChargeInput{AdminID: m.admin, UserID: c.id, Asset: AssetRial, Amount: 10}
	if err := inCall(m.s, once, func(ctx context.Context) error { _, err := m.s.Charge(ctx, in, time.Now()); return err }); err != nil {
		t.Fatal(err)
	}
	if err := inCall(m.s, once, func(ctx context.Context) error { _, err := m.s.Charge(ctx, in, time.Now()); return err }); !errors.Is(err, ErrKeyInUse) {
		t.Fatalf("second tap: %v", err)
	}
	c.free += 10
}

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
	c := m.pick(t)
	mg := rapid.Int64Range(1, 3_000).Draw(t, "vazn750")
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
		m.golds = append(m.golds, &goldRequestModel{req.ID, c.id, mg, StatusPending})
	}
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

// Check runs after every step: each customer's balances and the reserve's figures equal the model's.
func (m *moneyMachine) Check(t *rapid.T) {
	r, err := m.s.Reserve(ctxBg)
	if err != nil || r.HeldMg != m.heldMg || r.PromisedMg != m.promisedMg() || r.OwedMg != m.owedMg() {
		t.Fatalf("reserve %+v, model held %d promised %d owed %d (err %v)", r, m.heldMg, m.promisedMg(), m.owedMg(), err)
	}
	for _, c := range m.customers {
		b, err := m.s.Balances(ctxBg, c.id)
		want := Balances{Rial: c.free + c.held, Gold: c.gold + c.heldGold, AvailableRial: c.free, AvailableGold: c.gold}
		if err != nil || b != want {
			t.Fatalf("customer %d: balances %+v, model %+v (err %v)", c.id, b, want, err)
		}
	}
}

func TestRandomMoneySequencesKeepTheLedgerTrue(t *testing.T) {
	// A thousand sequences unless told otherwise: test.sh runs the thousand without the race detector, and
	// under it (many times slower) 25, enough for every action to run beside the committer and the syncer;
	// a hundred with -short. Replay a failure with the -rapid.seed it prints.
	if f := flag.Lookup("rapid.checks"); f != nil && f.Value.String() == f.DefValue {
		checks := "1000"
		switch {
		case raceDetector:
			checks = "25"
		case testing.Short():
			checks = "100"
		}
		flag.Set("rapid.checks", checks)
		defer flag.Set("rapid.checks", f.DefValue)
	}
	dir := t.TempDir()
	runs, reached := 0, reachCounts{}
	rapid.Check(t, func(rt *rapid.T) {
		// a fresh database per sequence keeps each invariant check small
		runs++
		s, err := OpenMigratedCopy(ctxBg, filepath.Join(dir, fmt.Sprintf("run-%d.db", runs)))
		if err != nil {
			rt.Fatal(err)
		}
		defer func() {
			s.Close()
			for _, suffix := range []string{"", "-wal", "-shm"} {
				os.Remove(filepath.Join(dir, fmt.Sprintf("run-%d.db%s", runs, suffix)))
			}
		}()
		m := &moneyMachine{s: s, admin: addAdmin(rt, s), rewarded: map[int64]bool{}, start: time.Now()}
		m.marginBP = rapid.SampledFrom([]int64{0, 250, 1_000}).Draw(rt, "margin")
		m.guard = rapid.IntRange(0, 3).Draw(rt, "guard") > 0 // on in three sequences of four
		if _, err := s.SetReserveSettings(ctxBg, m.admin, ReserveSettings{MarginBP: m.marginBP, GuardEnabled: m.guard}, time.Now()); err != nil {
			rt.Fatal(err)
		}
		m.drawLimits(rt)
		m.Receive(rt)
		for i := 0; i < 3; i++ {
			id := addCustomer(rt, s, i+1)
			m.customers = append(m.customers, &customerModel{id: id, card: addCard(rt, s, id, "6037990000000006")})
		}
		// the first customer invited the other two
		if _, err := s.write.ExecContext(ctxBg, `UPDATE users SET referred_by = ? WHERE id <> ? AND is_admin = 0`,
			m.customers[0].id, m.customers[0].id); err != nil {
			rt.Fatal(err)
		}
		rt.Repeat(rapid.StateMachineActions(m))
		if _, err := s.CheckInvariants(ctxBg); err != nil {
			rt.Fatalf("ledger invariants: %v", err)
		}
		reached.add(m.reach)
	})
	// each model is only a test if the sequences reach what it models (reachFloors)
	t.Log(reachText(reached, runs))
	for _, s := range reachFloors(reached, runs) {
		t.Errorf("the sequences reached too little: %s", s)
	}
}

// statementRow is one entry of the customer's statement as the statement reads it, without the running
// balances (a trade's answer has none).
func statementRow(s *Store, userID, journalID int64) (Entry, error) {
	entries, err := s.Statement(context.Background(), userID)
	if err != nil {
		return Entry{}, err
	}
	for _, e := range entries {
		if e.ID == journalID {
			e.BalanceRial, e.BalanceGold = 0, 0
			return e, nil
		}
	}
	return Entry{}, ErrNotFound
}
