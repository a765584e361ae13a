package store

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// coin is an item of 8.133 g at 900.00: 9.759 g at 750.
func coin() VaultItem {
	return VaultItem{Kind: VaultCoin, Description: "سکه امامی", WeightMg: 8_133, PurityCenti: 90_000, Weight750Mg: 9_759}
}

// wantHeld checks what the vault holds now and what the moves say it held at each moment.
func wantHeld(t *testing.T, s *Store, now int64, at map[time.Time]int64) {
	t.Helper()
	ctx := context.Background()
	if got, err := s.VaultHeld(ctx); err != nil || got != now {
		t.Fatalf("held now %d (%v), want %d", got, err, now)
	}
	for when, want := range at {
		if got, err := s.VaultHeldAt(ctx, when); err != nil || got != want {
			t.Errorf("held at %s: %d (%v), want %d", when.Format(time.TimeOnly), got, err, want)
		}
	}
}

// moveKinds lists an item's moves as kind:delta.
func moveKinds(t *testing.T, s *Store, itemID int64) string {
	t.Helper()
	moves, err := s.VaultMoves(context.Background(), itemID)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range moves {
		out = append(out, m.Kind+":"+itoa(m.Delta750Mg))
	}
	return strings.Join(out, ",")
}

func TestTheVaultsJournalRebuildsWhatWasHeldAtAnyPastMoment(t *testing.T) {
	s, _ := openBare(t)
	ctx := context.Background()
	admin := addAdmin(t, s)
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	at := func(h int) time.Time { return t0.Add(time.Duration(h) * time.Hour) }

	c, err := s.AddVaultItem(ctx, admin, coin(), "", at(1))
	if err != nil {
		t.Fatal(err)
	}
	bar := VaultItem{Kind: VaultBar, WeightMg: 100_000, PurityCenti: 99_990, Weight750Mg: 133_320, Lab: "ری",
		IngotNumber: "12", StandardCode: "ISIRI-1", ProductionCode: "P-7", TrackingCode: "T-99"}
	b, err := s.AddVaultItem(ctx, admin, bar, "از بانک", at(2))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddVaultItem(ctx, admin, bar, "", at(2)); !errors.Is(err, ErrConflict) {
		t.Fatalf("the same ingot twice: %v, want ErrConflict", err)
	}
	c.WeightMg, c.Weight750Mg, c.Description = 8_000, 9_600, "سکه امامی، وزن دوباره"
	if _, err := s.UpdateVaultItem(ctx, admin, c.ID, setTo(c), "ترازوی دقیق", at(3)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.TakeOutVaultItem(ctx, admin, b.ID, MoveSold, "فروش حضوری", at(4)); err != nil {
		t.Fatal(err)
	}
	wantHeld(t, s, 9_600, map[time.Time]int64{at(0): 0, at(1): 9_759, at(2): 9_759 + 133_320, at(3): 9_600 + 133_320,
		at(4): 9_600, at(5): 9_600})
	if got := moveKinds(t, s, c.ID); got != "received:9759,corrected:-159" {
		t.Errorf("coin moves %s", got)
	}
	if got := moveKinds(t, s, b.ID); got != "received:133320,sold:-133320" {
		t.Errorf("bar moves %s", got)
	}
	moves, _ := s.VaultMoves(ctx, c.ID)
	if m := moves[1]; m.WeightBeforeMg != 8_133 || m.WeightAfterMg != 8_000 || m.PurityBeforeCenti != 90_000 ||
		m.PurityAfterCenti != 90_000 || m.Note != "ترازوی دقیق" || m.AdminID != admin || m.StatusAfter != VaultIn {
		t.Errorf("correction %+v", m)
	}
	if in, _ := s.VaultItems(ctx, VaultIn); len(in) != 1 || in[0].ID != c.ID {
		t.Errorf("in the vault: %+v", in)
	}
	if all, _ := s.VaultItems(ctx, ""); len(all) != 2 {
		t.Errorf("every item: %d", len(all))
	}
	totals, err := s.VaultTotals(ctx)
	if err != nil || len(totals) != 4 || totals[1] != (VaultTotal{Kind: VaultCoin, Count: 1, Weight750Mg: 9_600}) ||
		totals[0] != (VaultTotal{Kind: VaultBar}) {
		t.Errorf("totals %+v (%v)", totals, err)
	}
	for _, kind := range []string{"vault.add", "vault.update", "vault.out"} {
		if rows, _ := s.AuditLog(ctx, AuditFilter{Kind: kind, Limit: 10}); len(rows) == 0 {
			t.Errorf("no %s audit entry", kind)
		}
	}
	// What left stays out: it is neither edited nor taken out twice.
	if _, err := s.TakeOutVaultItem(ctx, admin, b.ID, MoveMelted, "", at(5)); !errors.Is(err, ErrVaultItemOut) {
		t.Errorf("out twice: %v", err)
	}
	if _, err := s.UpdateVaultItem(ctx, admin, b.ID, setTo(b), "", at(5)); !errors.Is(err, ErrVaultItemOut) {
		t.Errorf("edit after out: %v", err)
	}
	if _, err := s.TakeOutVaultItem(ctx, admin, c.ID, MoveDelivered, "", at(5)); !errors.Is(err, ErrVaultDeliveryByRequest) {
		t.Errorf("a delivery without its request: %v", err)
	}
	if _, err := s.TakeOutVaultItem(ctx, admin, 999, MoveSold, "", at(5)); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown item: %v", err)
	}
	wantHeld(t, s, 9_600, nil)
}

