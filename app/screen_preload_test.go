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
	if err := json.Unmarshal(raw, &screens); err != nil || !strings.HasPrefix(screens["/deposit-withdraw_page"], "assets/wallet-view-") {
		t.Fatalf("screens.json: %v %s", err, raw)
	}
	shell := s.do("GET", "/no/such/screen", "", nil).Body
	if preloadLink.MatchString(shell) {
		t.Fatal("a path with no screen names a screen's chunks")
	}
	// every screen's page names the file of its own code, unless the shell fetches it already (home)
	for path, file := range screens {
		page := s.do("GET", path, "", nil).Body
		if _, err := fs.Stat(dist, file); err != nil {
			t.Errorf("screens.json names %s for %s, which the build does not have", file, path)
		}
		if !strings.Contains(shell, `href="/`+file+`"`) && !strings.Contains(page, `<link rel="preload" as="script" crossorigin href="/`+file+`">`) {
			t.Errorf("the page of %s does not name its code %s", path, file)
		}
		for _, l := range preloadLink.FindAllStringSubmatch(page, -1) {
			if _, err := fs.Stat(dist, l[2]); err != nil {
				t.Errorf("%s names %s, a file the build does not have", path, l[2])
			}
			if strings.Contains(shell, `href="/`+l[2]+`"`) {
				t.Errorf("%s names %s, which the shell fetches already", path, l[2])
			}
		}
		if l := preloadLink.FindString(page); l != "" && strings.Index(page, l) > strings.Index(page, "</head>") {
			t.Errorf("the links of %s are not in the head", path)
		}
	}
}
