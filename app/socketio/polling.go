package socketio

import (
	"errors"
	"io"
	"net/http"
	"time"
)

// upgradeCheck is how long a GET that comes during the upgrade waits for it to be done (see poll).
const upgradeCheck = 100 * time.Millisecond

// admit decides, with c.mu held, whether a poll (or a POST) may run: the session must be open, or closed by the
// client with its last poll still to come (lastPoll, polls only: see clientClose), and on long-polling; a second
// request of the same kind while one is under way ends the session (the held poll gets a close packet), as the
// reference server does. busy is c.polling or c.posting; admitting sets it. A refused request has its answer
// and c.mu is released; an admitted one keeps c.mu.
func (c *Conn) admit(w http.ResponseWriter, poll bool, busy *bool) bool {
	code := 0
	switch {
	case c.closed && !(poll && c.lastPoll): // it ended while this request was on its way
		code = codeUnknownSID
	case c.transport != transportPolling:
		code = codeBadRequest
	case *busy:
		c.mu.Unlock()
		c.terminate("transport error", packetClose)
		writeProtocolError(w, codeBadRequest)
		return false
	default:
		*busy = true
		return true
	}
	c.mu.Unlock()
	writeProtocolError(w, code)
	return false
}

// poll holds a GET until there is something to send, then sends everything queued as one payload.
func (c *Conn) poll(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	if !c.admit(w, true, &c.polling) {
		return
	}
	// A GET that comes during the upgrade may have been sent after the client's "5", which its WebSocket has
	// not delivered yet: it waits a moment for it (as long as the reference server's own check, which ends such
	// a poll with noop) and, if the upgrade is done meanwhile, is answered as any GET after the upgrade.
	overtaking := c.upgrading
	var waited <-chan time.Time
	if overtaking {
		t := time.NewTimer(upgradeCheck)
		defer t.Stop()
		waited = t.C
	}
	c.mu.Unlock()

	for {
		c.mu.Lock()
		if overtaking && c.transport != transportPolling && !c.closed {
			c.polling = false
			c.mu.Unlock()
			writeProtocolError(w, codeBadRequest)
			return
		}
		var packets []enginePacket
		switch {
		case c.closed:
			packets = c.take()
			if c.final != 0 {
				packets = append(packets, enginePacket{typ: c.final})
			}
			if len(packets) == 0 {
				packets = []enginePacket{{typ: packetNoop}}
			}
		case len(c.queue) > 0:
			packets = c.take()
		case c.upgrading && waited == nil, c.transport != transportPolling:
			packets = []enginePacket{{typ: packetNoop}}
		}
		if packets != nil {
			c.polling = false
			closed, closing := c.closed, c.closing
			c.lastPoll = false
			c.mu.Unlock()
			writePollResponse(w, encodePayload(packets))
			switch {
			case closed:
				c.e.forget(c.id) // the session's last poll: a sid kept after the client's close goes now
			case closing:
				c.terminate("forced close", 0)
			}
			return
		}
		c.mu.Unlock()
		select {
		case <-c.wake:
		case <-c.done:
		case <-waited:
			waited = nil
		case <-r.Context().Done():
			// The client gave up the poll while it was held, before anything was written to it (an answered
			// poll never waits here, however soon its context ends): as the reference server does, that ends
			// the session, unless it has moved to WebSocket meanwhile.
			c.mu.Lock()
			cancelled := c.transport == transportPolling
			c.mu.Unlock()
			if cancelled {
				c.terminate("transport error", packetClose)
			}
			// Only now: a poll coming meanwhile is a duplicate, or finds the session closed, never held.
			c.mu.Lock()
			c.polling = false
			c.mu.Unlock()
			return
		}
	}
}

// post reads a payload of packets from the client; a malformed one ends the session.
func (c *Conn) post(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	if !c.admit(w, false, &c.posting) {
		return
	}
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.posting = false
		c.mu.Unlock()
	}()

	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, int64(c.e.opts.MaxPayload)))
	if err != nil {
		c.terminate("transport error", packetClose)
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			http.Error(w, "Payload Too Large", http.StatusRequestEntityTooLarge)
			return
		}
		writeProtocolError(w, codeBadRequest)
		return
	}
	packets, err := decodePayload(body)
	if err != nil {
		c.terminate("parse error", packetClose)
		writeProtocolError(w, codeBadRequest)
		return
	}
	for _, p := range packets {
		if !c.receive(p) {
			break
		}
	}
	w.Header().Set("Content-Type", "text/html")
	_, _ = w.Write([]byte("ok"))
}
