package store

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"goldshop/internal/lockedbuf"
	"goldshop/internal/smalldisk"
	"goldshop/rules"
)

// TestMain runs the crash test's child workload when asked to (GOLDSHOP_CRASH_DB set), and the tests otherwise.
func TestMain(m *testing.M) {
	if path := os.Getenv("GOLDSHOP_CRASH_DB"); path != "" {
		if err := crashWorkload(path); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	os.Exit(m.Run())
}

// crashWorkload moves money in a loop on the file it is given and prints one line per operation once the
// store has acknowledged it, until it is killed. Each round also trades the way the server does: a quote and
// its code saved without waiting for the disk (synchronous=NORMAL), then the code checked and the quote
// executed in an idempotent call whose claim, money and answer share one commit. An operation refused because
// the disk is full (the parent fills it for a while) is said with a "full" line and tried again.
func crashWorkload(path string) error {
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		return err
	}
	if err := stockVault(ctx, s); err != nil {
		return err
	}
	admin, _, err := s.UpsertAdmin(ctx, User{PhoneNumber: "09350000001", FirstName: "a", LastName: "b", PasswordHash: "h"}, time.Now())
	if err != nil {
		return err
	}
	reg := Registration{PhoneNumber: "09120000001", NationalID: "0000000001", FirstName: "c", LastName: "d",
		BirthDate: "1370/01/01", PasswordHash: "h", CreatedAt: time.Now()}
	if err := s.SavePendingRegistration(ctx, reg); err != nil {
		return err
	}
	u, err := s.CompleteRegistration(ctx, reg.PhoneNumber, time.Now())
	if err != nil {
		return err
	}
	// a receipt a round: the owner's daily quota at its most, so the workload is never cut short by it
	shop := DefaultShop
	shop.ReceiptsPerDay = 1000
	if _, err := s.SaveShop(ctx, admin, shop, time.Now()); err != nil {
		return err
	}
	card, err := s.CreateBankAccount(ctx, BankAccount{UserID: u.ID, CardNumber: "6037990000000006", BankName: "x", HolderName: "y"}, time.Now())
	if err != nil {
		return err
	}
	out := bufio.NewWriter(os.Stdout)
	var outMu sync.Mutex // the load's traders say their lines from goroutines of their own
	say := func(line string) {
		outMu.Lock()
		defer outMu.Unlock()
		fmt.Fprintln(out, line)
		out.Flush()
	}
	ack := func(verb string, id int64) { say(fmt.Sprintf("ack %s %d", verb, id)) }
	lim := CodeLimits{Lifetime: time.Hour, DailyCap: 1 << 30, MaxWrongTries: 5}
	// retry runs op until it is not refused for space, saying each refusal
	retry := func(op func() error) error {
		for {
			err := op()
			if !IsStorageFull(err) {
				return err
			}
			say("full")
			time.Sleep(20 * time.Millisecond)
		}
	}
	if err := crashTraders(ctx, s, admin, lim, say); err != nil {
		return err
	}
	plan, err := s.CreatePlan(ctx, Plan{UserID: u.ID, AmountRial: 100, Every: PlanDaily, Minute: 0}, time.Now())
	if err != nil {
		return err
	}
	// the standing orders' rial, charged once
	if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: u.ID, Asset: AssetRial, Amount: 10_000_000}, time.Now()); err != nil {
		return err
	}
	trade, lot := 0, int64(0)
	for i := 0; ; i++ {
		if i > 0 { // the round's standing order: placed with its hold, then executed once by a price change
			var o Order
			if err := retry(func() error {
				err := s.SetBasePrice(ctx, admin, 200_000, time.Now())
				if err == nil {
					o, err = s.PlaceOrder(ctx, Order{UserID: u.ID, Side: EntryBuy, ByRial: true, AmountRial: 100,
						LimitPriceRial: 100_000, Held: 100, UntilAt: time.Now().Add(time.Hour)}, time.Now())
				}
				return err
			}); err != nil {
				return err
			}
			ack("ordered", o.ID)
			if err := retry(func() error { return s.SetBasePrice(ctx, admin, 100_000, time.Now()) }); err != nil {
				return err
			}
			ack("executed", o.ID)
		}
		if i > 0 { // the round's run of a savings plan: bought once, in the commit of its run's row
			if err := retry(func() error {
				_, err := s.RunPlanBuy(ctx, PlanBuy{Run: PlanRun{PlanID: plan, Period: fmt.Sprintf("round %d", i), DueAt: time.Now()},
					Trade: Trade{UserID: u.ID, Uninvited: true},
					Quote: Quote{AmountRial: 100, AmountGoldMg: 1, PricePerGramRial: 100_000}}, time.Now())
				return err
			}); err != nil {
				return err
			}
			ack("planned", int64(i))
		}
		if i > 0 {
			// a trade refused for space is tried again as a new trade: its quote may have been kept
			for {
				trade++
				err := crashTrade(ctx, s, u.ID, lim, trade)
				if err == nil {
					break
				}
				if !IsStorageFull(err) {
					return err
				}
				say("full")
				time.Sleep(20 * time.Millisecond)
			}
			ack("traded", int64(trade))
		}
		if i > 0 { // the round's counter invoice: 1 g of used gold bought, and the last round's lot sold with it
			if lot, err = crashInvoice(ctx, s, admin, lot, retry); err != nil {
				return err
			}
			ack("invoiced", lot)
			var m DrawerMove
			if err := retry(func() (err error) {
				m, _, err = s.MoveDrawerCash(ctx, admin, DrawerIn, DrawerOwner, 1_000, "پول خرد", time.Now())
				return err
			}); err != nil {
				return err
			}
			ack("drawer", m.ID)
		}
		if i%3 == 1 { // a lot of old gold sent to the melter and back as a bar, 10 mg lighter
			batch, err := crashMelt(ctx, s, admin, i, retry)
			if err != nil {
				return err
			}
			ack("melted", batch)
		}
		groups, transactions := s.GroupCommits()
		say(fmt.Sprintf("commits %d %d", groups, transactions))
		var d, w WalletRequest
		if err := retry(func() (err error) {
			d, err = s.CreateDeposit(ctx, DepositInput{UserID: u.ID, AmountRial: 1000, Receipt: fmt.Sprintf("crash-%d.png", i)}, time.Now())
			return err
		}); err != nil {
			return err
		}
		ack("created", d.ID)
		if err := retry(func() error {
			_, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: d.ID, Approve: true}, time.Now())
			return err
		}); err != nil {
			return err
		}
		ack("approved", d.ID)
		if err := retry(func() (err error) {
			w, err = s.CreateWithdraw(ctx, WithdrawInput{UserID: u.ID, AmountRial: 400, BankAccountID: card.ID}, time.Now())
			return err
		}); err != nil {
			return err
		}
		ack("withdraw", w.ID)
		if i%2 == 0 {
			if err := retry(func() error {
				_, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: w.ID, Approve: true}, time.Now())
				return err
			}); err != nil {
				return err
			}
			ack("approved", w.ID)
		} else {
			if err := retry(func() error { return s.CancelWithdraw(ctx, u.ID, w.ID, time.Now()) }); err != nil {
				return err
			}
			ack("canceled", w.ID)
		}
	}
}

