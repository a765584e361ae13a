package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"goldshop/internal/smalldisk"
)

// A full disk is said plainly: the first charge that needs room and a receipt are 507 with the words for it,
// nothing of them is applied and no partial file stays; /healthz is 503 and the owner's storage call says
// full. When space returns the shop goes on by itself, the balances exact.
func TestAFullDiskIsSaidPlainlyAndLosesNothing(t *testing.T) {
	dir := smalldisk.Mount(t, "8m")
	s := newShopIn(t, false, dir)
	owner := s.signInAdmin()
	c := s.newTrader(1, "")
	s.charge(owner, c, "rial", "1000000")
	before := s.balances(c.token)

	filler := smalldisk.Fill(t, dir)
	// SQLite writes a log that has started over (the checkpointer copies it beside the writer) on the room the
	// log already holds, so a charge or a few may still land on the full disk; the first that needs a byte more
	// is refused, and every one acknowledged is kept
	charge := func() reply {
		return s.do("POST", "/api/adminCharge/charge", owner, map[string]any{"userId": c.id, "type": "rial", "amount": "500000"})
	}
	landed := 0
	r := charge()
	for ; r.Status == 200 && landed < 1000; landed++ {
		r = charge()
	}
	if r.Status != 507 || r.str("message") != msgStorageFull {
		t.Fatalf("a charge on a full disk, after %d landed: %d %s", landed, r.Status, r.Body)
	}
	d := s.upload("/api/wallet/deposit", c.token, map[string]string{"amount": "2000000"}, pngBytes(t), nil)
	if d.Status != 507 || d.str("message") != msgStorageFull {
		t.Fatalf("a receipt on a full disk: %d %s", d.Status, d.Body)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "uploads", "receipts"))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".upload-") {
			t.Fatalf("a partial upload stayed behind: %s", e.Name())
		}
	}
	if h := s.do("GET", "/healthz", "", nil); h.Status != 503 || h.str("reason") != "storage full" {
		t.Fatalf("/healthz on a full disk: %d %s", h.Status, h.Body)
	}
	st := s.mustDo("GET", "/api/admin/storage", owner, nil)
	if st.str("level") != "full" || st.JSON["last_full_at"] == nil || st.JSON["total_bytes"].(float64) <= 0 {
		t.Fatalf("the storage on a full disk: %s", st.Body)
	}
	staff := s.signInStaffAfterSpace(t, filler)
	if r := s.do("GET", "/api/admin/storage", staff, nil); r.Status != 200 || r.str("level") == "full" {
		t.Fatalf("staff read the storage once space is back: %d %s", r.Status, r.Body)
	}

	// space is back: the shop goes on by itself
	if h := s.do("GET", "/healthz", "", nil); h.Status != 200 {
		t.Fatalf("/healthz once space is back: %d %s", h.Status, h.Body)
	}
	after := s.balances(c.token)
	if want := fmt.Sprint(1000000 + 500000*landed); before["balance_rial"] != "1000000" || after["balance_rial"] != want {
		t.Fatalf("the refused charge changed the balance, or a landed one was lost: %v → %v, want %s", before, after, want)
	}
	s.charge(owner, c, "rial", "500000")
	s.deposit(c.token, "2000000")
	if got, want := s.balances(c.token)["balance_rial"], fmt.Sprint(1500000+500000*landed); got != want {
		t.Fatalf("after space returned: %v, want %s", got, want)
	}
	if _, err := s.store.CheckInvariants(context.Background()); err != nil {
		t.Fatalf("the ledger after a full disk: %v", err)
	}
	s.clock.Advance(10 * time.Minute)
	if r := s.do("GET", "/api/admin/storage", owner, nil); r.str("level") != "low" { // 8 MB is under the floor
		t.Fatalf("the storage level later: %s", r.Body)
	}

	// while it is low, the owner is texted once a day, whatever their notice settings
	ctx := context.Background()
	s.app.sendDueSMS(ctx) // the owner's factor going on, at their sign-in
	told := len(s.noticeTexts(adminPhone))
	for range 3 {
		s.app.watchStorage(ctx, storageOK)
	}
	s.app.sendDueSMS(ctx)
	texts := s.noticeTexts(adminPhone)[told:]
	if len(texts) != 1 || !strings.Contains(texts[0], "فضای ذخیره‌سازی فروشگاه رو به پایان است") {
		t.Fatalf("the owner's storage notices: %q", texts)
	}
	if texts := s.noticeTexts("09350000002"); len(texts) != 1 || strings.Contains(texts[0], "فضای ذخیره‌سازی") {
		t.Fatalf("staff were texted: %q", texts)
	}
	s.clock.Advance(storageNoticeEvery + time.Minute)
	s.app.watchStorage(ctx, storageLow)
	s.app.sendDueSMS(ctx)
	if texts := s.noticeTexts(adminPhone)[told:]; len(texts) != 2 {
		t.Fatalf("a day later: %q", texts)
	}
}

// signInStaffAfterSpace frees the disk (removes the filler) and signs a staff member in.
func (s *testShop) signInStaffAfterSpace(t *testing.T, filler string) string {
	t.Helper()
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	return s.signInStaff("09350000002")
}
