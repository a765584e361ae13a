package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// backup writes a consistent copy of the database to a new file while the shop keeps running.
func backup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlags("backup", stderr, &cfg, false)
	if err := parseWithEnv(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: goldshop backup [--data DIR] FILE")
	}
	st, err := openStore(ctx, cfg.Data)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Backup(ctx, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backup written to %s\n", fs.Arg(0))
	return nil
}
