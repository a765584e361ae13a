package app

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// The statement's words were written into each journal by the code that moved the money, from these
// callbacks; they are kept here as the oracle the rendered text must match, word for word.
func oldTradeText(typ string, mg int64) string {
	format := descBuyFormat
	if typ == store.EntrySell {
		format = descSellFormat
	}
	return fmt.Sprintf(format, iran.Number(rules.FormatGold(mg)))
}

func oldGoldRequestText(lab, ingot string) string {
	return fmt.Sprintf(descGoldRequestFormat, lab, iran.Digits(ingot))
}

// ledgerShop is a store with one entry of every statement kind, made through the store as the handlers make
// them, and the texts the statement showed for them before journals kept facts only.
type ledgerShop struct {
	st            *store.Store
	path          string
	user, inviter int64
	trade         store.Entry // the buy as ExecuteQuote answered it
	want          []string
}

func newLedgerShop(t *testing.T) *ledgerShop {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "goldshop.db")
	st, err := store.OpenMigratedCopy(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	stockVault(t, st)
	l := &ledgerShop{st: st, path: path}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	admin, _, err := st.UpsertAdmin(ctx, store.User{PhoneNumber: "09350000001", FirstName: "مدیر", LastName: "فروشگاه",
		PasswordHash: "h"}, now)
	must(err)
	signUp := func(n int, referredBy int64) int64 {
		reg := store.Registration{PhoneNumber: fmt.Sprintf("0912%07d", n), NationalID: fmt.Sprintf("%010d", n),
			FirstName: "مشتری", LastName: "آزمون", BirthDate: "1370/01/01", PasswordHash: "h", ReferredBy: referredBy,
			CreatedAt: now}
		must(st.SavePendingRegistration(ctx, reg))
		u, err := st.CompleteRegistration(ctx, reg.PhoneNumber, now)
		must(err)
		return u.ID
	}
	l.inviter = signUp(1, 0)
	l.user = signUp(2, l.inviter)

	d, err := st.CreateDeposit(ctx, store.DepositInput{UserID: l.user, AmountRial: 50_000_000, Receipt: "r.png"}, now)
	must(err)
	_, err = st.DecideWalletRequest(ctx, store.Decision{AdminID: admin, RequestID: d.ID, Approve: true}, now)
	must(err)
	_, err = st.Charge(ctx, store.ChargeInput{AdminID: admin, UserID: l.user, Asset: store.AssetRial, Amount: 1_000,
		Description: "واریز نقدی در مغازه"}, now)
	must(err)
	_, err = st.Charge(ctx, store.ChargeInput{AdminID: admin, UserID: l.user, Asset: store.AssetGold, Amount: 30_000}, now)
	must(err)
	card, err := st.CreateBankAccount(ctx, store.BankAccount{UserID: l.user, CardNumber: "6037991234567893",
		BankName: "بانک ملی ایران", HolderName: "مشتری"}, now)
	must(err)
	w, err := st.CreateWithdraw(ctx, store.WithdrawInput{UserID: l.user, AmountRial: 2_000, BankAccountID: card.ID}, now)
	must(err)
	_, err = st.DecideWalletRequest(ctx, store.Decision{AdminID: admin, RequestID: w.ID, Approve: true}, now)
	must(err)
	for i, typ := range []string{store.EntryBuy, store.EntrySell} {
		q, err := st.SaveQuote(ctx, store.Quote{UserID: l.user, Type: typ, CodeScope: fmt.Sprint("scope-", i),
			AmountRial: []int64{12_350_000, 5_000_000}[i], AmountGoldMg: []int64{1_235, 500}[i],
			PricePerGramRial: 10_000_000, CreatedAt: now, ExpiresAt: now.Add(time.Minute)})
		must(err)
		e, err := st.ExecuteQuote(ctx, store.Trade{UserID: l.user, Type: typ, CodeScope: q.CodeScope}, now)
		must(err)
		if i == 0 {
			l.trade = e
		}
	}
	// bar 7 is approved; 8 approved and then rejected with a reason, 9 without one
	for i, ingot := range []string{"7", "8", "9"} {
		bar, err := st.AddBar(ctx, admin, store.VaultItem{Lab: "ری", IngotNumber: ingot, PurityCenti: 75_000, WeightMg: 6_000,
			Weight750Mg: 6_000}, now)
		must(err)
		g, err := st.CreateGoldRequest(ctx, store.GoldRequestInput{UserID: l.user, BarID: bar.ID}, now)
		must(err)
		for _, to := range []string{store.StatusApproved, store.StatusRejected}[:1+min(i, 1)] {
			_, err := st.DecideGoldRequest(ctx, store.GoldDecision{AdminID: admin, RequestID: g.ID, To: to,
				Reason: []string{"", "کارت ملی همراه نبود", ""}[i]}, now)
			must(err)
		}
	}
	l.want = []string{descDeposit, "واریز نقدی در مغازه", descManualCharge, descWithdrawTo + "بانک ملی ایران",
		oldTradeText(store.EntryBuy, 1_235), oldTradeText(store.EntrySell, 500), oldGoldRequestText("ری", "7"),
		oldGoldRequestText("ری", "8"), "کارت ملی همراه نبود", oldGoldRequestText("ری", "9"), msgDefaultRejectGold}
	return l
}