// crashInvoice records a counter invoice that buys 1 g of 750 back and, from the second on, sells the lot the
// one before bought (a trade-in netting to nothing, at the round's price of 100 000), and returns the new lot.
func crashInvoice(ctx context.Context, s *Store, admin, lot int64, retry func(func() error) error) (int64, error) {
	in := CounterInput{AdminID: admin, Draft: CounterDraft{BuyBacks: []BuyBackDraft{{Description: "x", WeightMg: 1_000,
		PurityCenti: 75_000}}}, Payouts: []CounterPayment{{Method: rules.PayCash, AmountRial: 100_000}}}
	if lot > 0 {
		in.Draft.Sales, in.Payouts = []SaleDraft{{ItemID: lot}}, nil
	}
	var inv Invoice
	err := retry(func() (err error) {
		inv, err = s.RecordInvoice(ctx, in, time.Now())
		return err
	})
	if err != nil {
		return 0, err
	}
	return inv.Lines[len(inv.Lines)-1].ItemID, nil
}

// crashMelt receives a lot of 2 g, sends it to the melter alone and enters its bar of 1.990 g, returning the batch.
func crashMelt(ctx context.Context, s *Store, admin int64, i int, retry func(func() error) error) (int64, error) {
	var lot VaultItem
	if err := retry(func() (err error) {
		lot, err = s.AddVaultItem(ctx, admin, VaultItem{Kind: VaultMelted, WeightMg: 2_000, PurityCenti: 75_000,
			Weight750Mg: 2_000, Assay: AssayUnassayed}, "", time.Now())
		return err
	}); err != nil {
		return 0, err
	}
	var b MeltBatch
	if err := retry(func() (err error) {
		b, err = s.SendMelt(ctx, admin, []int64{lot.ID}, "", "", time.Now())
		return err
	}); err != nil {
		return 0, err
	}
	err := retry(func() error {
		_, err := s.MeltDoneResult(ctx, admin, b.ID, MeltResult{Bar: VaultItem{Kind: VaultMelted, WeightMg: 1_990,
			PurityCenti: 75_000, Weight750Mg: 1_990, Lab: "crash", IngotNumber: fmt.Sprint(i)}}, time.Now())
		return err
	})
	return b.ID, err
}

