package cli

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The shop as an owner runs it with --tls-cert: HTTPS with HSTS and Secure cookies, a redirect from plain
// HTTP, the admin panel's expiry warning, and a new certificate taken up however it is installed.
func TestHTTPSFromFilesReloadsTheCertificate(t *testing.T) {
	dir, data := t.TempDir(), t.TempDir()
	certPath, keyPath := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	ca := makeTestCert(t, "", time.Now().Add(365*24*time.Hour), nil, nil)
	first := makeTestCert(t, "goldshop.localhost", time.Now().Add(5*24*time.Hour), &ca, nil)
	writeTestFile(t, certPath, first.certPEM)
	writeTestFile(t, keyPath, first.keyPEM)
	addTestOwner(t, data)
	addr, httpAddr := freeAddr(t), freeAddr(t)
	logs, _ := serveForTest(t, "--data", data, "--addr", addr, "--http-addr", httpAddr, "--tls-cert", certPath, "--tls-key", keyPath)
	logs.waitFor(t, 5*time.Second, `"msg":"redirecting HTTP to HTTPS","addr":"`+httpAddr+`"`)

	c := httpsClient(ca.pool())
	base := "https://goldshop.localhost:" + portOf(addr)
	wantServed(t, c, base, first)
	assertHTTPSOnly(t, c, base, httpAddr)
	token := loginOwner(t, c, base)
	if v := adminCertificate(t, c, base, token); !v.HTTPS || v.Source != "files" || v.Domain != "goldshop.localhost" ||
		v.DaysLeft != 4 || !v.Warning || v.ExpiresAt != first.cert.NotAfter.UTC().Format(time.RFC3339) {
		t.Fatalf("admin sees %+v for a certificate expiring in 5 days", v)
	}

	// certbot or an owner writes the files where they are
	second := makeTestCert(t, "goldshop.localhost", time.Now().Add(60*24*time.Hour), &ca, nil)
	writeTestFile(t, certPath, second.certPEM)
	writeTestFile(t, keyPath, second.keyPEM)
	waitServed(t, c, base, second, 10*time.Second)
	if v := adminCertificate(t, c, base, token); v.Warning || v.DaysLeft != 59 {
		t.Fatalf("admin sees %+v for a certificate good for 60 days", v)
	}

	// a deploy tool writes new files beside them and renames them over
	third := makeTestCert(t, "goldshop.localhost", time.Now().Add(60*24*time.Hour), &ca, nil)
	writeTestFile(t, certPath+".new", third.certPEM)
	writeTestFile(t, keyPath+".new", third.keyPEM)
	for _, p := range []string{certPath, keyPath} {
		if err := os.Rename(p+".new", p); err != nil {
			t.Fatal(err)
		}
	}
	waitServed(t, c, base, third, 10*time.Second)

	// a broken file is refused and the certificate in service stays
	fourth := makeTestCert(t, "goldshop.localhost", time.Now().Add(60*24*time.Hour), &ca, third.key)
	writeTestFile(t, certPath, bytes.Repeat([]byte("x"), len(fourth.certPEM)))
	logs.waitFor(t, 10*time.Second, `"msg":"certificate reload failed; still serving the previous certificate","reason":"files changed"`)
	wantServed(t, c, base, third)

	// SIGHUP reloads at once, even a change the polling cannot see: same size, time and file
	broken, err := os.Stat(certPath)
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, certPath, fourth.certPEM)
	if err := os.Chtimes(certPath, broken.ModTime(), broken.ModTime()); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil { // the shop's handler is installed: it is serving
		t.Fatal(err)
	}
	waitServed(t, c, base, fourth, 2*time.Second)
	logs.waitFor(t, time.Second, `"msg":"certificate loaded","reason":"SIGHUP"`)
}

