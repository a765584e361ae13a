package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"goldshop/store"
)

var (
	firstNames = []string{"علی", "مریم", "رضا", "زهرا", "حسین", "فاطمه", "مهدی", "سارا", "امیر", "نرگس"}
	lastNames  = []string{"احمدی", "محمدی", "حسینی", "رضایی", "کریمی", "موسوی", "جعفری", "صادقی", "رحیمی", "نوری"}
)

// customer is what the filler remembers of one customer, so it only asks for movements the rules allow.
type customer struct {
	id         int64
	card       int64 // bank account id; 0 until the first withdraw
	rial, gold int64 // free balances
}

// filler posts the movements of one generated shop, in time order.
type filler struct {
	st      *store.Store
	ctx     context.Context
	rnd     *rand.Rand
	sz      size
	adminID int64
	people  []*customer
	price   int64 // rial per gram, drifting
	posted  int   // journals posted so far
	seq     int   // quotes, receipts
}

func (f *filler) fill() error {
	begin := time.Now().Add(-366 * 24 * time.Hour).Truncate(24 * time.Hour)
	var err error
	if f.adminID, _, err = f.st.UpsertAdmin(f.ctx, store.User{PhoneNumber: "09120000000", FirstName: "مدیر",
		LastName: "فروشگاه", PasswordHash: "fill"}, begin); err != nil {
		return fmt.Errorf("owner: %w", err)
	}
	// the shop records its holdings before it sells (the reserve guard): a tonne of 750 gold
	if _, err := f.st.AddVaultItem(f.ctx, f.adminID, store.VaultItem{Kind: store.VaultJewellery, Description: "موجودی",
		WeightMg: 1_000_000_000, PurityCenti: 75_000, Weight750Mg: 1_000_000_000}, "", begin); err != nil {
		return fmt.Errorf("vault: %w", err)
	}
	for n := 1; n <= f.sz.customers; n++ {
		if err := f.addCustomer(n, begin); err != nil {
			return fmt.Errorf("customer %d: %w", n, err)
		}
	}
	f.price = 45_000_000
	span := 365 * 24 * time.Hour // ends the day before today: nothing is posted today
	heavyLeft := f.sz.heavy
	for f.posted < f.sz.journals {
		now := begin.Add(time.Duration(int64(span) * int64(f.posted) / int64(f.sz.journals)))
		c := f.people[1+f.rnd.IntN(len(f.people)-1)%max(1, len(f.people)-1)]
		if len(f.people) == 1 || f.rnd.IntN(f.sz.journals-f.posted) < heavyLeft {
			c = f.people[0]
		}
		before := f.posted
		if err := f.step(c, c == f.people[0], now); err != nil {
			return fmt.Errorf("journal %d: %w", f.posted, err)
		}
		if c == f.people[0] {
			heavyLeft -= f.posted - before
		}
	}
	return f.leavePending(begin.Add(span))
}

func (f *filler) addCustomer(n int, now time.Time) error {
	reg := store.Registration{PhoneNumber: fmt.Sprintf("0912%07d", n), NationalID: fmt.Sprintf("%010d", n),
		FirstName: firstNames[n%len(firstNames)], LastName: lastNames[(n/len(firstNames))%len(lastNames)],
		BirthDate: "1370/01/01", PasswordHash: "fill", CreatedAt: now}
	if err := f.st.SavePendingRegistration(f.ctx, reg); err != nil {
		return err
	}
	u, err := f.st.CompleteRegistration(f.ctx, reg.PhoneNumber, now)
	if err != nil {
		return err
	}
	f.people = append(f.people, &customer{id: u.ID})
	return nil
}

// step makes one movement of c: mostly trades, some counter charges, deposits and withdraws. The heavy
// customer makes only one-journal movements, so each is one statement entry.
func (f *filler) step(c *customer, heavy bool, now time.Time) error {
	f.price += f.rnd.Int64N(200_001) - 100_000
	f.price = min(max(f.price, 30_000_000), 90_000_000)
	r := f.rnd.IntN(100)
	switch {
	case c.rial < 50_000_000 && c.gold < 1000 || r < 5:
		return f.charge(c, now)
	case r < 10:
		return f.deposit(c, now, true)
	case r < 15 && !heavy && c.rial >= 20_000_000:
		return f.withdraw(c, now, true)
	default:
		return f.trade(c, now)
	}
}

