package cli

import (
	"context"
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
	fs.StringVar(&in.Role, "role", "owner", "owner (everything) or staff (the money and gold-request desks, chat, the user lists)")
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
	fmt.Fprintf(stdout, "admin %s: user %d (%s)\n", verb, id, in.Role)
	return nil
}