// crashLoadTraders is how many customers trade beside the workload's rounds, each in a goroutine of its
// own as the web's customers do at once, so that their trades share groups and fsyncs when the kill comes.
const crashLoadTraders = 8

// crashTraders signs up and funds the load's customers and starts their trading: each trade confirmed in an
// idempotent call under the key (and quote scope) "load-<customer>-<n>", and said "ack loaded <customer×1e6+n>"
// once confirmed. A trade refused for space is said "full" and tried again as a new one; any other error
// ends the process (the parent then finds the workload short).
func crashTraders(ctx context.Context, s *Store, admin int64, lim CodeLimits, say func(string)) error {
	for c := 1; c <= crashLoadTraders; c++ {
		phone := fmt.Sprintf("09121%06d", c)
		reg := Registration{PhoneNumber: phone, NationalID: fmt.Sprintf("%010d", 100+c), FirstName: "c", LastName: "d",
			BirthDate: "1370/01/01", PasswordHash: "h", CreatedAt: time.Now()}
		if err := s.SavePendingRegistration(ctx, reg); err != nil {
			return err
		}
		u, err := s.CompleteRegistration(ctx, phone, time.Now())
		if err != nil {
			return err
		}
		if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: u.ID, Asset: AssetRial, Amount: 1_000_000_000}, time.Now()); err != nil {
			return err
		}
		go func() {
			for n := 1; ; n++ {
				key := fmt.Sprintf("load-%d-%d", c, n)
				err := crashKeyedTrade(ctx, s, u.ID, phone, lim, key, key)
				switch {
				case err == nil:
					say(fmt.Sprintf("ack loaded %d", c*1_000_000+n))
				case IsStorageFull(err):
					say("full")
					time.Sleep(20 * time.Millisecond)
				default:
					fmt.Fprintln(os.Stderr, "load trader:", err)
					os.Exit(1)
				}
			}
		}()
	}
	return nil
}

// crashTrade is round i's trade: 100 rial for 1 mg, confirmed with its code under the key "trade-<i>".
func crashTrade(ctx context.Context, s *Store, userID int64, lim CodeLimits, i int) error {
	return crashKeyedTrade(ctx, s, userID, "09120000001", lim, fmt.Sprintf("scope-%d", i), fmt.Sprintf("trade-%d", i))
}

