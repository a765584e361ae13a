package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fataler is what the helpers need of a test: testing.T and rapid.T both offer it.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

// addCustomer registers customer n through the real sign-up path and returns their id.
func addCustomer(t fataler, s *Store, n int) int64 {
	t.Helper()
	ctx := context.Background()
	reg := Registration{PhoneNumber: fmt.Sprintf("0912%07d", n), NationalID: fmt.Sprintf("%010d", n),
		FirstName: "مشتری", LastName: fmt.Sprintf("شماره %d", n), BirthDate: "1370/01/01", PasswordHash: "h",
		CreatedAt: time.Now()}
	if err := s.SavePendingRegistration(ctx, reg); err != nil {
		t.Fatal(err)
	}
	u, err := s.CompleteRegistration(ctx, reg.PhoneNumber, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func addCard(t fataler, s *Store, userID int64, card string) int64 {
	t.Helper()
	a, err := s.CreateBankAccount(context.Background(), BankAccount{UserID: userID, CardNumber: card,
		BankName: "بانک ملی ایران", HolderName: "مشتری"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return a.ID
}

// fund gives a customer approved rial through a deposit, the way money really arrives.
func fund(t testing.TB, s *Store, adminID, userID, rial int64) {
	t.Helper()
	ctx := context.Background()
	d, err := s.CreateDeposit(ctx, DepositInput{UserID: userID, AmountRial: rial, Receipt: fmt.Sprintf("r-%d-%d.png", userID, time.Now().UnixNano())}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: adminID, RequestID: d.ID, Approve: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
}

func addAdmin(t fataler, s *Store) int64 {
	t.Helper()
	id, _, err := s.UpsertAdmin(context.Background(), User{PhoneNumber: "09350000001", FirstName: "مدیر",
		LastName: "فروشگاه", PasswordHash: "h"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func wantBalances(t *testing.T, s *Store, userID int64, want Balances) {
	t.Helper()
	got, err := s.Balances(context.Background(), userID)
	if err != nil || got != want {
		t.Fatalf("balances %+v (err %v), want %+v", got, err, want)
	}
}

func TestApprovedDepositCreditsOnceAndDecidingTwiceConflicts(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	d, err := s.CreateDeposit(ctx, DepositInput{UserID: user, AmountRial: 5_000_000, Receipt: "a.png"}, time.Now())
	if err != nil || d.Status != StatusPending || d.AmountRial != 5_000_000 {
		t.Fatalf("deposit %+v (err %v)", d, err)
	}
	wantBalances(t, s, user, Balances{})
	if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: d.ID, Approve: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	wantBalances(t, s, user, Balances{Rial: 5_000_000, AvailableRial: 5_000_000})
	for _, approve := range []bool{true, false} {
		if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: d.ID, Approve: approve}, time.Now()); !errors.Is(err, ErrConflict) {
			t.Fatalf("second decision: %v", err)
		}
	}
	wantBalances(t, s, user, Balances{Rial: 5_000_000, AvailableRial: 5_000_000})
	st, _ := s.Statement(ctx, user)
	if len(st) != 1 || st[0].Type != EntryWalletDeposit || st[0].CreditRial != 5_000_000 || st[0].Status != "deposited" ||
		st[0].Description != "" || st[0].WalletRequestID != d.ID {
		t.Fatalf("statement %+v", st)
	}
	d2, _ := s.CreateDeposit(ctx, DepositInput{UserID: user, AmountRial: 1, Receipt: "b.png"}, time.Now())
	r, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: d2.ID, Reason: "رسید ناخوانا"}, time.Now())
	if err != nil || r.Status != StatusRejected || r.RejectReason != "رسید ناخوانا" {
		t.Fatalf("reject %+v (err %v)", r, err)
	}
	wantBalances(t, s, user, Balances{Rial: 5_000_000, AvailableRial: 5_000_000})
	log, _ := s.AuditLog(ctx, AuditFilter{Limit: 2})
	if len(log) != 2 || log[1].Action != "wallet_request.approved" || log[0].Action != "wallet_request.rejected" {
		t.Fatalf("audit %+v", log)
	}
}

func TestWithdrawHoldsThenPaysOutOrReleases(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	card := addCard(t, s, user, "6037990000000006")
	fund(t, s, admin, user, 1_000)

	w, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 600, BankAccountID: card}, time.Now())
	if err != nil || w.CardNumber != "6037990000000006" || w.BankName == "" {
		t.Fatalf("withdraw %+v (err %v)", w, err)
	}
	wantBalances(t, s, user, Balances{Rial: 1_000, AvailableRial: 400})
	if _, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 401, BankAccountID: card}, time.Now()); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("withdraw above the available balance: %v", err)
	}
	if err := s.DeleteBankAccount(ctx, user, card, time.Now()); !errors.Is(err, ErrAccountInUse) {
		t.Fatalf("deleting an account with a pending withdraw: %v", err)
	}
	if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: w.ID, Approve: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	wantBalances(t, s, user, Balances{Rial: 400, AvailableRial: 400})

	w2, _ := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 400, BankAccountID: card}, time.Now())
	wantBalances(t, s, user, Balances{Rial: 400})
	if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: w2.ID, Reason: "کارت مسدود"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	wantBalances(t, s, user, Balances{Rial: 400, AvailableRial: 400})

	st, _ := s.Statement(ctx, user)
	if len(st) != 2 || st[1].Type != EntryWalletWithdraw || st[1].DebitRial != 600 || st[1].Status != StatusApproved {
		t.Fatalf("statement shows holds or misses the withdraw: %+v", st)
	}
	if err := s.DeleteBankAccount(ctx, user, card, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 1, BankAccountID: card}, time.Now()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("withdraw to a deleted account: %v", err)
	}
}

