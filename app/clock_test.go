package app

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"goldshop/store"
)

// monoClock is a monotonic clock a test moves: it never goes back, whatever the wall clock does.
type monoClock struct {
	mu      sync.Mutex
	elapsed time.Duration
}

func (m *monoClock) Elapsed() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.elapsed
}

// steadyShop is a shop on the steady clock over the test's wall clock (s.clock) and a monotonic one: pass
// moves both as time passing does; stepBack moves the wall clock alone, as a hand-set date does.
type steadyShop struct {
	*testShop
	mono *monoClock
	log  *syncBuffer
}

func newSteadyShop(t *testing.T) *steadyShop {
	mono, log := &monoClock{}, &syncBuffer{}
	s := newShopIn(t, false, t.TempDir(), func(cfg *Config, wall *testClock) {
		cfg.Clock = newSteadyClock(wall.Now, mono.Elapsed, slog.New(slog.NewTextHandler(log, nil)))
		cfg.Now = nil // the steady clock's
	})
	stockVault(t, s.store)
	return &steadyShop{s, mono, log}
}

func (s *steadyShop) pass(d time.Duration) {
	s.clock.Advance(d)
	s.mono.mu.Lock()
	s.mono.elapsed += d
	s.mono.mu.Unlock()
}

func (s *steadyShop) stepBack(d time.Duration) { s.clock.Advance(-d) }

// A wall clock stepped back an hour does not stretch a code's or a token's life (they run out by the
// monotonic clock), does not put a journal before the one it followed, and is logged and shown to the owner;
// once the wall clock has caught up, the shop follows it again.
func TestAClockSteppedBackChangesNothingThatCounts(t *testing.T) {
	s := newSteadyShop(t)
	owner := s.signInAdmin()
	c := s.newTrader(1, "")
	s.charge(owner, c, "rial", "1000")
	s.pass(time.Minute) // the sign-up's code was texted a moment ago

	s.mustDo("POST", "/api/auth/login/request-code", "", map[string]string{"phone_number": c.phone})
	code := s.lastCode(c.phone)
	s.stepBack(time.Hour)
	s.pass(store.CodeRules["auth"].Lifetime + time.Second)
	if r := s.do("POST", "/api/auth/verify", "", map[string]string{"phone_number": c.phone, "code": code}); r.Status != 400 || r.str("message") != msgCodeExpired {
		t.Fatalf("a code past its life by the monotonic clock: %d %s", r.Status, r.Body)
	}
	s.charge(owner, c, "rial", "2000")
	var times []int64
	rows, err := s.store.ReadDB().Query(`SELECT created_at FROM journals ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var at int64
		rows.Scan(&at)
		times = append(times, at)
	}
	rows.Close()
	for i := 1; i < len(times); i++ {
		if times[i] < times[i-1] {
			t.Fatalf("journal %d is before its predecessor: %v", i, times)
		}
	}
	r := s.mustDo("GET", "/api/admin/clock", owner, nil)
	if r.JSON["alert"] != true || r.JSON["stepped_back_seconds"].(float64) < 3600 || r.JSON["behind_seconds"].(float64) < 3500 {
		t.Fatalf("the panel's clock: %s", r.Body)
	}
	if !strings.Contains(s.log.String(), "the wall clock stepped back") {
		t.Fatalf("the step was not logged:\n%s", s.log.String())
	}

	s.pass(accessTokenTTL + time.Second)
	if r := s.do("GET", "/api/users/me", owner, nil); r.Status != 401 {
		t.Fatalf("an access token past its life by the monotonic clock: %d", r.Status)
	}
	// the wall clock is set right: the shop follows it again
	s.clock.Advance(2 * time.Hour)
	before := s.Now()
	if d := before.Sub(s.clock.Now()); d != 0 {
		t.Fatalf("the shop's clock is %v off the wall clock once it is right", d)
	}
	staff := s.signInStaff("09350000002")
	if r := s.mustDo("GET", "/api/admin/clock", staff, nil); r.JSON["behind_seconds"] != float64(0) {
		t.Fatalf("the clock once the wall is right: %s", r.Body)
	}
	if _, err := s.store.CheckInvariants(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// Now is the shop's time.
func (s *steadyShop) Now() time.Time { return s.app.now() }
