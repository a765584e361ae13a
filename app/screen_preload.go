package app

import (
	"encoding/json"
	"html"
	"io/fs"
	"regexp"
	"sort"
	"strings"
)

// Screen preloads (issue 25): the page served for a screen's path names that screen's code, so the browser
// fetches it beside the shell's scripts instead of after the shell has run and asked for it, a round trip
// later. The build writes the chunk file that holds each path's view (screens.json, from src/screens.ts; the
// file, not the source, since a view merged into a shared chunk has no manifest entry under its source's
// name) and Vite's manifest says what that chunk imports; the links for each path are made once, at start. A
// path with no screen (or a build without the two files) is served as it is.

// viteChunk is one entry of Vite's build manifest.
type viteChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
}

var preloadedHref = regexp.MustCompile(`href="/(assets/[^"]+)"`)

// screenPreloads maps each screen's path to the <link> tags of the files its code needs that the shell does
// not fetch already.
func screenPreloads(dist fs.FS, index string) map[string]string {
	var screens map[string]string
	var manifest map[string]viteChunk
	rawScreens, err1 := fs.ReadFile(dist, "screens.json")
	rawManifest, err2 := fs.ReadFile(dist, ".vite/manifest.json")
	if err1 != nil || err2 != nil || json.Unmarshal(rawScreens, &screens) != nil || json.Unmarshal(rawManifest, &manifest) != nil {
		return nil
	}
	shell := map[string]bool{}
	for _, m := range preloadedHref.FindAllStringSubmatch(index, -1) {
		shell[m[1]] = true
	}
	keyOf := map[string]string{} // a chunk's file → its manifest key
	for key, c := range manifest {
		keyOf[c.File] = key
	}
	out := map[string]string{}
	for path, file := range screens {
		var js, css []string
		seen := map[string]bool{}
		var walk func(key string)
		walk = func(key string) {
			c, ok := manifest[key]
			if !ok || seen[key] {
				return
			}
			seen[key] = true
			if !shell[c.File] {
				js = append(js, c.File)
			}
			for _, f := range c.CSS {
				if !shell[f] {
					css = append(css, f)
				}
			}
			for _, imp := range c.Imports {
				walk(imp)
			}
		}
		walk(keyOf[file])
		if len(js)+len(css) == 0 {
			continue
		}
		sort.Strings(css)
		var b strings.Builder
		for _, f := range js {
			b.WriteString(`<link rel="preload" as="script" crossorigin href="/` + html.EscapeString(f) + `">`)
		}
		for _, f := range css {
			b.WriteString(`<link rel="preload" as="style" crossorigin href="/` + html.EscapeString(f) + `">`)
		}
		out[path] = b.String()
	}
	return out
}

// withPreloads is the page for path: index with path's screen preloads at the end of its head.
func withPreloads(index string, preloads map[string]string, path string) string {
	links, ok := preloads[path]
	if !ok {
		return index
	}
	return strings.Replace(index, "</head>", links+"</head>", 1)
}
