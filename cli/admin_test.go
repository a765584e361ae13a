package cli

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"goldshop/store"
)

func TestAdminAddCreatesThenPromotes(t *testing.T) {
	data := t.TempDir()
	ctx := context.Background()
	var out bytes.Buffer
	err := Run(ctx, []string{"admin", "add", "--data", data, "--phone", "۰۹۱۲۰۰۰۰۰۰۹", "--password", "shop-owner-1", "--first-name", "رضا"}, &out, &bytes.Buffer{})
	if err != nil || !strings.Contains(out.String(), "admin created") {
		t.Fatalf("%v %s", err, out.String())
	}
	out.Reset()
	if err := Run(ctx, []string{"admin", "add", "--data", data, "--phone", "09120000009", "--password", "new-owner-pass"}, &out, &bytes.Buffer{}); err != nil || !strings.Contains(out.String(), "admin promoted") {
		t.Fatalf("%v %s", err, out.String())
	}
	st, err := store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := st.UserByPhone(ctx, "09120000009")
	if err != nil || !u.IsAdmin || u.Role != store.RoleOwner || u.FirstName != "رضا" {
		t.Fatalf("admin %+v (err %v)", u, err)
	}
	st.Close()
	// --role staff makes staff; the shop's only owner cannot be made staff from the command line either.
	out.Reset()
	if err := Run(ctx, []string{"admin", "add", "--data", data, "--phone", "09120000007", "--password", "cashier-pass-1", "--role", "staff"}, &out, &bytes.Buffer{}); err != nil || !strings.Contains(out.String(), "(staff)") {
		t.Fatalf("%v %s", err, out.String())
	}
	if err := Run(ctx, []string{"admin", "add", "--data", data, "--phone", "09120000009", "--password", "new-owner-pass", "--role", "staff"}, &out, &bytes.Buffer{}); !errors.Is(err, store.ErrLastOwner) {
		t.Fatalf("demoted the last owner: %v", err)
	}
	st, err = store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if u, _ := st.UserByPhone(ctx, "09120000007"); !u.IsAdmin || u.Role != store.RoleStaff {
		t.Fatalf("staff %+v", u)
	}
	for _, args := range [][]string{
		{"admin", "add", "--data", data, "--phone", "09120000006", "--password", "shop-owner-1", "--role", "boss"},
		{"admin", "add", "--data", data, "--phone", "021", "--password", "shop-owner-1"},
		{"admin", "add", "--data", data, "--phone", "09120000008", "--password", "123456"},
		{"admin", "remove"},
		{"launch"},
	} {
		if err := Run(ctx, args, &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("%v succeeded", args)
		}
	}
}
