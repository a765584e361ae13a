package socketio

import (
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Errors of Conn.Send.
var (
	ErrClosed     = errors.New("socketio: session closed")
	ErrSlowClient = errors.New("socketio: client too slow, dropped")
)

const (
	transportPolling = iota
	transportWebSocket
)

// Conn is one Engine.IO session. Its outgoing packets wait in a bounded queue that the current transport
// drains: a held long-polling GET, or the WebSocket write loop.
type Conn struct {
	id      string
	e       *Engine
	req     *http.Request
	handler ConnHandler
	client  string // the client address the pending budgets count it under

	pending bool // not accepted yet; guarded by e.mu

	dispatch sync.Mutex // one delivery to the handler at a time, whatever transport it arrived on

	mu        sync.Mutex
	queue     []enginePacket
	queued    int
	wake      chan struct{} // capacity 1: the queue or the state changed
	transport int
	upgrading bool // a WebSocket has sent its probe; polls are answered with noop
	probing   bool // a WebSocket upgrade is under way
	polling   bool // a GET is held
	posting   bool // a POST is being read
	closing   bool // the server asked to close; the close packet waits in the queue
	closed    bool
	final     byte // the packet a held poll gets when the session ends (0: none)
	lastPoll  bool // closed by the client over polling: the sid waits for the client's last GET (see clientClose)
	done      chan struct{}

	pingTimer *time.Timer
	pongTimer *time.Timer
}

func newConn(e *Engine, r *http.Request, ws *websocket.Conn) *Conn {
	c := &Conn{id: newID(), e: e, req: stripRequest(r), wake: make(chan struct{}, 1), done: make(chan struct{})}
	if ws != nil {
		c.transport = transportWebSocket
	}
	return c
}

// ID is the session id (sid).
func (c *Conn) ID() string { return c.id }

// Request is the handshake request: URL, headers and cookies, without its body.
func (c *Conn) Request() *http.Request { return c.req }

// Transport is "polling" or "websocket".
func (c *Conn) Transport() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.transport == transportWebSocket {
		return "websocket"
	}
	return "polling"
}

// Done is closed when the session ends.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Send queues a message packet. It never blocks: a client whose queue is full is dropped.
func (c *Conn) Send(data []byte, binary bool) error {
	return c.pushChecked(enginePacket{typ: packetMessage, data: data, binary: binary})
}

// SendBatch queues several message packets at once, so that a Socket.IO packet and its attachments are
// never split by the queue limit.
func (c *Conn) SendBatch(packets [][]byte, binaryFrom int) error {
	c.mu.Lock()
	if c.closed || c.closing {
		c.mu.Unlock()
		return ErrClosed
	}
	size := 0
	for _, p := range packets {
		size += len(p) + 1
	}
	if len(c.queue)+len(packets) > c.e.opts.MaxQueuedPackets || c.queued+size > c.e.opts.MaxQueuedBytes {
		c.mu.Unlock()
		c.terminate("slow client", packetClose)
		return ErrSlowClient
	}
	for i, p := range packets {
		c.queue = append(c.queue, enginePacket{typ: packetMessage, data: p, binary: i >= binaryFrom})
	}
	c.queued += size
	c.mu.Unlock()
	c.signal()
	return nil
}

func (c *Conn) pushChecked(p enginePacket) error {
	c.mu.Lock()
	if c.closed || c.closing {
		c.mu.Unlock()
		return ErrClosed
	}
	if len(c.queue) >= c.e.opts.MaxQueuedPackets || c.queued+p.size() > c.e.opts.MaxQueuedBytes {
		c.mu.Unlock()
		c.terminate("slow client", packetClose)
		return ErrSlowClient
	}
	c.queue = append(c.queue, p)
	c.queued += p.size()
	c.mu.Unlock()
	c.signal()
	return nil
}

// push queues a control packet past the limits (they are tiny and bounded by the protocol's own pace).
func (c *Conn) push(p enginePacket, front bool) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	if front {
		c.queue = append([]enginePacket{p}, c.queue...)
	} else {
		c.queue = append(c.queue, p)
	}
	c.queued += p.size()
	c.mu.Unlock()
	c.signal()
}

