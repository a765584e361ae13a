package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestUsersAreUniqueByPhoneAndNationalID(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.Now()
	reg := Registration{PhoneNumber: "09120000001", NationalID: "0013542419", FirstName: "الف", LastName: "ب",
		BirthDate: "1370/01/01", PasswordHash: "h", CreatedAt: now}
	if err := s.SavePendingRegistration(ctx, reg); err != nil {
		t.Fatal(err)
	}
	u, err := s.CompleteRegistration(ctx, reg.PhoneNumber, now)
	if err != nil || u.ReferralCode == "" || u.Grade != 1 || u.IsAdmin {
		t.Fatalf("user %+v (err %v)", u, err)
	}
	if _, err := s.CompleteRegistration(ctx, reg.PhoneNumber, now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("completing twice: %v", err)
	}
	reg.PhoneNumber = "09120000002" // same national id, other phone
	s.SavePendingRegistration(ctx, reg)
	if _, err := s.CompleteRegistration(ctx, reg.PhoneNumber, now); !errors.Is(err, ErrConflict) {
		t.Fatalf("duplicate national id: %v", err)
	}
	if _, err := s.PendingRegistration(ctx, reg.PhoneNumber); err != nil {
		t.Fatalf("a refused completion lost the pending sign-up: %v", err)
	}
}

func TestRevokedLoginEndsItsCookieAndTokens(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.Now()
	id, _, err := s.UpsertAdmin(ctx, User{PhoneNumber: "09120000003", FirstName: "م", LastName: "ن", PasswordHash: "h"}, now)
	if err != nil {
		t.Fatal(err)
	}
	pair := TokenPair{AccessHash: []byte("a"), AccessExpires: now.Add(time.Hour), RefreshHash: []byte("r"), RefreshExpires: now.Add(time.Hour)}
	login, err := s.CreateLogin(ctx, id, pair, now)
	if err != nil {
		t.Fatal(err)
	}
	if u, _, err := s.UserByAccessToken(ctx, []byte("a"), now); err != nil || u.ID != id || !u.IsAdmin {
		t.Fatalf("by token: %+v %v", u, err)
	}
	if err := s.RevokeLogin(ctx, login, now); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.UserByAccessToken(ctx, []byte("a"), now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("revoked token: %v", err)
	}
	if _, err := s.UserByLogin(ctx, login); !errors.Is(err, ErrNotFound) {
		t.Fatalf("revoked login: %v", err)
	}
}