func TestOnlyTheOwnerCancelsAPendingWithdraw(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user, other := addAdmin(t, s), addCustomer(t, s, 1), addCustomer(t, s, 2)
	card := addCard(t, s, user, "6037990000000006")
	if _, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 1, BankAccountID: card}, time.Now()); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("withdraw from an empty wallet: %v", err)
	}
	if _, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: other, AmountRial: 1, BankAccountID: card}, time.Now()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("withdraw to someone else's card: %v", err)
	}
	fund(t, s, admin, user, 100)
	w, _ := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 100, BankAccountID: card}, time.Now())
	if err := s.CancelWithdraw(ctx, other, w.ID, time.Now()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("someone else cancels: %v", err)
	}
	if err := s.CancelWithdraw(ctx, user, w.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := s.CancelWithdraw(ctx, user, w.ID, time.Now()); !errors.Is(err, ErrConflict) {
		t.Fatalf("cancel twice: %v", err)
	}
	if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: w.ID, Approve: true}, time.Now()); !errors.Is(err, ErrConflict) {
		t.Fatalf("approve a canceled withdraw: %v", err)
	}
	d, _ := s.CreateDeposit(ctx, DepositInput{UserID: user, AmountRial: 5, Receipt: "x.jpg"}, time.Now())
	if err := s.CancelWithdraw(ctx, user, d.ID, time.Now()); !errors.Is(err, ErrConflict) {
		t.Fatalf("cancel a deposit: %v", err)
	}
	wantBalances(t, s, user, Balances{Rial: 100, AvailableRial: 100})
}

func TestManualChargeCreditsAgainstTheShopAndIsAudited(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetRial, Amount: 2_500, Description: "نقدی"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	b, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetGold, Amount: 1_235}, time.Now())
	if err != nil || b != (Balances{Rial: 2_500, Gold: 1_235, AvailableRial: 2_500, AvailableGold: 1_235}) {
		t.Fatalf("after charges %+v (err %v)", b, err)
	}
	if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: 999, Asset: AssetGold, Amount: 1}, time.Now()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("charging nobody: %v", err)
	}
	d, _ := s.Dashboard(ctx, time.Now().Add(-time.Hour))
	if d.CustomersRial != 2_500 || d.CustomersGold != 1_235 || d.ShopBankRial != 2_500 || d.ShopVaultGold != 1_235 || d.TodayInRial != 2_500 {
		t.Fatalf("dashboard %+v", d)
	}
	st, _ := s.Statement(ctx, user)
	if len(st) != 2 || st[1].Type != EntryGoldDeposit || st[1].CreditGold != 1_235 {
		t.Fatalf("statement %+v", st)
	}
	log, _ := s.AuditLog(ctx, AuditFilter{Limit: 1})
	if log[0].Action != "charge.gold" || log[0].Before == nil || log[0].After == nil {
		t.Fatalf("audit %+v", log[0])
	}
}

func TestTheLedgerIsAppendOnly(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 100)
	for _, q := range []string{
		`UPDATE postings SET amount = amount * 2`,
		`DELETE FROM postings`,
		`DELETE FROM journals`,
		`UPDATE journals SET description = 'x'`,
		`UPDATE journals SET created_at = 0`,
		`DELETE FROM accounts`,
		`UPDATE accounts SET balance = -5 WHERE kind = 'customer'`,
	} {
		if _, err := s.write.ExecContext(ctx, q); err == nil {
			t.Errorf("%s was allowed", q)
		}
	}
	if _, err := s.write.ExecContext(ctx, `UPDATE journals SET status = 'deposited'`); err != nil {
		t.Errorf("a journal's status must stay changeable: %v", err)
	}
}

