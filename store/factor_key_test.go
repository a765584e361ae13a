package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"os"
	"testing"
	"time"
)

// Finding 4 of issue 36: every backup and the replica carried every TOTP secret in the clear and recovery
// codes as a fast hash. They are sealed under a key kept outside the database now: the file holds neither,
// a database opened with another key answers none of them (the owner resets them), and a database from before
// the key is sealed the first time a key is given.
func TestSecondFactorsAreSealedUnderAKeyOutsideTheDatabase(t *testing.T) {
	s, path := openTest(t)
	ctx, now := context.Background(), time.Now()
	uid, _ := signedIn(t, s, "09120000001", "1", now)
	key := bytes.Repeat([]byte{7}, FactorKeySize)
	const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
	codeHash := sha256.Sum256([]byte("k7mq2x9c4t"))

	c := FactorChange{UserID: uid, PasswordChecked: true}
	if err := s.StartTOTP(ctx, c, secret, now); !errors.Is(err, ErrNoFactorKey) {
		t.Fatalf("a factor on a store given no key: %v", err)
	}
	if _, err := s.UseFactorKey(ctx, key); err != nil {
		t.Fatal(err)
	}
	if err := s.StartTOTP(ctx, c, secret, now); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ConfirmTOTP(ctx, c, 1, [][]byte{codeHash[:]}, now); err != nil {
		t.Fatal(err)
	}
	if got, err := s.TOTPOf(ctx, uid); err != nil || got.Secret != secret || !got.Confirmed {
		t.Fatalf("the secret opened: %+v %v", got, err)
	}
	if _, err := s.write.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(file, []byte(secret)) || bytes.Contains(file, codeHash[:]) {
		t.Fatal("the database file holds the secret or the code's hash as it was given")
	}

	// opened with another key (a restore without the key file): nothing answers, the reset still works
	if err := s.Backup(ctx, path+"-copy"); err != nil {
		t.Fatal(err)
	}
	restored, err := Open(ctx, path+"-copy")
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	rep, err := restored.UseFactorKey(ctx, bytes.Repeat([]byte{8}, FactorKeySize))
	if err != nil || rep.SealedElsewhere != 1 || rep.Sealed != 0 {
		t.Fatalf("opened with another key: %+v %v", rep, err)
	}
	if n, err := restored.FactorsSealedElsewhere(ctx, bytes.Repeat([]byte{8}, FactorKeySize)); err != nil || n != 1 {
		t.Fatalf("sealed elsewhere: %d %v", n, err)
	}
	if _, err := restored.TOTPOf(ctx, uid); !errors.Is(err, ErrFactorSealedElsewhere) {
		t.Fatalf("the secret under another key: %v", err)
	}
	ch := []byte("challenge")
	if err := restored.StartChallenge(ctx, uid, ch, nil, now, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := restored.AnswerChallenge(ctx, ch, SecondFactorAnswer{RecoveryHash: codeHash[:]}, now); !errors.Is(err, ErrWrongSecondFactor) {
		t.Fatalf("a recovery code under another key: %v", err)
	}
	if err := restored.ResetSecondFactor(ctx, 0, uid, now); err != nil {
		t.Fatal(err)
	}
	if st, err := restored.SecondFactors(ctx, uid); err != nil || st.TOTP || st.RecoveryCodes != 0 {
		t.Fatalf("after the reset: %+v %v", st, err)
	}

	// the right key answers the recovery code
	if err := s.StartChallenge(ctx, uid, ch, nil, now, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AnswerChallenge(ctx, ch, SecondFactorAnswer{RecoveryHash: codeHash[:]}, now); err != nil {
		t.Fatalf("the recovery code under its key: %v", err)
	}
}

// A database from before the key keeps its factors in the clear; the first key seals them, and they answer.
func TestFactorsKeptInTheClearAreSealedByTheFirstKey(t *testing.T) {
	s, _ := openTest(t)
	ctx, now := context.Background(), time.Now()
	uid, _ := signedIn(t, s, "09120000001", "1", now)
	const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
	codeHash := sha256.Sum256([]byte("old-code"))
	if _, err := s.write.ExecContext(ctx, `INSERT INTO second_factors (user_id, kind, secret, confirmed_at, created_at)
		VALUES (?, 'totp', ?, ?, ?)`, uid, secret, now.UnixMilli(), now.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.ExecContext(ctx, `INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)`, uid, codeHash[:]); err != nil {
		t.Fatal(err)
	}
	rep, err := s.UseFactorKey(ctx, bytes.Repeat([]byte{9}, FactorKeySize))
	if err != nil || rep.Sealed != 2 || rep.SealedElsewhere != 0 {
		t.Fatalf("sealing: %+v %v", rep, err)
	}
	var stored string
	var clear int
	s.read.QueryRow(`SELECT secret FROM second_factors WHERE user_id = ?`, uid).Scan(&stored)
	s.read.QueryRow(`SELECT COUNT(*) FROM recovery_codes WHERE code_hash = ? OR key_id IS NULL`, codeHash[:]).Scan(&clear)
	if stored == secret || clear != 0 {
		t.Fatalf("still in the clear: secret %q, %d codes", stored, clear)
	}
	if got, err := s.TOTPOf(ctx, uid); err != nil || got.Secret != secret {
		t.Fatalf("the sealed secret opened: %+v %v", got, err)
	}
	if rep, err := s.UseFactorKey(ctx, bytes.Repeat([]byte{9}, FactorKeySize)); err != nil || rep.Sealed != 0 {
		t.Fatalf("sealing twice: %+v %v", rep, err)
	}
}

// The lock's rule: ten wrong answers lock for 15 minutes from the tenth, each further ten for twice as long,
// at most a day.
func TestFactorLockGrowsWithEachTenWrongAnswers(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	fails := func(n int) []time.Time {
		var out []time.Time
		for i := range n {
			out = append(out, t0.Add(time.Duration(i)*time.Second))
		}
		return out
	}
	for _, c := range []struct {
		n    int
		want time.Time
	}{
		{0, time.Time{}},
		{9, time.Time{}},
		{10, t0.Add(9*time.Second + 15*time.Minute)},
		{19, t0.Add(9*time.Second + 15*time.Minute)},
		{20, t0.Add(19*time.Second + 30*time.Minute)},
		{30, t0.Add(29*time.Second + time.Hour)},
		{70, t0.Add(69*time.Second + 16*time.Hour)},
		{80, t0.Add(79*time.Second + 24*time.Hour)},
		{200, t0.Add(199*time.Second + 24*time.Hour)},
	} {
		if got := factorLockUntil(fails(c.n)); !got.Equal(c.want) {
			t.Errorf("%d wrong answers: locked until %v, want %v", c.n, got, c.want)
		}
	}
}
