package app

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode"

	"goldshop/backup"
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
		return ReplicaStatus{URL: "sftp://shop@backup.example/goldshop", LastFault: backup.FaultUnreachable,
			LastOKAt: since.Add(-time.Minute), FailingSince: since, Lag: time.Minute}, true
	}
	r := s.mustDo("GET", "/api/admin/replica", owner, nil)
	if r.JSON["ok"] != false || r.JSON["alert"] != false || r.JSON["lag_seconds"] != float64(60) || r.str("last_error") != msgReplicaUnreachable {
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

// The replica's last failure reaches the owner as words they can act on, one for each kind the backup service
// names, and never as the library's text: not the error's, and not a text the server were handed in its
// place (issue 36).
func TestTheReplicasFailureIsSaidInTheOwnersWords(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	var fault string
	s.app.replica = func() (ReplicaStatus, bool) {
		return ReplicaStatus{URL: "sftp://shop@backup.example/goldshop", LastFault: fault, FailingSince: s.clock.Now()}, true
	}
	seen := map[string]bool{}
	for _, c := range []struct {
		err  error
		want string
	}{
		{&net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 0, 0, 5), Port: 22},
			Err: &os.SyscallError{Syscall: "connect", Err: syscall.ECONNREFUSED}}, msgReplicaUnreachable},
		{fmt.Errorf("ssh: handshake failed: %w", errors.New("ssh: unable to authenticate, attempted methods [none publickey], no supported methods remain")), msgReplicaLogin},
		{fmt.Errorf("sftp: cannot read sftp key path: %w", &fs.PathError{Op: "open", Path: "/etc/goldshop/replica_key", Err: syscall.ENOENT}), msgReplicaKeyFile},
		{fmt.Errorf("ssh: handshake failed: %w", errors.New("ssh: host key mismatch")), msgReplicaHostKey},
		{fmt.Errorf("sftp: cannot make parent snapshot directory %q: %w", "goldshop/ltx/0", os.ErrPermission), msgReplicaFolder},
		{&fs.PathError{Op: "write", Path: "/srv/replica/goldshop/ltx/0/0001.ltx", Err: syscall.ENOSPC}, msgReplicaDiskFull},
		{errors.New("extract timestamp from LTX header: invalid LTX file"), msgReplicaOther},
	} {
		fault = backup.ReplicaFault(c.err)
		r := s.mustDo("GET", "/api/admin/replica", owner, nil)
		if r.str("last_error") != c.want {
			t.Errorf("%v: %q, want %q", c.err, r.str("last_error"), c.want)
		}
		for _, raw := range []string{c.err.Error(), "ssh:", "sftp: cannot", "10.0.0.5", "/srv/replica", "replica_key", fault} {
			if strings.Contains(r.Body, raw) {
				t.Errorf("%v: the answer carries %q: %s", c.err, raw, r.Body)
			}
		}
		if strings.ContainsFunc(c.want, func(r rune) bool { return r < 128 && unicode.IsLetter(r) }) {
			t.Errorf("%q: the owner's words carry Latin letters (the banner would not show them)", c.want)
		}
		seen[c.want] = true
	}
	if len(seen) != 7 {
		t.Fatalf("each kind has words of its own: %v", seen)
	}
	// a text handed over in a kind's place is not said as it came
	fault = "dial tcp 10.0.0.5:22: connect: connection refused"
	if r := s.mustDo("GET", "/api/admin/replica", owner, nil); r.str("last_error") != msgReplicaOther || strings.Contains(r.Body, "10.0.0.5") {
		t.Fatalf("a raw text in the kind's place: %s", r.Body)
	}
	fault = ""
	if r := s.mustDo("GET", "/api/admin/replica", owner, nil); r.str("last_error") != "" {
		t.Fatalf("no failure yet: %s", r.Body)
	}
}
