package app

import (
	"html"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"goldshop/ui"
)

// The placeholders where index.html names the shop: its name (title, description, application-name) and
// the short name a phone's header and home screen show (apple-mobile-web-app-title; the name when there is
// none). The page is served with the owner's names there, so the first paint and a shared link carry them.
const (
	shopNamePlaceholder      = "__SHOP_NAME__"
	shopShortNamePlaceholder = "__SHOP_SHORT_NAME__"
)

// serveUI serves the embedded web UI: real files as they are (hashed assets cached for a year), and
// index.html for every other path so the client-side router can draw the screen. The service worker (sw.js)
// keeps the same index.html, fetched by its own name, as the shell it opens offline.
func (a *App) serveUI() http.Handler {
	dist := ui.Dist()
	files := http.FileServerFS(dist)
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		panic("ui/dist/index.html is missing: build the UI first (npm run build in ui/)")
	}
	preloads := screenPreloads(dist, string(index))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"message": msgMethodNotAllowed})
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					// sw.js above all: a new build must reach the phone on its next check, not a year later
					w.Header().Set("Cache-Control", "no-cache")
				}
				files.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		page := withPreloads(string(index), preloads, "/"+name)
		sh := a.shop()
		short := sh.ShortName
		if short == "" {
			short = sh.Name
		}
		_, _ = io.WriteString(w, strings.NewReplacer(shopShortNamePlaceholder, html.EscapeString(short),
			shopNamePlaceholder, html.EscapeString(sh.Name)).Replace(page))
	})
}
