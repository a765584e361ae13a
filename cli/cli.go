// Package cli is the goldshop command: one file per command (serve, admin add, backup, restore, check) and,
// beside serve, the services the server runs (HTTPS, systemd, scheduled backups, the debug listener, logs).
//
//	goldshop [serve] [flags]                   run the shop
//	goldshop admin add --phone P --password X  create or promote an admin (works while the shop runs)
//	goldshop admin reset-2fa --phone P         take an admin's second factor away (a lost phone), ending
//	                                           their logins; the only way for the last owner
//	goldshop backup FILE                       write a consistent copy of the database while it runs
//	goldshop restore FILE --data DIR           restore a backup (or --from-replica URL) into an empty folder
//	goldshop check                             prove the ledger balances (exit 1 when it does not), warn of an
//	                                           HTTPS certificate near its expiry
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Run runs the command args name (serve when none is named) to its end.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(ctx, args, stderr)
	case "admin":
		switch {
		case len(args) > 0 && args[0] == "add":
			return adminAdd(ctx, args[1:], stdout, stderr)
		case len(args) > 0 && args[0] == "reset-2fa":
			return adminResetSecondFactor(ctx, args[1:], stdout, stderr)
		}
		return errors.New("usage: goldshop admin add --phone P --password X [--first-name F --last-name L] | goldshop admin reset-2fa --phone P")
	case "backup":
		return backup(ctx, args, stdout, stderr)
	case "check":
		return check(ctx, args, stdout, stderr)
	case "restore":
		return restore(ctx, args, stdout, stderr)
	default:
		return fmt.Errorf("unknown command %q (commands: serve, admin add, backup, restore, check)", cmd)
	}
}
