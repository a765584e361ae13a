package backup

import (
	"archive/tar"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/benbjohnson/litestream"

	"goldshop/store"
)

// RestoreOptions say what to restore and where. Archive, Replica or both: with both, the database comes
// from the replica (it is newer) and the uploads from the archive.
type RestoreOptions struct {
	Archive string    // a goldshop-….tar.gz backup
	Replica *Replica  // a Litestream replica of the database
	At      time.Time // with Replica: the database as it was then; zero for the newest
	Data    string    // the data folder to fill; it must be missing or empty unless Force
	Force   bool      // move a non-empty data folder aside to Data.old-<time> first
	Log     *slog.Logger
}

// RestoreResult is what a restore wrote.
type RestoreResult struct {
	Bytes       int64     // the database and upload bytes written
	LastJournal time.Time // the newest ledger entry restored; zero when the ledger is empty
	OldData     string    // where a non-empty data folder was moved (Force), or ""
	Uploads     bool      // whether uploads came back (not from a replica alone)
}

// ErrNotEmpty is returned when the data folder holds something and Force was not given.
var ErrNotEmpty = errors.New("the data folder is not empty")

// ErrLedger wraps the ledger breaches of a restored database; the data is in place all the same.
var ErrLedger = errors.New("the restored ledger does not balance")

// Restore fills the data folder from a backup archive and/or a replica. Everything is first written to a
// folder beside it and checked; only then is an existing folder moved aside (Force) and the new one
// renamed into place, so a restore that fails changes nothing. The restored ledger's invariants are then
// checked: when they fail the data stays in place (it is what the backup holds) and the error wraps ErrLedger.
func Restore(ctx context.Context, opt RestoreOptions) (RestoreResult, error) {
	var res RestoreResult
	if opt.Archive == "" && opt.Replica == nil {
		return res, errors.New("nothing to restore from: give a backup file or a replica")
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	data, err := filepath.Abs(opt.Data)
	if err != nil {
		return res, err
	}
	var archive *os.File
	if opt.Archive != "" {
		// Opened before anything moves: the archive may live inside the data folder that --force moves aside.
		if archive, err = os.Open(opt.Archive); err != nil {
			return res, err
		}
		defer archive.Close()
	}
	if opt.Replica != nil {
		if err := opt.Replica.Check(); err != nil {
			return res, err
		}
	}
	empty, err := emptyOrMissing(data)
	if err != nil {
		return res, err
	}
	if !empty && inUse(data) {
		return res, fmt.Errorf("%w: %s (stop it before restoring)", ErrInUse, data)
	}
	if !empty && !opt.Force {
		return res, fmt.Errorf("%w: %s (restore into a new folder, or add --force to move this one aside)", ErrNotEmpty, data)
	}
	if err := os.MkdirAll(filepath.Dir(data), 0o750); err != nil {
		return res, err
	}
	stage, err := os.MkdirTemp(filepath.Dir(data), filepath.Base(data)+".restoring-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(stage) // gone once renamed into place
	if err := os.Chmod(stage, 0o750); err != nil {
		return res, err
	}
	if archive != nil {
		n, err := extract(ctx, archive, stage, opt.Replica == nil)
		if err != nil {
			return res, fmt.Errorf("%s: %w", opt.Archive, err)
		}
		res.Bytes += n
		res.Uploads = true
	}
	if opt.Replica != nil {
		n, err := restoreReplica(ctx, *opt.Replica, opt.At, filepath.Join(stage, DBName), opt.Log)
		if err != nil {
			return res, err
		}
		res.Bytes += n
	}
	for _, dir := range []string{"receipts", "chat"} {
		if err := os.MkdirAll(filepath.Join(stage, uploadsDir, dir), 0o750); err != nil {
			return res, err
		}
	}
	ledgerErr := checkLedger(ctx, filepath.Join(stage, DBName), &res)
	if ledgerErr != nil && !errors.Is(ledgerErr, ErrLedger) {
		return res, ledgerErr
	}
	if !empty {
		res.OldData = data + ".old-" + time.Now().UTC().Format(nameLayout)
		if err := os.Rename(data, res.OldData); err != nil {
			return res, err
		}
	} else if err := os.RemoveAll(data); err != nil { // empty, or a stopped server's lock file alone
		return res, err
	}
	if err := os.Rename(stage, data); err != nil {
		return res, err
	}
	syncDir(filepath.Dir(data))
	return res, ledgerErr
}

func emptyOrMissing(dir string) (bool, error) {
	f, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return true, nil
	} else if err != nil {
		return false, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return false, err
	}
	if !st.IsDir() {
		return false, fmt.Errorf("%s is not a folder", dir)
	}
	names, err := f.Readdirnames(2)
	if err == io.EOF || len(names) == 1 && names[0] == lockName && !inUse(dir) {
		return true, nil // nothing, or only the lock file a stopped server left
	}
	return false, err
}

// extract writes the archive's entries under dest, the database too unless withDB is false, and returns
// the bytes written. Names were checked by walkArchive; files are created new, never overwritten.
func extract(ctx context.Context, r io.Reader, dest string, withDB bool) (int64, error) {
	var total int64
	err := walkArchive(r, func(h *tar.Header, body io.Reader) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := filepath.Join(dest, filepath.FromSlash(h.Name))
		if h.Typeflag == tar.TypeDir {
			return os.MkdirAll(p, 0o750)
		}
		if h.Name == DBName && !withDB {
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
			return err
		}
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
		if err != nil {
			return err
		}
		n, err := io.Copy(f, body)
		total += n
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil && !h.ModTime.IsZero() {
			err = os.Chtimes(p, h.ModTime, h.ModTime)
		}
		return err
	})
	return total, err
}

