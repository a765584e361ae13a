package app

import (
	"encoding/binary"
	"hash/crc32"
	"strings"
	"testing"
)

// pngDeclaring is a small real PNG whose header claims w × h pixels (with its checksum right), as an attacker
// makes a few kilobytes that a browser must decode into hundreds of megapixels.
func pngDeclaring(t *testing.T, w, h uint32) []byte {
	b := pngBytes(t)
	binary.BigEndian.PutUint32(b[16:20], w) // IHDR data starts after the signature (8) and length+type (8)
	binary.BigEndian.PutUint32(b[20:24], h)
	binary.BigEndian.PutUint32(b[29:33], crc32.ChecksumIEEE(b[12:29]))
	return b
}

func TestReceiptsAboveThePixelBudgetAreRefused(t *testing.T) {
	s := newTestShop(t)
	user, _ := s.signUp(1)
	for _, c := range []struct {
		w, h   uint32
		status int
	}{
		{20000, 20000, 400}, // 400 megapixels in 65 KB
		{7072, 7071, 400},   // just over 50 megapixels
		{7071, 7071, 200},   // just under: a big phone photo
	} {
		r := s.upload("/api/wallet/deposit", user, map[string]string{"amount": "1000"}, pngDeclaring(t, c.w, c.h), nil)
		if r.Status != c.status || (c.status == 400 && r.str("message") != msgImageTooManyPixels) {
			t.Fatalf("%d×%d: %d %s", c.w, c.h, r.Status, r.Body)
		}
	}
	if r := s.do("GET", "/api/wallet/requests/user", user, nil); strings.Count(r.Body, `"id"`) != 1 {
		t.Fatalf("refused receipts left requests: %s", r.Body)
	}
}
