package backup

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"goldshop/store"
)

// readArchive returns every entry of the archive at path: name → content ("" for a folder).
func readArchive(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	out := map[string]string{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(tr)
		out[h.Name] = string(b)
	}
}

func TestArchiveHoldsAConsistentDatabaseAndEveryUpload(t *testing.T) {
	s := newShop(t)
	id := s.customer(1)
	s.charge(id, 7_000_000)
	s.upload("receipts/r1.png", "receipt")
	s.upload("chat/c1.jpg", "chat photo")
	s.upload("logos/shop.png", "a folder added later") // every subfolder of uploads/ goes in
	dir := filepath.Join(t.TempDir(), "backups")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		t.Fatal(err)
	}
	before := time.Now().UTC().Truncate(time.Second)
	f, err := Write(context.Background(), s.st, s.data, dir)
	if err != nil {
		t.Fatal(err)
	}
	if !ValidName(f.Name) || !f.OK || f.CreatedAt.Before(before) || f.CreatedAt.After(time.Now()) {
		t.Fatalf("archive %+v", f)
	}
	if got := names(t, dir); !slices.Equal(got, []string{f.Name}) {
		t.Fatalf("the backup folder holds %v", got)
	}
	if got := names(t, s.data); slices.ContainsFunc(got, func(n string) bool { return strings.HasPrefix(n, ".backup-") }) {
		t.Fatalf("temporary files left in the data folder: %v", got)
	}
	entries := readArchive(t, filepath.Join(dir, f.Name))
	for name, want := range map[string]string{"uploads/receipts/r1.png": "receipt", "uploads/chat/c1.jpg": "chat photo",
		"uploads/logos/shop.png": "a folder added later", "uploads/": "", "uploads/receipts/": ""} {
		if got, ok := entries[name]; !ok || got != want {
			t.Errorf("%s: %q (present %v)", name, got, ok)
		}
	}
	db := filepath.Join(t.TempDir(), DBName)
	if err := os.WriteFile(db, []byte(entries[DBName]), 0o600); err != nil {
		t.Fatal(err)
	}
	if got := rialOf(t, db, id); got != 7_000_000 {
		t.Fatalf("the archived database holds %d rial", got)
	}
	// A second backup in the same second waits for the next one rather than overwrite the first.
	g, err := Write(context.Background(), s.st, s.data, dir)
	if err != nil || g.Name == f.Name || !g.CreatedAt.After(f.CreatedAt) {
		t.Fatalf("second archive %+v after %+v (err %v)", g, f, err)
	}
}

func TestPruneKeepsTheNewestAndTouchesNothingElse(t *testing.T) {
	dir := t.TempDir()
	archives := []string{"goldshop-20260101T000000Z.tar.gz", "goldshop-20260102T000000Z.tar.gz",
		"goldshop-20260103T000000Z.tar.gz", "goldshop-20260104T000000Z.tar.gz"}
	foreign := []string{"notes.txt", "goldshop-latest.tar.gz", "goldshop-20260101T000000Z.tar.gz.bak", ".goldshop-x.tar.gz"}
	for _, n := range append(append(slices.Clone(archives), foreign...), ".goldshop-123"+tempSuffix) {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := Prune(dir, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(removed, []string{archives[1], archives[0]}) {
		t.Fatalf("removed %v", removed)
	}
	want := append(slices.Clone(foreign), archives[2], archives[3])
	slices.Sort(want)
	if got := names(t, dir); !slices.Equal(got, want) {
		t.Fatalf("left %v, want %v", got, want)
	}
	files, err := List(dir)
	if err != nil || len(files) != 2 || files[0].Name != archives[3] {
		t.Fatalf("list %+v (err %v)", files, err)
	}
}

func TestOpenChecksTheNameBeforeTouchingAFile(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "backups")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "secret.tar.gz"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"../secret.tar.gz", "goldshop-20260101T000000Z.tar.gz/../../secret.tar.gz", "",
		"goldshop-20261301T000000Z.tar.gz", "goldshop-20260101T000000Z.tar.gz\x00", "/etc/passwd", "goldshop-20260101T000000Z.tar.gz"} {
		if f, _, err := Open(dir, name); !errors.Is(err, store.ErrNotFound) {
			if f != nil {
				f.Close()
			}
			t.Errorf("Open(%q): %v", name, err)
		}
	}
}

// tarGz builds an archive from entries in order; a name ending in / is a folder, "->target" a symlink.
func tarGz(t *testing.T, entries ...[2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		h := &tar.Header{Name: e[0], Mode: 0o640, Size: int64(len(e[1])), Typeflag: tar.TypeReg}
		switch {
		case strings.HasSuffix(e[0], "/"):
			h.Typeflag, h.Size = tar.TypeDir, 0
		case strings.HasPrefix(e[1], "->"):
			h.Typeflag, h.Size, h.Linkname = tar.TypeSymlink, 0, e[1][2:]
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Size > 0 {
			tw.Write([]byte(e[1]))
		}
	}
	tw.Close()
	zw.Close()
	return buf.Bytes()
}

func TestVerifyRefusesDamagedAndForeignArchives(t *testing.T) {
	good := tarGz(t, [2]string{DBName, "db"}, [2]string{"uploads/", ""}, [2]string{"uploads/chat/a.jpg", "a"})
	cases := map[string][]byte{
		"truncated":            good[:len(good)-12],
		"a wrong checksum":     append(slices.Clone(good[:len(good)-8]), append([]byte{good[len(good)-8] ^ 0xff}, good[len(good)-7:]...)...),
		"no database":          tarGz(t, [2]string{"uploads/chat/a.jpg", "a"}),
		"a path out of it":     tarGz(t, [2]string{DBName, "db"}, [2]string{"uploads/../../evil", "x"}),
		"an absolute path":     tarGz(t, [2]string{DBName, "db"}, [2]string{"/etc/cron.d/evil", "x"}),
		"a file outside":       tarGz(t, [2]string{DBName, "db"}, [2]string{"goldshop.db-wal", "x"}),
		"a symlink":            tarGz(t, [2]string{DBName, "db"}, [2]string{"uploads/chat/l", "->/etc/passwd"}),
		"not gzip at all":      []byte("hello"),
		"a folder named db":    tarGz(t, [2]string{DBName + "/", ""}),
		"a backslash in names": tarGz(t, [2]string{DBName, "db"}, [2]string{`uploads\..\evil`, "x"}),
	}
	dir := t.TempDir()
	for name, raw := range cases {
		p := filepath.Join(dir, "a.tar.gz")
		if err := os.WriteFile(p, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := Verify(p); err == nil {
			t.Errorf("%s: verified", name)
		}
	}
	p := filepath.Join(dir, "good.tar.gz")
	if err := os.WriteFile(p, good, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Verify(p); err != nil {
		t.Fatalf("a whole archive: %v", err)
	}
}
