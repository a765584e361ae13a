package app

import (
	"net"
	"net/http"
	"strings"
)

// clientIP is the caller's address: the socket's peer, unless the shop runs behind a reverse proxy
// (--trust-proxy). A proxy such as nginx ($proxy_add_x_forwarded_for) or Caddy appends the address it saw to
// X-Forwarded-For, after whatever the client wrote there itself; so the client's address is the entry the
// nearest proxy appended: the proxyHops-th from the right (1 for one proxy). Entries further left are the
// client's own words and never count. The header counts only when the peer is a loopback or private address,
// where a proxy in front of the shop sits; a caller reaching the shop directly cannot pose as anyone.
func (a *App) clientIP(r *http.Request) string {
	peer, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		peer = r.RemoteAddr
	}
	if !a.trustProxy || !proxyPeer(peer) {
		return peer
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		for _, e := range strings.Split(h, ",") {
			hops = append(hops, strings.TrimSpace(e))
		}
	}
	n := max(a.proxyHops, 1)
	if len(hops) < n {
		return peer
	}
	ip := net.ParseIP(hops[len(hops)-n])
	if ip == nil {
		return peer
	}
	return ip.String()
}

// proxyPeer tells whether an address can be the shop's own reverse proxy: loopback or a private network.
func proxyPeer(addr string) bool {
	ip := net.ParseIP(addr)
	return ip != nil && (ip.IsLoopback() || ip.IsPrivate())
}