// texts are the descriptions of the customer's statement as the API gives it by default (its newest page)
// and as an explicit page of 50, both turned oldest first, and of the inviter's statement.
func (l *ledgerShop) texts(t *testing.T) (whole, paged, inviter []string) {
	t.Helper()
	a := &App{store: l.st}
	ctx := context.Background()
	read := func(q url.Values, userID int64) []string {
		v, err := a.statement(ctx, q, userID)
		if err != nil {
			t.Fatal(err)
		}
		out := make([]string, len(v.Transactions))
		for i, row := range v.Transactions {
			out[i] = row.Description
		}
		return out
	}
	oldestFirst := func(q url.Values) (out []string) {
		newest := read(q, l.user)
		for i := len(newest) - 1; i >= 0; i-- {
			out = append(out, newest[i])
		}
		return out
	}
	return oldestFirst(url.Values{}), oldestFirst(url.Values{"limit": {"50"}}), read(url.Values{}, l.inviter)
}

func (l *ledgerShop) wantTexts(t *testing.T, when string) {
	t.Helper()
	whole, paged, inviter := l.texts(t)
	for name, got := range map[string][]string{"statement": whole, "page": paged} {
		if fmt.Sprint(got) != fmt.Sprint(l.want) {
			t.Errorf("%s, %s:\n got %q\nwant %q", when, name, got, l.want)
		}
	}
	if len(inviter) != 1 || inviter[0] != descReferralReward {
		t.Errorf("%s, inviter's statement: %q", when, inviter)
	}
}

func TestStatementTextIsRenderedFromTheEntrysFacts(t *testing.T) {
	l := newLedgerShop(t)
	l.wantTexts(t, "new entries")
	if got := viewEntries([]store.Entry{l.trade})[0].Description; got != oldTradeText(store.EntryBuy, 1_235) {
		t.Errorf("the trade's answer says %q", got)
	}
}

func TestEntriesWrittenBeforeJournalsKeptFactsReadTheSame(t *testing.T) {
	l := newLedgerShop(t)
	ctx := context.Background()
	// Give the rows the text the server wrote into them before migration 0013, and forget the migration.
	db := l.st.WriteDB()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`DROP TRIGGER journals_append_only_update`, nil},
		{`UPDATE journals SET description = ? WHERE type = 'buy'`, []any{oldTradeText(store.EntryBuy, 1_235)}},
		{`UPDATE journals SET description = ? WHERE type = 'sell'`, []any{oldTradeText(store.EntrySell, 500)}},
		{`UPDATE journals SET description = ? WHERE type = 'reward_referral'`, []any{descReferralReward}},
		{`UPDATE journals SET description = ? WHERE type = 'wallet_deposit' AND wallet_request_id IS NOT NULL`,
			[]any{descDeposit}},
		{`UPDATE journals SET description = ? WHERE type = 'gold_deposit'`, []any{descManualCharge}},
		{`UPDATE journals SET description = ? WHERE type = 'wallet_withdraw'`, []any{descWithdrawTo + "بانک ملی ایران"}},
		{`UPDATE journals SET description = ? WHERE type = 'gold_request' AND reverses_id IS NULL
			AND gold_request_id = (SELECT id FROM gold_requests WHERE ang = '7')`, []any{oldGoldRequestText("ری", "7")}},
		{`UPDATE journals SET description = ? WHERE type = 'gold_request' AND reverses_id IS NULL
			AND gold_request_id = (SELECT id FROM gold_requests WHERE ang = '8')`, []any{oldGoldRequestText("ری", "8")}},
		{`UPDATE journals SET description = ? WHERE type = 'gold_request' AND reverses_id IS NULL
			AND gold_request_id = (SELECT id FROM gold_requests WHERE ang = '9')`, []any{oldGoldRequestText("ری", "9")}},
		// the app used to store its default reason when the admin gave none
		{`UPDATE journals SET description = ? WHERE reverses_id IS NOT NULL AND description = ''`,
			[]any{msgDefaultRejectGold}},
		{`DELETE FROM schema_migrations WHERE version = 13`, nil},
	} {
		if _, err := db.ExecContext(ctx, q.sql, q.args...); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	l.wantTexts(t, "old rows")
	// Opening the store again applies 0013 to them.
	if err := l.st.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, l.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	l.st = st
	l.wantTexts(t, "old rows after migration 0013")
	if _, err := st.CheckInvariants(ctx); err != nil {
		t.Fatal(err)
	}
}
