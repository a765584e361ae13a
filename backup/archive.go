// Package backup keeps goldshop's data safe outside the running shop: archives of a consistent copy of the
// database and the uploads (written on a schedule, pruned, listed, read back), continuous replication of
// the database to a Litestream replica, and restoring either into an empty data folder.
package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"goldshop/store"
)

// DBName is the database's file name, in the data folder and at the root of an archive; uploads/ sits beside it.
const DBName = "goldshop.db"

const (
	uploadsDir = "uploads"
	nameLayout = "20060102T150405Z" // the UTC second the database snapshot began
	tempPrefix = ".goldshop-"       // an archive being written; listings skip it, the next run removes it
	tempSuffix = ".tar.gz.tmp"
)

// nameRE is the only shape of file this package reads, serves or deletes in the backup folder.
var nameRE = regexp.MustCompile(`^goldshop-[0-9]{8}T[0-9]{6}Z\.tar\.gz$`)

// File is one archive in the backup folder.
type File struct {
	Name      string
	Size      int64
	CreatedAt time.Time // when its database snapshot began: everything committed before is in it
	OK        bool      // it reads back whole: gzip checksums right and the database inside
}

// ValidName tells whether name is an archive name this package makes, such as goldshop-20260102T150405Z.tar.gz.
func ValidName(name string) bool {
	_, ok := nameTime(name)
	return ok
}

func archiveName(t time.Time) string { return "goldshop-" + t.UTC().Format(nameLayout) + ".tar.gz" }

func nameTime(name string) (time.Time, bool) {
	if !nameRE.MatchString(name) {
		return time.Time{}, false
	}
	t, err := time.Parse(nameLayout, strings.TrimSuffix(strings.TrimPrefix(name, "goldshop-"), ".tar.gz"))
	return t, err == nil
}

// Snapshotter writes a consistent copy of the live database to a new file (store.Store.Backup).
type Snapshotter interface {
	Backup(ctx context.Context, path string) error
}

// Write makes one archive in dir: a snapshot of the database taken through db, then every file under
// dataDir/uploads (uploads are only ever added, so each one the snapshot mentions is already there). The
// archive is written under a temporary name in dir, read back, and only then renamed to its final name.
func Write(ctx context.Context, db Snapshotter, dataDir, dir string) (File, error) {
	start, name, err := freeName(ctx, dir)
	if err != nil {
		return File{}, err
	}
	work, err := os.MkdirTemp(dataDir, ".backup-")
	if err != nil {
		return File{}, err
	}
	defer os.RemoveAll(work)
	snap := filepath.Join(work, DBName)
	if err := db.Backup(ctx, snap); err != nil {
		return File{}, fmt.Errorf("snapshot of the database: %w", err)
	}
	if err := quickCheck(ctx, snap); err != nil {
		return File{}, err
	}
	tmp, err := os.CreateTemp(dir, tempPrefix+"*"+tempSuffix)
	if err != nil {
		return File{}, err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	// Readable by the service's group, so an operator in it can copy archives off the machine.
	err = tmp.Chmod(0o640)
	if err == nil {
		err = writeTarGz(ctx, tmp, snap, filepath.Join(dataDir, uploadsDir), start)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = Verify(tmp.Name())
	}
	if err != nil {
		return File{}, err
	}
	final := filepath.Join(dir, name)
	if err := os.Rename(tmp.Name(), final); err != nil {
		return File{}, err
	}
	syncDir(dir)
	st, err := os.Stat(final)
	if err != nil {
		return File{}, err
	}
	return File{Name: name, Size: st.Size(), CreatedAt: start, OK: true}, nil
}

// freeName picks the archive's time and name: now, or the next second when an archive of this second exists.
func freeName(ctx context.Context, dir string) (time.Time, string, error) {
	for {
		t := time.Now().UTC().Truncate(time.Second)
		name := archiveName(t)
		if _, err := os.Lstat(filepath.Join(dir, name)); errors.Is(err, fs.ErrNotExist) {
			return t, name, nil
		} else if err != nil {
			return time.Time{}, "", err
		}
		select {
		case <-ctx.Done():
			return time.Time{}, "", ctx.Err()
		case <-time.After(time.Until(t.Add(time.Second))):
		}
	}
}

// quickCheck runs SQLite's quick_check on the snapshot, so a damaged copy never becomes an archive.
func quickCheck(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	var res string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&res); err != nil {
		return fmt.Errorf("checking the snapshot: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("the snapshot of the database is damaged: %s", res)
	}
	return nil
}

func writeTarGz(ctx context.Context, w io.Writer, dbFile, uploads string, at time.Time) error {
	zw := gzip.NewWriter(w)
	tw := tar.NewWriter(zw)
	if err := addFile(tw, dbFile, DBName, at); err != nil {
		return err
	}
	err := filepath.WalkDir(uploads, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rel, err := filepath.Rel(uploads, p)
		if err != nil {
			return err
		}
		name := uploadsDir
		if rel != "." {
			name = uploadsDir + "/" + filepath.ToSlash(rel)
		}
		switch {
		case d.IsDir():
			info, err := d.Info()
			if err != nil {
				return err
			}
			return tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: name + "/", Mode: 0o750, ModTime: info.ModTime()})
		case d.Type().IsRegular():
			return addFile(tw, p, name, time.Time{})
		}
		return nil // sockets, links and the like are not the shop's files
	})
	if errors.Is(err, fs.ErrNotExist) && !exists(uploads) {
		err = nil // a shop that never had an upload folder
	}
	if err != nil {
		return fmt.Errorf("archiving uploads: %w", err)
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return zw.Close()
}

