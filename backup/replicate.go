package backup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file"
	"github.com/benbjohnson/litestream/sftp"
)

// How quickly a committed transaction reaches the replica: Litestream copies new WAL frames into a local
// LTX file every syncEvery (DB.MonitorInterval), and the replica uploads new LTX files as soon as it is told
// of them, at most every syncEvery (Replica.SyncInterval). So a write is off-site about 2 s after its
// commit plus the upload itself, within the README's promise of 5 s.
const syncEvery = time.Second

// Replica names a Litestream replica: file:///absolute/path or sftp://user[:password]@host[:port]/path (the
// path relative to the SFTP login folder, as Litestream reads it). SFTP needs HostKey, the server's public
// key as a known_hosts line ("ssh-ed25519 AAAA…"), and KeyFile, a private key, unless the URL has a password.
type Replica struct {
	URL     string
	KeyFile string
	HostKey string
}

// client makes the Litestream replica client for r, refusing what could send the shop's data to the wrong
// place: a relative file path, an unknown scheme, an SFTP server whose key is not known.
func (r Replica) client() (litestream.ReplicaClient, error) {
	u, err := url.Parse(r.URL)
	if err != nil {
		return nil, fmt.Errorf("replica URL: %w", err)
	}
	switch u.Scheme {
	case "file":
		if u.Host != "" || !filepath.IsAbs(u.Path) || u.RawQuery != "" {
			return nil, fmt.Errorf("replica URL %q: a file replica is file:///absolute/path", r.URL)
		}
		return file.NewReplicaClient(filepath.Clean(u.Path)), nil
	case "sftp":
		if r.HostKey == "" {
			return nil, errors.New("an sftp:// replica needs the server's host key (--sftp-host-key \"ssh-ed25519 AAAA…\"): without it anyone in between could take the shop's data")
		}
		c, err := litestream.NewReplicaClientFromURL(r.URL)
		if err != nil {
			return nil, err
		}
		sc := c.(*sftp.ReplicaClient)
		sc.HostKey = r.HostKey
		sc.KeyPath = r.KeyFile
		if sc.Password == "" && sc.KeyPath == "" {
			return nil, errors.New("an sftp:// replica needs a private key (--sftp-key FILE) or a password in the URL")
		}
		if sc.Path == "" || sc.Path == "." {
			return nil, fmt.Errorf("replica URL %q names no folder", redact(u))
		}
		return sc, nil
	default:
		return nil, fmt.Errorf("replica URL %q: only file:// and sftp:// replicas are built in", redact(u))
	}
}

// Check reports whether r names a replica this build can write to, without connecting to it.
func (r Replica) Check() error {
	_, err := r.client()
	return err
}

// String is the replica's URL without its password.
func (r Replica) String() string {
	u, err := url.Parse(r.URL)
	if err != nil {
		return "(bad URL)"
	}
	return redact(u)
}

func redact(u *url.URL) string { return u.Redacted() }

// Replication streams every change of one database to a Litestream replica until Close.
type Replication struct {
	ls      *litestream.Store
	db      *litestream.DB
	rep     *litestream.Replica
	client  *watchedClient
	url     string // without its password
	started time.Time
}

// Replicate starts Litestream on the database at dbPath. From then on Litestream owns checkpointing: the
// caller must have turned SQLite's automatic checkpoints off on its own connections
// (store.Store.LeaveCheckpointsToReplication) and must close them before calling Close.
func Replicate(ctx context.Context, dbPath string, r Replica, log *slog.Logger) (*Replication, error) {
	client, err := r.client()
	if err != nil {
		return nil, err
	}
	db := litestream.NewDB(dbPath)
	db.MonitorInterval = syncEvery
	db.BusyTimeout = 10 * time.Second // as long as the shop's own connections wait
	logger := log.With(slog.String("component", "litestream"))
	watched := &watchedClient{ReplicaClient: client, log: logger}
	rep := litestream.NewReplicaWithClient(db, watched)
	rep.SyncInterval = syncEvery
	db.Replica = rep
	if fc, ok := client.(*file.ReplicaClient); ok {
		fc.Replica = rep // keeps the database's ownership and permissions on the replica's files
	}
	// Litestream's command-line defaults: L0 files are compacted every 30 s, 5 min and hour, and a full
	// snapshot is taken daily and kept a day, so --at reaches about a day back.
	levels := litestream.CompactionLevels{
		{Level: 0},
		{Level: 1, Interval: 30 * time.Second},
		{Level: 2, Interval: 5 * time.Minute},
		{Level: 3, Interval: time.Hour},
	}
	ls := litestream.NewStore([]*litestream.DB{db}, levels)
	ls.ShutdownSyncTimeout = 10 * time.Second
	db.ShutdownSyncTimeout = ls.ShutdownSyncTimeout
	ls.Logger = logger
	db.SetLogger(logger)
	if c, ok := client.(interface{ SetLogger(*slog.Logger) }); ok {
		c.SetLogger(logger)
	}
	if err := ls.Open(ctx); err != nil {
		return nil, fmt.Errorf("starting replication to %s: %w", r, err)
	}
	return &Replication{ls: ls, db: db, rep: rep, client: watched, url: r.String(), started: time.Now()}, nil
}

// Close sends what is left to the replica and stops. It closes a file handle of the database, which drops
// every POSIX lock this process holds on it, so the shop's own connections must be closed first.
func (r *Replication) Close(ctx context.Context) error {
	return r.ls.Close(ctx)
}
