package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// The per-address limit on codes is hit in the code's own transaction: a code sent counts once, a full
// bucket refuses the code, and a code refused for another reason (too soon) counts nothing.
func TestCodeRequestsAreCountedWithTheCodeItself(t *testing.T) {
	s, _ := openTest(t)
	ctx, now := context.Background(), time.Now()
	lim := CodeLimits{Lifetime: 2 * time.Minute, ResendAfter: time.Minute, DailyCap: 10, MaxWrongTries: 5,
		Hits: []Limit{{Bucket: "code-ip:1.2.3.4", Max: 2, Window: 10 * time.Minute}}}
	hits := func() (n int) {
		s.read.QueryRow(`SELECT COUNT(*) FROM rate_hits WHERE bucket = 'code-ip:1.2.3.4'`).Scan(&n)
		return n
	}
	codes := func(phone string) (n int) {
		s.read.QueryRow(`SELECT COUNT(*) FROM verification_codes WHERE phone_number = ?`, phone).Scan(&n)
		return n
	}
	if _, err := s.IssueCode(ctx, "09120000001", PurposeAuth, "", []byte("a"), lim, now); err != nil || hits() != 1 {
		t.Fatalf("first code: %v, %d hits", err, hits())
	}
	if _, err := s.IssueCode(ctx, "09120000001", PurposeAuth, "", []byte("b"), lim, now); !errors.Is(err, ErrCodeTooSoon) || hits() != 1 {
		t.Fatalf("too soon: %v, %d hits", err, hits())
	}
	if _, err := s.IssueCode(ctx, "09120000002", PurposeAuth, "", []byte("c"), lim, now); err != nil || hits() != 2 {
		t.Fatalf("second phone: %v, %d hits", err, hits())
	}
	if _, err := s.IssueCode(ctx, "09120000003", PurposeAuth, "", []byte("d"), lim, now); !errors.Is(err, ErrRateLimited) ||
		hits() != 2 || codes("09120000003") != 0 {
		t.Fatalf("full bucket: %v, %d hits, %d codes", err, hits(), codes("09120000003"))
	}
}
