package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"goldshop/app"
)

// adminAdd creates an admin or promotes an existing user; it opens the database beside a running server,
// which the busy timeout makes safe.
func adminAdd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	var in app.AdminInput
	fs := newFlags("admin add", stderr, &cfg, false)
	fs.StringVar(&in.Phone, "phone", "", "mobile number of the admin (required)")
	fs.StringVar(&in.Password, "password", "", "password of the admin (required)")
	fs.StringVar(&in.FirstName, "first-name", "", "first name")
	fs.StringVar(&in.LastName, "last-name", "", "last name")
	if err := parseWithEnv(fs, args); err != nil {
		return err
	}
	st, err := openStore(ctx, cfg.Data)
	if err != nil {
		return err
	}
	defer st.Close()
	id, created, err := app.AddAdmin(ctx, st, in)
	if err != nil {
		return err
	}
	verb := "promoted"
	if created {
		verb = "created"
	}
	fmt.Fprintf(stdout, "admin %s: user %d\n", verb, id)
	return nil
}

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

// check proves the ledger balances: every invariant of store.CheckInvariants over the whole database.
func check(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	if err := parseWithEnv(newFlags("check", stderr, &cfg, false), args); err != nil {
		return err
	}
	st, err := openStore(ctx, cfg.Data)
	if err != nil {
		return err
	}
	defer st.Close()
	rep, err := st.CheckInvariants(ctx)
	if err != nil {
		return fmt.Errorf("the ledger does not balance:\n%w", err)
	}
	fmt.Fprintf(stdout, "ledger balances: %d journals, %d postings, %d accounts\n", rep.Journals, rep.Postings, rep.Accounts)
	return nil
}
