package cli

import (
	"bytes"
	"context"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"goldshop/store"
)

// The factor key is made once, 0600, beside the data folder (never in it, which every backup copies), read
// back the same every time, refused when others may read it, and taken from GOLDSHOP_KEY when that is set.
func TestTheFactorKeyLivesBesideTheDataFolder(t *testing.T) {
	root := t.TempDir()
	cfg := config{Data: filepath.Join(root, "data")}
	first, err := loadFactorKey(cfg)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, "goldshop.key")
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 || len(first) != store.FactorKeySize {
		t.Fatalf("the key file: %v %v, %d bytes", info, err, len(first))
	}
	if again, err := loadFactorKey(cfg); err != nil || !bytes.Equal(again, first) {
		t.Fatalf("read again: %v", err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadFactorKey(cfg); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("a key others may read: %v", err)
	}
	inside := config{Data: cfg.Data, KeyFile: filepath.Join(cfg.Data, "goldshop.key")}
	if _, err := loadFactorKey(inside); err == nil || !strings.Contains(err.Error(), "inside the data folder") {
		t.Fatalf("a key in the data folder: %v", err)
	}
	broken := filepath.Join(root, "broken.key")
	if err := os.WriteFile(broken, []byte("not a key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := loadFactorKey(config{Data: cfg.Data, KeyFile: broken}); err == nil {
		t.Fatal("a file holding no key was taken")
	}
	t.Setenv(factorKeyEnv, strings.Repeat("ab", store.FactorKeySize))
	if key, err := loadFactorKey(cfg); err != nil || hex.EncodeToString(key) != strings.Repeat("ab", store.FactorKeySize) {
		t.Fatalf("the key from %s: %v", factorKeyEnv, err)
	}
}

// goldshop check warns, with exit code 0, of second factors sealed under another key than the key file's
// (the data folder restored without it).
func TestCheckWarnsOfFactorsSealedUnderAnotherKey(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, "data")
	ctx, now := context.Background(), time.Now()
	if err := Run(ctx, []string{"admin", "add", "--data", data, "--phone", "09120000009", "--password", "shop-owner-1"}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.UseFactorKey(ctx, bytes.Repeat([]byte{1}, store.FactorKeySize)); err != nil {
		t.Fatal(err)
	}
	u, _ := st.UserByPhone(ctx, "09120000009")
	c := store.FactorChange{UserID: u.ID, PasswordChecked: true}
	if err := st.StartTOTP(ctx, c, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", now); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ConfirmTOTP(ctx, c, now.Unix()/30, nil, now); err != nil {
		t.Fatal(err)
	}
	st.Close()
	check := func() string {
		t.Helper()
		var out bytes.Buffer
		if err := Run(ctx, []string{"check", "--data", data}, &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if out := check(); strings.Contains(out, "WARN second factors") {
		t.Fatalf("without a key file: %s", out)
	}
	if _, err := loadFactorKey(config{Data: data}); err != nil { // a new key, as a first start after the restore makes
		t.Fatal(err)
	}
	if out := check(); !strings.Contains(out, "WARN second factors: 1 people's are sealed under another key") {
		t.Fatalf("with another key: %s", out)
	}
}
