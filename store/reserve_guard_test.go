package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

// stockGrams records g grams of 750 gold in the vault.
func stockGrams(t *testing.T, s *Store, admin, g int64) {
	t.Helper()
	if _, err := s.AddVaultItem(context.Background(), admin, VaultItem{Kind: VaultCoin, Description: "سکه",
		WeightMg: g * 1000, PurityCenti: 75_000, Weight750Mg: g * 1000}, "", time.Now()); err != nil {
		t.Fatal(err)
	}
}

func owedAndHeld(t *testing.T, s *Store) (owed, held int64) {
	t.Helper()
	r, err := s.Reserve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return r.OwedMg, r.HeldMg
}

// Twenty customers buy a gram each at once against a vault that holds ten: exactly ten buys go through, the
// others are refused naming the shortfall, and the shop never owes more than it holds.
func TestConcurrentBuysNeverOversellTheVault(t *testing.T) {
	s, _ := openBare(t)
	admin := addAdmin(t, s)
	stockGrams(t, s, admin, 10)
	var users []int64
	for i := range 20 {
		u := addCustomer(t, s, 100+i)
		fund(t, s, admin, u, 20_000_000)
		users = append(users, u)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	bought, refused := 0, 0
	for _, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := executeTrade(t, s, u, EntryBuy, 10_000_000, 1_000)
			mu.Lock()
			defer mu.Unlock()
			var short *ReserveShortError
			switch {
			case err == nil:
				bought++
			case errors.As(err, &short) && short.ShortMg == 1_000:
				refused++
			default:
				t.Errorf("buy: %v", err)
			}
		}()
	}
	wg.Wait()
	owed, held := owedAndHeld(t, s)
	if bought != 10 || refused != 10 || owed != 10_000 || held != 10_000 {
		t.Fatalf("%d bought, %d refused; owed %d mg against %d held", bought, refused, owed, held)
	}
}

func TestTheGuardWeighsTheMarginPromisedBarsAndCanBeSwitchedOff(t *testing.T) {
	s, _ := openBare(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 200_000_000)
	stockGrams(t, s, admin, 11)
	if _, err := s.SetReserveSettings(ctx, admin, ReserveSettings{MarginBP: 1000, GuardEnabled: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	// 10 % on top: 11 g hold 10 g owed
	if _, err := executeTrade(t, s, user, EntryBuy, 100_010_000, 10_001); !errors.Is(err, ErrReserveShort) {
		t.Fatalf("a buy past the margin: %v", err)
	}
	if _, err := executeTrade(t, s, user, EntryBuy, 100_000_000, 10_000); err != nil {
		t.Fatalf("a buy within the margin: %v", err)
	}
	// a gold charge obeys the same rule
	if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetGold, Amount: 1}, time.Now()); !errors.Is(err, ErrReserveShort) {
		t.Fatalf("a gold charge past the reserve: %v", err)
	}
	bar, err := s.AddBar(ctx, admin, VaultItem{Lab: "ری", IngotNumber: "1", PurityCenti: 75_000, WeightMg: 5_000, Weight750Mg: 5_000}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := executeTrade(t, s, user, EntryBuy, 40_000_000, 4_000); err != nil { // (10 + 4) × 1.1 ≤ 16
		t.Fatalf("a buy the new bar covers: %v", err)
	}
	// a bar promised to a delivery no longer backs what customers own
	req, err := s.CreateGoldRequest(ctx, GoldRequestInput{UserID: user, BarID: bar.ID}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DecideGoldRequest(ctx, GoldDecision{AdminID: admin, RequestID: req.ID, To: StatusApproved}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.Reserve(ctx); r.HeldMg != 16_000 || r.PromisedMg != 5_000 || r.ReserveMg() != 11_000 || r.OwedMg != 9_000 {
		t.Fatalf("after the approval: %+v", r)
	}
	if _, err := executeTrade(t, s, user, EntryBuy, 40_000_000, 4_000); !errors.Is(err, ErrReserveShort) { // (9 + 4) × 1.1 > 11
		t.Fatalf("a buy past the reserve left after the promise: %v", err)
	}
	// switched off, the guard refuses nothing
	if _, err := s.SetReserveSettings(ctx, admin, ReserveSettings{MarginBP: 1000}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := executeTrade(t, s, user, EntryBuy, 40_000_000, 4_000); err != nil {
		t.Fatalf("a buy with the guard off: %v", err)
	}
	var before, after string
	if err := s.read.QueryRow(`SELECT before, after FROM audit_log WHERE action = 'reserve_settings' ORDER BY id DESC LIMIT 1`).Scan(&before, &after); err != nil ||
		before != `{"margin_bp":1000,"guard_enabled":true}` || after != `{"margin_bp":1000,"guard_enabled":false}` {
		t.Fatalf("audit of switching the guard off: %s → %s (%v)", before, after, err)
	}
}

// An inviter's reward the vault cannot cover is not paid, and the invitee's trade still goes through.
func TestARewardTheVaultCannotCoverWaitsForALaterTrade(t *testing.T) {
	s, _ := openBare(t)
	admin := addAdmin(t, s)
	inviter := addCustomer(t, s, 1)
	reg := Registration{PhoneNumber: "09120000002", NationalID: "0000000002", FirstName: "مشتری", LastName: "دعوت‌شده",
		BirthDate: "1370/01/01", PasswordHash: "h", ReferredBy: inviter, CreatedAt: time.Now()}
	if err := s.SavePendingRegistration(context.Background(), reg); err != nil {
		t.Fatal(err)
	}
	u, err := s.CompleteRegistration(context.Background(), reg.PhoneNumber, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	invitee := u.ID
	fund(t, s, admin, invitee, 100_000_000)
	stockGrams(t, s, admin, 1)
	if _, err := executeTrade(t, s, invitee, EntryBuy, 10_000_000, 1_000); err != nil {
		t.Fatalf("the invitee's buy: %v", err)
	}
	if b, _ := s.Balances(context.Background(), inviter); b.Gold != 0 {
		t.Fatalf("a reward the vault does not hold was paid: %+v", b)
	}
	stockGrams(t, s, admin, 2)
	if _, err := executeTrade(t, s, invitee, EntryBuy, 10_000_000, 1_000); err != nil {
		t.Fatal(err)
	}
	if b, _ := s.Balances(context.Background(), inviter); b.Gold != ReferralRewardMg {
		t.Fatalf("the reward was not paid once the vault held it: %+v", b)
	}
}