func TestTheVaultsJournalIsAppendOnly(t *testing.T) {
	s, _ := openBare(t)
	ctx := context.Background()
	if _, err := s.AddVaultItem(ctx, addAdmin(t, s), coin(), "", time.Now()); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`UPDATE vault_moves SET delta750_mg = 1`, `DELETE FROM vault_moves`, `DELETE FROM vault_items`} {
		if _, err := s.write.ExecContext(ctx, q); err == nil {
			t.Errorf("%s was allowed", q)
		}
	}
}

// openUnchecked is a store a test breaks on purpose: no invariant check when it ends.
func openUnchecked(t *testing.T) *Store {
	t.Helper()
	s, err := OpenMigratedCopy(context.Background(), filepath.Join(t.TempDir(), "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestCheckInvariantsFindsATamperedVault(t *testing.T) {
	for _, c := range []struct{ name, tamper, want string }{
		{"an item's figure changed without a move", `UPDATE vault_items SET weight750_mg = weight750_mg + 1 WHERE NOT requestable`,
			"equals the sum of its moves"},
		{"a move slipped in", `INSERT INTO vault_moves (item_id, kind, delta750_mg, status_after, created_at)
			SELECT id, 'corrected', 5, 'in', 0 FROM vault_items WHERE NOT requestable`, "equals the sum of its moves"},
		{"an item marked out with no move", `UPDATE vault_items SET status = 'out' WHERE NOT requestable`, "last move took it out"},
		{"a reserved bar out of the vault", `UPDATE vault_items SET status = 'out', requestable = 0
			WHERE requestable`, "a live gold request holds a bar in the vault"},
		{"a reserved bar's figures changed under its request", `UPDATE vault_items SET lab = 'دیگر' WHERE requestable`,
			"with the figures asked for"},
		{"a delivery naming a request that was not delivered", `INSERT INTO vault_moves (item_id, kind, delta750_mg,
			status_after, gold_request_id, created_at) SELECT i.id, 'delivered', -1, 'out', r.id, 0
			FROM vault_items i, gold_requests r WHERE NOT i.requestable`, "every delivery its request"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := openUnchecked(t)
			ctx := context.Background()
			admin, user := addAdmin(t, s), addCustomer(t, s, 1)
			if _, err := s.SetReserveSettings(ctx, admin, ReserveSettings{}, time.Now()); err != nil { // the items alone
				t.Fatal(err)
			}
			if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetGold, Amount: 5_000}, time.Now()); err != nil {
				t.Fatal(err)
			}
			if _, err := s.AddVaultItem(ctx, admin, coin(), "", time.Now()); err != nil {
				t.Fatal(err)
			}
			bar, err := s.AddBar(ctx, admin, VaultItem{Lab: "ری", IngotNumber: "1", PurityCenti: 75_000, WeightMg: 600, Weight750Mg: 600}, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.CreateGoldRequest(ctx, GoldRequestInput{UserID: user, BarID: bar.ID}, time.Now()); err != nil {
				t.Fatal(err)
			}
			if _, err := s.CheckInvariants(ctx); err != nil {
				t.Fatalf("before the tampering: %v", err)
			}
			if _, err := s.write.ExecContext(ctx, c.tamper); err != nil {
				t.Fatal(err)
			}
			if _, err := s.CheckInvariants(ctx); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a breach of %q", err, c.want)
			}
		})
	}
}

// setTo is an UpdateVaultItem change that writes it whatever was stored.
func setTo(it VaultItem) func(VaultItem) (VaultItem, error) {
	return func(VaultItem) (VaultItem, error) { return it, nil }
}