func TestHTTPSSettings(t *testing.T) {
	t.Run("--addr defaults to :443 with HTTPS unless given", func(t *testing.T) {
		t.Setenv("GOLDSHOP_ADDR", "") // restored when the test ends; each case below sets or unsets it
		for _, c := range []struct {
			args []string
			env  string
			want string
		}{
			{[]string{"--tls-cert", "c.pem", "--tls-key", "k.pem"}, "", ":443"},
			{[]string{"--acme-domain", "shop.example"}, "", ":443"},
			{[]string{"--acme-domain", "shop.example", "--addr", ":8443"}, "", ":8443"},
			{[]string{"--acme-domain", "shop.example"}, "127.0.0.1:9443", "127.0.0.1:9443"},
			{nil, "", ":8080"},
		} {
			if c.env != "" {
				os.Setenv("GOLDSHOP_ADDR", c.env)
			} else {
				os.Unsetenv("GOLDSHOP_ADDR")
			}
			cfg, err := serveConfig(c.args, io.Discard)
			if err != nil || cfg.Addr != c.want || cfg.TLS.HTTPAddr != ":80" {
				t.Errorf("%v with GOLDSHOP_ADDR=%q: addr %q, http-addr %q (err %v), want %q", c.args, c.env, cfg.Addr, cfg.TLS.HTTPAddr, err, c.want)
			}
		}
	})
	t.Run("refuses settings that cannot work", func(t *testing.T) {
		for _, args := range [][]string{
			{"--tls-cert", "c.pem"},
			{"--tls-key", "k.pem"},
			{"--tls-cert", "c.pem", "--tls-key", "k.pem", "--acme-domain", "shop.example"},
			{"--acme-domain", "localhost"},
			{"--acme-domain", "shop.example:443"},
			{"--acme-email", "owner@shop.example"},
		} {
			if _, err := serveConfig(args, io.Discard); err == nil {
				t.Errorf("%v accepted", args)
			}
		}
	})
	t.Run("tells the admin panel the shop serves plain HTTP", func(t *testing.T) {
		data, addr := t.TempDir(), freeAddr(t)
		addTestOwner(t, data)
		serveForTest(t, "--data", data, "--addr", addr)
		c, base := &http.Client{Timeout: 10 * time.Second}, "http://"+addr
		if v := adminCertificate(t, c, base, loginOwner(t, c, base)); v != (certificateAnswer{}) {
			t.Fatalf("admin sees %+v", v)
		}
	})
	t.Run("refuses to start without a certificate it can load", func(t *testing.T) {
		dir := t.TempDir()
		writeTestFile(t, filepath.Join(dir, "cert.pem"), []byte("not a certificate"))
		writeTestFile(t, filepath.Join(dir, "key.pem"), []byte("not a key"))
		err := Run(context.Background(), []string{"serve", "--data", t.TempDir(), "--addr", "127.0.0.1:0", "--http-addr", "",
			"--tls-cert", filepath.Join(dir, "cert.pem"), "--tls-key", filepath.Join(dir, "key.pem")}, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "--tls-cert") {
			t.Fatalf("serve with a broken certificate: %v", err)
		}
	})
}

// assertHTTPSOnly checks what makes a browser stay on HTTPS: HSTS for at least 180 days, and a permanent
// redirect from plain HTTP that keeps the path and the query.
func assertHTTPSOnly(t *testing.T, c *http.Client, base, httpAddr string) {
	t.Helper()
	resp := getOK(t, c, base+"/healthz")
	hsts := resp.Header.Get("Strict-Transport-Security")
	age, err := strconv.Atoi(strings.TrimPrefix(hsts, "max-age="))
	if err != nil || age < 180*24*3600 {
		t.Fatalf("Strict-Transport-Security %q", hsts)
	}
	for method, want := range map[string]int{http.MethodGet: http.StatusMovedPermanently, http.MethodPost: http.StatusPermanentRedirect} {
		req, _ := http.NewRequest(method, "http://goldshop.localhost:"+portOf(httpAddr)+"/wallet/history?page=2&q=%D8%B7%D9%84%D8%A7", nil)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if loc := resp.Header.Get("Location"); resp.StatusCode != want || loc != base+"/wallet/history?page=2&q=%D8%B7%D9%84%D8%A7" {
			t.Fatalf("%s over plain HTTP: %d to %q", method, resp.StatusCode, loc)
		}
	}
}

// loginOwner signs the owner in (addTestOwner) through their second factor and checks every cookie set is
// Secure exactly when the shop serves HTTPS; it returns the bearer token.
func loginOwner(t *testing.T, c *http.Client, base string) string {
	t.Helper()
	var cookies []*http.Cookie
	call := func(method, path, token string, body any) (int, map[string]any, error) {
		raw, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, base+path, bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := c.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		cookies = append(cookies, resp.Cookies()...)
		var answer map[string]any
		err = json.NewDecoder(resp.Body).Decode(&answer)
		return resp.StatusCode, answer, err
	}
	status, login, err := call("POST", "/api/auth/login", "", map[string]string{"phone_number": "09120000009", "password": "shop-owner-1"})
	if err != nil || status != 200 {
		t.Fatalf("login: %d %v", status, err)
	}
	token := passSecondFactor(t, call, base+" 09120000009", "shop-owner-1", login)
	if len(cookies) == 0 {
		t.Fatal("signing in set no cookie")
	}
	for _, ck := range cookies {
		if ck.Secure != strings.HasPrefix(base, "https://") {
			t.Fatalf("cookie %s from %s: Secure %v", ck.Name, base, ck.Secure)
		}
	}
	return token
}

