package cli

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"

	"goldshop/app"
)

// tlsConfig is where the shop's HTTPS certificate comes from: files (--tls-cert, --tls-key) or an ACME CA
// (--acme-domain). With neither the shop serves plain HTTP, as it does behind a reverse proxy.
type tlsConfig struct {
	CertFile      string
	KeyFile       string
	ACMEDomain    string
	ACMEEmail     string
	ACMEDirectory string
	ACMECARoots   string
	HTTPAddr      string
}

func addTLSFlags(fs *flag.FlagSet, c *tlsConfig) {
	fs.StringVar(&c.CertFile, "tls-cert", "", "serve HTTPS with this certificate file (PEM, chain included); reloaded when it changes and on SIGHUP")
	fs.StringVar(&c.KeyFile, "tls-key", "", "private key file of --tls-cert (PEM)")
	fs.StringVar(&c.ACMEDomain, "acme-domain", "", "serve HTTPS with a certificate for this domain, obtained and renewed from an ACME CA")
	fs.StringVar(&c.ACMEEmail, "acme-email", "", "with --acme-domain: contact address given to the ACME CA")
	fs.StringVar(&c.ACMEDirectory, "acme-directory", acme.LetsEncryptURL, "with --acme-domain: directory URL of the ACME CA")
	fs.StringVar(&c.ACMECARoots, "acme-ca-roots", "", "with --acme-domain: PEM file of extra root certificates to trust when talking to the ACME CA (a private CA)")
	fs.StringVar(&c.HTTPAddr, "http-addr", ":80", "with HTTPS: plain-HTTP address that redirects to HTTPS and answers ACME challenges (off when empty)")
}

// contact is the operator's address as the HTTPS flags give it (the ACME e-mail, else the shop's domain), for
// push services to write to; "" when none is given.
func (c tlsConfig) contact() string {
	switch {
	case c.ACMEEmail != "":
		return "mailto:" + c.ACMEEmail
	case c.ACMEDomain != "":
		return "https://" + c.ACMEDomain
	}
	return ""
}

// on tells whether the shop terminates TLS itself.
func (c tlsConfig) on() bool { return c.CertFile != "" || c.KeyFile != "" || c.ACMEDomain != "" }

func (c tlsConfig) validate() error {
	files := c.CertFile != "" || c.KeyFile != ""
	switch {
	case files && c.ACMEDomain != "":
		return errors.New("use either --tls-cert and --tls-key or --acme-domain, not both")
	case files && (c.CertFile == "" || c.KeyFile == ""):
		return errors.New("--tls-cert and --tls-key go together")
	case c.ACMEDomain == "" && (c.ACMEEmail != "" || c.ACMECARoots != ""):
		return errors.New("--acme-email and --acme-ca-roots need --acme-domain")
	case c.ACMEDomain != "" && (!strings.Contains(strings.Trim(c.ACMEDomain, "."), ".") || strings.ContainsAny(c.ACMEDomain, ":/ ")):
		return fmt.Errorf("--acme-domain %q must be a full domain name such as shop.example, without a port", c.ACMEDomain)
	}
	return nil
}

// acmeCacheDir is where autocert keeps the ACME account key and the certificates: in the data folder, so a
// backup carries them and a restart serves the certificate without reaching the CA.
func acmeCacheDir(data string) string { return filepath.Join(data, "acme") }

// certificates serves the shop over plain HTTP, or over HTTPS with a redirect from plain HTTP, and reports
// the certificate it serves.
type certificates struct {
	cfg      tlsConfig
	cacheDir string
	log      *slog.Logger
	ready    chan struct{}
	files    *certFiles        // with --tls-cert; nil otherwise
	acme     *autocert.Manager // with --acme-domain; nil otherwise
	redirect *http.Server      // the plain-HTTP listener beside HTTPS; nil when there is none
}

func newCertificates(ctx context.Context, cfg config, log *slog.Logger) (*certificates, error) {
	if err := cfg.TLS.validate(); err != nil {
		return nil, err
	}
	c := &certificates{cfg: cfg.TLS, cacheDir: acmeCacheDir(cfg.Data), log: log, ready: make(chan struct{})}
	switch {
	case cfg.TLS.CertFile != "":
		c.files = &certFiles{certFile: cfg.TLS.CertFile, keyFile: cfg.TLS.KeyFile, log: log}
		if err := c.files.load("start"); err != nil {
			return nil, err // no certificate at all: refuse to start rather than fail every handshake
		}
		// The handler is in place before serve starts, so a SIGHUP from then on reloads instead of killing.
		hup := make(chan os.Signal, 1)
		signal.Notify(hup, syscall.SIGHUP)
		go c.files.watch(ctx, hup, time.Second)
	case cfg.TLS.ACMEDomain != "":
		m, err := newACMEManager(cfg.TLS, c.cacheDir)
		if err != nil {
			return nil, err
		}
		c.acme = m
	}
	return c, nil
}

