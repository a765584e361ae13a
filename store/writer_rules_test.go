package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"
)

// TestWriterRulesFollowEveryChange holds the writer's copy of the trading rules to the table: a change seen
// inside its own transaction, a change rolled back forgotten, a saved change seen by the next transaction,
// and a trade refused at once after the owner's switch.
func TestWriterRulesFollowEveryChange(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	buyOn := func(label string, tx *sql.Tx) bool {
		t.Helper()
		p, err := s.writerPriceSettings(ctx, s.writeStmts.in(tx))
		if err != nil {
			t.Fatalf("%s: %v", label, err)
		}
		return p.BuyEnabled
	}
	inTx := func(fn func(tx *sql.Tx) error) error { return s.InTx(ctx, fn) }
	if err := inTx(func(tx *sql.Tx) error {
		if !buyOn("first read", tx) || !buyOn("the copy", tx) {
			t.Error("buying is open in a new shop")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	rolledBack := errors.New("rolled back")
	err := inTx(func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE price_settings SET buy_enabled = 0 WHERE id = 1`); err != nil {
			return err
		}
		if buyOn("inside the change", tx) {
			t.Error("the transaction that shut buying still reads it open")
		}
		return rolledBack
	})
	if !errors.Is(err, rolledBack) {
		t.Fatal(err)
	}
	if err := inTx(func(tx *sql.Tx) error {
		if !buyOn("after the rollback", tx) {
			t.Error("a change that rolled back is still read")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	admin := addAdmin(t, s)
	p, err := s.PriceSettings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p.BuyEnabled = false
	if err := s.SavePriceSettings(ctx, admin, p, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := inTx(func(tx *sql.Tx) error {
		if buyOn("after the owner's switch", tx) {
			t.Error("the owner's switch is not read by the next transaction")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// and a trade of a quote given before the switch is refused
	customer := addCustomer(t, s, 1)
	fund(t, s, admin, customer, 10_000_000)
	now := time.Now()
	if _, err := s.SaveQuote(ctx, Quote{UserID: customer, Type: EntryBuy, CodeScope: "after-switch", AmountRial: 1_000_000,
		AmountGoldMg: 19, PricePerGramRial: 51_234_567, CreatedAt: now, ExpiresAt: now.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ExecuteQuote(ctx, Trade{UserID: customer, Type: EntryBuy, CodeScope: "after-switch", CheckHours: true}, now); !errors.Is(err, ErrTradingClosed) {
		t.Fatalf("trade after the switch: %v, want ErrTradingClosed", err)
	}
}
