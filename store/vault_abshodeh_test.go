package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// barShop has an admin, a customer with 100 g of free gold and a bar added through the inventory.
func barShop(t *testing.T, s *Store) (admin, user int64) {
	t.Helper()
	admin, user = addAdmin(t, s), addCustomer(t, s, 1)
	// the customer's gold is covered by the guard with the guard off: these tests follow the bars alone
	if _, err := s.SetReserveSettings(context.Background(), admin, ReserveSettings{}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Charge(context.Background(), ChargeInput{AdminID: admin, UserID: user, Asset: AssetGold,
		Amount: 100_000}, time.Now()); err != nil {
		t.Fatal(err)
	}
	return admin, user
}

func addTestBar(t *testing.T, s *Store, admin int64, ang string, mg int64) Bar {
	t.Helper()
	b, err := s.AddBar(context.Background(), admin, Bar{Rey: "ری", Ang: ang, AyarCenti: 75_000, VaznMg: mg, Vazn750Mg: mg}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// deliverBar has the customer ask for the bar and the admin approve and deliver it.
func deliverBar(t *testing.T, s *Store, admin, user, barID int64, steps ...string) GoldRequest {
	t.Helper()
	ctx := context.Background()
	g, err := s.CreateGoldRequest(ctx, GoldRequestInput{UserID: user, BarID: barID}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range steps {
		if g, err = s.DecideGoldRequest(ctx, GoldDecision{AdminID: admin, RequestID: g.ID, To: to}, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func itemOfBar(t *testing.T, s *Store, barID int64) VaultItem {
	t.Helper()
	it, err := vaultItemOfBar(context.Background(), s.read, barID)
	if err != nil {
		t.Fatalf("item of bar %d: %v", barID, err)
	}
	return it
}

func TestAbshodehBarsAreVaultItemsThroughTheirWholeLife(t *testing.T) {
	s, _ := openBare(t)
	ctx := context.Background()
	admin, user := barShop(t, s)

	kept := addTestBar(t, s, admin, "1", 10_000)
	it := itemOfBar(t, s, kept.ID)
	if it.Status != VaultIn || !it.Requestable || it.Kind != VaultMelted || it.Lab != "ری" || it.IngotNumber != "1" ||
		it.Weight750Mg != 10_000 {
		t.Fatalf("a new bar's item %+v", it)
	}
	kept.VaznMg, kept.Vazn750Mg, kept.AyarCenti = 12_000, 11_200, 70_000
	if _, err := s.UpdateBar(ctx, admin, kept, time.Now()); err != nil {
		t.Fatal(err)
	}
	if got := moveKinds(t, s, it.ID); got != "received:10000,corrected:1200" {
		t.Errorf("edited bar's moves %s", got)
	}

	gone := addTestBar(t, s, admin, "2", 5_000)
	if err := s.DeleteBar(ctx, admin, gone.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if it := itemOfBar(t, s, gone.ID); it.Status != VaultOut || it.Requestable {
		t.Errorf("a deleted bar's item %+v", it)
	}
	if got := moveKinds(t, s, itemOfBar(t, s, gone.ID).ID); got != "received:5000,corrected:-5000" {
		t.Errorf("deleted bar's moves %s", got)
	}

	handed := addTestBar(t, s, admin, "3", 3_000)
	g := deliverBar(t, s, admin, user, handed.ID, StatusApproved, StatusReady)
	if it := itemOfBar(t, s, handed.ID); it.Status != VaultIn {
		t.Fatalf("a bar ready for its customer is still held: %+v", it)
	}
	wantHeld(t, s, 11_200+3_000, nil)
	if _, err := s.DecideGoldRequest(ctx, GoldDecision{AdminID: admin, RequestID: g.ID, To: StatusDelivered}, time.Now()); err != nil {
		t.Fatal(err)
	}
	moves, _ := s.VaultMoves(ctx, itemOfBar(t, s, handed.ID).ID)
	if len(moves) != 2 || moves[1].Kind != MoveDelivered || moves[1].GoldRequestID != g.ID || moves[1].AdminID != admin ||
		moves[1].Delta750Mg != -3_000 {
		t.Errorf("delivered bar's moves %+v", moves)
	}
	wantHeld(t, s, 11_200, nil)
}

func TestAnAbshodehBarsItemChangesOnlyWithItsBar(t *testing.T) {
	s, _ := openBare(t)
	ctx := context.Background()
	admin, user := barShop(t, s)
	free := addTestBar(t, s, admin, "1", 10_000)
	held := addTestBar(t, s, admin, "2", 2_000)
	deliverBar(t, s, admin, user, held.ID)

	// Through the vault: the new figures reach the bar customers see.
	it := itemOfBar(t, s, free.ID)
	it.WeightMg, it.Weight750Mg, it.IngotNumber, it.TrackingCode = 9_000, 9_000, "1-الف", "T-1"
	if _, err := s.UpdateVaultItem(ctx, admin, it.ID, setTo(it), "", time.Now()); err != nil {
		t.Fatal(err)
	}
	if b, _ := barByID(ctx, s.read, free.ID); b.VaznMg != 9_000 || b.Vazn750Mg != 9_000 || b.Ang != "1-الف" {
		t.Errorf("the bar after its item's edit %+v", b)
	}
	it.Kind = VaultJewellery
	if _, err := s.UpdateVaultItem(ctx, admin, it.ID, setTo(it), "", time.Now()); !errors.Is(err, ErrVaultBarLinked) {
		t.Errorf("a bar's item turned jewellery: %v", err)
	}
	heldItem := itemOfBar(t, s, held.ID)
	heldItem.WeightMg, heldItem.Weight750Mg = 2_500, 2_500
	if _, err := s.UpdateVaultItem(ctx, admin, heldItem.ID, setTo(heldItem), "", time.Now()); !errors.Is(err, ErrBarBusy) {
		t.Errorf("a reserved bar's weight: %v", err)
	}
	heldItem = itemOfBar(t, s, held.ID)
	heldItem.Description = "در گاوصندوق دوم"
	if _, err := s.UpdateVaultItem(ctx, admin, heldItem.ID, setTo(heldItem), "", time.Now()); err != nil {
		t.Errorf("a reserved bar's description: %v", err)
	}
	if _, err := s.TakeOutVaultItem(ctx, admin, heldItem.ID, MoveSold, "", time.Now()); !errors.Is(err, ErrBarBusy) {
		t.Errorf("a reserved bar sold: %v", err)
	}
	if _, err := s.TakeOutVaultItem(ctx, admin, it.ID, MoveMelted, "ذوب دوباره", time.Now()); err != nil {
		t.Fatal(err)
	}
	if bars, _ := s.AvailableBars(ctx); len(bars) != 0 {
		t.Errorf("a melted bar is still offered: %+v", bars)
	}
}

func TestMigration14MakesEveryBarEverKeptAVaultItem(t *testing.T) {
	s, _ := openBare(t)
	ctx := context.Background()
	admin, user := barShop(t, s)
	live := addTestBar(t, s, admin, "1", 1_000)
	reserved := addTestBar(t, s, admin, "2", 2_000)
	deliverBar(t, s, admin, user, reserved.ID, StatusApproved)
	delivered := addTestBar(t, s, admin, "3", 3_000)
	g := deliverBar(t, s, admin, user, delivered.ID, StatusApproved, StatusDelivered)
	deleted := addTestBar(t, s, admin, "4", 4_000)
	if err := s.DeleteBar(ctx, admin, deleted.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	// The database as it was at migration 13: 0014 only adds the vault's tables, so dropping them (and its
	// record) leaves these bars and requests as 13 kept them.
	for _, q := range []string{`DROP TABLE vault_moves`, `DROP TABLE vault_items`,
		`DELETE FROM schema_migrations WHERE version = 14`} {
		if _, err := s.write.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := s.migrate(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		bar                 Bar
		status, moves       string
		requestable         bool
		deliveredForRequest int64
	}{
		{live, VaultIn, "received:1000", true, 0},
		{reserved, VaultIn, "received:2000", true, 0},
		{delivered, VaultOut, "received:3000,delivered:-3000", false, g.ID},
		{deleted, VaultOut, "received:4000,corrected:-4000", false, 0},
	} {
		it := itemOfBar(t, s, c.bar.ID)
		if it.Status != c.status || it.Requestable != c.requestable || it.Kind != VaultMelted || it.Lab != c.bar.Rey ||
			it.IngotNumber != c.bar.Ang {
			t.Errorf("bar %s became %+v", c.bar.Ang, it)
		}
		if got := moveKinds(t, s, it.ID); got != c.moves {
			t.Errorf("bar %s moves %s, want %s", c.bar.Ang, got, c.moves)
		}
		if c.deliveredForRequest != 0 {
			moves, _ := s.VaultMoves(ctx, it.ID)
			if moves[1].GoldRequestID != c.deliveredForRequest || moves[1].AdminID != admin {
				t.Errorf("delivery %+v", moves[1])
			}
		}
	}
	wantHeld(t, s, 3_000, map[time.Time]int64{time.Now(): 3_000})
	if _, err := s.write.ExecContext(ctx, `DELETE FROM vault_moves`); err == nil {
		t.Error("the migrated journal is not append-only")
	}
}
