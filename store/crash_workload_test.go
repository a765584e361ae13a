package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"sync"
	"time"

	"goldshop/rules"
)

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
	// approve decides a wallet request for the owner, once it is not refused for space, and acknowledges it
	approve := func(id int64) error {
		if err := retry(func() error {
			_, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: id, Approve: true}, time.Now())
			return err
		}); err != nil {
			return err
		}
		ack("approved", id)
		return nil
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
			if err := retry(func() error {
				trade++
				return crashTrade(ctx, s, u.ID, lim, trade)
			}); err != nil {
				return err
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
		if err := approve(d.ID); err != nil {
			return err
		}
		if err := retry(func() (err error) {
			w, err = s.CreateWithdraw(ctx, WithdrawInput{UserID: u.ID, AmountRial: 400, BankAccountID: card.ID}, time.Now())
			return err
		}); err != nil {
			return err
		}
		ack("withdraw", w.ID)
		if i%2 == 0 {
			if err := approve(w.ID); err != nil {
				return err
			}
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
