package cli

import (
	"fmt"
	"net/url"
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
