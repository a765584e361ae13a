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
	login, err := s.CreateLogin(ctx, id, pair, LoginPlace{}, now)
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

var testCodeLimits = CodeLimits{Lifetime: 2 * time.Minute, ResendAfter: time.Minute, DailyCap: 10, MaxWrongTries: 5}

// Issue 14: a sign-up code completes only the sign-up it was issued for, even when the phone's pending
// sign-up has been replaced since.
func TestASignUpCodeCompletesOnlyItsOwnSignUp(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.Now()
	owner := Registration{PhoneNumber: "09120000010", NationalID: "0013542419", FirstName: "سارا", LastName: "ب",
		BirthDate: "1370/01/01", PasswordHash: "owner", CreatedAt: now}
	if _, err := s.StartRegistration(ctx, owner, []byte("c1"), testCodeLimits, now); err != nil {
		t.Fatal(err)
	}
	first, _ := s.PendingRegistration(ctx, owner.PhoneNumber)
	other := owner
	other.FirstName, other.PasswordHash, other.SecretHash = "دیگری", "other", []byte("other's secret hash")
	if _, err := s.StartRegistration(ctx, other, []byte("c2"), testCodeLimits, now.Add(time.Minute)); !errors.Is(err, ErrSignUpPending) {
		t.Fatalf("replacing a live sign-up: %v", err)
	}
	if err := s.SavePendingRegistration(ctx, other); !errors.Is(err, ErrSignUpPending) {
		t.Fatalf("saving over a live sign-up: %v", err)
	}
	later := now.Add(testCodeLimits.Lifetime + time.Second)
	if _, err := s.StartRegistration(ctx, other, []byte("c2"), testCodeLimits, later); err != nil {
		t.Fatalf("replacing an expired sign-up: %v", err)
	}
	second, _ := s.PendingRegistration(ctx, owner.PhoneNumber)
	if second.ID == first.ID || second.FirstName != "دیگری" {
		t.Fatalf("replaced sign-up kept id %d (was %d) or data %+v", second.ID, first.ID, second)
	}
	for _, scope := range []string{SignUpScope(first.ID), "", "signup:x", "quote-1"} {
		if _, err := s.CompleteSignUp(ctx, owner.PhoneNumber, scope, other.SecretHash, later); !errors.Is(err, ErrNotFound) {
			t.Fatalf("scope %q completed the current sign-up: %v", scope, err)
		}
	}
	// The code's own scope without the sign-up's secret (a code texted to the phone's owner) completes nothing.
	for _, secret := range [][]byte{nil, []byte("a guess"), owner.SecretHash} {
		if _, err := s.CompleteSignUp(ctx, owner.PhoneNumber, SignUpScope(second.ID), secret, later); !errors.Is(err, ErrSignUpSecret) {
			t.Fatalf("secret %q completed the sign-up: %v", secret, err)
		}
	}
	if _, err := s.PendingRegistration(ctx, owner.PhoneNumber); err != nil {
		t.Fatalf("a refused secret dropped the sign-up: %v", err)
	}
	u, err := s.CompleteSignUp(ctx, owner.PhoneNumber, SignUpScope(second.ID), other.SecretHash, later)
	if err != nil || u.FirstName != "دیگری" || u.PasswordHash != "other" {
		t.Fatalf("own scope: %+v %v", u, err)
	}
	// A sign-up kept without a secret (a fixture, or one pending before migration 10) takes no code at all.
	bare := Registration{PhoneNumber: "09120000012", NationalID: "0013542427", FirstName: "ب", LastName: "ب",
		BirthDate: "1370/01/01", PasswordHash: "bare", CreatedAt: later}
	if err := s.SavePendingRegistration(ctx, bare); err != nil {
		t.Fatal(err)
	}
	pending, _ := s.PendingRegistration(ctx, bare.PhoneNumber)
	for _, secret := range [][]byte{nil, {}} {
		if _, err := s.CompleteSignUp(ctx, bare.PhoneNumber, SignUpScope(pending.ID), secret, later); !errors.Is(err, ErrSignUpSecret) {
			t.Fatalf("a sign-up without a secret, secret %q: %v", secret, err)
		}
	}
}

func TestRotationGraceAnswersWithTheSameSuccessor(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.Now()
	id, _, err := s.UpsertAdmin(ctx, User{PhoneNumber: "09120000011", FirstName: "م", LastName: "ن", PasswordHash: "h"}, now)
	if err != nil {
		t.Fatal(err)
	}
	pair := func(n string) TokenPair {
		return TokenPair{AccessHash: []byte("a" + n), AccessExpires: now.Add(time.Hour), RefreshHash: []byte("r" + n),
			RefreshExpires: now.Add(time.Hour)}
	}
	login, _ := s.CreateLogin(ctx, id, pair("1"), LoginPlace{}, now)
	grace := 30 * time.Second
	if rot, err := s.RotateRefreshToken(ctx, []byte("r1"), pair("2"), []byte("sealed-2"), grace, LoginPlace{}, now); err != nil || rot.Replayed != nil || rot.LoginID != login {
		t.Fatalf("first rotation: %+v %v", rot, err)
	}
	rot, err := s.RotateRefreshToken(ctx, []byte("r1"), pair("x"), []byte("sealed-x"), grace, LoginPlace{}, now.Add(29*time.Second))
	if err != nil || string(rot.Replayed) != "sealed-2" {
		t.Fatalf("within the grace: %+v %v", rot, err)
	}
	if _, _, err := s.UserByAccessToken(ctx, []byte("ax"), now); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a replay stored the pair it did not use: %v", err)
	}
	rot, err = s.RotateRefreshToken(ctx, []byte("r1"), pair("y"), []byte("sealed-y"), grace, LoginPlace{}, now.Add(grace))
	if !errors.Is(err, ErrTokenReused) || rot.LoginID != login || rot.UserID != id {
		t.Fatalf("after the grace: %+v %v", rot, err)
	}
	if _, err := s.UserByLogin(ctx, login); !errors.Is(err, ErrNotFound) {
		t.Fatalf("reuse left the login alive: %v", err)
	}
	if err := s.Prune(ctx, now.Add(72*time.Hour)); err != nil {
		t.Fatalf("prune: %v", err)
	}
}
