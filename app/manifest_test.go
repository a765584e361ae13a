package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"strings"
	"testing"
)

// The manifest carries the shop's own name and icons, right to left in Persian; a shop without a logo gets
// the default coin at every size, a real PNG of that size.
func TestTheManifestIsTheShopsOwn(t *testing.T) {
	s := newTestShop(t)
	r := s.mustDo("GET", "/manifest.webmanifest", "", nil)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/manifest+json") {
		t.Fatalf("content type %q", ct)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(r.Body), &raw); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{"name": "فروشگاه طلا", "short_name": "فروشگاه طلا", "lang": "fa", "dir": "rtl",
		"display": "standalone", "start_url": "/"} {
		if raw[k] != want {
			t.Errorf("%s = %v, want %q", k, raw[k], want)
		}
	}
	icons := raw["icons"].([]any)
	if len(icons) != 3 {
		t.Fatalf("icons %v", icons)
	}
	for _, size := range []int{180, 192, 512} {
		got := s.do("GET", fmt.Sprintf("/api/shop/logo-%d.png", size), "", nil)
		img, err := png.Decode(bytes.NewReader([]byte(got.Body)))
		if got.Status != 200 || err != nil || img.Bounds().Dx() != size || img.Bounds().Dy() != size {
			t.Fatalf("default icon %d: %d %v", size, got.Status, err)
		}
	}
	// the owner names the shop: the manifest follows
	owner := s.signInAdmin()
	s.mustDo("PUT", "/api/admin/shop", owner, map[string]any{"name": "طلای نگین", "short_name": "نگین"})
	r = s.mustDo("GET", "/manifest.webmanifest", "", nil)
	if !strings.Contains(r.Body, `"name":"طلای نگین"`) || !strings.Contains(r.Body, `"short_name":"نگین"`) {
		t.Fatalf("after renaming: %s", r.Body)
	}
	if page := s.do("GET", "/", "", nil).Body; !strings.Contains(page, `<link rel="manifest" href="/manifest.webmanifest" />`) ||
		!strings.Contains(page, `<meta name="apple-mobile-web-app-title" content="نگین" />`) ||
		!strings.Contains(page, `<meta name="application-name" content="طلای نگین" />`) {
		t.Fatal("index.html does not link the manifest with the shop's name and short name")
	}
}
