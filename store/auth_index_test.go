package store

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// signedIn makes a user (an owner, when owner) with a login holding access token "a"+n and refresh "r"+n,
// looked up once so the index holds it.
func signedIn(t *testing.T, s *Store, phone, n string, now time.Time) (userID, loginID int64) {
	t.Helper()
	ctx := context.Background()
	userID, _, err := s.UpsertAdmin(ctx, User{PhoneNumber: phone, FirstName: "م", LastName: "ن", PasswordHash: "h"}, now)
	if err != nil {
		t.Fatal(err)
	}
	loginID, err = s.CreateLogin(ctx, userID, TokenPair{AccessHash: []byte("a" + n), AccessExpires: now.Add(time.Hour),
		RefreshHash: []byte("r" + n), RefreshExpires: now.Add(time.Hour)}, LoginPlace{}, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.UserByAccessToken(ctx, []byte("a"+n), now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UserByLogin(ctx, loginID); err != nil {
		t.Fatal(err)
	}
	return userID, loginID
}

// TestTheIndexOfLoginsSeesEveryChangeAtOnce: each write that changes who is behind a token, or what they may
// do, is seen by the next lookup, although the lookups before it were answered from memory.
func TestTheIndexOfLoginsSeesEveryChangeAtOnce(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.Now()
	owner, _ := signedIn(t, s, "09120000021", "1", now)
	staff, staffLogin := signedIn(t, s, "09120000022", "2", now)
	if u, _, _ := s.UserByAccessToken(ctx, []byte("a2"), now); u.Role != RoleOwner || !u.IsAdmin {
		t.Fatalf("before: %+v", u)
	}
	if _, err := s.SetRole(ctx, owner, staff, RoleStaff, now); err != nil {
		t.Fatal(err)
	}
	if u, _, _ := s.UserByAccessToken(ctx, []byte("a2"), now); u.Role != RoleStaff {
		t.Fatalf("a demotion is not seen by the next bearer request: %+v", u)
	}
	if _, err := s.SetRole(ctx, owner, staff, RoleCustomer, now); err != nil {
		t.Fatal(err)
	}
	if u, _ := s.UserByLogin(ctx, staffLogin); u.IsAdmin || u.Role != RoleCustomer {
		t.Fatalf("a removed staff member is still staff to the cookie: %+v", u)
	}
	if _, err := s.SetUserGrade(ctx, owner, staff, 4, now); err != nil {
		t.Fatal(err)
	}
	if u, _, _ := s.UserByAccessToken(ctx, []byte("a2"), now); u.Grade != 4 {
		t.Fatalf("a new grade is not seen by the next request: %+v", u)
	}
	if _, _, err := s.UserByAccessToken(ctx, []byte("a2"), now.Add(time.Hour)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an expired token answered from memory: %v", err)
	}

	// a refresh rotation ends the login's access token
	if _, err := s.RotateRefreshToken(ctx, []byte("r2"), TokenPair{AccessHash: []byte("a3"), AccessExpires: now.Add(time.Hour),
		RefreshHash: []byte("r3"), RefreshExpires: now.Add(time.Hour)}, nil, time.Second, LoginPlace{}, now); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.UserByAccessToken(ctx, []byte("a2"), now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a rotated-away access token still works: %v", err)
	}
	// a refresh token shown again after the grace revokes the login and its new token
	if _, _, err := s.UserByAccessToken(ctx, []byte("a3"), now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RotateRefreshToken(ctx, []byte("r2"), TokenPair{AccessHash: []byte("a4"), AccessExpires: now.Add(time.Hour),
		RefreshHash: []byte("r4"), RefreshExpires: now.Add(time.Hour)}, nil, time.Second, LoginPlace{}, now.Add(time.Minute)); !errors.Is(err, ErrTokenReused) {
		t.Fatalf("reuse: %v", err)
	}
	if _, _, err := s.UserByAccessToken(ctx, []byte("a3"), now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a reused refresh token left the login's access token working: %v", err)
	}
	if _, err := s.UserByLogin(ctx, staffLogin); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a reused refresh token left the login's cookie working: %v", err)
	}

	// a password change ends every other login of the user
	_, other := signedIn(t, s, "09120000021", "5", now)
	_, keep := signedIn(t, s, "09120000021", "6", now)
	if err := s.GrantPasswordChange(ctx, owner, keep, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.ChangePassword(ctx, owner, keep, "h2", now); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.UserByAccessToken(ctx, []byte("a5"), now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("another device's token outlived the password change: %v", err)
	}
	if _, err := s.UserByLogin(ctx, other); !errors.Is(err, ErrNotFound) {
		t.Fatalf("another device's cookie outlived the password change: %v", err)
	}
	if u, _, err := s.UserByAccessToken(ctx, []byte("a6"), now); err != nil || u.PasswordHash != "h2" {
		t.Fatalf("the device that changed it: %+v %v", u, err)
	}
}

// TestALookupRacingALogoutNeverBringsItsTokenBack: lookups that began before a logout committed cannot put
// the token back in the index; once RevokeLogin returns, no lookup finds it.
func TestALookupRacingALogoutNeverBringsItsTokenBack(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.Now()
	for round := range 30 {
		n := itoa(int64(100 + round))
		_, login := signedIn(t, s, "0912000"+itoa(int64(1000+round)), n, now)
		var stop atomic.Bool
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for !stop.Load() {
					s.UserByAccessToken(ctx, []byte("a"+n), now)
					s.UserByLogin(ctx, login)
				}
			}()
		}
		time.Sleep(time.Millisecond)
		if err := s.RevokeLogin(ctx, login, now); err != nil {
			t.Fatal(err)
		}
		for range 200 {
			if _, _, err := s.UserByAccessToken(ctx, []byte("a"+n), now); !errors.Is(err, ErrNotFound) {
				t.Fatalf("round %d: a logged-out token answered: %v", round, err)
			}
			if _, err := s.UserByLogin(ctx, login); !errors.Is(err, ErrNotFound) {
				t.Fatalf("round %d: a logged-out cookie answered: %v", round, err)
			}
		}
		stop.Store(true)
		wg.Wait()
	}
}

// TestARoleChangedByAnotherProcessIsSeenWithinSeconds: `goldshop admin add` runs beside the shop, in a
// process the hook cannot see; the shop notices its commit by SQLite's data_version.
func TestARoleChangedByAnotherProcessIsSeenWithinSeconds(t *testing.T) {
	s, path := openTest(t)
	ctx := context.Background()
	now := time.Now()
	signedIn(t, s, "09120000031", "7", now) // the first owner stays
	signedIn(t, s, "09120000032", "8", now)
	other, err := Open(ctx, filepath.Clean(path)) // as the admin command opens it
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, _, err := other.UpsertAdmin(ctx, User{PhoneNumber: "09120000032", PasswordHash: "h", Role: RoleStaff}, now); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		u, _, err := s.UserByAccessToken(ctx, []byte("a8"), now)
		if err != nil {
			t.Fatal(err)
		}
		if u.Role == RoleStaff {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the shop still sees %q two minutes after another process made them staff", u.Role)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWhatALookupReadBeforeAChangeSettledIsNotKept: the rule that keeps a racing lookup from bringing a
// logged-out token back, without the race's timing: a lookup read at one generation, a logout settled, and
// the lookup's answer comes too late to be kept.
func TestWhatALookupReadBeforeAChangeSettledIsNotKept(t *testing.T) {
	x := newAuthIndex()
	gen := x.generation()
	x.pending.logins = append(x.pending.logins, 7) // the logout's transaction changed login 7's row
	x.settle()
	x.putToken(gen, []byte("a"), indexedToken{row: 1, loginID: 7, userID: 3, expires: 1 << 62}, User{ID: 3})
	x.putLogin(gen, 7, User{ID: 3})
	if _, _, ok := x.token([]byte("a"), 0); ok {
		t.Fatal("a token read before the logout settled was kept")
	}
	if _, ok := x.login(7); ok {
		t.Fatal("a login read before the logout settled was kept")
	}
	x.putToken(x.generation(), []byte("a"), indexedToken{row: 1, loginID: 8, userID: 3, expires: 1 << 62}, User{ID: 3})
	if _, _, ok := x.token([]byte("a"), 0); !ok {
		t.Fatal("a lookup read after the change settled was not kept")
	}
}
