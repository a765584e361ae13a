package cli

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/pem"
	"io"
	"log"
	"net"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/letsencrypt/pebble/v2/ca"
	"github.com/letsencrypt/pebble/v2/db"
	"github.com/letsencrypt/pebble/v2/va"
	"github.com/letsencrypt/pebble/v2/wfe"
	"github.com/miekg/dns"
)

// The shop gets its certificate by itself from a real ACME CA (Let's Encrypt's Pebble, on loopback), proving
// it owns goldshop.localhost over HTTP-01 on its redirect listener, and serves that certificate from its
// cache after a restart when the CA cannot be reached.
func TestHTTPSFromACME(t *testing.T) {
	t.Setenv("PEBBLE_VA_NOSLEEP", "1")      // validate at once, not after a random pause of up to 5 s
	t.Setenv("PEBBLE_WFE_NONCEREJECT", "0") // no deliberately rejected nonces to retry
	t.Setenv("PEBBLE_AUTHZREUSE", "0")      // every order proves control again
	data := t.TempDir()
	addr, httpAddr := freeAddr(t), freeAddr(t)
	httpPort, _ := strconv.Atoi(portOf(httpAddr))
	// tls-alpn-01, which autocert tries first, is sent to a closed port, so only HTTP-01 can prove control.
	closedPort, _ := strconv.Atoi(portOf(freeAddr(t)))
	pebble := startPebble(t, startDNS(t), httpPort, closedPort)
	addTestOwner(t, data)
	args := []string{"--data", data, "--addr", addr, "--http-addr", httpAddr, "--acme-domain", "goldshop.localhost",
		"--acme-email", "owner@goldshop.example", "--acme-ca-roots", pebble.serverRoots}

	logs, stop := serveForTest(t, append(args, "--acme-directory", pebble.directory)...)
	logs.waitFor(t, 60*time.Second, `"msg":"certificate ready","domain":"goldshop.localhost"`)
	c := httpsClient(pebble.issuerRoots)
	base := "https://goldshop.localhost:" + portOf(addr)
	issued := getOK(t, c, base+"/healthz").TLS.PeerCertificates[0]
	if issued.NotAfter.Sub(time.Now()) < 80*24*time.Hour || !strings.Contains(logs.String(), `"msg":"redirecting HTTP to HTTPS","addr":"`+httpAddr+`"`) {
		t.Fatalf("the shop serves a certificate expiring %s", issued.NotAfter)
	}
	assertHTTPSOnly(t, c, base, httpAddr)
	token := loginOwner(t, c, base)
	if v := adminCertificate(t, c, base, token); !v.HTTPS || v.Source != "acme" || v.Domain != "goldshop.localhost" ||
		v.DaysLeft < 80 || v.Warning || v.ExpiresAt != issued.NotAfter.UTC().Format(time.RFC3339) {
		t.Fatalf("admin sees %+v", v)
	}
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"check", "--data", data}, &out, io.Discard); err != nil ||
		!strings.Contains(out.String(), "certificate goldshop.localhost expires "+issued.NotAfter.UTC().Format(time.DateOnly)) ||
		strings.Contains(out.String(), "WARN") {
		t.Fatalf("check: %v\n%s", err, out.String())
	}
	stop()
	pebble.close()

	// The CA is gone (an internet outage): the cached certificate is served all the same.
	logs, _ = serveForTest(t, append(args, "--acme-directory", pebble.directory)...)
	logs.waitFor(t, waitLimit, `"msg":"certificate ready","domain":"goldshop.localhost"`)
	if again := getOK(t, c, base+"/healthz").TLS.PeerCertificates[0]; !again.Equal(issued) {
		t.Fatalf("after a restart the shop serves the certificate expiring %s", again.NotAfter)
	}
}

type testPebble struct {
	directory   string         // the ACME directory URL
	serverRoots string         // PEM file of the root the directory's own HTTPS certificate chains to
	issuerRoots *x509.CertPool // the root the certificates Pebble issues chain to
	close       func()
}

// startPebble runs Pebble in-process, composed as its cmd/pebble/main.go does. Its validation authority asks
// dnsAddr where a domain is and fetches HTTP-01 tokens from httpPort, tls-alpn-01 ones from tlsPort.
func startPebble(t *testing.T, dnsAddr string, httpPort, tlsPort int) testPebble {
	t.Helper()
	logs := &syncLog{}
	logger := log.New(logs, "pebble ", log.Lmicroseconds)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("Pebble's log:\n%s", logs)
		}
	})
	store := db.NewMemoryStore()
	authority := ca.New(logger, store, "", "ecdsa", 0, 1, map[string]ca.Profile{"default": {ValidityPeriod: 90 * 24 * 3600}})
	validator := va.New(logger, httpPort, tlsPort, false, dnsAddr, store)
	front := wfe.New(logger, store, validator, authority, []string{"pebble.letsencrypt.org"}, false, false, 1, 1)
	srv := httptest.NewTLSServer(front.Handler())
	serverRoots := filepath.Join(t.TempDir(), "pebble-server-root.pem")
	writeTestFile(t, serverRoots, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}))
	issuerRoots := x509.NewCertPool()
	issuerRoots.AddCert(authority.GetRootCert(0).Cert)
	var once sync.Once
	closeSrv := func() { once.Do(srv.Close) }
	t.Cleanup(closeSrv)
	return testPebble{directory: srv.URL + "/dir", serverRoots: serverRoots, issuerRoots: issuerRoots, close: closeSrv}
}

// startDNS answers that goldshop.localhost is 127.0.0.1, for Pebble's validation authority (which asks over
// TCP): Go's own resolver knows *.localhost only through the system's NSS, which a cgo-free binary does not use.
func startDNS(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &dns.Server{Listener: ln, Handler: dns.HandlerFunc(func(w dns.ResponseWriter, q *dns.Msg) {
		m := new(dns.Msg)
		m.SetReply(q)
		for _, question := range q.Question {
			if question.Qtype == dns.TypeA && strings.EqualFold(question.Name, "goldshop.localhost.") {
				m.Answer = append(m.Answer, &dns.A{Hdr: dns.RR_Header{Name: question.Name, Rrtype: dns.TypeA, Class: dns.ClassINET, Ttl: 60},
					A: net.IPv4(127, 0, 0, 1)})
			}
		}
		w.WriteMsg(m)
	})}
	go srv.ActivateAndServe()
	t.Cleanup(func() { srv.Shutdown() })
	return ln.Addr().String()
}
