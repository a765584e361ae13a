package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"goldshop/app"
	"goldshop/iran"
	"goldshop/store"
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
	fmt.Fprintf(stdout, "admin %s: user %d (%s)\n", verb, id, cmp.Or(in.Role, store.RoleOwner))
	fmt.Fprintln(stdout, "at their first sign-in they must turn on a second factor (an authenticator app) before anything else")
	return nil
}

// adminResetSecondFactor takes a person's second factor away, for a lost phone or a database restored without
// its key file: the last owner has no one to ask in the web app, and no web call may drop an owner's own
// factor. Any account's number is taken (the owner resets a customer's in the web app too).
func adminResetSecondFactor(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var cfg config
	var phone string
	fs := newFlags("admin reset-2fa", stderr, &cfg, false)
	fs.StringVar(&phone, "phone", "", "mobile number of the owner, staff member or customer (required)")
	if err := parseWithEnv(fs, args); err != nil {
		return err
	}
	p, err := iran.Phone(phone)
	if err != nil {
		return errors.New("--phone must be an Iranian mobile number such as 09123456789")
	}
	st, err := openStore(ctx, cfg.Data)
	if err != nil {
		return err
	}
	defer st.Close()
	u, err := st.UserByPhone(ctx, p)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no account has the number %s", p)
	} else if err != nil {
		return err
	}
	now := time.Now()
	if err := st.ResetSecondFactor(ctx, 0, u.ID, now); errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%s has no second factor on", p)
	} else if err != nil {
		return err
	}
	if err := st.RecordSecurityEvent(ctx, store.SecurityEvent{At: now, Phone: p, Kind: "second_factor.reset",
		Success: true, Reason: "command_line"}); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "second factor of user %d reset; their logins ended, and they enrol again at their next sign-in\n", u.ID)
	return nil
}
