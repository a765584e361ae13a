package cli

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"goldshop/store"
)

func TestAdminAddCreatesThenPromotes(t *testing.T) {
	data := t.TempDir()
	ctx := context.Background()
	var out bytes.Buffer
	err := Run(ctx, []string{"admin", "add", "--data", data, "--phone", "۰۹۱۲۰۰۰۰۰۰۹", "--password", "shop-owner-1", "--first-name", "رضا"}, &out, &bytes.Buffer{})
	if err != nil || !strings.Contains(out.String(), "admin created") || !strings.Contains(out.String(), "second factor") {
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

// The last owner who lost their phone gets their second factor taken away on the server, which ends their
// logins, is audited and texted to them; so does a customer's; a number without a factor, or of no account,
// is refused.
func TestAdminResetSecondFactorOnTheServer(t *testing.T) {
	data := t.TempDir()
	ctx := context.Background()
	if err := Run(ctx, []string{"admin", "add", "--data", data, "--phone", "09120000009", "--password", "shop-owner-1"}, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	reset := func(phone string) (string, error) {
		var out bytes.Buffer
		err := Run(ctx, []string{"admin", "reset-2fa", "--data", data, "--phone", phone}, &out, &bytes.Buffer{})
		return out.String(), err
	}
	if _, err := reset("09120000009"); err == nil || !strings.Contains(err.Error(), "no second factor") {
		t.Fatalf("a reset with nothing on: %v", err)
	}
	st, err := store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.UseFactorKey(ctx, make([]byte, store.FactorKeySize)); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if _, err := st.WriteDB().ExecContext(ctx, `INSERT INTO users (phone_number, first_name, last_name, password_hash,
		referral_code, created_at, updated_at) VALUES ('09120000002', 'سارا', 'رضایی', 'x', 'ref-2', ?, ?)`,
		now.UnixMilli(), now.UnixMilli()); err != nil {
		t.Fatal(err)
	}
	for _, phone := range []string{"09120000009", "09120000002"} {
		u, _ := st.UserByPhone(ctx, phone)
		c := store.FactorChange{UserID: u.ID, PasswordChecked: true}
		if err := st.StartTOTP(ctx, c, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", now); err != nil {
			t.Fatal(err)
		}
		if _, err := st.ConfirmTOTP(ctx, c, now.Unix()/30, nil, now); err != nil {
			t.Fatal(err)
		}
	}
	u, _ := st.UserByPhone(ctx, "09120000009")
	login, err := st.CreateLogin(ctx, u.ID, store.TokenPair{AccessHash: []byte("a"), AccessExpires: now.Add(time.Hour),
		RefreshHash: []byte("r"), RefreshExpires: now.Add(time.Hour)}, store.LoginPlace{}, now)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()

	if out, err := reset("۰۹۱۲۰۰۰۰۰۰۹"); err != nil || !strings.Contains(out, "reset") {
		t.Fatalf("%v %s", err, out)
	}
	if _, err := reset("09120000001"); err == nil || !strings.Contains(err.Error(), "no account") {
		t.Fatalf("a number of no account: %v", err)
	}
	if out, err := reset("09120000002"); err != nil || !strings.Contains(out, "reset") {
		t.Fatalf("a customer's: %v %s", err, out)
	}
	st, err = store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, phone := range []string{"09120000009", "09120000002"} {
		if u, _ := st.UserByPhone(ctx, phone); u.SecondFactor {
			t.Fatalf("%s: the factor is still on", phone)
		}
	}
	var told int
	st.ReadDB().QueryRow(`SELECT COUNT(*) FROM notifications n JOIN sms_outbox o ON o.notification_id = n.id
		WHERE n.kind = 'second_factor_changed' AND n.reason = 'reset'`).Scan(&told)
	if told != 2 {
		t.Fatalf("%d resets texted", told)
	}
	if _, err := st.UserByLogin(ctx, login); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the login lives on: %v", err)
	}
	var audited int
	st.ReadDB().QueryRow(`SELECT COUNT(*) FROM audit_log WHERE action = 'second_factor.reset' AND admin_id IS NULL`).Scan(&audited)
	if audited != 2 {
		t.Fatalf("%d audit rows", audited)
	}
	events, err := st.SecurityEvents(ctx, store.SecurityEventFilter{Kind: "second_factor.reset", Limit: 10})
	if err != nil || len(events) != 2 || events[1].Phone != "09120000009" || events[1].Reason != "command_line" || !events[1].Success {
		t.Fatalf("the security events: %v %v", events, err)
	}
}
