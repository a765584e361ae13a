package app

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

func TestTheShopsSettingsArePublicAndOnlyTheOwnerChangesThem(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	naming := map[string]any{
		"name": "گالری طلای <ستاره> & پسران", "short_name": "طلای ستاره", "phones": []string{"۰۲۱-۳۳۴۴ ۵۵۶۶", " ", "+98 912 123 4567"},
		"address": "تهران،  بازار بزرگ", "hours": "شنبه تا پنجشنبه ۱۰ تا ۱۸", "about": "از ۱۳۶۰\r\n\r\nطلای  ۱۸ عیار", "licence": "نماد اعتماد الکترونیکی"}
	refused := []string{`"short_name"`}
	s.run(t, []scenario{
		{name: "a fresh install has a neutral name", method: "GET", path: "/api/shop", wantStatus: 200, wantContains: `"name":"فروشگاه طلا","short_name":"فروشگاه طلا","phones":[]`},
		{name: "and no logo yet", method: "GET", path: "/api/shop", wantStatus: 200, wantContains: `"logo_url":""`},
		{name: "the owner sees the first-run card", method: "GET", path: "/api/admin/shop", token: owner, wantStatus: 200, wantContains: `"configured":false`},
		{name: "the name is required", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"name": "  "}, wantStatus: 400, wantContains: msgShopNameRequired, wantAbsent: refused},
		{name: "and at most 60 characters", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"name": strings.Repeat("ط", 61)}, wantStatus: 400, wantContains: msgShopNameTooLong, wantAbsent: refused},
		{name: "plain text only", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"name": "طلا\u202eشاپ"}, wantStatus: 400, wantContains: msgShopNameTooLong, wantAbsent: refused},
		{name: "a long name needs a short one", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"name": "گالری طلا و جواهر ستاره", "short_name": ""}, wantStatus: 400, wantContains: msgShopShortNameRequired, wantAbsent: refused},
		{name: "a short name fits the home screen", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"name": "طلا", "short_name": strings.Repeat("ط", 13)}, wantStatus: 400, wantContains: msgShopShortNameTooLong, wantAbsent: refused},
		{name: "phones are digits", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"name": "طلا", "phones": []string{"021-abc"}}, wantStatus: 400, wantContains: msgShopPhoneInvalid, wantAbsent: refused},
		{name: "at most five", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"name": "طلا", "phones": []string{"1111111", "2222222", "3333333", "4444444", "5555555", "6666666"}}, wantStatus: 400, wantContains: msgShopTooManyPhones, wantAbsent: refused},
		{name: "a phones string is not a list", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"phones": "02112345678"}, wantStatus: 400, wantContains: msgBadJSON, wantAbsent: refused},
	})
	if r := s.do("GET", "/api/shop", "", nil); !strings.Contains(r.Body, `"name":"فروشگاه طلا"`) {
		t.Fatalf("the refusals changed the shop: %s", r.Body)
	}
	// Named, then changed once more (so the audit has a named "before"), the shop stays named: the cases that
	// save it again change at most its hours, which no case reads.
	s.mustDo("PUT", "/api/admin/shop", owner, naming)
	s.mustDo("PUT", "/api/admin/shop", owner, map[string]any{"hours": "همه روزه"})
	s.run(t, []scenario{
		{name: "the owner names the shop", method: "PUT", path: "/api/admin/shop", token: owner, body: naming,
			wantStatus: 200, wantContains: `"name":"گالری طلای \u003cستاره\u003e \u0026 پسران","short_name":"طلای ستاره","phones":["02133445566","+989121234567"],"address":"تهران، بازار بزرگ"`},
		{name: "the about text keeps its paragraphs", method: "GET", path: "/api/shop", wantStatus: 200, wantContains: `"about":"از ۱۳۶۰\n\nطلای ۱۸ عیار"`, wantAbsent: []string{`\r`}},
		{name: "the first-run card goes", method: "GET", path: "/api/admin/shop", token: owner, wantStatus: 200, wantContains: `"configured":true`},
		{name: "a field left out keeps its value", method: "PUT", path: "/api/admin/shop", token: owner, body: map[string]any{"hours": "همه روزه"},
			wantStatus: 200, wantContains: `"name":"گالری طلای \u003cستاره\u003e \u0026 پسران"`},
		{name: "audited with before and after", method: "GET", path: "/api/admin/audit?kind=shop.update&limit=1", token: owner, wantStatus: 200, wantContains: `"before":{"about":"از ۱۳۶۰\n\nطلای ۱۸ عیار"`},
	})
	// The page names the shop, escaped, in its title and the description that starts with it.
	page := s.do("GET", "/", "", nil)
	for _, want := range []string{"<title>گالری طلای &lt;ستاره&gt; &amp; پسران</title>", `content="گالری طلای &lt;ستاره&gt; &amp; پسران:`} {
		if !strings.Contains(page.Body, want) {
			t.Errorf("index.html lacks %s:\n%s", want, page.Body)
		}
	}
	if strings.Contains(page.Body, shopNamePlaceholder) || strings.Contains(page.Body, "<ستاره>") {
		t.Errorf("index.html keeps a placeholder or an unescaped name:\n%s", page.Body)
	}
	// Every SMS starts with the shop's name.
	s.register(registration(3))
	if text := s.sms.String(); !strings.Contains(text, `text="گالری طلای <ستاره> & پسران\n`) {
		t.Errorf("SMS does not start with the shop's name: %s", text)
	}
}

