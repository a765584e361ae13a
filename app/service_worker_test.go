package app

import (
	"regexp"
	"strings"
	"testing"
)

// The service worker is the build's (ui/dist/sw.js, Workbox by vite-plugin-pwa): the server must hand it out
// uncached, so a new build reaches phones at their next check, and every file it precaches must be one the
// server serves, or its install fails and the app never works offline.
func TestServiceWorkerIsServedFreshAndPrecachesServedFiles(t *testing.T) {
	s := newTestShop(t)
	sw := s.do("GET", "/sw.js", "", nil)
	if sw.Status != 200 || !strings.Contains(sw.Header.Get("Content-Type"), "javascript") || sw.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("/sw.js: %d type %q cache %q", sw.Status, sw.Header.Get("Content-Type"), sw.Header.Get("Cache-Control"))
	}
	urls := regexp.MustCompile(`url:"([^"]+)"`).FindAllStringSubmatch(sw.Body, -1)
	if len(urls) < 10 {
		t.Fatalf("the worker precaches %d files", len(urls))
	}
	precached := map[string]bool{}
	for _, u := range urls {
		precached["/"+u[1]] = true
		if r := s.do("GET", "/"+u[1], "", nil); r.Status != 200 {
			t.Errorf("precached %s answers %d", u[1], r.Status)
		}
	}
	if !precached["/index.html"] {
		t.Fatal("the shell is not precached")
	}
	// everything the shell loads first is in the cache, so it opens offline
	index := s.do("GET", "/", "", nil).Body
	for _, ref := range regexp.MustCompile(`(?:src|href)="(/assets/[^"]+)"`).FindAllStringSubmatch(index, -1) {
		if !precached[ref[1]] {
			t.Errorf("index.html loads %s, which the worker does not precache", ref[1])
		}
	}
	// the shell served by its own name carries the shop's name like any other page
	if shell := s.do("GET", "/index.html", "", nil).Body; strings.Contains(shell, shopNamePlaceholder) {
		t.Fatal("the precached shell keeps the name placeholder")
	}
}
