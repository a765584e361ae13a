package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"time"

	bk "goldshop/backup"
)

const restoreUsage = "usage: goldshop restore FILE --data DIR [--force]\n" +
	"       goldshop restore --from-replica URL [--at TIME] [FILE] --data DIR [--force]"

// restore puts a backup (or a replica) back into an empty data folder and checks the ledger of what it restored.
func restore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	var force bool
	var replicaURL, at, sftpKey, sftpHostKey string
	fs := newFlags("restore", stderr, &cfg, false)
	fs.BoolVar(&force, "force", false, "move a non-empty data folder aside to DIR.old-<time> first")
	fs.StringVar(&replicaURL, "from-replica", "", "restore the database from this Litestream replica (file:///path or sftp://user@host/path)")
	fs.StringVar(&at, "at", "", "with --from-replica: the database as it was at this time (RFC 3339, such as 2026-01-02T15:04:05Z)")
	addSFTPFlags(fs, &sftpKey, &sftpHostKey)
	if err := parseWithEnv(fs, args); err != nil {
		return err
	}
	files, err := positional(fs)
	if err != nil {
		return err
	}
	opt := bk.RestoreOptions{Data: cfg.Data, Force: force, Log: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	switch {
	case len(files) > 1, len(files) == 0 && replicaURL == "":
		return errors.New(restoreUsage)
	case len(files) == 1:
		opt.Archive = files[0]
	}
	if replicaURL != "" {
		opt.Replica = &bk.Replica{URL: replicaURL, KeyFile: sftpKey, HostKey: sftpHostKey}
	}
	if at != "" {
		if replicaURL == "" {
			return errors.New("--at needs --from-replica: a backup file holds one moment only")
		}
		if opt.At, err = time.Parse(time.RFC3339, at); err != nil {
			return fmt.Errorf("--at %q: give a time such as 2026-01-02T15:04:05Z", at)
		}
	}
	res, err := bk.Restore(ctx, opt)
	if res.OldData != "" {
		fmt.Fprintf(stdout, "moved the old data folder to %s\n", res.OldData)
	}
	if err != nil && !errors.Is(err, bk.ErrLedger) {
		return err
	}
	last := "none"
	if !res.LastJournal.IsZero() {
		last = res.LastJournal.UTC().Format(time.RFC3339)
	}
	fmt.Fprintf(stdout, "restored %d bytes, last journal %s\n", res.Bytes, last)
	if !res.Uploads {
		fmt.Fprintln(stderr, "the replica holds the database only: uploads (receipts, chat files) were not restored; "+
			"give a backup file as well to take them from it")
	}
	return err
}

// positional returns the arguments that are not flags, parsing the flags after each of them too: the flag
// package alone stops at the first one, and "restore FILE --data DIR" must work as well as "restore --data DIR FILE".
func positional(fs *flag.FlagSet) ([]string, error) {
	var out []string
	for fs.NArg() > 0 {
		out = append(out, fs.Arg(0))
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return nil, err
		}
	}
	return out, nil
}