// addFile copies the file at p into the archive as name; a zero modTime keeps the file's own.
func addFile(tw *tar.Writer, p, name string, modTime time.Time) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if modTime.IsZero() {
		modTime = st.ModTime()
	}
	if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: name, Size: st.Size(), Mode: 0o640, ModTime: modTime}); err != nil {
		return err
	}
	if _, err := io.CopyN(tw, f, st.Size()); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// Verify reads the archive at path to its end: every gzip checksum must match, every entry must be one
// restore accepts, and the database must be in it.
func Verify(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return walkArchive(f, func(h *tar.Header, r io.Reader) error {
		_, err := io.Copy(io.Discard, r)
		return err
	})
}

// walkArchive calls fn for each entry of a goldshop archive after checking its name and type, and fails
// when the archive is damaged or lacks the database.
func walkArchive(r io.Reader, fn func(h *tar.Header, r io.Reader) error) error {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return fmt.Errorf("not a goldshop backup (gzip): %w", err)
	}
	tr := tar.NewReader(zr)
	sawDB := false
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("damaged backup: %w", err)
		}
		if err := checkEntry(h); err != nil {
			return err
		}
		sawDB = sawDB || h.Name == DBName
		if err := fn(h, tr); err != nil {
			return err
		}
	}
	if _, err := io.Copy(io.Discard, zr); err != nil { // reads the gzip trailer: the checksum
		return fmt.Errorf("damaged backup: %w", err)
	}
	if !sawDB {
		return fmt.Errorf("not a goldshop backup: no %s inside", DBName)
	}
	return nil
}

// checkEntry accepts only goldshop.db and plain files and folders under uploads/, by clean relative names.
func checkEntry(h *tar.Header) error {
	name := strings.TrimSuffix(h.Name, "/")
	ok := filepath.IsLocal(name) && !strings.Contains(name, `\`) && filepath.ToSlash(filepath.Clean(name)) == name
	switch {
	case !ok:
	case h.Typeflag == tar.TypeReg && name == DBName:
		return nil
	case h.Typeflag == tar.TypeReg && strings.HasPrefix(name, uploadsDir+"/"):
		return nil
	case h.Typeflag == tar.TypeDir && (name == uploadsDir || strings.HasPrefix(name, uploadsDir+"/")):
		return nil
	}
	return fmt.Errorf("not a goldshop backup: unexpected entry %q", h.Name)
}

// List returns the archives in dir, newest first. It looks only at names ValidName accepts.
func List(dir string) ([]File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []File
	for _, e := range entries {
		t, ok := nameTime(e.Name())
		if !ok || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, File{Name: e.Name(), Size: info.Size(), CreatedAt: t})
	}
	slices.SortFunc(out, func(a, b File) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}

// Prune deletes all but the newest keep archives in dir, and any temporary archive a crashed run left. It
// never touches a file whose name is not one of its own.
func Prune(dir string, keep int) (removed []string, err error) {
	files, err := List(dir)
	if err != nil {
		return nil, err
	}
	for i := keep; i < len(files); i++ {
		if e := os.Remove(filepath.Join(dir, files[i].Name)); e != nil {
			err = errors.Join(err, e)
			continue
		}
		removed = append(removed, files[i].Name)
	}
	return removed, errors.Join(err, removeTemps(dir))
}

func removeTemps(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var errs error
	for _, e := range entries {
		if n := e.Name(); e.Type().IsRegular() && strings.HasPrefix(n, tempPrefix) && strings.HasSuffix(n, tempSuffix) {
			errs = errors.Join(errs, os.Remove(filepath.Join(dir, n)))
		}
	}
	return errs
}

// Open opens the archive called name in dir; store.ErrNotFound when the name is not an archive's or there
// is no such archive. The name is checked before any file is touched.
func Open(dir, name string) (*os.File, File, error) {
	t, ok := nameTime(name)
	if !ok {
		return nil, File{}, store.ErrNotFound
	}
	f, err := os.Open(filepath.Join(dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, File{}, store.ErrNotFound
	} else if err != nil {
		return nil, File{}, err
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, File{}, errors.Join(store.ErrNotFound, err)
	}
	return f, File{Name: name, Size: st.Size(), CreatedAt: t}, nil
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// syncDir makes a rename in dir durable; file systems that cannot sync a folder are left as they are.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}
