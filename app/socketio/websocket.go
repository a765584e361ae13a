package socketio

import (
	"bytes"
	"net/http"
	"time"

	"github.com/gorilla/websocket"
)

// readLoop delivers the client's WebSocket messages until the socket or the session ends.
func (c *Conn) readLoop(ws *websocket.Conn) {
	ws.SetReadLimit(int64(c.e.opts.MaxPayload))
	for {
		kind, data, err := ws.ReadMessage()
		if err != nil {
			c.terminate("transport close", 0)
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
func (c *Conn) writeLoop(ws *websocket.Conn) {
	defer ws.Close()
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
	refused := c.closed || c.closing || c.transport != transportPolling || c.probing
	if !refused {
		c.probing = true
	}
	c.mu.Unlock()
	if refused {
		writeProtocolError(w, codeBadRequest)
		return
	}
	ws, err := c.e.upgrader.Upgrade(w, r, nil)
	if err != nil {
		c.endProbe()
		return
	}
	go c.probe(ws)
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
	_ = ws.SetWriteDeadline(deadline)
	if err := ws.WriteMessage(websocket.TextMessage, probePong); err != nil {
		fail()
		return
	}
	c.mu.Lock()
	c.upgrading = true
	c.mu.Unlock()
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
	go c.writeLoop(ws)
	c.readLoop(ws)
}
