package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// openLarge opens the shop that tools/fillshop made in $GOLDSHOP_LARGE_DATA, or skips: the large-shop
// benchmarks print figures at the size (go run ./tools/fillshop --data DIR first) and are never
// timed assertions.
func openLarge(b *testing.B) *Store {
	b.Helper()
	dir := os.Getenv("GOLDSHOP_LARGE_DATA")
	if dir == "" {
		b.Skip("set GOLDSHOP_LARGE_DATA to a folder filled by tools/fillshop")
	}
	s, err := Open(context.Background(), filepath.Join(dir, "goldshop.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// heaviest is the customer with the most journals: the one with the long statement.
func heaviest(b *testing.B, s *Store) int64 {
	b.Helper()
	var id int64
	if err := s.read.QueryRow(`SELECT user_id FROM journals WHERE user_id IS NOT NULL GROUP BY user_id
		ORDER BY COUNT(*) DESC LIMIT 1`).Scan(&id); err != nil {
		b.Fatal(err)
	}
	return id
}

func BenchmarkLargeStatement(b *testing.B) {
	s := openLarge(b)
	ctx := context.Background()
	user := heaviest(b, s)
	b.Run("first page", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := s.StatementPage(ctx, user, 0, 50); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("deepest page", func(b *testing.B) {
		var oldest int64
		s.read.QueryRow(`SELECT MIN(id) FROM journals WHERE user_id = ? AND type NOT IN ('hold', 'release')`, user).Scan(&oldest)
		for b.Loop() {
			if _, _, err := s.StatementPage(ctx, user, oldest+1000, 50); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("page of 200", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := s.StatementPage(ctx, user, 0, StatementPageMax); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("whole statement", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Statement(ctx, user); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkLargeAdminScreens reads what each admin screen reads when it opens, with no filter.
func BenchmarkLargeAdminScreens(b *testing.B) {
	s := openLarge(b)
	ctx := context.Background()
	screens := []struct {
		name string
		read func() error
	}{
		{"dashboard", func() error { _, err := s.Dashboard(ctx, time.Now().Truncate(24*time.Hour)); return err }},
		{"dashboard of a busy day", func() error { _, err := s.Dashboard(ctx, time.Now().AddDate(0, 0, -3)); return err }},
		{"balances", func() error { _, err := s.CustomersBalances(ctx, BalancesFilter{}); return err }},
		{"balances search", func() error { _, err := s.CustomersBalances(ctx, BalancesFilter{Search: "رضا"}); return err }},
		{"wallet requests", func() error { _, err := s.WalletRequests(ctx, WalletFilter{}); return err }},
		{"pending wallet requests", func() error { _, err := s.WalletRequests(ctx, WalletFilter{Status: StatusPending}); return err }},
		{"gold transactions", func() error { _, err := s.GoldTransactions(ctx, TradeFilter{}); return err }},
		{"gold transactions of a user", func() error { _, err := s.GoldTransactions(ctx, TradeFilter{UserSearch: "09120000001"}); return err }},
		{"gold requests", func() error { _, err := s.GoldRequests(ctx, GoldRequestFilter{}); return err }},
		{"users", func() error { _, err := s.Users(ctx, "", 500); return err }},
		{"audit", func() error { _, err := s.AuditLog(ctx, AuditFilter{Limit: 50}); return err }},
		{"chat rooms", func() error { _, err := s.ChatRooms(ctx); return err }},
	}
	for _, sc := range screens {
		b.Run(sc.name, func(b *testing.B) {
			for b.Loop() {
				if err := sc.read(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkLargeLedgerCheck(b *testing.B) {
	s := openLarge(b)
	ctx := context.Background()
	for b.Loop() {
		if _, err := s.CheckInvariants(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLargeInvariants times each rule of the full check alone, to tell which ones walk the ledger.
func BenchmarkLargeInvariants(b *testing.B) {
	s := openLarge(b)
	ctx := context.Background()
	for i, inv := range invariants {
		b.Run(fmt.Sprintf("%02d %s", i, inv.name), func(b *testing.B) {
			for b.Loop() {
				tx, err := s.read.BeginTx(ctx, nil)
				if err != nil {
					b.Fatal(err)
				}
				found, err := breachesOf(ctx, tx, inv.name, inv.query)
				tx.Rollback()
				if err != nil || len(found) > 0 {
					b.Fatal(err, found)
				}
			}
		})
	}
}

func BenchmarkLargeSearches(b *testing.B) {
	s := openLarge(b)
	ctx := context.Background()
	for _, q := range []string{"09120001500", "1500", "رضا", "مریم احمدی"} {
		b.Run("gold transactions "+q, func(b *testing.B) {
			for b.Loop() {
				if _, err := s.GoldTransactions(ctx, TradeFilter{UserSearch: q}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("wallet requests "+q, func(b *testing.B) {
			for b.Loop() {
				if _, err := s.WalletRequests(ctx, WalletFilter{UserSearch: q}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLargeStartUp times what the server does before it listens: open (migrations, statistics) and the
// check of what changed since the last full check.
func BenchmarkLargeStartUp(b *testing.B) {
	dir := os.Getenv("GOLDSHOP_LARGE_DATA")
	if dir == "" {
		b.Skip("set GOLDSHOP_LARGE_DATA to a folder filled by tools/fillshop")
	}
	ctx := context.Background()
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			s, err := Open(ctx, filepath.Join(dir, "goldshop.db"))
			if err != nil {
				b.Fatal(err)
			}
			s.Close()
		}
	})
	s := openLarge(b)
	b.Run("check recent", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.CheckRecent(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	var journalID int64
	s.read.QueryRow(`SELECT journal_id FROM ledger_checks ORDER BY id DESC LIMIT 1`).Scan(&journalID)
	for i, inv := range invariants {
		query, args := inv.query, []any(nil)
		if recent, ok := recentChecks[inv.name]; ok {
			query, args = recent, []any{journalID, int64(1 << 62)}
			if !strings.Contains(recent, "?2") {
				args = args[:1]
			}
		}
		b.Run(fmt.Sprintf("recent %02d %s", i, inv.name), func(b *testing.B) {
			for b.Loop() {
				tx, _ := s.read.BeginTx(ctx, nil)
				if _, err := breachesOf(ctx, tx, inv.name, query, args...); err != nil {
					b.Fatal(err)
				}
				tx.Rollback()
			}
		})
	}
}
