package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// exportShop is a store with rows for every export: history's trades, deposits and withdraws, three gold
// requests (pending, approved, canceled) and the customers who made them.
func exportShop(t *testing.T) *Store {
	t.Helper()
	s, _ := openTest(t)
	ctx := context.Background()
	history(t, s)
	admin := addAdmin(t, s)
	for i := range 3 {
		user := addCustomer(t, s, 10+i)
		if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetGold, Amount: 5_000}, time.Now()); err != nil {
			t.Fatal(err)
		}
		bar, err := s.AddBar(ctx, admin, VaultItem{Lab: "ری", IngotNumber: fmt.Sprint(100 + i), PurityCenti: 75_000, WeightMg: 1_000, Weight750Mg: 1_000}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		req, err := s.CreateGoldRequest(ctx, GoldRequestInput{UserID: user, BarID: bar.ID}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		switch i {
		case 1:
			_, err = s.DecideGoldRequest(ctx, GoldDecision{AdminID: admin, RequestID: req.ID, To: StatusApproved}, time.Now())
		case 2:
			err = s.CancelGoldRequest(ctx, user, req.ID, time.Now())
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// exportEach runs one export the way the app does, by name.
func exportEach(s *Store, name string, from, to time.Time, fn func(any) error) error {
	ctx := context.Background()
	switch name {
	case "trades":
		return s.EachTrade(ctx, from, to, func(r TradeRow) error { return fn(r) })
	case "wallet requests":
		return s.EachWalletRequest(ctx, from, to, func(r WalletRequestRow) error { return fn(r) })
	case "gold requests":
		return s.EachGoldRequest(ctx, from, to, func(r GoldRequest) error { return fn(r) })
	default:
		return s.EachCustomer(ctx, from, to, func(r User) error { return fn(r) })
	}
}

func TestExportsHandOverEveryRowOfTheRangeOneAtATimeAndStopAtAnError(t *testing.T) {
	s := exportShop(t)
	from, to := time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	errStop := errors.New("the download broke")
	for name, want := range map[string]int{"trades": 12, "wallet requests": 12 + 13, "gold requests": 3, "customers": 2 + 3} {
		t.Run(name, func(t *testing.T) {
			var rows []any
			if err := exportEach(s, name, from, to, func(r any) error { rows = append(rows, r); return nil }); err != nil {
				t.Fatal(err)
			}
			if len(rows) != want {
				t.Fatalf("%d rows, want %d", len(rows), want)
			}
			calls := 0
			err := exportEach(s, name, from, to, func(any) error {
				if calls++; calls == 2 {
					return errStop
				}
				return nil
			})
			if !errors.Is(err, errStop) || calls != 2 {
				t.Fatalf("after the callback's error: %v and %d calls, want it back after 2", err, calls)
			}
			// [from, to) ends where the rows begin: nothing.
			if err := exportEach(s, name, from.Add(-time.Hour), from, func(r any) error {
				return fmt.Errorf("a row outside the range: %+v", r)
			}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestExportRowsCarryWhatTheirColumnsNeed(t *testing.T) {
	s := exportShop(t)
	ctx := context.Background()
	from, to := time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	var sides []string
	if err := s.EachTrade(ctx, from, to, func(r TradeRow) error {
		if r.NationalID == "" || r.PhoneNumber == "" || r.AmountGoldMg <= 0 || r.PricePerGramRial != 50_000_000 {
			return fmt.Errorf("trade %+v", r)
		}
		sides = append(sides, r.Type)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sides[:3], " "); got != "buy buy sell" {
		t.Fatalf("trades in the order %s, want oldest first", got)
	}
	withdraws := 0
	if err := s.EachWalletRequest(ctx, from, to, func(r WalletRequestRow) error {
		if r.PhoneNumber == "" {
			return fmt.Errorf("no phone: %+v", r)
		}
		if r.Type == "withdraw" {
			withdraws++
			if r.CardNumber != "6037991234567890" || r.BankName == "" {
				return fmt.Errorf("withdraw without its card: %+v", r)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if withdraws != 12 {
		t.Fatalf("%d withdraws, want 12", withdraws)
	}
	var statuses []string
	if err := s.EachGoldRequest(ctx, from, to, func(r GoldRequest) error {
		statuses = append(statuses, r.Status)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(statuses, " "); got != "pending approved canceled" {
		t.Fatalf("gold requests %s", got)
	}
	if err := s.EachCustomer(ctx, from, to, func(u User) error {
		if u.Role != RoleCustomer || u.PasswordHash != "" || u.ReferralCode != "" || u.NationalID == "" || u.Grade != 1 {
			return fmt.Errorf("customer %+v", u)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// The exports stream: SQLite must never sort a whole range before the first row, which with temp_store
// MEMORY would hold every row in memory. Sorting the rows of one millisecond again is fine.
func TestExportQueriesNeverSortTheWholeRange(t *testing.T) {
	s := exportShop(t)
	for name, q := range map[string]string{"trades": exportTradesSQL, "wallet requests": exportWalletRequestsSQL,
		"gold requests": exportGoldRequestsSQL, "customers": exportCustomersSQL} {
		all := planOf(t, s.read, q, 0, time.Now().UnixMilli())
		if strings.Contains(all, "USE TEMP B-TREE FOR ORDER BY") {
			t.Errorf("%s sorts its whole range: %s", name, all)
		}
		t.Logf("%s: %s", name, all)
	}
}
