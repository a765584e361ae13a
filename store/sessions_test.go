package store

import (
	"testing"
	"time"
)

func TestSessionSavesSkipOnlyAnExpiryMovedLessThanTheSlack(t *testing.T) {
	s, _ := openTest(t)
	ss := s.SessionStore()
	start := time.Now().Add(7 * 24 * time.Hour).Truncate(time.Second)
	stored := func() (string, time.Time) {
		var data string
		var expiry float64
		if err := s.read.QueryRow(`SELECT data, expiry FROM sessions WHERE token = 'tok'`).Scan(&data, &expiry); err != nil {
			t.Fatal(err)
		}
		// julian day to Unix time
		return data, time.Unix(0, int64((expiry-2440587.5)*86400*float64(time.Second))).Round(time.Second)
	}
	steps := []struct {
		data       string
		expiry     time.Time
		wantData   string
		wantExpiry time.Time
	}{
		{"a", start, "a", start},
		{"a", start.Add(time.Minute), "a", start},                                              // only the expiry, by less than the slack
		{"a", start.Add(2 * time.Hour), "a", start.Add(2 * time.Hour)},                         // the expiry, by more
		{"b", start.Add(2*time.Hour + time.Minute), "b", start.Add(2*time.Hour + time.Minute)}, // the data
	}
	for i, st := range steps {
		if err := ss.Commit("tok", []byte(st.data), st.expiry); err != nil {
			t.Fatal(err)
		}
		data, expiry := stored()
		if data != st.wantData || !expiry.Equal(st.wantExpiry) {
			t.Fatalf("step %d: stored %q until %v, want %q until %v", i, data, expiry, st.wantData, st.wantExpiry)
		}
	}
	if _, found, _ := ss.Find("tok"); !found {
		t.Fatal("a live session was not found")
	}
	if err := ss.Delete("tok"); err != nil {
		t.Fatal(err)
	}
	if _, found, _ := ss.Find("tok"); found {
		t.Fatal("a deleted session was found")
	}
	// saved again after a delete, even with the same data
	if err := ss.Commit("tok", []byte("b"), start); err != nil {
		t.Fatal(err)
	}
	if _, found, _ := ss.Find("tok"); !found {
		t.Fatal("a session saved again after its delete was not found")
	}
}
