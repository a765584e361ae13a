package app

import (
	"testing"
	"time"
)

// The replica's banner waits until it has been failing for five minutes (the shop's clock); the URL is shown
// as the server hands it, its password already removed; staff do not see it.
func TestTheReplicaBannerWaitsFiveMinutes(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	if r := s.mustDo("GET", "/api/admin/replica", owner, nil); r.JSON["configured"] != false {
		t.Fatalf("no replica: %s", r.Body)
	}
	since := s.clock.Now()
	// the state as the backup service reports it (backup.Replication.State, tested with a real replica)
	s.app.replica = func() (ReplicaStatus, bool) {
		return ReplicaStatus{URL: "sftp://shop@backup.example/goldshop", LastError: "dial tcp: connection refused",
			LastOKAt: since.Add(-time.Minute), FailingSince: since, Lag: time.Minute}, true
	}
	r := s.mustDo("GET", "/api/admin/replica", owner, nil)
	if r.JSON["ok"] != false || r.JSON["alert"] != false || r.JSON["lag_seconds"] != float64(60) || r.str("last_error") == "" {
		t.Fatalf("failing for a moment: %s", r.Body)
	}
	s.clock.Advance(replicaAlertAfter)
	if r := s.mustDo("GET", "/api/admin/replica", owner, nil); r.JSON["alert"] != true {
		t.Fatalf("failing for five minutes: %s", r.Body)
	}
	if r := s.do("GET", "/api/admin/replica", s.signInStaff("09350000002"), nil); r.Status != 403 {
		t.Fatalf("staff: %d", r.Status)
	}
}
