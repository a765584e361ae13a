package cli

import (
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"goldshop/app"
	"goldshop/store"
)

// check proves the ledger balances (every invariant of store.CheckInvariants over the whole database, recorded
// as the server's own scheduled check is) and
// says when the HTTPS certificate expires.
func check(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("check", stderr, &cfg, false)
	fs.StringVar(&cfg.TLS.CertFile, "tls-cert", "", "certificate file the shop serves (default: the certificates in the data folder's ACME cache)")
	fs.StringVar(&cfg.TLS.ACMEDomain, "acme-domain", "", "domain of the ACME certificate to check (default: every one in the cache)")
	if err := parseWithEnv(fs, args); err != nil {
		return err
	}
	st, err := openStore(ctx, cfg.Data)
	if err != nil {
		return err
	}
	defer st.Close()
	// Recorded: a green check is the next start's starting point, a red one keeps the shop from starting.
	rep, err := st.VerifyLedger(ctx, time.Now())
	if err != nil {
		return fmt.Errorf("the ledger does not balance:\n%w", err)
	}
	fmt.Fprintf(stdout, "ledger balances: %d journals, %d postings, %d accounts\n", rep.Journals, rep.Postings, rep.Accounts)
	reportStorage(stdout, cfg)
	reportFactorKey(ctx, stdout, cfg, st)
	return reportCertificates(stdout, cfg, time.Now())
}

// reportStorage prints the room left on the data folder's file system and the backup folder's, on a line
// starting "WARN storage" when it is low (under 10 % or 500 MB): not a failure, but the owner must make room
// before writes are refused.
func reportStorage(w io.Writer, cfg config) {
	for _, f := range []struct{ name, dir string }{{"data", cfg.Data}, {"backups", backupDirOf(cfg)}} {
		free, total, low, ok := app.FolderRoom(f.dir)
		if !ok {
			continue // a backup folder not made yet
		}
		line := fmt.Sprintf("storage %s (%s): %d MB free of %d MB", f.name, f.dir, free>>20, total>>20)
		if low {
			line = "WARN " + line + "; make room: delete old backups or grow the disk"
		}
		fmt.Fprintln(w, line)
	}
}

// reportFactorKey prints, on a line starting "WARN second factors", how many people's second factors are
// sealed under a key other than the key file's (a restore without it): they cannot sign in until their factor
// is reset. Without a key file nothing is said: check makes none.
func reportFactorKey(ctx context.Context, w io.Writer, cfg config, st *store.Store) {
	path, err := keyFileOf(cfg)
	if err != nil {
		return
	}
	var key []byte
	if v, ok := os.LookupEnv(factorKeyEnv); ok {
		key, err = parseFactorKey(v)
	} else if raw, rerr := os.ReadFile(path); rerr == nil {
		key, err = parseFactorKey(string(raw))
	} else {
		return
	}
	if err != nil {
		fmt.Fprintf(w, "WARN second factors: the key (%s) is not a key: %v\n", path, err)
		return
	}
	if n, err := st.FactorsSealedElsewhere(ctx, key); err == nil && n > 0 {
		fmt.Fprintf(w, "WARN second factors: %d people's are sealed under another key (restored without its key file); "+
			"reset each with goldshop admin reset-2fa --phone …\n", n)
	}
}

// reportCertificates prints when each certificate on disk expires, on a line starting "WARN certificate" when
// that is within app.CertificateWarnDays. A warning is not a failure (the exit code stays 0): the shop still
// works, but renewal may have stopped (an internet outage can cut it off from its ACME CA for weeks) and the
// owner must be told in time.
func reportCertificates(w io.Writer, cfg config, now time.Time) error {
	certs, err := certificatesOnDisk(cfg)
	if err != nil {
		return err
	}
	for _, s := range certs {
		fmt.Fprintln(w, certificateLine(s, now))
	}
	return nil
}

// certificatesOnDisk reads --tls-cert, or else the ACME cache: the certificate of --acme-domain, or every one
// there. None for a shop on plain HTTP.
func certificatesOnDisk(cfg config) ([]app.CertificateStatus, error) {
	if cfg.TLS.CertFile != "" {
		leaf, err := readLeaf(cfg.TLS.CertFile)
		if err != nil {
			return nil, fmt.Errorf("--tls-cert: %w", err)
		}
		return []app.CertificateStatus{{Source: "files", Domain: certificateName(leaf), NotAfter: leaf.NotAfter}}, nil
	}
	dir := acmeCacheDir(cfg.Data)
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	var out []app.CertificateStatus
	for _, e := range entries {
		if !cachedCertificate(e.Name(), cfg.TLS.ACMEDomain) {
			continue
		}
		leaf, err := readLeaf(filepath.Join(dir, e.Name()))
		if err != nil {
			continue // not a certificate, or one being written
		}
		out = append(out, app.CertificateStatus{Source: "acme", Domain: strings.TrimSuffix(e.Name(), "+rsa"), NotAfter: leaf.NotAfter})
	}
	if len(out) == 0 && cfg.TLS.ACMEDomain != "" {
		out = append(out, app.CertificateStatus{Source: "acme", Domain: cfg.TLS.ACMEDomain}) // none obtained yet
	}
	return out, nil
}

// cachedCertificate tells whether an entry of autocert's cache is a certificate (of domain, when given).
// autocert names one by its domain, with "+rsa" for the RSA one; its other entries are the account key
// ("acme_account+key") and challenge tokens ("…+token", "…+http-01").
func cachedCertificate(name, domain string) bool {
	if domain != "" {
		return name == domain || name == domain+"+rsa"
	}
	return !strings.Contains(name, "+") || strings.HasSuffix(name, "+rsa")
}

func certificateLine(s app.CertificateStatus, now time.Time) string {
	if s.NotAfter.IsZero() {
		return fmt.Sprintf("WARN certificate %s: none in the ACME cache yet; check that the shop can reach its ACME CA", s.Domain)
	}
	date, days := s.NotAfter.UTC().Format(time.DateOnly), s.DaysLeft(now)
	line := fmt.Sprintf("certificate %s expires %s (%d days left)", s.Domain, date, days)
	if days < 0 {
		line = fmt.Sprintf("certificate %s expired %s (%d days ago)", s.Domain, date, -days)
	}
	if !s.Expiring(now) {
		return line
	}
	if s.Source == "acme" {
		return "WARN " + line + ": renewal has not succeeded; check that the shop can reach its ACME CA"
	}
	return "WARN " + line + ": install a renewed certificate"
}

// readLeaf returns the first certificate of a PEM file: the leaf, in a chain file as in autocert's cache entry
// (which holds the private key first).
func readLeaf(path string) (*x509.Certificate, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	for {
		var b *pem.Block
		if b, data = pem.Decode(data); b == nil {
			return nil, fmt.Errorf("%s holds no PEM certificate", path)
		}
		if b.Type == "CERTIFICATE" {
			return x509.ParseCertificate(b.Bytes)
		}
	}
}

// certificateName is the name a certificate is for: its first DNS name, else its common name.
func certificateName(leaf *x509.Certificate) string {
	if len(leaf.DNSNames) > 0 {
		return leaf.DNSNames[0]
	}
	if leaf.Subject.CommonName != "" {
		return leaf.Subject.CommonName
	}
	if len(leaf.IPAddresses) > 0 {
		return leaf.IPAddresses[0].String()
	}
	return "(unnamed)"
}