// crashKeyedTrade quotes 100 rial for 1 mg under scope, texted to phone, and confirms it with its code in an
// idempotent call of key whose kept answer names the key.
func crashKeyedTrade(ctx context.Context, s *Store, userID int64, phone string, lim CodeLimits, scope, key string) error {
	now := time.Now()
	hash := []byte("code-" + scope)
	q := Quote{UserID: userID, Type: EntryBuy, CodeScope: scope, AmountRial: 100, AmountGoldMg: 1,
		PricePerGramRial: 100_000, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	if _, _, err := s.IssueQuote(ctx, phone, hash, lim, q, now); err != nil {
		return err
	}
	once := Once{UserID: userID, Key: key, Route: "POST /verify"}
	cctx, call := s.StartOnce(ctx, once, "fp", now)
	defer call.Abort()
	if _, err := s.ExecuteQuote(cctx, Trade{UserID: userID, Type: EntryBuy, CodeHash: hash,
		CodeLimits: lim}, now); err != nil {
		return err
	}
	return call.Finish(cctx, 200, fmt.Sprintf(`{"key":%q}`, key))
}

// The workload runs on a small disk of its own that the test fills for a while midway: operations refused
// for space are tried again once it is freed, and the kill comes after.
func TestKilledMidWorkloadLosesNothingAcknowledged(t *testing.T) {
	disk := smalldisk.Mount(t, "32m")
	path := filepath.Join(disk, "goldshop.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GOLDSHOP_CRASH_DB="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var childErr lockedbuf.Buffer // os/exec copies the child's output in from a goroutine of its own
	cmd.Stderr = &childErr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Read acknowledgements until a random amount of the rounds' work is done (the load's trades, acknowledged
	// beside them all along, are not counted), then kill the child without warning while it is in the middle
	// of its next operation.
	stopAt := 100 + rand.IntN(300)
	fillAt := 20 + rand.IntN(stopAt-40) // the disk fills after this many acknowledgements...
	var acked []string
	var shared struct{ groups, transactions int64 } // the child's group commits so far, as it last said
	filler, fulls, freedAt, rounds := "", 0, -1, 0
	sc := bufio.NewScanner(stdout)
	// the child's workload is waited for, not timed: on a busy machine (two cores under load, -race) it has
	// acknowledged under 200 operations in 20 s
	const workLimit = 3 * time.Minute
	deadline := time.Now().Add(workLimit)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "ack ") {
			acked = append(acked, strings.TrimPrefix(line, "ack "))
			if !strings.HasPrefix(line, "ack loaded ") {
				rounds++
			}
		}
		if line == "full" {
			fulls++
		}
		fmt.Sscanf(line, "commits %d %d", &shared.groups, &shared.transactions)
		if rounds == fillAt && filler == "" {
			filler = smalldisk.Fill(t, disk)
		}
		if fulls == 5 && freedAt < 0 { // ...and is freed once five operations were refused for space
			if err := os.Remove(filler); err != nil {
				t.Fatal(err)
			}
			freedAt = rounds
		}
		// the kill comes once the freed disk has taken ten more operations
		if (freedAt >= 0 && rounds >= max(stopAt, freedAt+10)) || time.Now().After(deadline) {
			break
		}
	}
	if freedAt < 0 || rounds < freedAt+10 {
		t.Fatalf("within %v: %d of %d operations acknowledged, %d refused for space, freed after %d\n%s", workLimit,
			rounds, stopAt, fulls, freedAt, childErr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	go func() { // keep draining so the child never blocks on a full pipe before it dies
		for sc.Scan() {
		}
	}()
	cmd.Wait()
	if rounds < 20 {
		t.Fatalf("the child acknowledged only %d operations of its rounds", rounds)
	}

	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.CheckInvariants(context.Background()); err != nil {
		t.Fatalf("after the crash: %v", err)
	}
	// Every acknowledged operation is there; a later one may have landed too, so a state may be further on.
	later := map[string][]string{"created": {"pending", "approved"}, "withdraw": {"pending", "approved", "canceled"},
		"approved": {"approved"}, "canceled": {"canceled"}}
	trades, loaded := 0, 0
	for _, a := range acked {
		verb, idText, _ := strings.Cut(a, " ")
		id, _ := strconv.ParseInt(idText, 10, 64)
		if verb == "planned" { // the plan's run, bought once
			var runs, quotes int
			s.read.QueryRow(`SELECT COUNT(*) FROM plan_runs WHERE period = ? AND status = 'bought' AND journal_id IS NOT NULL`,
				fmt.Sprintf("round %d", id)).Scan(&runs)
			s.read.QueryRow(`SELECT COUNT(*) FROM trade_quotes WHERE code_scope LIKE 'plan % ' || ? AND status = 'executed'`,
				fmt.Sprintf("round %d", id)).Scan(&quotes)
			if runs != 1 || quotes != 1 {
				t.Fatalf("acknowledged plan run %d: %d runs, %d quotes", id, runs, quotes)
			}
			continue
		}
		if verb == "ordered" || verb == "executed" { // the order and its hold; once executed, its one trade
			var status string
			var trades int
			s.read.QueryRow(`SELECT status, (SELECT COUNT(*) FROM trade_quotes q WHERE q.code_scope = 'order ' || o.id
				AND q.status = 'executed') FROM standing_orders o WHERE o.id = ?`, id).Scan(&status, &trades)
			if (verb == "executed" && status != OrderExecuted) || (status != OrderOpen && status != OrderExecuted) ||
				trades != map[bool]int{true: 1, false: 0}[status == OrderExecuted] {
				t.Fatalf("acknowledged %q: the order is %q with %d trades", a, status, trades)
			}
			continue
		}
		if verb == "invoiced" { // the invoice whole, its lot named by its line (the invariants prove the rest of it)
			var status string
			if err := s.read.QueryRow(`SELECT c.status FROM counter_invoices c JOIN counter_lines l ON l.invoice_id = c.id
				WHERE l.item_id = ? AND l.side = 'buy_back'`, id).
				Scan(&status); err != nil || status != InvoiceRecorded {
				t.Fatalf("acknowledged invoice of lot %d: %q (%v)", id, status, err)
			}
			continue
		}
		if verb == "drawer" || verb == "melted" { // the owner's cash moved; the batch done with its bar and its loss
			var n int
			s.read.QueryRow(map[string]string{"drawer": `SELECT COUNT(*) FROM drawer_moves WHERE id = ?`,
				"melted": `SELECT COUNT(*) FROM melt_batches b JOIN journals j ON j.melt_batch_id = b.id
					WHERE b.id = ? AND b.status = 'done' AND b.bar_id IS NOT NULL`}[verb], id).Scan(&n)
			if n != 1 {
				t.Fatalf("acknowledged %q is not there whole", a)
			}
			continue
		}
		if verb == "traded" { // the trade and its kept answer, together
			trades++
			var status string
			if err := s.read.QueryRow(`SELECT status FROM trade_quotes WHERE code_scope = ?`, fmt.Sprintf("scope-%d", id)).
				Scan(&status); err != nil || status != "executed" {
				t.Fatalf("acknowledged trade %d: quote %q (%v)", id, status, err)
			}
			var uid int64
			s.read.QueryRow(`SELECT id FROM users WHERE phone_number = '09120000001'`).Scan(&uid)
			if k, err := s.OnceAnswerFor(context.Background(), uid, fmt.Sprintf("trade-%d", id)); err != nil ||
				k.Status != 200 || k.Body != fmt.Sprintf(`{"key":"trade-%d"}`, id) {
				t.Fatalf("acknowledged trade %d: kept answer %+v (%v)", id, k, err)
			}
			continue
		}
		if verb == "loaded" { // a load trader's trade and its kept answer, together
			loaded++
			key := fmt.Sprintf("load-%d-%d", id/1_000_000, id%1_000_000)
			var status string
			var uid int64
			if err := s.read.QueryRow(`SELECT status, user_id FROM trade_quotes WHERE code_scope = ?`, key).
				Scan(&status, &uid); err != nil || status != "executed" {
				t.Fatalf("acknowledged trade %s: quote %q (%v)", key, status, err)
			}
			if k, err := s.OnceAnswerFor(context.Background(), uid, key); err != nil || k.Status != 200 ||
				k.Body != fmt.Sprintf(`{"key":%q}`, key) {
				t.Fatalf("acknowledged trade %s: kept answer %+v (%v)", key, k, err)
			}
			continue
		}
		r, err := walletRequestByID(context.Background(), s.read, id)
		if err != nil {
			t.Fatalf("acknowledged %q is gone: %v", a, err)
		}
		if !contains(later[verb], r.Status) {
			t.Fatalf("acknowledged %q but the request is %s", a, r.Status)
		}
	}
	// and no trade's answer was kept without its trade, nor the other way round
	var orphans int
	s.read.QueryRow(`SELECT count(*) FROM idempotency_keys k WHERE k.key LIKE 'trade-%' AND (k.status IS NULL OR NOT EXISTS
		(SELECT 1 FROM trade_quotes q WHERE q.code_scope = 'scope-' || substr(k.key, 7) AND q.status = 'executed'))`).Scan(&orphans)
	var unanswered int
	s.read.QueryRow(`SELECT count(*) FROM trade_quotes q WHERE q.status = 'executed' AND q.code_scope LIKE 'scope-%' AND NOT EXISTS
		(SELECT 1 FROM idempotency_keys k WHERE k.key = 'trade-' || substr(q.code_scope, 7) AND k.status = 200)`).Scan(&unanswered)
	var loadOrphans, loadUnanswered int
	s.read.QueryRow(`SELECT count(*) FROM idempotency_keys k WHERE k.key LIKE 'load-%' AND (k.status IS NULL OR NOT EXISTS
		(SELECT 1 FROM trade_quotes q WHERE q.code_scope = k.key AND q.status = 'executed'))`).Scan(&loadOrphans)
	s.read.QueryRow(`SELECT count(*) FROM trade_quotes q WHERE q.status = 'executed' AND q.code_scope LIKE 'load-%' AND NOT EXISTS
		(SELECT 1 FROM idempotency_keys k WHERE k.key = q.code_scope AND k.status = 200)`).Scan(&loadUnanswered)
	if orphans+loadOrphans != 0 || unanswered+loadUnanswered != 0 {
		t.Fatalf("%d answers without their trade, %d trades without their answer", orphans+loadOrphans,
			unanswered+loadUnanswered)
	}
	if loaded == 0 {
		t.Fatal("no trade of the load's customers was acknowledged")
	}
	// the load's trades shared their commits with each other and with the rounds' work
	if shared.groups == 0 || shared.transactions <= shared.groups {
		t.Fatalf("the workload's commits held no more than one transaction each: %+v", shared)
	}
	t.Logf("%d acknowledged operations (%d trades, %d of the load's %d traders) survived SIGKILL; %d transactions in %d commits",
		len(acked), trades, loaded, crashLoadTraders, shared.transactions, shared.groups)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
