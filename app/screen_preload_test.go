package app

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"goldshop/ui"
)

var preloadLink = regexp.MustCompile(`<link rel="preload" as="(script|style)" crossorigin href="/(assets/[^"]+)">`)

// The page served for a screen's path names that screen's chunks, each a real file of the build, and none the
// shell fetches already; a path with no screen gets the shell as it is.
func TestAScreensPageNamesItsChunks(t *testing.T) {
	s := newTestShop(t)
	dist := ui.Dist()
	raw, err := fs.ReadFile(dist, "screens.json")
	if err != nil {
		t.Fatalf("the build wrote no screens.json: %v", err)
	}
	var screens map[string]string
	if err := json.Unmarshal(raw, &screens); err != nil || screens["/deposit-withdraw_page"] != "src/views/wallet-view.tsx" {
		t.Fatalf("screens.json: %v %s", err, raw)
	}
	shell := s.do("GET", "/no/such/screen", "", nil).Body
	if preloadLink.MatchString(shell) {
		t.Fatal("a path with no screen names a screen's chunks")
	}
	wallet := s.do("GET", "/deposit-withdraw_page", "", nil).Body
	links := preloadLink.FindAllStringSubmatch(wallet, -1)
	if len(links) == 0 || !strings.Contains(wallet, "wallet-view-") {
		t.Fatalf("the wallet's page names no chunks:\n%s", wallet)
	}
	for _, l := range links {
		if _, err := fs.Stat(dist, l[2]); err != nil {
			t.Errorf("%s names a file the build does not have", l[2])
		}
		if strings.Contains(shell, `href="/`+l[2]+`"`) {
			t.Errorf("%s is fetched by the shell already", l[2])
		}
	}
	if strings.Index(wallet, preloadLink.FindString(wallet)) > strings.Index(wallet, "</head>") {
		t.Fatal("the links are not in the head")
	}
}