func newACMEManager(c tlsConfig, cacheDir string) (*autocert.Manager, error) {
	client := &acme.Client{DirectoryURL: c.ACMEDirectory}
	if c.ACMECARoots != "" {
		roots, err := x509.SystemCertPool()
		if err != nil {
			roots = x509.NewCertPool()
		}
		pem, err := os.ReadFile(c.ACMECARoots)
		if err != nil {
			return nil, fmt.Errorf("--acme-ca-roots: %w", err)
		}
		if !roots.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--acme-ca-roots %s holds no PEM certificate", c.ACMECARoots)
		}
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{RootCAs: roots}
		client.HTTPClient = &http.Client{Transport: tr}
	}
	only := autocert.HostWhitelist(c.ACMEDomain)
	return &autocert.Manager{
		Prompt: autocert.AcceptTOS,
		Cache:  autocert.DirCache(cacheDir),
		Email:  c.ACMEEmail,
		Client: client,
		// autocert's HTTP-01 handler checks the Host header as sent, which carries a port when the HTTP
		// listener is not on 80.
		HostPolicy: func(ctx context.Context, host string) error {
			return only(ctx, (&url.URL{Host: host}).Hostname())
		},
	}, nil
}

// enabled tells whether the shop serves HTTPS itself.
func (c *certificates) enabled() bool { return c.files != nil || c.acme != nil }

// status is the certificate the shop serves, for the admin panel; false when it serves plain HTTP.
func (c *certificates) status() (app.CertificateStatus, bool) {
	switch {
	case c.files != nil:
		leaf := c.files.cur.Load().Leaf
		return app.CertificateStatus{Source: "files", Domain: certificateName(leaf), NotAfter: leaf.NotAfter}, true
	case c.acme != nil:
		// autocert keeps the certificate it serves (and renews) in its cache; a missing one reads as none yet.
		s := app.CertificateStatus{Source: "acme", Domain: c.cfg.ACMEDomain}
		if leaf, err := readLeaf(filepath.Join(c.cacheDir, c.cfg.ACMEDomain)); err == nil {
			s.NotAfter = leaf.NotAfter
		}
		return s, true
	}
	return app.CertificateStatus{}, false
}

// listening is closed once every listener is bound.
func (c *certificates) listening() <-chan struct{} { return c.ready }

// serve binds --addr (and --http-addr with HTTPS) and serves srv until it is shut down.
func (c *certificates) serve(ctx context.Context, cfg config, srv *http.Server) error {
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	if !c.enabled() {
		c.log.Info("goldshop is serving", slog.String("addr", ln.Addr().String()), slog.String("data", cfg.Data))
		close(c.ready)
		return srv.Serve(ln)
	}
	srv.TLSConfig = c.tlsConfig()
	errc := make(chan error, 2)
	if c.cfg.HTTPAddr != "" {
		hln, err := net.Listen("tcp", c.cfg.HTTPAddr)
		if err != nil {
			ln.Close()
			return err
		}
		_, httpsPort, _ := net.SplitHostPort(ln.Addr().String())
		var h http.Handler = c.redirectHandler(httpsPort)
		if c.acme != nil {
			h = c.acme.HTTPHandler(h) // answers the CA's HTTP-01 challenges, redirects the rest
		}
		c.redirect = &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute}
		c.log.Info("redirecting HTTP to HTTPS", slog.String("addr", hln.Addr().String()))
		go func() { errc <- c.redirect.Serve(hln) }()
	}
	c.log.Info("goldshop is serving", slog.String("addr", ln.Addr().String()), slog.String("data", cfg.Data),
		slog.String("certificate", c.source()))
	close(c.ready)
	if c.acme != nil {
		go c.obtain()
	}
	go func() { errc <- srv.ServeTLS(ln, "", "") }()
	return <-errc
}

// source names where the certificate comes from, for the log.
func (c *certificates) source() string {
	if c.files != nil {
		return "files"
	}
	return "acme"
}

func (c *certificates) tlsConfig() *tls.Config {
	if c.acme != nil {
		t := c.acme.TLSConfig() // also offers the tls-alpn-01 challenge protocol on the HTTPS port
		t.MinVersion = tls.VersionTLS12
		return t
	}
	return &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: c.files.get}
}

