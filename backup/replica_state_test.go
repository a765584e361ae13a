package backup

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// waitFor polls cond every 200 ms for up to limit, and fails the test with what when it never holds.
func waitFor(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after %v: %s", limit, what)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// A replica that goes away is seen failing, with the kind of its failure (its folder is no longer a folder;
// the error's text goes to the log only); when it comes back it catches up by itself, and nothing the shop
// committed meanwhile is missing from it.
func TestAReplicaThatGoesAwayIsSeenAndCatchesUp(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	id := s.customer(1)
	folder := filepath.Join(t.TempDir(), "replica")
	r := Replica{URL: "file://" + folder}
	rep := s.replicate(r)
	s.charge(id, 1000)
	waitFor(t, 10*time.Second, "the first charge in the replica", func() bool {
		st := rep.State()
		return st.OK && st.Lag == 0 && restoredRial(t, r, id) == 1000
	})
	if st := rep.State(); st.URL != r.URL || st.LastOKAt.IsZero() || !st.FailingSince.IsZero() {
		t.Fatalf("a working replica: %+v", st)
	}

	// the replica's disk goes away: its folder is no longer a folder
	if err := os.Rename(folder, folder+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(folder, []byte("not a folder"), 0o600); err != nil {
		t.Fatal(err)
	}
	s.charge(id, 2000)
	waitFor(t, 15*time.Second, "the replica seen failing", func() bool {
		st := rep.State()
		return !st.OK && st.LastFault == FaultFolder && !st.FailingSince.IsZero() && st.Lag > 0
	})

	// it comes back: it catches up by itself, with everything committed meanwhile
	if err := os.Remove(folder); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(folder+".away", folder); err != nil {
		t.Fatal(err)
	}
	s.charge(id, 4000)
	waitFor(t, 60*time.Second, "the replica caught up", func() bool {
		st := rep.State()
		return st.OK && st.Lag == 0 && st.FailingSince.IsZero()
	})
	if got := restoredRial(t, r, id); got != 7000 {
		t.Fatalf("the replica after coming back holds %d rial, not 7000", got)
	}
}
