package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"
)

// TestWriterReserveFollowsTheVault holds the writer's copy of the reserve's figures to the vault: a change
// seen inside its own transaction, a change rolled back forgotten, and a piece taken out refusing the next
// buy it no longer covers, at the trade and at the quote's early check.
func TestWriterReserveFollowsTheVault(t *testing.T) {
	s, _ := openBare(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 200_000_000)
	first, err := s.AddVaultItem(ctx, admin, VaultItem{Kind: VaultCoin, Description: "سکه", WeightMg: 2000,
		PurityCenti: 75_000, Weight750Mg: 2000}, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	stockGrams(t, s, admin, 1)
	if _, err := executeTrade(t, s, user, EntryBuy, 10_000_000, 1000); err != nil {
		t.Fatalf("a buy the vault covers: %v", err) // and the writer keeps the figures it read
	}
	held := func(label string, tx *sql.Tx) int64 {
		t.Helper()
		r, err := s.tradeReserve(ctx, s.writeStmts.in(tx), true)
		if err != nil {
			t.Fatalf("%s: %v", label, err)
		}
		return r.HeldMg
	}
	rolledBack := errors.New("rolled back")
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE vault_items SET status = 'out' WHERE id = ?`, first.ID); err != nil {
			return err
		}
		if got := held("inside the change", tx); got != 1000 {
			t.Errorf("the transaction that took a piece out reads %d mg held, want 1000", got)
		}
		return rolledBack
	})
	if !errors.Is(err, rolledBack) {
		t.Fatal(err)
	}
	if err := s.InTx(ctx, func(tx *sql.Tx) error {
		if got := held("after the rollback", tx); got != 3000 {
			t.Errorf("after the rollback %d mg held, want 3000", got)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TakeOutVaultItem(ctx, admin, first.ID, MoveCorrected, "", time.Now()); err != nil {
		t.Fatal(err)
	}
	// 1 g held, 1 g owed: nothing more to sell
	if err := s.CheckTrade(ctx, User{ID: user}, EntryBuy, 10_000_000, 1000, time.Now()); !errors.Is(err, ErrReserveShort) {
		t.Errorf("the quote's check after the piece went out: %v, want ErrReserveShort", err)
	}
	if _, err := executeTrade(t, s, user, EntryBuy, 10_000_000, 1000); !errors.Is(err, ErrReserveShort) {
		t.Errorf("a buy after the piece went out: %v, want ErrReserveShort", err)
	}
}
