package app

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestClientAddressIsTheOneTheProxyAppended(t *testing.T) {
	cases := []struct {
		name   string
		trust  bool
		hops   int
		peer   string
		header []string
		want   string
	}{
		{"ignores the header without --trust-proxy", false, 1, "127.0.0.1:5000", []string{"203.0.113.9"}, "127.0.0.1"},
		{"takes what one proxy appended", true, 1, "127.0.0.1:5000", []string{"203.0.113.9"}, "203.0.113.9"},
		{"never what the client wrote before it", true, 1, "127.0.0.1:5000", []string{"1.2.3.4, 203.0.113.9"}, "203.0.113.9"},
		{"reads every header line as one list", true, 1, "10.0.0.2:5000", []string{"1.2.3.4", "203.0.113.9"}, "203.0.113.9"},
		{"counts back over two proxies", true, 2, "127.0.0.1:5000", []string{"6.6.6.6, 203.0.113.9, 10.0.0.7"}, "203.0.113.9"},
		{"falls back to the peer when the proxies appended less", true, 2, "127.0.0.1:5000", []string{"203.0.113.9"}, "127.0.0.1"},
		{"falls back to the peer on garbage", true, 1, "127.0.0.1:5000", []string{"1.2.3.4, not-an-ip"}, "127.0.0.1"},
		{"falls back to the peer without the header", true, 1, "[::1]:5000", nil, "::1"},
		{"ignores the header from a public peer, who is no proxy of ours", true, 1, "198.51.100.7:5000", []string{"203.0.113.9"}, "198.51.100.7"},
		{"takes IPv6 as appended", true, 1, "127.0.0.1:5000", []string{"1.2.3.4, 2001:db8::1"}, "2001:db8::1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := &App{trustProxy: c.trust, proxyHops: c.hops}
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = c.peer
			for _, h := range c.header {
				r.Header.Add("X-Forwarded-For", h)
			}
			if got := a.clientIP(r); got != c.want {
				t.Fatalf("clientIP = %q, want %q", got, c.want)
			}
		})
	}
}

// A client behind the proxy who writes a new address of their own into every request stays one address:
// the per-address limit still stops them.
func TestSpoofedForwardedForDoesNotEscapeThePerAddressLimit(t *testing.T) {
	s := newTestShop(t)
	s.app.trustProxy, s.app.proxyHops = true, 1
	attempt := func(i int) reply {
		req, err := http.NewRequest("POST", s.srv.URL+"/api/auth/refresh-token", strings.NewReader(`{"refreshToken":"junk"}`))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		// what the client wrote, then what the proxy appended (the same street address every time)
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.9.%d.%d, 198.51.100.23", i/250, i%250))
		return s.send(nil, req)
	}
	for i := 0; i < loginsPerIP.Max; i++ {
		if r := attempt(i); r.Status != 401 {
			t.Fatalf("attempt %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	if r := attempt(loginsPerIP.Max); r.Status != 429 || r.str("message") != msgTooManyRequests {
		t.Fatalf("attempt %d with a new spoofed address: %d %s", loginsPerIP.Max+1, r.Status, r.Body)
	}
}