func (f *filler) charge(c *customer, now time.Time) error {
	in := store.ChargeInput{AdminID: f.adminID, UserID: c.id, Asset: store.AssetRial,
		Amount: (1 + f.rnd.Int64N(50)) * 100_000_000, Description: "واریز نقدی در مغازه"}
	if f.rnd.IntN(10) == 0 {
		in.Asset, in.Amount, in.Description = store.AssetGold, 1000+f.rnd.Int64N(50_000), "تحویل طلا در مغازه"
	}
	b, err := f.st.Charge(f.ctx, in, now)
	if err != nil {
		return err
	}
	c.rial, c.gold = b.AvailableRial, b.AvailableGold
	f.posted++
	return nil
}

func (f *filler) deposit(c *customer, now time.Time, decide bool) error {
	f.seq++
	r, err := f.st.CreateDeposit(f.ctx, store.DepositInput{UserID: c.id, AmountRial: (1 + f.rnd.Int64N(20)) * 10_000_000,
		Receipt: fmt.Sprintf("fill-%d.jpg", f.seq)}, now)
	if err != nil || !decide {
		return err
	}
	if _, err := f.st.DecideWalletRequest(f.ctx, store.Decision{AdminID: f.adminID, RequestID: r.ID, Approve: true},
		now.Add(time.Minute)); err != nil {
		return err
	}
	c.rial += r.AmountRial
	f.posted++
	return nil
}

func (f *filler) withdraw(c *customer, now time.Time, decide bool) error {
	if c.card == 0 {
		a, err := f.st.CreateBankAccount(f.ctx, store.BankAccount{UserID: c.id, CardNumber: fmt.Sprintf("603799%010d", c.id),
			BankName: "بانک ملی ایران", HolderName: "مشتری"}, now)
		if err != nil {
			return err
		}
		c.card = a.ID
	}
	amount := (1 + f.rnd.Int64N(c.rial/10_000_000)) * 10_000_000 / 2
	r, err := f.st.CreateWithdraw(f.ctx, store.WithdrawInput{UserID: c.id, AmountRial: amount, BankAccountID: c.card}, now)
	if err != nil {
		return err
	}
	c.rial -= amount
	f.posted++
	if !decide {
		return nil
	}
	approve := f.rnd.IntN(10) != 0
	if _, err := f.st.DecideWalletRequest(f.ctx, store.Decision{AdminID: f.adminID, RequestID: r.ID, Approve: approve,
		Reason: "کارت با نام مشتری یکی نیست"}, now.Add(time.Minute)); err != nil {
		return err
	}
	if !approve {
		c.rial += amount
	}
	f.posted++
	return nil
}

// trade buys with the free rial or sells part of the free gold, through a quote the store executes.
func (f *filler) trade(c *customer, now time.Time) error {
	typ := store.EntryBuy
	mg := 100 + f.rnd.Int64N(20_000)
	if c.gold >= 100 && (f.rnd.IntN(5) < 2 || c.rial < 10_000_000) {
		typ, mg = store.EntrySell, 100+f.rnd.Int64N(c.gold-99)
	}
	if typ == store.EntryBuy {
		mg = min(mg, c.rial*1000/f.price)
		if mg < 1 {
			return f.charge(c, now)
		}
	}
	f.seq++
	q := store.Quote{UserID: c.id, Type: typ, CodeScope: fmt.Sprintf("fill:%d", f.seq), AmountGoldMg: mg,
		AmountRial: mg * f.price / 1000, PricePerGramRial: f.price, CreatedAt: now, ExpiresAt: now.Add(time.Minute)}
	if q.AmountRial < 1 {
		return f.charge(c, now)
	}
	if _, err := f.st.SaveQuote(f.ctx, q); err != nil {
		return err
	}
	_, err := f.st.ExecuteQuote(f.ctx, store.Trade{UserID: c.id, Type: typ, CodeScope: q.CodeScope}, now.Add(time.Second))
	if errors.Is(err, store.ErrInsufficientFunds) {
		return fmt.Errorf("customer %d: the filler's balances drifted from the ledger: %w", c.id, err)
	}
	if err != nil {
		return err
	}
	if typ == store.EntryBuy {
		c.rial, c.gold = c.rial-q.AmountRial, c.gold+mg
	} else {
		c.rial, c.gold = c.rial+q.AmountRial, c.gold-mg
	}
	f.posted++
	return nil
}

// leavePending leaves some deposits and withdraws waiting for the desks, as a live shop has.
func (f *filler) leavePending(now time.Time) error {
	for i := 0; i < min(40, len(f.people)); i++ {
		c := f.people[1+i%max(1, len(f.people)-1)%len(f.people)]
		if err := f.deposit(c, now, false); err != nil {
			return err
		}
		if i%2 == 0 && c.rial >= 20_000_000 {
			if err := f.withdraw(c, now, false); err != nil {
				return err
			}
		}
	}
	return nil
}
