package store

import (
	"context"
	"testing"
	"time"
)

// everyEntryKind gives the customer one entry of each statement kind, made the way the app makes them, and
// returns the customer and the inviter who earned the referral reward.
func everyEntryKind(t *testing.T, s *Store) (user, inviter int64) {
	t.Helper()
	ctx := context.Background()
	admin := addAdmin(t, s)
	inviter = addCustomer(t, s, 1)
	reg := Registration{PhoneNumber: "09120000002", NationalID: "0000000002", FirstName: "مشتری", LastName: "دعوت‌شده",
		BirthDate: "1370/01/01", PasswordHash: "h", ReferredBy: inviter, CreatedAt: time.Now()}
	if err := s.SavePendingRegistration(ctx, reg); err != nil {
		t.Fatal(err)
	}
	u, err := s.CompleteRegistration(ctx, reg.PhoneNumber, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	user = u.ID
	fund(t, s, admin, user, 50_000_000)
	for _, in := range []ChargeInput{
		{AdminID: admin, UserID: user, Asset: AssetRial, Amount: 1_000, Description: "واریز نقدی در مغازه"},
		{AdminID: admin, UserID: user, Asset: AssetGold, Amount: 30_000},
	} {
		if _, err := s.Charge(ctx, in, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	card := addCard(t, s, user, "6037991234567893")
	w, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 2_000, BankAccountID: card}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: w.ID, Approve: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := executeTrade(t, s, user, EntryBuy, 12_350_000, 1_235); err != nil {
		t.Fatal(err)
	}
	if _, err := executeTrade(t, s, user, EntrySell, 5_000_000, 500); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		bar, err := s.AddBar(ctx, admin, VaultItem{Lab: "ری", IngotNumber: []string{"7", "8"}[i], PurityCenti: 75_000, WeightMg: 12_000,
			Weight750Mg: 12_000}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		g, err := s.CreateGoldRequest(ctx, GoldRequestInput{UserID: user, BarID: bar.ID}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for _, to := range []string{StatusApproved, StatusRejected}[:1+i] {
			if _, err := s.DecideGoldRequest(ctx, GoldDecision{AdminID: admin, RequestID: g.ID, To: to,
				Reason: "کارت ملی همراه نبود"}, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
	}
	return user, inviter
}

// wantFacts is what the statement needs of each entry to say it, in the order everyEntryKind makes them.
var wantFacts = []struct {
	typ, description, bank, lab, ingot string
	request, reverses                  bool
}{
	{typ: EntryWalletDeposit, request: true},
	{typ: EntryWalletDeposit, description: "واریز نقدی در مغازه"},
	{typ: EntryGoldDeposit},
	{typ: EntryWalletWithdraw, bank: "بانک ملی ایران", request: true},
	{typ: EntryBuy},
	{typ: EntrySell},
	{typ: EntryGoldRequest, lab: "ری", ingot: "7"},
	{typ: EntryGoldRequest, lab: "ری", ingot: "8"},
	{typ: EntryGoldRequest, description: "کارت ملی همراه نبود", lab: "ری", ingot: "8", reverses: true},
}

func wantEntryFacts(t *testing.T, s *Store, user, inviter int64) {
	t.Helper()
	ctx := context.Background()
	list, err := s.Statement(ctx, user)
	if err != nil || len(list) != len(wantFacts) {
		t.Fatalf("statement %+v (err %v)", list, err)
	}
	page, _, err := s.StatementPage(ctx, user, 0, StatementPageMax)
	if err != nil || len(page) != len(list) {
		t.Fatalf("page %+v (err %v)", page, err)
	}
	for i, e := range list {
		f := wantFacts[i]
		got := e
		got.BalanceRial, got.BalanceGold = 0, 0
		paged := page[len(page)-1-i]
		paged.BalanceRial, paged.BalanceGold = 0, 0
		if got != paged {
			t.Errorf("entry %d: the whole statement has %+v, its page %+v", i, got, paged)
		}
		if e.Type != f.typ || e.Description != f.description || e.BankName != f.bank || e.BarLab != f.lab ||
			e.BarIngot != f.ingot || (e.WalletRequestID != 0) != f.request || (e.ReversesID != 0) != f.reverses {
			t.Errorf("entry %d: %+v, want %+v", i, e, f)
		}
	}
	rewards, err := s.Statement(ctx, inviter)
	if err != nil || len(rewards) != 1 || rewards[0].Type != EntryRewardReferral || rewards[0].Description != "" ||
		rewards[0].CreditGold != ReferralRewardMg {
		t.Fatalf("inviter's statement %+v (err %v)", rewards, err)
	}
}

func TestJournalsKeepFactsAndWhatAPersonTyped(t *testing.T) {
	s, _ := openTest(t)
	user, inviter := everyEntryKind(t, s)
	wantEntryFacts(t, s, user, inviter)
}

func TestMigration13BlanksTheTextTheServerWroteAndKeepsTypedText(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	user, inviter := everyEntryKind(t, s)
	// The rows as the server wrote them before 0013: every entry carried its statement text.
	for _, q := range []string{
		`DROP TRIGGER journals_append_only_update`,
		`UPDATE journals SET description = 'خرید ۱٫۲۳۵ گرم طلا' WHERE type = 'buy'`,
		`UPDATE journals SET description = 'فروش ۰٫۵۰۰ گرم طلا' WHERE type = 'sell'`,
		`UPDATE journals SET description = 'پاداش دعوت: اولین معامله دوست شما' WHERE type = 'reward_referral'`,
		`UPDATE journals SET description = 'واریز با رسید بانکی' WHERE type = 'wallet_deposit' AND wallet_request_id IS NOT NULL`,
		`UPDATE journals SET description = 'برداشت به کارت بانک ملی ایران' WHERE type = 'wallet_withdraw'`,
		`UPDATE journals SET description = 'آبشده ری، انگ ۷' WHERE type = 'gold_request' AND reverses_id IS NULL`,
		`DELETE FROM schema_migrations WHERE version = 13`,
	} {
		if _, err := s.write.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := s.migrate(ctx); err != nil {
		t.Fatal(err)
	}
	wantEntryFacts(t, s, user, inviter)
	if _, err := s.write.ExecContext(ctx, `UPDATE journals SET description = 'x'`); err == nil {
		t.Fatal("the migration left journals' descriptions changeable")
	}
}
