package app

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// manifestIcon is one icon of the web app manifest.
type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

// webManifest answers GET /manifest.webmanifest: the shop's own name, colours and icons (its logo, or the
// default coin), so a phone puts the shop on its home screen as an app of its own, right to left in Persian.
func (a *App) webManifest(w http.ResponseWriter, _ *http.Request) {
	sh := a.shop()
	icon := func(size int, purpose string) manifestIcon {
		return manifestIcon{Src: fmt.Sprintf("/api/shop/logo-%d.png?v=%d", size, sh.LogoVersion),
			Sizes: fmt.Sprintf("%dx%d", size, size), Type: "image/png", Purpose: purpose}
	}
	icons := []manifestIcon{icon(192, "any"), icon(512, "any")}
	if sh.LogoVersion == 0 { // the default coin keeps to the middle: safe for Android's masks
		icons = append(icons, icon(512, "maskable"))
	}
	short := sh.ShortName
	if short == "" {
		short = sh.Name
	}
	h := w.Header()
	h.Set("Content-Type", "application/manifest+json; charset=utf-8")
	h.Set("Cache-Control", "no-cache") // a renamed shop shows on the next visit
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "/", "name": sh.Name, "short_name": short, "description": sh.Name + ": خرید و فروش آنلاین طلا",
		"lang": "fa", "dir": "rtl", "start_url": "/", "scope": "/", "display": "standalone",
		"background_color": "#f6f2e9", "theme_color": "#1d1a14", "icons": icons,
	})
}
