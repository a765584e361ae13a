// Command pushservice stands in for the browsers' push services (FCM, Apple's, Mozilla's) in the browser tests,
// where the real ones cannot be reached. It is an HTTP proxy on loopback: a shop started with
// --push-proxy <its address> and SSL_CERT_FILE=<its -ca file> reaches it for every push, over TLS with a
// certificate its own CA signed for the host asked for. It answers each push 201 Created and prints it as one
// JSON line on stdout ({endpoint, headers, body: base64}), for the test to decrypt as the phone would.
//
//	pushservice -ca /tmp/push-ca.pem
//
// Its first line is "listening <proxy address>".
package main

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"os"
	"sync"
	"time"
)

func main() {
	caPath := flag.String("ca", "", "write the CA certificate the shop must trust here (PEM)")
	flag.Parse()
	if *caPath == "" {
		log.Fatal("pushservice: -ca is required")
	}
	ca, err := newCA()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*caPath, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: ca.cert.Raw}), 0o644); err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	out := &printer{w: bufio.NewWriter(os.Stdout)}
	out.line(fmt.Sprintf("listening http://%s", ln.Addr()))
	pushes := &http.Server{Handler: out, ReadHeaderTimeout: 10 * time.Second}
	tunnels := newConnListener(ln.Addr())
	go pushes.Serve(tunnels)
	proxy := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodConnect {
			http.Error(w, "only CONNECT", http.StatusMethodNotAllowed)
			return
		}
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			return
		}
		io.WriteString(conn, "HTTP/1.1 200 Connection established\r\n\r\n")
		host, _, _ := net.SplitHostPort(r.Host)
		tunnels.conns <- tls.Server(conn, &tls.Config{GetCertificate: func(*tls.ClientHelloInfo) (*tls.Certificate, error) {
			return ca.leaf(host)
		}})
	})}
	log.Fatal(proxy.Serve(ln))
}

// printer answers each push and writes it as a line of JSON.
type printer struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func (p *printer) line(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.w.WriteString(s + "\n")
	p.w.Flush()
}

func (p *printer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "unreadable", http.StatusBadRequest)
		return
	}
	headers := map[string]string{}
	for k := range r.Header {
		headers[k] = r.Header.Get(k)
	}
	line, _ := json.Marshal(map[string]any{"endpoint": "https://" + r.Host + r.URL.RequestURI(), "headers": headers, "body": body})
	p.line(string(line))
	w.WriteHeader(http.StatusCreated)
}

// connListener hands the proxy's TLS tunnels to the push server as if they were accepted connections.
type connListener struct {
	addr  net.Addr
	conns chan net.Conn
}

func newConnListener(addr net.Addr) *connListener {
	return &connListener{addr: addr, conns: make(chan net.Conn)}
}

func (l *connListener) Accept() (net.Conn, error) { return <-l.conns, nil }
func (l *connListener) Close() error              { return nil }
func (l *connListener) Addr() net.Addr            { return l.addr }

// authority is a throwaway CA that signs a certificate for each host asked for.
type authority struct {
	key   *ecdsa.PrivateKey
	cert  *x509.Certificate
	mu    sync.Mutex
	leafs map[string]*tls.Certificate
}

func newCA() (*authority, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "goldshop test push CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	return &authority{key: key, cert: cert, leafs: map[string]*tls.Certificate{}}, err
}

func (a *authority) leaf(host string) (*tls.Certificate, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c := a.leafs[host]; c != nil {
		return c, nil
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serial, _ := rand.Int(rand.Reader, big.NewInt(1<<62))
	tmpl := &x509.Certificate{SerialNumber: serial, Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, a.cert, &key.PublicKey, a.key)
	if err != nil {
		return nil, err
	}
	c := &tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	a.leafs[host] = c
	return c, nil
}
