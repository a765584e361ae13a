package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
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
	b, err := s.AddBar(context.Background(), admin, VaultItem{Lab: "ری", IngotNumber: ang, PurityCenti: 75_000, WeightMg: mg, Weight750Mg: mg}, time.Now())
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

// itemOfBar is the bar as the vault holds it: a bar's id is its item's.
func itemOfBar(t *testing.T, s *Store, barID int64) VaultItem {
	t.Helper()
	it, err := s.VaultItem(context.Background(), barID)
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
	kept.WeightMg, kept.Weight750Mg, kept.PurityCenti = 12_000, 11_200, 70_000
	if _, err := s.UpdateBar(ctx, admin, kept.VaultItem, time.Now()); err != nil {
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
	if b, _ := barByID(ctx, s.read, free.ID); b.WeightMg != 9_000 || b.Weight750Mg != 9_000 || b.IngotNumber != "1-الف" {
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

// TestMigration21FoldsTheBarsIntoTheirItems builds a shop's bars and requests, lays the tables back to how
// migration 20 kept them (bars in abshodeh_bars under ids of their own, their items linked by bar_id, the
// requests naming the bars), and migrates again: every bar becomes its item, every request names it, and
// every rule of the ledger and the vault holds.
func TestMigration21FoldsTheBarsIntoTheirItems(t *testing.T) {
	s, _ := openBare(t)
	ctx := context.Background()
	admin, user := barShop(t, s)
	coin, err := s.AddVaultItem(ctx, admin, VaultItem{Kind: VaultCoin, WeightMg: 8_133, PurityCenti: 90_000,
		Weight750Mg: 9_759}, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	live := addTestBar(t, s, admin, "1", 1_000)
	canceled := deliverBar(t, s, admin, user, live.ID)
	if err := s.CancelGoldRequest(ctx, user, canceled.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	reserved := addTestBar(t, s, admin, "2", 2_000)
	approved := deliverBar(t, s, admin, user, reserved.ID, StatusApproved)
	delivered := addTestBar(t, s, admin, "3", 3_000)
	handed := deliverBar(t, s, admin, user, delivered.ID, StatusApproved, StatusDelivered)
	deleted := addTestBar(t, s, admin, "4", 4_000)
	if err := s.DeleteBar(ctx, admin, deleted.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	layBackToMigration20(t, s, map[int64]string{live.ID: "available", reserved.ID: "reserved",
		delivered.ID: "delivered", deleted.ID: "deleted"})

	if err := s.migrate(ctx); err != nil {
		t.Fatal(err)
	}
	addLaterVaultColumns(t, s)
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatalf("after the migration: %v", err)
	}
	bars, err := s.Bars(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := ""
	for _, b := range bars {
		got += fmt.Sprintf("%d %s %s; ", b.ID, b.IngotNumber, b.BarStatus)
	}
	if want := fmt.Sprintf("%d 3 delivered; %d 2 reserved; %d 1 available; ", delivered.ID, reserved.ID, live.ID); got != want {
		t.Errorf("bars %s, want %s", got, want)
	}
	for request, bar := range map[int64]int64{canceled.ID: live.ID, approved.ID: reserved.ID, handed.ID: delivered.ID} {
		g, err := goldRequestByID(ctx, s.read, request)
		if err != nil || g.BarID != bar {
			t.Errorf("request %d names %d (%v), want bar %d", request, g.BarID, err, bar)
		}
	}
	if it := itemOfBar(t, s, coin.ID); it.Requestable || it.Status != VaultIn {
		t.Errorf("the coin became %+v", it)
	}
	if it := itemOfBar(t, s, deleted.ID); it.Requestable || it.Status != VaultOut {
		t.Errorf("the deleted bar became %+v", it)
	}
	// the bars live on: the canceled one is asked for again, the reserved one delivered
	deliverBar(t, s, admin, user, live.ID)
	if _, err := s.DecideGoldRequest(ctx, GoldDecision{AdminID: admin, RequestID: approved.ID, To: StatusDelivered}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatalf("after the bars moved on: %v", err)
	}
	if _, err := s.write.ExecContext(ctx, `DELETE FROM vault_items`); err == nil {
		t.Error("the migrated vault lets items be deleted")
	}
}

// layBackToMigration20 rebuilds abshodeh_bars, vault_items and gold_requests as migrations 4 and 14 made them,
// from what the shop holds now: each bar (status by id) gets id+100, its item bar_id, its requests bar_id.
func layBackToMigration20(t *testing.T, s *Store, bars map[int64]string) {
	t.Helper()
	ctx := context.Background()
	conn, err := s.write.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	// renaming a table must not carry the references of vault_moves and journals along to the old copy
	exec(`PRAGMA foreign_keys = OFF`)
	exec(`PRAGMA legacy_alter_table = ON`)
	defer exec(`PRAGMA foreign_keys = ON`)
	defer exec(`PRAGMA legacy_alter_table = OFF`)
	exec(`CREATE TABLE abshodeh_bars (id INTEGER PRIMARY KEY, rey TEXT NOT NULL, ang TEXT NOT NULL,
		ayar_centi INTEGER NOT NULL, vazn_mg INTEGER NOT NULL, vazn750_mg INTEGER NOT NULL,
		status TEXT NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'reserved', 'delivered')),
		created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, deleted_at INTEGER) STRICT`)
	exec(`CREATE TABLE old_items (item_id INTEGER, bar_id INTEGER, requestable INTEGER)`)
	for id, status := range bars {
		barStatus, deleted, requestable := status, "NULL", 1
		switch status {
		case "deleted":
			barStatus, deleted, requestable = "available", "updated_at", 0
		case "delivered":
			requestable = 0
		}
		exec(`INSERT INTO abshodeh_bars SELECT id + 100, lab, ingot_number, purity_centi, weight_mg, weight750_mg, ?,
			created_at, updated_at, `+deleted+` FROM vault_items WHERE id = ?`, barStatus, id)
		exec(`INSERT INTO old_items VALUES (?, ?, ?)`, id, id+100, requestable)
	}
	exec(`ALTER TABLE vault_items RENAME TO items_now`)
	exec(`CREATE TABLE vault_items (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
		weight_mg INTEGER NOT NULL, purity_centi INTEGER NOT NULL, weight750_mg INTEGER NOT NULL,
		lab TEXT NOT NULL DEFAULT '', ingot_number TEXT NOT NULL DEFAULT '', standard_code TEXT NOT NULL DEFAULT '',
		production_code TEXT NOT NULL DEFAULT '', tracking_code TEXT NOT NULL DEFAULT '',
		status TEXT NOT NULL DEFAULT 'in', requestable INTEGER NOT NULL DEFAULT 0,
		bar_id INTEGER UNIQUE REFERENCES abshodeh_bars (id), created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL) STRICT`)
	exec(`INSERT INTO vault_items SELECT i.id, kind, description, weight_mg, purity_centi, weight750_mg, lab,
		ingot_number, standard_code, production_code, tracking_code, status, IFNULL(o.requestable, 0), o.bar_id,
		created_at, updated_at FROM items_now i LEFT JOIN old_items o ON o.item_id = i.id`)
	exec(`ALTER TABLE gold_requests RENAME TO requests_now`)
	exec(`CREATE TABLE gold_requests (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users (id),
		bar_id INTEGER NOT NULL REFERENCES abshodeh_bars (id), rey TEXT NOT NULL, ang TEXT NOT NULL,
		ayar_centi INTEGER NOT NULL, vazn_mg INTEGER NOT NULL, vazn750_mg INTEGER NOT NULL, status TEXT NOT NULL,
		reject_reason TEXT NOT NULL DEFAULT '', created_at INTEGER NOT NULL, decided_at INTEGER,
		decided_by INTEGER REFERENCES users (id)) STRICT`)
	exec(`INSERT INTO gold_requests SELECT id, user_id, item_id + 100, rey, ang, ayar_centi, vazn_mg, vazn750_mg,
		status, reject_reason, created_at, decided_at, decided_by FROM requests_now`)
	for _, q := range []string{`DROP TABLE requests_now`, `DROP TABLE items_now`, `DROP TABLE old_items`,
		`DELETE FROM schema_migrations WHERE version = 21`} {
		exec(q)
	}
}

// addLaterVaultColumns gives the items table migration 21 rebuilt the columns migrations after it added
// (0037's), as a shop upgraded from 20 gets them by running those migrations after 21.
func addLaterVaultColumns(t *testing.T, s *Store) {
	t.Helper()
	raw, err := migrationFiles.ReadFile("migrations/0037_counter.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range strings.Split(stripComments(string(raw)), ";") {
		stmt = strings.TrimSpace(stmt)
		if strings.HasPrefix(stmt, "ALTER TABLE vault_items") || strings.HasPrefix(stmt, "CREATE UNIQUE INDEX vault_items_tag") {
			if _, err := s.write.ExecContext(context.Background(), stmt); err != nil {
				t.Fatalf("%s: %v", stmt, err)
			}
		}
	}
}
