package main

import (
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// pushProxy reads --push-proxy: empty, or an http, https or socks5 proxy's address.
func pushProxy(raw string) (*url.URL, error) {
	if raw == "" {
		return nil, nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "socks5") {
		return nil, fmt.Errorf("--push-proxy %q must be a proxy's address, such as http://proxy.example:3128", raw)
	}
	return u, nil
}

// pushClient is the client Web Push is posted with: through --push-proxy when given, else as the environment
// says (HTTPS_PROXY); it never follows a redirect, so a push goes only to the push service's own host.
func pushClient(raw string) *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	if u, _ := pushProxy(raw); u != nil {
		t.Proxy = http.ProxyURL(u)
	}
	return &http.Client{Timeout: 15 * time.Second, Transport: t,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}
