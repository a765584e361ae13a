package app

import (
	"fmt"
	"os"
	"sync"
	"testing"
	"time"
)

// A customer's uploads of a Tehran day stop at the owner's numbers, counted atomically: receipts sent side
// by side at the limit give exactly the number allowed, the rest 429 with the number in Persian and nothing
// kept (no deposit, no file); the next day allows them again. Admins' chat files are not counted.
func TestUploadsStopAtTheDaysQuota(t *testing.T) {
	s := newTestShop(t)
	owner := s.newOwner()
	c := s.newCustomer()
	other := s.newCustomer()
	if r := s.do("GET", "/api/admin/shop", owner, nil); r.JSON["receipts_per_day"] != 20.0 || r.JSON["chat_files_per_day"] != 50.0 {
		t.Fatalf("a fresh shop's quotas: %s", r.Body)
	}
	s.run(t, []scenario{
		{name: "a quota of none", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"receipts_per_day": 0}, wantStatus: 400, wantContains: msgShopQuota},
		{name: "a quota too large", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"chat_files_per_day": 1001}, wantStatus: 400, wantContains: msgShopQuota},
		{name: "a customer cannot set them", method: "PUT", path: "/api/admin/shop", token: c.token, body: map[string]any{"receipts_per_day": 1000}, wantStatus: 403},
		{name: "the owner sets them", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"receipts_per_day": 3, "chat_files_per_day": 1}, wantStatus: 200, wantContains: `"receipts_per_day":3,"chat_files_per_day":1`},
	})

	receipts := func() int {
		entries, _ := os.ReadDir(s.app.receiptsDir())
		return len(entries)
	}
	var ok, refused int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			r := s.upload("/api/wallet/deposit", c.token, map[string]string{"amount": "1000000"}, pngBytes(t), nil)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case r.Status == 200:
				ok++
			case r.Status == 429 && r.str("message") == fmt.Sprintf(msgQuotaReceipts, "۳"):
				refused++
			default:
				t.Errorf("deposit: %d %s", r.Status, r.Body)
			}
		})
	}
	wg.Wait()
	if ok != 3 || refused != 3 || receipts() != 3 {
		t.Fatalf("%d deposits taken, %d refused, %d receipts kept; want 3, 3, 3", ok, refused, receipts())
	}
	var deposits int
	if err := s.store.ReadDB().QueryRow(`SELECT COUNT(*) FROM wallet_requests WHERE type = 'deposit'`).Scan(&deposits); err != nil || deposits != 3 {
		t.Fatalf("%d deposits recorded (%v)", deposits, err)
	}
	// another customer has a day of their own
	s.deposit(other.token, "1000000")

	if r := s.uploadChatFile(c.token, pngBytes(t)); r.Status != 200 {
		t.Fatalf("the day's chat file: %d %s", r.Status, r.Body)
	}
	if r := s.uploadChatFile(c.token, pngBytes(t)); r.Status != 429 || r.str("message") != fmt.Sprintf(msgQuotaChatFiles, "۱") {
		t.Fatalf("one chat file too many: %d %s", r.Status, r.Body)
	}
	for range 2 {
		if r := s.uploadChatFile(owner, pngBytes(t)); r.Status != 200 {
			t.Fatalf("the owner's chat file: %d %s", r.Status, r.Body)
		}
	}

	s.clock.Advance(24 * time.Hour)
	c.token = s.signIn(c.phone)
	s.deposit(c.token, "1000000")
	if r := s.uploadChatFile(c.token, pngBytes(t)); r.Status != 200 {
		t.Fatalf("the next day's chat file: %d %s", r.Status, r.Body)
	}
}
