package store

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// history gives a customer a statement with every kind of row: deposits, counter charges of rial and gold,
// buys and sells, withdraws paid out, released and still pending (holds and releases stay out of it), with
// another customer's entries in between.
func history(t *testing.T, s *Store) (userID int64) {
	t.Helper()
	ctx := context.Background()
	admin := addAdmin(t, s)
	userID, other := addCustomer(t, s, 1), addCustomer(t, s, 2)
	card := addCard(t, s, userID, "6037991234567890")
	fund(t, s, admin, userID, 900_000_000)
	now := time.Now()
	for i := range 12 {
		fund(t, s, admin, other, 1_000_000)
		if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: userID, Asset: AssetGold, Amount: 1000 + int64(i)}, now); err != nil {
			t.Fatal(err)
		}
		typ := EntryBuy
		if i%3 == 2 {
			typ = EntrySell
		}
		q, err := s.SaveQuote(ctx, Quote{UserID: userID, Type: typ, CodeScope: fmt.Sprintf("t%d", i), AmountRial: 5_000_000 + int64(i),
			AmountGoldMg: 100 + int64(i), PricePerGramRial: 50_000_000, CreatedAt: now, ExpiresAt: now.Add(time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ExecuteQuote(ctx, Trade{UserID: userID, Type: typ, CodeScope: q.CodeScope}, now); err != nil {
			t.Fatal(err)
		}
		w, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: userID, AmountRial: 1_000_000 + int64(i), BankAccountID: card}, now)
		if err != nil {
			t.Fatal(err)
		}
		if i%4 != 3 { // every fourth stays pending
			if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: w.ID, Approve: i%2 == 0}, now); err != nil {
				t.Fatal(err)
			}
		}
	}
	return userID
}

func TestStatementPagesJoinToTheWholeStatementWithItsBalances(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	userID := history(t, s)
	whole, err := s.Statement(ctx, userID)
	if err != nil || len(whole) < 30 {
		t.Fatalf("statement of %d rows (err %v)", len(whole), err)
	}
	b, _ := s.Balances(ctx, userID)
	if last := whole[len(whole)-1]; last.BalanceRial != b.Rial || last.BalanceGold != b.Gold {
		t.Fatalf("the last row's balances %d/%d are not the totals %d/%d", last.BalanceRial, last.BalanceGold, b.Rial, b.Gold)
	}
	slices.Reverse(whole)
	for _, limit := range []int{1, 3, 7, 50, StatementPageMax} {
		var got []Entry
		var cursor int64
		for pages := 0; ; pages++ {
			page, next, err := s.StatementPage(ctx, userID, cursor, limit)
			if err != nil || len(page) > limit || pages > len(whole) {
				t.Fatalf("limit %d: page of %d (err %v)", limit, len(page), err)
			}
			got = append(got, page...)
			if next == 0 {
				break
			}
			cursor = next
		}
		if !slices.Equal(got, whole) {
			t.Fatalf("limit %d: the pages\n%+v\nare not the statement newest first\n%+v", limit, got, whole)
		}
	}
	if page, next, err := s.StatementPage(ctx, userID, whole[len(whole)-1].ID, 10); err != nil || len(page) != 0 || next != 0 {
		t.Fatalf("past the oldest row: %v %d %v", page, next, err)
	}
}
