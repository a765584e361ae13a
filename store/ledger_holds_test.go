package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The rule of every hold is one rule, whatever the hold is for (issue 37): a withdraw's and an order's holds
// pass it as the shop makes them; an entry of one subject resolving another's hold breaks it, and the check
// says which. (A shop of its own: the ledger is left broken on purpose.)
func TestEveryHoldIsResolvedByItsOwnSubject(t *testing.T) {
	ctx, now := context.Background(), time.Now()
	s, err := OpenMigratedCopy(ctx, filepath.Join(t.TempDir(), "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 10_000_000)
	card := addCard(t, s, user, "6037990000000006")
	w, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 1_000_000, BankAccountID: card}, now)
	if err != nil {
		t.Fatal(err)
	}
	o, err := s.PlaceOrder(ctx, Order{UserID: user, Side: EntryBuy, ByRial: true, AmountRial: 2_000_000,
		LimitPriceRial: 1_000, Held: 2_000_000, UntilAt: now.Add(time.Hour)}, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatalf("the shop's own holds: %v", err)
	}
	var orderHoldID int64
	if err := s.read.QueryRow(`SELECT id FROM journals WHERE order_id = ? AND type = 'hold'`, o.ID).Scan(&orderHoldID); err != nil {
		t.Fatal(err)
	}
	// the withdraw's entry resolving the order's hold
	if _, err := s.write.ExecContext(ctx, `INSERT INTO journals (user_id, type, status, wallet_request_id, resolves_id,
		created_at) VALUES (?, 'release', 'canceled', ?, ?, ?)`, user, w.ID, orderHoldID, now.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	_, err = s.CheckInvariants(ctx)
	if want := "resolves " + itoa(orderHoldID) + ", which is no hold of its customer and subject"; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("the check missed %q: %v", want, err)
	}
}
