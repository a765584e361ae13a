package store

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func TestPriceTermsHeldInMemoryFollowEveryChangeAtOnce(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.Now()
	if _, err := s.BasePrice(ctx); !errors.Is(err, ErrNotFound) {
		t.Fatalf("before any price: %v", err)
	}
	if err := s.SetBasePrice(ctx, 0, 50_000_000, now); err != nil {
		t.Fatal(err)
	}
	if p, err := s.BasePrice(ctx); err != nil || p.PricePerGramRial != 50_000_000 {
		t.Fatalf("new price: %+v %v", p, err)
	}
	settings, _ := s.PriceSettings(ctx)
	settings.PriceMaxAgeMinutes = 99
	if err := s.SavePriceSettings(ctx, 0, settings, now); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.PriceSettings(ctx); got.PriceMaxAgeMinutes != 99 {
		t.Fatalf("settings: %+v", got)
	}
	if err := s.UpdateGrade(ctx, 0, Grade{ID: 2, SellAddRial: 700, BuySubtractRial: 300}, now); err != nil {
		t.Fatal(err)
	}
	terms, err := s.TradingTermsOfGrade(ctx, 2)
	if err != nil || terms.Grade.SellAddRial != 700 || terms.Settings.PriceMaxAgeMinutes != 99 ||
		!terms.HasBase || terms.Base.PricePerGramRial != 50_000_000 {
		t.Fatalf("terms of grade 2: %+v %v", terms, err)
	}
	if _, err := s.TradingTermsOfGrade(ctx, 6); !errors.Is(err, ErrNotFound) {
		t.Fatalf("grade 6: %v", err)
	}
	grades, _ := s.Grades(ctx)
	grades[1].SellAddRial = 1 // the caller's copy, not the cache's
	if again, _ := s.Grades(ctx); again[1].SellAddRial != 700 {
		t.Fatalf("changing a returned list changed the cache: %+v", again)
	}
}

func TestAFailedPriceWriteLeavesTheHeldTermsAsCommitted(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.Now()
	if err := s.SetBasePrice(ctx, 0, 50_000_000, now); err != nil {
		t.Fatal(err)
	}
	before, _ := s.TradingTermsOfGrade(ctx, 1)
	// each write gets past its first statement and is refused by a CHECK, so its transaction rolls back
	if err := s.UpdateGrade(ctx, 0, Grade{ID: 1, SellAddRial: -5}, now); err == nil {
		t.Fatal("a negative grade rule was stored")
	}
	bad := before.Settings
	bad.PriceMaxAgeMinutes, bad.BuyStartMin = 77, 5000
	if err := s.SavePriceSettings(ctx, 0, bad, now); err == nil {
		t.Fatal("a minute past the day was stored")
	}
	if err := s.SetBasePrice(ctx, 0, -1, now); err == nil {
		t.Fatal("a negative price was stored")
	}
	after, err := s.TradingTermsOfGrade(ctx, 1)
	if err != nil || after != before {
		t.Fatalf("after refused writes: %+v (err %v), want %+v", after, err, before)
	}
}

func TestHeldPricesNeverKeepAnOlderCopyLoadedDuringAChange(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
					s.BasePrice(ctx)
				}
			}
		}()
	}
	for price := int64(1); price <= 40; price++ {
		if err := s.SetBasePrice(ctx, 0, price, time.Now()); err != nil {
			t.Fatal(err)
		}
		if p, err := s.BasePrice(ctx); err != nil || p.PricePerGramRial != price {
			t.Fatalf("just after setting %d: %+v %v", price, p, err)
		}
	}
	close(stop)
	wg.Wait()
	if p, _ := s.BasePrice(ctx); p.PricePerGramRial != 40 {
		t.Fatalf("held price %d, want 40", p.PricePerGramRial)
	}
}

func TestHotReadsReusePreparedStatementsUntilClose(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "goldshop.db")) // not openTest: this test closes it
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	id, _, err := s.UpsertAdmin(ctx, User{PhoneNumber: "09120000009", FirstName: "م", LastName: "ن", PasswordHash: "h"}, now)
	if err != nil {
		t.Fatal(err)
	}
	pair := TokenPair{AccessHash: []byte("a"), AccessExpires: now.Add(time.Hour), RefreshHash: []byte("r"), RefreshExpires: now.Add(time.Hour)}
	login, err := s.CreateLogin(ctx, id, pair, LoginPlace{}, now)
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		u, got, err := s.UserByAccessToken(ctx, []byte("a"), now)
		if err != nil || u.ID != id || got != login || u.Role != RoleOwner {
			t.Fatalf("by token: %+v login %d %v", u, got, err)
		}
		if u, err := s.UserByLogin(ctx, login); err != nil || u.ID != id {
			t.Fatalf("by login: %+v %v", u, err)
		}
	}
	if _, _, err := s.UserByAccessToken(ctx, []byte("a"), now.Add(2*time.Hour)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("expired token: %v", err)
	}
	s.readStmts.mu.RLock()
	n := len(s.readStmts.m)
	s.readStmts.mu.RUnlock()
	if n != 2 {
		t.Fatalf("%d statements prepared for two queries asked four times", n)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if len(s.readStmts.m) != 0 {
		t.Fatal("statements left open after Close")
	}
}
