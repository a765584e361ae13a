package backup

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"net"
	"os"
	"strings"
	"syscall"

	"github.com/pkg/sftp"
	"golang.org/x/crypto/ssh"
)

// What went wrong with the replica, in kinds the owner can act on (issue 36): the admin panel says each in
// Persian words of its own, and the library's text, which names hosts, paths and protocol states, stays in
// the server's log (Litestream logs every failed upload; watchedClient logs each new kind of failure).
const (
	FaultUnreachable = "unreachable" // the host does not answer: refused, timed out, no route, no such name, cut off
	FaultLogin       = "login"       // the host refused the key or the password
	FaultKeyFile     = "key_file"    // the shop's own private key cannot be read, or needs a passphrase
	FaultHostKey     = "host_key"    // the host's key is not the one the shop was given
	FaultFolder      = "folder"      // the replica's folder cannot be written: no permission, read-only, not a folder
	FaultDiskFull    = "disk_full"   // the disk or the quota there is full
	FaultOther       = "other"       // anything else
)

// ReplicaFault is the kind of a failed upload's err ("" for nil): first by the errors' own types and values
// (errors.Is and errors.As through every wrapper), and only where the libraries have none, by their words:
// golang.org/x/crypto/ssh says a refused login and a host key mismatch only in its text, and Litestream's
// SFTP client wraps a key file it cannot read in words of its own.
func ReplicaFault(err error) string {
	if err == nil {
		return ""
	}
	text := err.Error()
	var passphrase *ssh.PassphraseMissingError
	var status *sftp.StatusError
	switch {
	case strings.Contains(text, "ssh: host key mismatch"), strings.Contains(text, "cannot parse sftp host key"):
		return FaultHostKey
	case strings.Contains(text, "ssh: unable to authenticate"):
		return FaultLogin
	case errors.As(err, &passphrase), strings.Contains(text, "sftp key path"):
		return FaultKeyFile
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT),
		errors.As(err, &status) && (status.Code == sshFxNoSpaceOnFilesystem || status.Code == sshFxQuotaExceeded):
		return FaultDiskFull
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS), errors.Is(err, syscall.ENOTDIR),
		errors.Is(err, syscall.EISDIR), errors.Is(err, fs.ErrNotExist):
		return FaultFolder
	case unreachable(err):
		return FaultUnreachable
	}
	return FaultOther
}

// The SFTP status codes of a full disk and a full quota (draft-ietf-secsh-filexfer-13 §9.1), which
// github.com/pkg/sftp reads but does not name.
const (
	sshFxNoSpaceOnFilesystem = 14
	sshFxQuotaExceeded       = 15
)

// unreachable says whether err is the network failing between the shop and the replica's host: a dial that
// fails, a name that does not resolve, a connection that times out or is cut, before or after the login.
func unreachable(err error) bool {
	var op *net.OpError
	var dns *net.DNSError
	var timeout interface{ Timeout() bool }
	switch {
	case errors.As(err, &op), errors.As(err, &dns):
		return true
	case errors.As(err, &timeout) && timeout.Timeout():
		return true
	}
	for _, target := range []error{syscall.ECONNREFUSED, syscall.ECONNRESET, syscall.ECONNABORTED, syscall.EHOSTUNREACH,
		syscall.ENETUNREACH, syscall.ETIMEDOUT, syscall.EPIPE, os.ErrDeadlineExceeded, context.DeadlineExceeded,
		io.EOF, io.ErrUnexpectedEOF, sftp.ErrSSHFxConnectionLost, sftp.ErrSSHFxNoConnection} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}
