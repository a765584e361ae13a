package socketio

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gorilla/websocket"
)

// closeWait is how long a closing WebSocket waits for the client to take the close frame in.
const closeWait = time.Second

// serveWebSocket runs a session's WebSocket: the write loop closes the socket only once the read loop is done,
// so that the client reads our close frame rather than a reset.
func (c *Conn) serveWebSocket(ws *websocket.Conn) {
	readDone := make(chan struct{})
	go c.writeLoop(ws, readDone)
	c.readLoop(ws, readDone)
}

// readLoop delivers the client's WebSocket messages until the socket or the session ends.
func (c *Conn) readLoop(ws *websocket.Conn, done chan<- struct{}) {
	defer close(done)
	ws.SetReadLimit(int64(c.e.opts.MaxPayload))
	for {
		kind, data, err := ws.ReadMessage()
		if err != nil {
			c.terminate("transport close", 0)
			if errors.Is(err, websocket.ErrReadLimit) {
				// The library has sent close 1009; the rest of the message is still arriving, and closing the
				// connection on unread bytes would reset it before the client reads that close.
				_ = ws.UnderlyingConn().SetReadDeadline(time.Now().Add(closeWait))
				_, _ = io.Copy(io.Discard, ws.UnderlyingConn())
			}
			return
		}
		p := enginePacket{typ: packetMessage, data: data, binary: true}
		if kind == websocket.TextMessage {
			if p, err = decodeTextPacket(data); err != nil {
				c.terminate("parse error", 0)
				return
			}
		}
		if !c.receive(p) {
			return
		}
	}
}

// writeLoop sends the queue as it fills; when the session ends it writes what is left and closes the socket.
// A write that cannot finish within WriteTimeout drops the client.
func (c *Conn) writeLoop(ws *websocket.Conn, readDone <-chan struct{}) {
	defer func() {
		select { // the client answers our close frame with its own, which ends the read loop
		case <-readDone:
		case <-time.After(closeWait):
		}
		_ = ws.Close()
	}()
	write := func(packets []enginePacket) bool {
		for _, p := range packets {
			_ = ws.SetWriteDeadline(time.Now().Add(c.e.opts.WriteTimeout))
			var err error
			if p.binary {
				err = ws.WriteMessage(websocket.BinaryMessage, p.data)
			} else {
				err = writeText(ws, p)
			}
			if err != nil {
				c.terminate("transport error", 0)
				return false
			}
		}
		return true
	}
	for {
		c.mu.Lock()
		packets, closed := c.take(), c.closed
		c.mu.Unlock()
		if !write(packets) {
			return
		}
		if closed {
			_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
				time.Now().Add(time.Second))
			return
		}
		select {
		case <-c.wake:
		case <-c.done:
		}
	}
}

func writeText(ws *websocket.Conn, p enginePacket) error {
	w, err := ws.NextWriter(websocket.TextMessage)
	if err != nil {
		return err
	}
	if _, err = w.Write([]byte{p.typ}); err == nil {
		_, err = w.Write(p.data)
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	return err
}

var (
	probePing = []byte("2probe")
	probePong = []byte("3probe")
)

// upgrade moves a polling session to WebSocket: the client sends "2probe", the server answers "3probe" and
// ends held polls with noop, the client sends "5" and from then on only the WebSocket carries packets.
func (c *Conn) upgrade(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	closed := c.closed
	busy := c.closing || c.transport != transportPolling || c.probing
	if !closed && !busy {
		c.probing = true
	}
	c.mu.Unlock()
	switch {
	case closed: // it ended while this request was on its way
		writeProtocolError(w, codeUnknownSID)
		return
	case busy:
		c.e.refuseWebSocket(w, r)
		return
	}
	ws, err := c.e.upgrader.Upgrade(w, r, nil)
	if err != nil {
		c.endProbe()
		return
	}
	go c.probe(ws)
}

// refuseWebSocket accepts a WebSocket and closes it at once, as the reference server turns away a second
// WebSocket for a session that is already upgrading or upgraded (an HTTP error would fail the official test
// suite, whose client has no error handler); the session goes on on its own transport.
func (e *Engine) refuseWebSocket(w http.ResponseWriter, r *http.Request) {
	ws, err := e.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader has answered
	}
	defer ws.Close()
	deadline := time.Now().Add(time.Second)
	if ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), deadline) != nil {
		return
	}
	// Wait for the client's close frame: closing the TCP connection on unread data could reset it before
	// our close frame has arrived.
	_ = ws.SetReadDeadline(deadline)
	for {
		if _, _, err := ws.NextReader(); err != nil {
			return
		}
	}
}

func (c *Conn) endProbe() {
	c.mu.Lock()
	c.probing, c.upgrading = false, false
	c.mu.Unlock()
}

func (c *Conn) probe(ws *websocket.Conn) {
	ws.SetReadLimit(int64(c.e.opts.MaxPayload))
	deadline := time.Now().Add(c.e.opts.UpgradeTimeout)
	fail := func() {
		c.endProbe()
		_ = ws.Close()
	}
	_ = ws.SetReadDeadline(deadline)
	kind, data, err := ws.ReadMessage()
	if err != nil || kind != websocket.TextMessage || !bytes.Equal(data, probePing) {
		fail()
		return
	}
	// Upgrading before "3probe" leaves: a GET the client sends after it must be seen as coming during the
	// upgrade (see poll).
	c.mu.Lock()
	c.upgrading = true
	c.mu.Unlock()
	_ = ws.SetWriteDeadline(deadline)
	if err := ws.WriteMessage(websocket.TextMessage, probePong); err != nil {
		fail()
		return
	}
	c.signal() // a held poll answers noop so that the client can pause polling

	for {
		kind, data, err = ws.ReadMessage()
		if err != nil || kind != websocket.TextMessage {
			fail()
			return
		}
		if bytes.Equal(data, probePing) { // a repeated probe is answered again
			_ = ws.WriteMessage(websocket.TextMessage, probePong)
			continue
		}
		if len(data) == 1 && data[0] == packetUpgrade {
			break
		}
		fail()
		return
	}
	_ = ws.SetReadDeadline(time.Time{})
	_ = ws.SetWriteDeadline(time.Time{})

	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		_ = ws.Close()
		return
	}
	c.transport = transportWebSocket
	c.probing, c.upgrading = false, false
	c.mu.Unlock()
	c.signal() // a held poll ends with noop; the write loop sends what waited
	c.serveWebSocket(ws)
}
