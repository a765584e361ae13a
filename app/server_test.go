package app

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"goldshop/app/sms"
)

func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	s := newTestShop(t)
	for _, path := range []string{"/", "/api/prices/prices", "/api/nothing", "/healthz", "/Login_page"} {
		h := s.do("GET", path, "", nil).Header
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") ||
			strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "same-origin" {
			t.Errorf("%s: headers %v", path, h)
		}
	}
}

func TestUIIsServedForEveryScreenPath(t *testing.T) {
	s := newTestShop(t)
	for _, path := range []string{"/", "/login_page", "/AdminPanel", "/register?ref=ABCD2345", "/no/such/screen"} {
		r := s.do("GET", path, "", nil)
		if r.Status != 200 || !strings.Contains(r.Body, `dir="rtl"`) || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %s", path, r.Status, r.Header.Get("Content-Type"))
		}
	}
	r := s.do("GET", "/api/no/such/call", "", nil)
	if r.Status != 404 || r.str("message") != msgAPINotFound {
		t.Fatalf("unknown API call: %d %s", r.Status, r.Body)
	}
	if r := s.do("DELETE", "/api/prices/prices", "", nil); r.Status != 405 || r.str("message") != msgMethodNotAllowed {
		t.Fatalf("wrong method: %d %s", r.Status, r.Body)
	}
}

func TestHealthAnswersWhileTheDatabaseDoes(t *testing.T) {
	s := newTestShop(t)
	if r := s.do("GET", "/healthz", "", nil); r.Status != 200 || r.str("status") != "ok" {
		t.Fatalf("%d %s", r.Status, r.Body)
	}
	if err := s.store.ReadDB().Close(); err != nil {
		t.Fatal(err)
	}
	if r := s.do("GET", "/healthz", "", nil); r.Status != 503 {
		t.Fatalf("with the database closed: %d %s", r.Status, r.Body)
	}
}

// failingSMS is a gateway that is down; it stands in for the outside world, not for our own code.
type failingSMS struct{}

func (failingSMS) Send(context.Context, sms.Message) error { return errors.New("gateway down") }

func TestFailedSMSLetsTheCustomerAskAgainAtOnce(t *testing.T) {
	s := newTestShop(t)
	s.app.sms = failingSMS{}
	body := registration(300)
	if r := s.do("POST", "/api/auth/register", "", body); r.Status != 502 || r.str("message") != msgSMSFailed {
		t.Fatalf("register with the gateway down: %d %s", r.Status, r.Body)
	}
	s.app.sms = &sms.Console{W: s.sms}
	if r := s.do("POST", "/api/auth/register", "", body); r.Status != 200 {
		t.Fatalf("register once the gateway is back: %d %s", r.Status, r.Body)
	}
}

func TestUIFilesAreServedCompressedAndCached(t *testing.T) {
	s := newTestShop(t)
	index := s.do("GET", "/", "", nil).Body
	m := regexp.MustCompile(`/assets/[^"]+\.js`).FindString(index)
	if m == "" {
		t.Fatalf("no script in index.html: %s", index)
	}
	req, _ := http.NewRequest("GET", s.srv.URL+m, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req) // the bare transport does not undo the gzip
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != "gzip" ||
		!strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("%s: %d encoding %q cache %q", m, resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Get("Cache-Control"))
	}
}

func TestHSTSOnlyOverHTTPS(t *testing.T) {
	s := newTestShop(t)
	if r := s.do("GET", "/api/prices/prices", "", nil); r.Header.Get("Strict-Transport-Security") != "" {
		t.Fatalf("HSTS over plain HTTP without an https base URL: %q", r.Header.Get("Strict-Transport-Security"))
	}
	s.app.baseURL = "https://shop.example"
	s.srv.Config.Handler = s.app.Handler()
	r := s.do("GET", "/api/prices/prices", "", nil)
	if got := r.Header.Get("Strict-Transport-Security"); got != "max-age=31536000" {
		t.Fatalf("HSTS behind an https base URL: %q", got)
	}
}