func (c *Conn) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// take empties the queue.
func (c *Conn) take() []enginePacket {
	q := c.queue
	c.queue, c.queued = nil, 0
	return q
}

// Close ends the session from the server's side. Over WebSocket the socket closes after the queue is
// written; over polling the close packet goes with the next poll.
func (c *Conn) Close() {
	c.mu.Lock()
	if c.closed || c.closing {
		c.mu.Unlock()
		return
	}
	if c.transport == transportWebSocket || c.polling {
		c.mu.Unlock()
		c.terminate("forced close", packetClose)
		return
	}
	c.closing = true
	c.queue = append(c.queue, enginePacket{typ: packetClose})
	c.mu.Unlock()
	c.release() // a session on its way out takes no pending room
	// A client that never polls again is forgotten after one heartbeat.
	time.AfterFunc(c.e.opts.PingInterval+c.e.opts.PingTimeout, func() { c.terminate("forced close", 0) })
}

// terminate ends the session at once; final is the packet a held poll answers with.
func (c *Conn) terminate(reason string, final byte) {
	if c.end(reason, final, false) {
		c.e.forget(c.id)
	}
}

// closeLinger is how long the sid of a session the client closed over long-polling stays known (see clientClose).
const closeLinger = time.Second

// clientClose ends the session upon the client's close packet; a held poll ends with noop. A client that sends
// its close over long-polling has a GET of its own under way, sent before the POST but on another connection,
// which may be served after it: the sid stays known until that GET has had its noop too (or for closeLinger),
// so that it does not get "Session ID unknown" when the POST happens to be served first.
func (c *Conn) clientClose() {
	c.mu.Lock()
	polling := c.transport == transportPolling
	c.mu.Unlock()
	if !polling {
		c.terminate("transport close", packetNoop)
		return
	}
	if c.end("transport close", packetNoop, true) {
		time.AfterFunc(closeLinger, func() { c.e.forget(c.id) })
	}
}

// end closes the session for its handler and transports, and reports whether it was still open. Its caller
// has the engine forget the sid.
func (c *Conn) end(reason string, final byte, lastPoll bool) bool {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return false
	}
	c.closed = true
	c.final = final
	c.lastPoll = lastPoll
	if c.pingTimer != nil {
		c.pingTimer.Stop()
	}
	if c.pongTimer != nil {
		c.pongTimer.Stop()
	}
	c.mu.Unlock()
	c.release() // its pending room, if it still held one, is free
	close(c.done)
	if c.handler != nil {
		// After any delivery under way, which may itself be what closed the session.
		go func() {
			c.dispatch.Lock()
			defer c.dispatch.Unlock()
			c.handler.OnClose(reason)
		}()
	}
	return true
}

// Heartbeat: the server pings every PingInterval and expects a pong within PingTimeout.
func (c *Conn) startHeartbeat() {
	c.mu.Lock()
	c.pingTimer = time.AfterFunc(c.e.opts.PingInterval, c.ping)
	c.mu.Unlock()
}

func (c *Conn) ping() {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.pongTimer = time.AfterFunc(c.e.opts.PingTimeout, func() { c.terminate("ping timeout", packetClose) })
	c.mu.Unlock()
	c.push(enginePacket{typ: packetPing}, false)
}

func (c *Conn) pong() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || c.pongTimer == nil {
		return
	}
	if c.pongTimer.Stop() {
		c.pingTimer.Reset(c.e.opts.PingInterval)
	}
}

// receive handles one packet from the client, on any transport; false means the session has ended.
func (c *Conn) receive(p enginePacket) bool {
	switch p.typ {
	case packetMessage:
		c.dispatch.Lock()
		if !c.isClosed() {
			c.handler.OnMessage(p.data, p.binary)
		}
		c.dispatch.Unlock()
	case packetPong:
		c.pong()
	case packetClose:
		c.clientClose()
		return false
	case packetNoop, packetUpgrade:
		// nothing to do: noops only end polls, an upgrade outside the dance is ignored
	default:
		// open, or ping: in protocol 4 only the server pings
		c.terminate("parse error", packetClose)
		return false
	}
	return !c.isClosed()
}

func (c *Conn) isClosed() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closed
}