// redirectHandler sends a plain-HTTP request to the same path and query over HTTPS, permanently: 301 for GET
// and HEAD, 308 for the rest so a form's method and body survive. With ACME it always names the domain, the
// only name the certificate covers.
func (c *certificates) redirectHandler(httpsPort string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := c.cfg.ACMEDomain
		if host == "" {
			host = (&url.URL{Host: r.Host}).Hostname()
		}
		if httpsPort != "443" {
			host = net.JoinHostPort(host, httpsPort)
		} else if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
		code := http.StatusPermanentRedirect
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			code = http.StatusMovedPermanently
		}
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), code)
	})
}

// obtain loads the certificate from the cache, or asks the CA for one, at start rather than at the first
// visitor's handshake: no visitor waits for the CA, and autocert's renewal timer starts now.
func (c *certificates) obtain() {
	// An ECDSA-capable hello, so autocert picks the ECDSA certificate, the one browsers get.
	hello := &tls.ClientHelloInfo{ServerName: c.cfg.ACMEDomain, CipherSuites: []uint16{tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256}}
	cert, err := c.acme.GetCertificate(hello)
	if err != nil {
		c.log.Error("no certificate from the ACME CA yet; each new connection tries again",
			slog.String("domain", c.cfg.ACMEDomain), slog.String("directory", c.cfg.ACMEDirectory), slog.String("error", err.Error()))
		return
	}
	c.log.Info("certificate ready", slog.String("domain", c.cfg.ACMEDomain), slog.Time("expires", cert.Leaf.NotAfter))
}

func (c *certificates) shutdown(ctx context.Context, srv *http.Server) error {
	var redirectErr error
	if c.redirect != nil {
		redirectErr = c.redirect.Shutdown(ctx)
	}
	return errors.Join(srv.Shutdown(ctx), redirectErr)
}

// certFiles is a certificate pair on disk served from memory. It is reloaded when the files change (a renewal
// by certbot or by hand, written in place or renamed over) and on SIGHUP; a pair that fails to load leaves the
// previous one in service.
type certFiles struct {
	certFile, keyFile string
	log               *slog.Logger
	cur               atomic.Pointer[tls.Certificate]
}

func (f *certFiles) get(*tls.ClientHelloInfo) (*tls.Certificate, error) { return f.cur.Load(), nil }

func (f *certFiles) load(reason string) error {
	pair, err := tls.LoadX509KeyPair(f.certFile, f.keyFile) // fills pair.Leaf
	if err != nil {
		return fmt.Errorf("loading --tls-cert %s with --tls-key %s: %w", f.certFile, f.keyFile, err)
	}
	f.cur.Store(&pair)
	log := f.log.With(slog.String("reason", reason), slog.String("domain", certificateName(pair.Leaf)),
		slog.Time("expires", pair.Leaf.NotAfter))
	if days := (app.CertificateStatus{NotAfter: pair.Leaf.NotAfter}).DaysLeft(time.Now()); days <= app.CertificateWarnDays {
		log.Warn("certificate loaded, but it expires soon: install a renewed one", slog.Int("days_left", days))
	} else {
		log.Info("certificate loaded")
	}
	return nil
}

// watch reloads the pair at once on SIGHUP, and when either file's size, time or identity (a rename over it)
// has changed and then held still for one poll, so a file caught half-written is not loaded.
func (f *certFiles) watch(ctx context.Context, hup chan os.Signal, every time.Duration) {
	defer signal.Stop(hup)
	t := time.NewTicker(every)
	defer t.Stop()
	loaded := f.stat()
	seen := loaded
	for {
		select {
		case <-ctx.Done():
			return
		case <-hup:
			loaded = f.stat()
			seen = loaded
			f.reload("SIGHUP")
		case <-t.C:
			now := f.stat()
			switch {
			case !now.same(seen):
				seen = now // still being written, perhaps: wait for it to hold still
			case !now.same(loaded):
				loaded = now
				f.reload("files changed")
			}
		}
	}
}

func (f *certFiles) reload(reason string) {
	if err := f.load(reason); err != nil {
		f.log.Error("certificate reload failed; still serving the previous certificate", slog.String("reason", reason),
			slog.String("error", err.Error()))
	}
}

// fileStamps are the certificate's and the key's file information; nil for a file that is missing.
type fileStamps [2]os.FileInfo

func (f *certFiles) stat() fileStamps {
	var s fileStamps
	for i, name := range []string{f.certFile, f.keyFile} {
		if fi, err := os.Stat(name); err == nil {
			s[i] = fi
		}
	}
	return s
}

func (s fileStamps) same(o fileStamps) bool {
	for i := range s {
		a, b := s[i], o[i]
		if a == nil || b == nil {
			if a != b {
				return false
			}
			continue
		}
		if !os.SameFile(a, b) || a.Size() != b.Size() || !a.ModTime().Equal(b.ModTime()) {
			return false
		}
	}
	return true
}
