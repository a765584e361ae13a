package backup

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"goldshop/store"
)

// shop is a real data folder: a migrated database and uploads, with an owner to make charges.
type shop struct {
	t       *testing.T
	data    string
	st      *store.Store
	adminID int64
}

func newShop(t *testing.T) *shop {
	t.Helper()
	return newShopIn(t, t.TempDir())
}

// newShopIn is newShop with its data folder at data.
func newShopIn(t *testing.T, data string) *shop {
	t.Helper()
	for _, d := range []string{"uploads/receipts", "uploads/chat"} {
		if err := os.MkdirAll(filepath.Join(data, d), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	st, err := store.OpenMigratedCopy(context.Background(), filepath.Join(data, DBName))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	id, _, err := st.UpsertAdmin(context.Background(), store.User{PhoneNumber: "09120000001", PasswordHash: "h",
		FirstName: "مالک", LastName: "فروشگاه"}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return &shop{t: t, data: data, st: st, adminID: id}
}

// customer signs customer n up through the store's sign-up path and returns their id.
func (s *shop) customer(n int) int64 {
	s.t.Helper()
	ctx := context.Background()
	reg := store.Registration{PhoneNumber: fmt.Sprintf("0913%07d", n), NationalID: fmt.Sprintf("%010d", 5000+n),
		FirstName: "مشتری", LastName: fmt.Sprintf("شماره %d", n), BirthDate: "1370/01/01", PasswordHash: "h", CreatedAt: time.Now()}
	if err := s.st.SavePendingRegistration(ctx, reg); err != nil {
		s.t.Fatal(err)
	}
	u, err := s.st.CompleteRegistration(ctx, reg.PhoneNumber, time.Now())
	if err != nil {
		s.t.Fatal(err)
	}
	return u.ID
}

// charge credits a customer's rial wallet, as the owner's charge call does.
func (s *shop) charge(userID, rial int64) {
	s.t.Helper()
	if _, err := s.st.Charge(context.Background(), store.ChargeInput{AdminID: s.adminID, UserID: userID,
		Asset: store.AssetRial, Amount: rial, Description: "test"}, time.Now()); err != nil {
		s.t.Fatal(err)
	}
}

// upload writes a file under the data folder's uploads/.
func (s *shop) upload(rel, content string) {
	s.t.Helper()
	p := filepath.Join(s.data, "uploads", filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o640); err != nil {
		s.t.Fatal(err)
	}
}

// rialOf opens the database at path and returns the customer's rial balance.
func rialOf(t *testing.T, path string, userID int64) int64 {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	b, err := st.Balances(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	return b.Rial
}

// names lists the entries of dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