type certificateAnswer struct {
	HTTPS     bool   `json:"https"`
	Source    string `json:"source"`
	Domain    string `json:"domain"`
	ExpiresAt string `json:"expires_at"`
	DaysLeft  int    `json:"days_left"`
	Warning   bool   `json:"warning"`
}

func adminCertificate(t *testing.T, c *http.Client, base, token string) certificateAnswer {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/api/admin/certificate", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v certificateAnswer
	if err := json.NewDecoder(resp.Body).Decode(&v); err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /api/admin/certificate: %d %v", resp.StatusCode, err)
	}
	return v
}

func addTestOwner(t *testing.T, data string) {
	t.Helper()
	if err := Run(context.Background(), []string{"admin", "add", "--data", data, "--phone", "09120000009", "--password", "shop-owner-1"},
		io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
}

// httpsClient trusts roots and dials every name at 127.0.0.1, as if goldshop.localhost resolved there. Each
// request makes a new connection, so a new handshake shows a reloaded certificate; redirects are returned.
func httpsClient(roots *x509.CertPool) *http.Client {
	var d net.Dialer
	return &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			TLSClientConfig:   &tls.Config{RootCAs: roots},
			DisableKeepAlives: true,
			DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				return d.DialContext(ctx, network, net.JoinHostPort("127.0.0.1", portOf(addr)))
			},
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

func getOK(t *testing.T, c *http.Client, url string) *http.Response {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d", url, resp.StatusCode)
	}
	return resp
}

func wantServed(t *testing.T, c *http.Client, base string, want testCert) {
	t.Helper()
	if got := getOK(t, c, base+"/healthz").TLS.PeerCertificates[0]; !got.Equal(want.cert) {
		t.Fatalf("the shop serves the certificate expiring %s, want the one expiring %s", got.NotAfter, want.cert.NotAfter)
	}
}

func waitServed(t *testing.T, c *http.Client, base string, want testCert, timeout time.Duration) {
	t.Helper()
	start := time.Now()
	for !getOK(t, c, base+"/healthz").TLS.PeerCertificates[0].Equal(want.cert) {
		if time.Since(start) > timeout {
			t.Fatalf("the new certificate was not served within %s", timeout)
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("new certificate served after %s", time.Since(start).Round(time.Millisecond))
}

// testCert is a certificate and its key, parsed and as PEM.
type testCert struct {
	cert            *x509.Certificate
	key             *ecdsa.PrivateKey
	certPEM, keyPEM []byte
}

func (c testCert) pool() *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(c.cert)
	return p
}

// makeTestCert makes a certificate for name valid until notAfter (a CA when name is ""), signed by signer or, when
// signer is nil, by itself; key is its key, or a new one when nil.
func makeTestCert(t *testing.T, name string, notAfter time.Time, signer *testCert, key *ecdsa.PrivateKey) testCert {
	t.Helper()
	if key == nil {
		var err error
		if key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader); err != nil {
			t.Fatal(err)
		}
	}
	serial, _ := rand.Int(rand.Reader, big.NewInt(1<<62))
	tmpl := &x509.Certificate{SerialNumber: serial, Subject: pkix.Name{CommonName: name}, NotBefore: time.Now().Add(-time.Hour),
		NotAfter: notAfter, KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames: []string{name}}
	if name == "" {
		tmpl.Subject.CommonName, tmpl.DNSNames, tmpl.ExtKeyUsage = "goldshop test CA", nil, nil
		tmpl.IsCA, tmpl.BasicConstraintsValid, tmpl.KeyUsage = true, true, x509.KeyUsageCertSign
	}
	parent, parentKey := tmpl, key
	if signer != nil {
		parent, parentKey = signer.cert, signer.key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return testCert{cert: cert, key: key, certPEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		keyPEM: pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER})}
}

func writeTestFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func portOf(addr string) string {
	_, p, _ := net.SplitHostPort(addr)
	return p
}
