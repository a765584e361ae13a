package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"log/slog"
	"path/filepath"
	"time"

	"goldshop/app"
	bk "goldshop/backup"
	"goldshop/store"
)

// backupConfig is how the server keeps its backups: where, how often, how many, and where it replicates.
type backupConfig struct {
	Dir         string
	Every       time.Duration
	Keep        int
	ReplicateTo string
	SFTPKey     string
	SFTPHostKey string
}

func addBackupFlags(fs *flag.FlagSet, c *backupConfig) {
	fs.StringVar(&c.Dir, "backup-dir", "", "folder of the backup archives, which holds nothing else (default <data>/backups)")
	fs.DurationVar(&c.Every, "backup-every", 6*time.Hour, "time between scheduled backups, such as 6h or 30m (0: only when the owner asks)")
	fs.IntVar(&c.Keep, "backup-keep", 28, "how many backup archives to keep; older ones are deleted")
	fs.StringVar(&c.ReplicateTo, "replicate-to", "", "stream every change of the database to a Litestream replica: file:///path or sftp://user@host/path")
	addSFTPFlags(fs, &c.SFTPKey, &c.SFTPHostKey)
}

// addSFTPFlags declares how to reach an sftp:// replica; serve and restore share them.
func addSFTPFlags(fs *flag.FlagSet, key, hostKey *string) {
	fs.StringVar(key, "sftp-key", "", "private key file for an sftp:// replica")
	fs.StringVar(hostKey, "sftp-host-key", "", `the sftp:// replica server's public host key, as in known_hosts ("ssh-ed25519 AAAA…")`)
}

// backupService makes the scheduled backups, replicates the database when asked, and answers the admin's
// backup calls (app.Backups).
type backupService struct {
	sched  *bk.Service
	repl   *bk.Replication
	st     *store.Store
	log    *slog.Logger
	unlock func() // lets go of the data folder (bk.LockData)
}

// backupDirOf is the folder the backups are written to: --backup-dir, or backups/ in the data folder.
func backupDirOf(cfg config) string {
	if cfg.Backup.Dir != "" {
		return cfg.Backup.Dir
	}
	return filepath.Join(cfg.Data, "backups")
}

// startBackups starts the schedule (and replication, when asked); Close stops them.
func startBackups(ctx context.Context, cfg config, st *store.Store, log *slog.Logger) (*backupService, error) {
	c := cfg.Backup
	c.Dir = backupDirOf(cfg)
	var replica *bk.Replica
	if c.ReplicateTo != "" {
		// A URL the shop cannot use stops it from starting, so it never takes money believing it is
		// replicated when it is not.
		replica = &bk.Replica{URL: c.ReplicateTo, KeyFile: c.SFTPKey, HostKey: c.SFTPHostKey}
		if err := replica.Check(); err != nil {
			return nil, err
		}
	}
	// One server per data folder: two would write one database and replicate it over each other, and a
	// forced restore must not move the folder from under a running shop.
	unlock, err := bk.LockData(cfg.Data)
	if err != nil {
		return nil, err
	}
	sched, err := bk.Start(bk.Config{Dir: c.Dir, Data: cfg.Data, Every: c.Every, Keep: c.Keep}, st, log)
	if err != nil {
		unlock()
		return nil, err
	}
	b := &backupService{sched: sched, st: st, log: log, unlock: unlock}
	if replica != nil {
		if err := b.replicate(ctx, filepath.Join(cfg.Data, bk.DBName), *replica); err != nil {
			sched.Close()
			unlock()
			return nil, err
		}
	}
	return b, nil
}

// replicaStatus is how the replica is doing, for the admin panel; false when the shop replicates nowhere.
func (b *backupService) replicaStatus() (app.ReplicaStatus, bool) {
	if b.repl == nil {
		return app.ReplicaStatus{}, false
	}
	return app.ReplicaStatus(b.repl.State()), true
}

// replicate hands checkpointing to Litestream and starts it.
func (b *backupService) replicate(ctx context.Context, dbPath string, r bk.Replica) error {
	if err := b.st.LeaveCheckpointsToReplication(ctx); err != nil {
		return err
	}
	repl, err := bk.Replicate(ctx, dbPath, r, b.log)
	if err != nil {
		return err
	}
	b.repl = repl
	b.log.Info("replicating the database", slog.String("to", r.String()))
	return nil
}

// Close stops the schedule, then replication. Litestream's library must be the last to let go of the
// database (closing it drops this process's locks on the file), so with replication on it closes the
// store first; the store's own Close, deferred in serve, then does nothing.
func (b *backupService) Close() error {
	defer b.unlock()
	b.sched.Close()
	if b.repl == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := errors.Join(b.st.Close(), b.repl.Close(ctx))
	if err != nil {
		b.log.Error("stopping replication", slog.String("error", err.Error()))
	}
	return err
}

// List answers the archives and the last run for the admin panel.
func (b *backupService) List(context.Context) ([]app.BackupFile, app.BackupRun, error) {
	files, last, err := b.sched.List()
	if err != nil {
		return nil, app.BackupRun{}, err
	}
	out := make([]app.BackupFile, len(files))
	for i, f := range files {
		out[i] = app.BackupFile(f)
	}
	return out, app.BackupRun(last), nil
}

// Run writes a backup now, for the owner.
func (b *backupService) Run(context.Context) (app.BackupFile, error) {
	f, err := b.sched.Run()
	if errors.Is(err, bk.ErrBusy) {
		return app.BackupFile{}, app.ErrBackupRunning
	}
	return app.BackupFile(f), err
}

// Open opens an archive for download.
func (b *backupService) Open(name string) (io.ReadSeekCloser, app.BackupFile, error) {
	f, info, err := b.sched.Open(name)
	if err != nil {
		return nil, app.BackupFile{}, err
	}
	return f, app.BackupFile(info), nil
}
