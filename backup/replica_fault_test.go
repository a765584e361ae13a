package backup

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/pkg/sftp"
	"github.com/superfly/ltx"
	"golang.org/x/crypto/ssh"

	"goldshop/backup/sftptest"
)

// A failed upload is named by the kind the owner can act on, from the error's types and values through its
// wrappers, and from the libraries' words only where they have nothing else (issue 36).
func TestAReplicasFailureIsNamedByItsKind(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: &os.SyscallError{Syscall: "connect", Err: syscall.ECONNREFUSED}}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"no failure", nil, ""},
		{"a host refusing the connection", refused, FaultUnreachable},
		{"a host timing out", &net.OpError{Op: "dial", Net: "tcp", Err: os.ErrDeadlineExceeded}, FaultUnreachable},
		{"a name that does not resolve", &net.DNSError{Err: "no such host", Name: "backup.example", IsNotFound: true}, FaultUnreachable},
		{"a host closing the connection at the handshake", fmt.Errorf("ssh: handshake failed: %w", io.EOF), FaultUnreachable},
		{"a connection lost mid-upload", fmt.Errorf("sftp: cannot rename: %w", sftp.ErrSSHFxConnectionLost), FaultUnreachable},
		{"a refused password or key", fmt.Errorf("ssh: handshake failed: %w",
			errors.New("ssh: unable to authenticate, attempted methods [none password], no supported methods remain")), FaultLogin},
		{"another host key", fmt.Errorf("ssh: handshake failed: %w", errors.New("ssh: host key mismatch")), FaultHostKey},
		{"a host key that is no key", fmt.Errorf("cannot parse sftp host key: %w", errors.New("ssh: no key found")), FaultHostKey},
		{"a key file the shop cannot read", fmt.Errorf("sftp: cannot read sftp key path: %w",
			&fs.PathError{Op: "open", Path: "/etc/goldshop/replica_key", Err: syscall.EACCES}), FaultKeyFile},
		{"a key file that needs a passphrase", fmt.Errorf("sftp: cannot parse sftp key path: %w",
			&ssh.PassphraseMissingError{}), FaultKeyFile},
		{"a folder without permission", &fs.PathError{Op: "mkdir", Path: "/srv/replica", Err: syscall.EACCES}, FaultFolder},
		{"an SFTP folder without permission", fmt.Errorf("sftp: cannot open temporary ltx file: %w", os.ErrPermission), FaultFolder},
		{"a read-only disk", &fs.PathError{Op: "open", Path: "/srv/replica/x", Err: syscall.EROFS}, FaultFolder},
		{"a file where the folder should be", &fs.PathError{Op: "mkdir", Path: "/srv/replica", Err: syscall.ENOTDIR}, FaultFolder},
		{"a full disk", &fs.PathError{Op: "write", Path: "/srv/replica/x", Err: syscall.ENOSPC}, FaultDiskFull},
		{"a full quota", &fs.PathError{Op: "write", Path: "/srv/replica/x", Err: syscall.EDQUOT}, FaultDiskFull},
		{"an SFTP host's full disk", fmt.Errorf("sftp: write: %w", &sftp.StatusError{Code: sshFxNoSpaceOnFilesystem}), FaultDiskFull},
		{"an SFTP host's plain failure", &sftp.StatusError{Code: 4}, FaultOther},
		{"anything else", errors.New("extract timestamp from LTX header: invalid LTX file"), FaultOther},
	} {
		if got := ReplicaFault(c.err); got != c.want {
			t.Errorf("%s (%v): %q, want %q", c.name, c.err, got, c.want)
		}
	}
}

// The failures a real SFTP replica gives (golang.org/x/crypto/ssh and github.com/pkg/sftp behind Litestream's
// client) are named as the owner would fix them: a wrong password, another host's key, a closed port, a key
// file that is not there, a file where the folder should be.
func TestARealSFTPReplicasFailuresAreNamed(t *testing.T) {
	t.Parallel()
	srv := sftptest.Start(t, t.TempDir())
	other := sftptest.Start(t, t.TempDir())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	if err := os.WriteFile(filepath.Join(srv.Root, "blocked"), []byte("not a folder"), 0o600); err != nil {
		t.Fatal(err)
	}
	// an upload's first bytes: Litestream's client reads the LTX header before it writes anything
	header, err := (&ltx.Header{Version: ltx.Version, PageSize: 4096, Commit: 1, MinTXID: 1, MaxTXID: 1,
		Timestamp: time.Now().UnixMilli()}).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		r    Replica
		want string
	}{
		{"a wrong password", Replica{URL: fmt.Sprintf("sftp://%s:wrong@%s/shop", srv.User, srv.Addr), HostKey: srv.HostKey}, FaultLogin},
		{"another host's key", Replica{URL: srv.URL("shop"), HostKey: other.HostKey}, FaultHostKey},
		{"a closed port", Replica{URL: fmt.Sprintf("sftp://%s:%s@%s/shop", srv.User, srv.Password, closed), HostKey: srv.HostKey}, FaultUnreachable},
		{"a key file that is not there", Replica{URL: srv.KeyURL("shop"), HostKey: srv.HostKey,
			KeyFile: filepath.Join(t.TempDir(), "no_key")}, FaultKeyFile},
		{"a file where the folder should be", Replica{URL: srv.URL("blocked/replica"), HostKey: srv.HostKey}, FaultFolder},
	} {
		client, err := c.r.client()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, err = client.WriteLTXFile(context.Background(), 0, 1, 1, bytes.NewReader(header))
		if got := ReplicaFault(err); got != c.want {
			t.Errorf("%s: %q (%v), want %q", c.name, got, err, c.want)
		}
	}
}