// postLogo uploads body as the logo (in the form field field) and returns the answer.
func (s *testShop) postLogo(token, field string, body []byte) reply {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile(field, "logo.png")
	fw.Write(body)
	mw.Close()
	req, _ := http.NewRequest("POST", s.srv.URL+"/api/admin/shop/logo", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	return s.send(nil, req)
}

func testImage(w, h int, encode func(io.Writer, image.Image) error) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.NRGBA{R: 200, G: uint8(y), B: 40, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

func TestTheLogoIsCheckedByContentAndResizedForEveryScreen(t *testing.T) {
	s := newTestShop(t)
	owner := s.signInAdmin()
	staff := s.signInStaff("09350000002")
	pngLogo := testImage(300, 100, png.Encode)
	jpegLogo := testImage(64, 64, func(w io.Writer, m image.Image) error { return jpeg.Encode(w, m, nil) })
	webpLogo, _ := base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")

	if r := s.postLogo(staff, "logo", pngLogo); r.Status != 403 {
		t.Fatalf("staff uploaded a logo: %d %s", r.Status, r.Body)
	}
	r := s.postLogo(owner, "logo", pngLogo)
	if r.Status != 200 || r.str("logo_url") != "/api/shop/logo-192.png?v=1" {
		t.Fatalf("png logo: %d %s", r.Status, r.Body)
	}
	for _, size := range logoSizes {
		got := s.do("GET", logoURL(size, 1), "", nil)
		img, err := png.Decode(strings.NewReader(got.Body))
		if got.Status != 200 || err != nil || img.Bounds().Dx() != size || img.Bounds().Dy() != size {
			t.Fatalf("logo %d: %d %v", size, got.Status, err)
		}
		if cc := got.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
			t.Errorf("logo %d cache: %q", size, cc)
		}
		// A wide logo is fitted whole: transparent bands above and below, except on iOS's white icon.
		if _, _, _, a := img.At(size/2, 0).RGBA(); (a == 0) == opaqueLogoSizes[size] {
			t.Errorf("logo %d: top band alpha %d", size, a)
		}
		if _, g, _, _ := img.At(size/2, size/2).RGBA(); g == 0xffff {
			t.Errorf("logo %d: the picture is not in the middle", size)
		}
	}
	for name, file := range map[string][]byte{"jpeg": jpegLogo, "webp": webpLogo} {
		if r := s.postLogo(owner, "logo", file); r.Status != 200 {
			t.Fatalf("%s logo: %d %s", name, r.Status, r.Body)
		}
	}
	version := s.do("GET", "/api/shop", "", nil).str("logo_url")
	refusals := []struct {
		name, field string
		body        []byte
		status      int
		msg         string
	}{
		{"an SVG", "logo", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), 400, msgLogoType},
		{"a PNG header and nothing else", "logo", pngLogo[:40], 400, msgLogoType},
		{"a GIF", "logo", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), 400, msgLogoType},
		{"too wide", "logo", testImage(4097, 1, png.Encode), 400, msgLogoTooManyPixels},
		{"too large", "logo", append(append([]byte{}, pngLogo...), make([]byte, maxLogoBytes)...), 400, msgLogoTooLarge},
		{"far too large", "logo", make([]byte, 3*maxLogoBytes), 400, msgLogoTooLarge},
		{"no logo field", "file", pngLogo, 400, msgLogoRequired},
	}
	for _, c := range refusals {
		if r := s.postLogo(owner, c.field, c.body); r.Status != c.status || r.str("message") != c.msg {
			t.Errorf("%s: %d %s, want %d %q", c.name, r.Status, r.Body, c.status, c.msg)
		}
	}
	if now := s.do("GET", "/api/shop", "", nil).str("logo_url"); now != version || now != "/api/shop/logo-192.png?v=3" {
		t.Fatalf("a refused logo changed the logo: %s → %s", version, now)
	}
	if got := s.do("GET", "/api/shop/logo-192.png?v=3", "", nil); got.Status != 200 {
		t.Fatalf("the old logo is no longer served: %d", got.Status)
	}
	for _, path := range []string{"/api/shop/logo-100.png", "/api/shop/logo-x.png", "/api/shop/logo-..%2f.png"} {
		if got := s.do("GET", path, "", nil); got.Status != 404 {
			t.Errorf("%s: %d", path, got.Status)
		}
	}
}

// The tax identity an invoice prints is saved as digits (Persian ones and dashes read), shown to everyone, and
// refused with its Persian message at a wrong length.
func TestTheShopsTaxIdentityIsDigitsOfItsLength(t *testing.T) {
	s := newTestShop(t)
	owner := s.newOwner()
	s.run(t, []scenario{
		{name: "a postal code of nine digits", method: "PUT", path: "/api/admin/shop", token: owner,
			body: map[string]any{"postal_code": "123456789"}, wantStatus: 400, wantContains: msgShopPostalCode},
		{name: "an economic code with letters", method: "PUT", path: "/api/admin/shop", token: owner,
			body: map[string]any{"economic_code": "41114ab1234"}, wantStatus: 400, wantContains: msgShopEconomicCode},
	})
	s.mustDo("PUT", "/api/admin/shop", owner, map[string]any{"economic_code": "۴۱۱۱-۴۴۶۶-۱۲۳۴", "national_id": "10101234567",
		"postal_code": "1234567890"})
	if r := s.mustDo("GET", "/api/shop", "", nil); r.str("economic_code") != "411144661234" || r.str("national_id") != "10101234567" ||
		r.str("postal_code") != "1234567890" {
		t.Fatalf("shop %s", r.Body)
	}
}