func TestCheckInvariantsFindsATamperedBalance(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 100)
	if rep, err := s.CheckInvariants(ctx); err != nil || rep.Journals != 1 || rep.Postings != 2 {
		t.Fatalf("report %+v err %v", rep, err)
	}
	s.write.ExecContext(ctx, `UPDATE accounts SET balance = balance + 1 WHERE user_id = ? AND kind = 'customer' AND asset = 'rial'`, user)
	if _, err := s.CheckInvariants(ctx); err == nil {
		t.Fatal("a cached balance off by one rial went unnoticed")
	}
	s.write.ExecContext(ctx, `UPDATE accounts SET balance = balance - 1 WHERE user_id = ? AND kind = 'customer' AND asset = 'rial'`, user)
}

func TestIdempotencyKeyMovesMoneyOnce(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	// the key is carried by the call alone, as the server's idempotent calls do (inCall)
	once := Once{UserID: admin, Key: "k-1", Route: "charge"}
	charge := func(ctx context.Context) error {
		_, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetRial, Amount: 7}, time.Now())
		return err
	}
	if err := inCall(s, once, charge); err != nil {
		t.Fatal(err)
	}
	if err := inCall(s, once, charge); !errors.Is(err, ErrKeyInUse) {
		t.Fatalf("repeat with the same key: %v", err)
	}
	wantBalances(t, s, user, Balances{Rial: 7, AvailableRial: 7})
	// a failed call does not keep its key
	card := addCard(t, s, user, "6037990000000006")
	bad := Once{UserID: user, Key: "w-1", Route: "withdraw"}
	withdraw := func(rial int64) func(context.Context) error {
		return func(ctx context.Context) error {
			_, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: rial, BankAccountID: card}, time.Now())
			return err
		}
	}
	if err := inCall(s, bad, withdraw(8)); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatal(err)
	}
	if err := inCall(s, bad, withdraw(7)); err != nil {
		t.Fatalf("retry after a refusal: %v", err)
	}
	// the retry's call kept the key and its answer: a third withdrawal with it moves nothing
	if err := inCall(s, bad, withdraw(7)); !errors.Is(err, ErrKeyInUse) {
		t.Fatalf("a third withdrawal with the key: %v", err)
	}
	if a, err := s.OnceAnswerFor(ctx, user, "w-1"); err != nil || a.Status != 200 {
		t.Fatalf("kept %+v err %v", a, err)
	}
	wantBalances(t, s, user, Balances{Rial: 7})
}

func TestParallelWithdrawsNeverOverspend(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	card := addCard(t, s, user, "6037990000000006")
	fund(t, s, admin, user, 10*1_000)

	var ok, refused atomic.Int32
	var wg sync.WaitGroup
	ids := make(chan int64, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 1_000, BankAccountID: card}, time.Now())
			switch {
			case err == nil:
				ok.Add(1)
				ids <- w.ID
			case errors.Is(err, ErrInsufficientFunds):
				refused.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	close(ids)
	if ok.Load() != 10 || refused.Load() != 10 {
		t.Fatalf("%d withdraws accepted and %d refused; want 10 and 10", ok.Load(), refused.Load())
	}
	// two admins approve every request at once: each is paid exactly once
	var approvals atomic.Int32
	for id := range ids {
		for k := 0; k < 2; k++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: id, Approve: true}, time.Now())
				if err == nil {
					approvals.Add(1)
				} else if !errors.Is(err, ErrConflict) {
					t.Error(err)
				}
			}()
		}
	}
	wg.Wait()
	if approvals.Load() != 10 {
		t.Fatalf("%d approvals went through, want 10", approvals.Load())
	}
	wantBalances(t, s, user, Balances{})
}

func TestBankAccountsAreTheOwnersOnly(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	user, other := addCustomer(t, s, 1), addCustomer(t, s, 2)
	card := addCard(t, s, user, "6037990000000006")
	if _, err := s.CreateBankAccount(ctx, BankAccount{UserID: user, CardNumber: "6037990000000006", BankName: "x", HolderName: "y"}, time.Now()); !errors.Is(err, ErrConflict) {
		t.Fatalf("same card twice: %v", err)
	}
	addCard(t, s, other, "6037990000000006") // another customer may hold the same card
	if err := s.DeleteBankAccount(ctx, other, card, time.Now()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleting someone else's account: %v", err)
	}
	if list, _ := s.BankAccounts(ctx, user); len(list) != 1 || list[0].ID != card {
		t.Fatalf("accounts %+v", list)
	}
}
