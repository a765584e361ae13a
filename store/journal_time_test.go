package store

import (
	"context"
	"testing"
	"time"
)

// A journal's time is at least its predecessor's, whatever time its caller passes: a clock stepped back (or a
// restart on a machine whose clock is behind) must not put a posting before the one it followed.
func TestJournalTimesNeverGoBackwards(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	now := time.Now()
	for i, at := range []time.Time{now, now.Add(-time.Hour), now.Add(time.Second), now.Add(-24 * time.Hour)} {
		if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetRial, Amount: int64(1000 + i)}, at); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := s.ReadDB().Query(`SELECT created_at FROM journals ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var times []int64
	for rows.Next() {
		var at int64
		if err := rows.Scan(&at); err != nil {
			t.Fatal(err)
		}
		times = append(times, at)
	}
	want := []int64{now.UnixMilli(), now.UnixMilli(), now.Add(time.Second).UnixMilli(), now.Add(time.Second).UnixMilli()}
	if len(times) != len(want) {
		t.Fatalf("journals %v", times)
	}
	for i := range want {
		if times[i] != want[i] {
			t.Fatalf("journal times %v, want %v", times, want)
		}
	}
}
