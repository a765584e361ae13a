// Package sftptest runs a real SSH server with the SFTP subsystem on a loopback port, serving one folder,
// for tests of replication to sftp:// replicas. It is the SFTP server of github.com/pkg/sftp behind the SSH
// server of golang.org/x/crypto/ssh, with password login and a fresh ed25519 host key.
package sftptest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pkg/sftp"
	"golang.org/x/crypto/ssh"
)

// Server is an SFTP server on 127.0.0.1.
type Server struct {
	Addr     string // host:port
	User     string
	Password string
	HostKey  string // the host's public key as a known_hosts line: "ssh-ed25519 AAAA…"
	KeyFile  string // a private key (OpenSSH PEM) that logs User in without the password
	Root     string // the folder relative paths are served from

	ln      net.Listener
	wg      sync.WaitGroup
	mu      sync.Mutex
	conns   map[net.Conn]struct{}
	logins  int
	stopped bool
}

// Start serves root until the test ends.
func Start(t testing.TB, root string) *Server {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	userPub, userPriv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	userKey, err := ssh.NewPublicKey(userPub)
	if err != nil {
		t.Fatal(err)
	}
	pemBlock, err := ssh.MarshalPrivateKey(userPriv, "")
	if err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(t.TempDir(), "replica_key")
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(pemBlock), 0o600); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Addr: ln.Addr().String(), User: "replica", Password: "replica-pass-1", Root: root, ln: ln, KeyFile: keyFile,
		HostKey: strings.TrimSpace(string(ssh.MarshalAuthorizedKey(signer.PublicKey()))), conns: map[net.Conn]struct{}{}}
	cfg := &ssh.ServerConfig{PasswordCallback: func(c ssh.ConnMetadata, pass []byte) (*ssh.Permissions, error) {
		if c.User() == s.User && string(pass) == s.Password {
			s.mu.Lock()
			s.logins++
			s.mu.Unlock()
			return nil, nil
		}
		return nil, errors.New("wrong password")
	}, PublicKeyCallback: func(c ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {
		if c.User() == s.User && bytes.Equal(key.Marshal(), userKey.Marshal()) {
			s.mu.Lock()
			s.logins++
			s.mu.Unlock()
			return nil, nil
		}
		return nil, errors.New("unknown key")
	}}
	cfg.AddHostKey(signer)
	s.wg.Add(1)
	go s.accept(cfg)
	t.Cleanup(s.Close)
	return s
}

// URL is an sftp:// replica URL with the login in it, for the folder dir under Root.
func (s *Server) URL(dir string) string {
	return fmt.Sprintf("sftp://%s:%s@%s/%s", s.User, s.Password, s.Addr, dir)
}

// KeyURL is an sftp:// replica URL without a password, for logging in with KeyFile.
func (s *Server) KeyURL(dir string) string {
	return fmt.Sprintf("sftp://%s@%s/%s", s.User, s.Addr, dir)
}

// Logins counts the successful logins so far.
func (s *Server) Logins() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.logins
}

// Close stops accepting, drops every connection and waits for them.
func (s *Server) Close() {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return
	}
	s.stopped = true
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.ln.Close()
	s.wg.Wait()
}

func (s *Server) accept(cfg *ssh.ServerConfig) {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		if s.stopped {
			s.mu.Unlock()
			c.Close()
			return
		}
		s.conns[c] = struct{}{}
		s.mu.Unlock()
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.serve(c, cfg)
			s.mu.Lock()
			delete(s.conns, c)
			s.mu.Unlock()
		}()
	}
}

func (s *Server) serve(c net.Conn, cfg *ssh.ServerConfig) {
	defer c.Close()
	conn, chans, reqs, err := ssh.NewServerConn(c, cfg)
	if err != nil {
		return
	}
	defer conn.Close()
	go ssh.DiscardRequests(reqs)
	var wg sync.WaitGroup
	defer wg.Wait()
	for nc := range chans {
		if nc.ChannelType() != "session" {
			_ = nc.Reject(ssh.UnknownChannelType, "session channels only")
			continue
		}
		ch, requests, err := nc.Accept()
		if err != nil {
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer ch.Close()
			for req := range requests {
				ok := req.Type == "subsystem" && len(req.Payload) > 4 && string(req.Payload[4:]) == "sftp"
				_ = req.Reply(ok, nil)
				if !ok {
					continue
				}
				srv, err := sftp.NewServer(ch, sftp.WithServerWorkingDirectory(s.Root))
				if err != nil {
					return
				}
				_ = srv.Serve()
				srv.Close()
				return
			}
		}()
	}
}
