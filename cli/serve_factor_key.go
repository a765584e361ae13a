package cli

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"goldshop/store"
)

// The factor key (issue 36): the key the second factors are sealed under lives outside the database and
// outside the data folder, so that neither a backup archive nor the replica carries it. It is GOLDSHOP_KEY
// (64 hex digits) when that is set, else the file --key-file (default: goldshop.key in the data folder's
// parent, /var/lib/goldshop.key for the service), which install.sh makes and a first start makes where it can.

// factorKeyEnv holds the key itself; an environment variable only, never a flag, since a command line is
// visible to every user of the machine.
const factorKeyEnv = "GOLDSHOP_KEY"

// keyFileOf is the key file of the configuration: --key-file, or goldshop.key beside the data folder.
func keyFileOf(cfg config) (string, error) {
	if cfg.KeyFile != "" {
		return filepath.Abs(cfg.KeyFile)
	}
	data, err := filepath.Abs(cfg.Data)
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(data), "goldshop.key"), nil
}

// loadFactorKey reads the key, making the key file (0600, 32 random bytes in hex) when none exists yet. A file
// others may read, one inside the data folder (which every backup copies) or one that holds no key is refused.
func loadFactorKey(cfg config) ([]byte, error) {
	if v, ok := os.LookupEnv(factorKeyEnv); ok {
		key, err := parseFactorKey(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", factorKeyEnv, err)
		}
		return key, nil
	}
	path, err := keyFileOf(cfg)
	if err != nil {
		return nil, err
	}
	data, err := filepath.Abs(cfg.Data)
	if err != nil {
		return nil, err
	}
	if rel, err := filepath.Rel(data, path); err == nil && !strings.HasPrefix(rel, "..") {
		return nil, fmt.Errorf("the key file %s is inside the data folder, which every backup copies: keep it elsewhere (--key-file)", path)
	}
	if err := makeFactorKey(path); err != nil {
		return nil, err
	}
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("the key file %s may be read by others (%v): chmod 600 it", path, info.Mode().Perm())
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	key, err := parseFactorKey(string(raw))
	if err != nil {
		return nil, fmt.Errorf("the key file %s: %w", path, err)
	}
	return key, nil
}

// makeFactorKey writes a new key to path unless a file is there already.
func makeFactorKey(path string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("the key file %s is missing and cannot be made (%w): run install.sh again, or name another place with --key-file", path, err)
	}
	key := make([]byte, store.FactorKeySize)
	rand.Read(key)
	_, werr := fmt.Fprintln(f, hex.EncodeToString(key))
	if err := errors.Join(werr, f.Sync(), f.Close()); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}

// parseFactorKey reads a key written as 64 hex digits.
func parseFactorKey(s string) ([]byte, error) {
	key, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(key) != store.FactorKeySize {
		return nil, fmt.Errorf("a key is %d hex digits", 2*store.FactorKeySize)
	}
	return key, nil
}
