package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"goldshop/internal/smalldisk"
	"goldshop/store"
)

// goldshop check tells the owner, with exit code 0, when the certificate is two weeks or less from expiring:
// renewal may have stopped, and there is still time to act.
func TestCheckWarnsOfAnExpiringCertificate(t *testing.T) {
	soon := makeTestCert(t, "goldshop.localhost", time.Now().Add(5*24*time.Hour), nil, nil)
	later := makeTestCert(t, "goldshop.localhost", time.Now().Add(60*24*time.Hour), nil, nil)
	files := t.TempDir()
	writeTestFile(t, filepath.Join(files, "soon.pem"), soon.certPEM)
	writeTestFile(t, filepath.Join(files, "later.pem"), later.certPEM)

	// autocert's cache entry: the private key, then the chain
	acmeData := t.TempDir()
	if err := os.MkdirAll(acmeCacheDir(acmeData), 0o700); err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(acmeCacheDir(acmeData), "goldshop.localhost"), append(soon.keyPEM, soon.certPEM...))
	writeTestFile(t, filepath.Join(acmeCacheDir(acmeData), "other.example"), append(later.keyPEM, later.certPEM...))
	writeTestFile(t, filepath.Join(acmeCacheDir(acmeData), "acme_account+key"), later.keyPEM)
	writeTestFile(t, filepath.Join(acmeCacheDir(acmeData), "some-token+http-01"), []byte("token.thumbprint"))

	soonDate, laterDate := soon.cert.NotAfter.UTC().Format(time.DateOnly), later.cert.NotAfter.UTC().Format(time.DateOnly)
	for _, c := range []struct {
		name    string
		args    []string
		want    []string
		notWant []string
	}{
		{"warns of a certificate file expiring in 5 days",
			[]string{"--data", t.TempDir(), "--tls-cert", filepath.Join(files, "soon.pem")},
			[]string{"ledger balances", "\nWARN certificate goldshop.localhost expires " + soonDate + " (4 days left)"}, nil},
		{"does not warn of a certificate file good for 60 days",
			[]string{"--data", t.TempDir(), "--tls-cert", filepath.Join(files, "later.pem")},
			[]string{"\ncertificate goldshop.localhost expires " + laterDate + " (59 days left)"}, []string{"WARN"}},
		{"reads every certificate in the ACME cache",
			[]string{"--data", acmeData},
			[]string{"\nWARN certificate goldshop.localhost expires " + soonDate + " (4 days left)", "\ncertificate other.example expires " + laterDate},
			[]string{"WARN certificate other.example", "acme_account", "http-01"}},
		{"reads the certificate of --acme-domain only",
			[]string{"--data", acmeData, "--acme-domain", "other.example"},
			[]string{"\ncertificate other.example expires " + laterDate}, []string{"WARN", "goldshop.localhost"}},
		{"warns when the ACME cache has no certificate for the domain",
			[]string{"--data", acmeData, "--acme-domain", "new.example"},
			[]string{"\nWARN certificate new.example: none"}, nil},
		{"says nothing of certificates when the shop serves plain HTTP",
			[]string{"--data", t.TempDir()},
			[]string{"ledger balances"}, []string{"certificate"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := Run(context.Background(), append([]string{"check"}, c.args...), &out, io.Discard); err != nil {
				t.Fatalf("exit with %v\n%s", err, out.String())
			}
			for _, w := range c.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(out.String(), w) {
					t.Errorf("output has %q:\n%s", w, out.String())
				}
			}
		})
	}
	if err := Run(context.Background(), []string{"check", "--data", t.TempDir(), "--tls-cert", filepath.Join(files, "missing.pem")},
		io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "--tls-cert") {
		t.Fatalf("check with a missing certificate file: %v", err)
	}
}

func TestCheckSaysWhetherTheLedgerBalances(t *testing.T) {
	data := t.TempDir()
	ctx := context.Background()
	var out bytes.Buffer
	if err := Run(ctx, []string{"check", "--data", data}, &out, &bytes.Buffer{}); err != nil || !strings.Contains(out.String(), "ledger balances") {
		t.Fatalf("check of a fresh shop: %v %q", err, out.String())
	}
	st, err := store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	// someone edits a cached balance by hand: the books no longer balance
	if _, err := st.WriteDB().ExecContext(ctx, `UPDATE accounts SET balance = 5 WHERE kind = 'shop_vault'`); err != nil {
		t.Fatal(err)
	}
	st.Close()
	err = Run(ctx, []string{"check", "--data", data}, &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "balance 5 but postings sum to 0") {
		t.Fatalf("check of a tampered ledger: %v", err)
	}
	if err := Run(ctx, []string{"serve", "--data", data, "--addr", "127.0.0.1:0"}, &bytes.Buffer{}, &bytes.Buffer{}); err == nil ||
		!strings.Contains(err.Error(), "refusing to start") {
		t.Fatalf("serve on a tampered ledger: %v", err)
	}
}

// On a data folder's file system with little room, check warns of it (a warning, not a failure).
func TestCheckWarnsOfLittleRoom(t *testing.T) {
	data := smalldisk.Mount(t, "16m")
	var out bytes.Buffer
	if err := Run(context.Background(), []string{"check", "--data", data}, &out, &bytes.Buffer{}); err != nil {
		t.Fatalf("check: %v %s", err, out.String())
	}
	if !strings.Contains(out.String(), "WARN storage data ("+data+"):") || !strings.Contains(out.String(), "ledger balances") {
		t.Fatalf("check on a 16 MB disk: %q", out.String())
	}
}
