package socketio

import (
	"net"
	"net/http"
)

// Pending sessions: opened but not yet accepted by the application (for the Socket.IO server, not yet in a
// namespace, which is where it signs in). They count against Options.MaxPending and MaxPendingPerClient on
// top of MaxSessions, so that handshakes nobody signs in on can never fill the room signed-in users need.

// admit reserves a pending place for a new session of r's client. It returns the client's address, and 0 or
// the HTTP status that refuses the handshake.
func (e *Engine) admit(r *http.Request) (client string, status int) {
	client = e.opts.ClientAddr(r)
	e.mu.Lock()
	defer e.mu.Unlock()
	switch {
	case len(e.sessions) >= e.opts.MaxSessions, e.pending >= e.opts.MaxPending:
		return client, http.StatusServiceUnavailable
	case e.opts.MaxPendingPerClient > 0 && e.pendingBy[client] >= e.opts.MaxPendingPerClient:
		return client, http.StatusTooManyRequests
	}
	e.pending++
	e.pendingBy[client]++
	return client, 0
}

// unpend gives back one pending place of client; e.mu must not be held.
func (e *Engine) unpend(client string) {
	e.mu.Lock()
	e.unpendLocked(client)
	e.mu.Unlock()
}

func (e *Engine) unpendLocked(client string) {
	e.pending--
	if e.pendingBy[client]--; e.pendingBy[client] <= 0 {
		delete(e.pendingBy, client)
	}
}

// Pending is the number of sessions not accepted yet.
func (e *Engine) Pending() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.pending
}

// Accept tells the engine that the application has accepted the session (the client signed in): it no
// longer counts against the pending budgets.
func (c *Conn) Accept() { c.release() }

func (c *Conn) release() {
	c.e.mu.Lock()
	defer c.e.mu.Unlock()
	if c.pending {
		c.pending = false
		c.e.unpendLocked(c.client)
	}
}

// pend counts an accepted session as pending again (the Socket.IO client has left every namespace). It
// reports false when the budgets are full: the caller should then close the session.
func (c *Conn) pend() bool {
	c.e.mu.Lock()
	defer c.e.mu.Unlock()
	if c.pending || c.isClosing() {
		return true
	}
	if c.e.pending >= c.e.opts.MaxPending ||
		(c.e.opts.MaxPendingPerClient > 0 && c.e.pendingBy[c.client] >= c.e.opts.MaxPendingPerClient) {
		return false
	}
	c.pending = true
	c.e.pending++
	c.e.pendingBy[c.client]++
	return true
}

// isClosing reports whether the session has ended or is ending.
func (c *Conn) isClosing() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed || c.closing
}

// peerAddr is the IP address of the request's peer, the default ClientAddr.
func peerAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