// restoreReplica writes the replica's database, as of at (zero: newest), to dbPath and returns its size.
func restoreReplica(ctx context.Context, r Replica, at time.Time, dbPath string, log *slog.Logger) (int64, error) {
	client, err := r.client()
	if err != nil {
		return 0, err
	}
	if c, ok := client.(interface{ SetLogger(*slog.Logger) }); ok {
		c.SetLogger(log)
	}
	if err := client.Init(ctx); err != nil {
		return 0, fmt.Errorf("connecting to %s: %w", r, err)
	}
	rep := litestream.NewReplicaWithClient(nil, client)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath = dbPath
	opt.Timestamp = at
	if err := rep.Restore(ctx, opt); err != nil {
		if errors.Is(err, litestream.ErrTxNotAvailable) || errors.Is(err, litestream.ErrNoSnapshots) {
			return 0, fmt.Errorf("%s holds no copy of the database for that time: %w", r, err)
		}
		return 0, fmt.Errorf("restoring from %s: %w", r, err)
	}
	if err := quickCheck(ctx, dbPath); err != nil {
		return 0, err
	}
	st, err := os.Stat(dbPath)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// checkLedger opens the restored database (applying this version's migrations), checks the ledger's
// invariants and notes the newest journal.
func checkLedger(ctx context.Context, dbPath string, res *RestoreResult) error {
	if _, err := os.Stat(dbPath); err != nil {
		return fmt.Errorf("nothing restored the database: %w", err)
	}
	st, err := store.Open(ctx, dbPath)
	if err != nil {
		return fmt.Errorf("opening the restored database: %w", err)
	}
	_, ierr := st.CheckInvariants(ctx)
	last, jerr := st.LastJournalAt(ctx)
	if errors.Is(jerr, store.ErrNotFound) {
		jerr = nil
	}
	res.LastJournal = last
	if err := errors.Join(jerr, st.Close()); err != nil {
		return err
	}
	if ierr != nil {
		return fmt.Errorf("%w:\n%w", ErrLedger, ierr)
	}
	return nil
}
