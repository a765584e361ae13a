package socketio

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"
)

// ServerOptions add the Socket.IO settings to the Engine.IO ones.
type ServerOptions struct {
	Options
	// ConnectTimeout closes a session that has joined no namespace in time, counted from the handshake and
	// again from the moment it leaves its last namespace; default 45 s.
	ConnectTimeout time.Duration
	Logger         *slog.Logger
}

// Server serves Socket.IO protocol 5 on top of an Engine.
type Server struct {
	engine *Engine
	opts   ServerOptions

	mu         sync.RWMutex
	namespaces map[string]*Namespace
}

// NewServer returns a server with the main namespace "/" defined.
func NewServer(opts ServerOptions) *Server {
	if opts.ConnectTimeout <= 0 {
		opts.ConnectTimeout = 45 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	s := &Server{opts: opts, namespaces: make(map[string]*Namespace)}
	s.engine = NewEngine(opts.Options, s.newClient)
	s.Of("/")
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.engine.ServeHTTP(w, r) }

// Engine is the Engine.IO layer, for its counts.
func (s *Server) Engine() *Engine { return s.engine }

// Close ends every session.
func (s *Server) Close() { s.engine.Close() }

// Of returns the namespace of that name, defining it on first use; clients may join only defined ones.
func (s *Server) Of(name string) *Namespace {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ns, ok := s.namespaces[name]; ok {
		return ns
	}
	ns := &Namespace{name: name, handlers: make(map[string]EventHandler), sockets: make(map[string]*Socket)}
	s.namespaces[name] = ns
	return ns
}

func (s *Server) namespace(name string) *Namespace {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.namespaces[name]
}

// EventHandler handles one event; m.Ack answers it when the client asked for an acknowledgement.
type EventHandler func(s *Socket, m *Message)

// ConnectError refuses a namespace CONNECT; the client sees Message and Data in its connect_error.
type ConnectError struct {
	Message string
	Data    any
}

func (e *ConnectError) Error() string { return e.Message }

// Namespace holds the handlers and the connected sockets of one namespace.
type Namespace struct {
	name string

	mu           sync.RWMutex
	middleware   []func(*Socket) error
	onConnection func(*Socket)
	onDisconnect func(*Socket, string)
	handlers     map[string]EventHandler
	sockets      map[string]*Socket
}

// Use adds a check run on every CONNECT before the socket joins; an error refuses it with CONNECT_ERROR
// (a *ConnectError keeps its message and data, any other error becomes its text).
func (n *Namespace) Use(fn func(*Socket) error) {
	n.mu.Lock()
	n.middleware = append(n.middleware, fn)
	n.mu.Unlock()
}

// OnConnection runs after the CONNECT answer has been sent.
func (n *Namespace) OnConnection(fn func(*Socket)) {
	n.mu.Lock()
	n.onConnection = fn
	n.mu.Unlock()
}

// OnDisconnect runs once per socket when it leaves, with the reason.
func (n *Namespace) OnDisconnect(fn func(*Socket, string)) {
	n.mu.Lock()
	n.onDisconnect = fn
	n.mu.Unlock()
}

// On sets the handler of an event; events without one are ignored.
func (n *Namespace) On(event string, h EventHandler) {
	n.mu.Lock()
	n.handlers[event] = h
	n.mu.Unlock()
}

// Sockets returns the sockets connected now.
func (n *Namespace) Sockets() []*Socket {
	n.mu.RLock()
	defer n.mu.RUnlock()
	out := make([]*Socket, 0, len(n.sockets))
	for _, s := range n.sockets {
		out = append(out, s)
	}
	return out
}

func (n *Namespace) handler(event string) EventHandler {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.handlers[event]
}

// client is the Socket.IO side of one Engine.IO session: its sockets, one per namespace, and a packet whose
// binary attachments are still arriving.
type client struct {
	server  *Server
	conn    *Conn
	timer   *time.Timer
	partial *sioPacket
	pending int // bytes of attachments received for partial

	mu      sync.Mutex
	sockets map[string]*Socket
}

func (s *Server) newClient(conn *Conn) ConnHandler {
	c := &client{server: s, conn: conn, sockets: make(map[string]*Socket)}
	c.timer = time.AfterFunc(s.opts.ConnectTimeout, func() {
		c.mu.Lock()
		none := len(c.sockets) == 0
		c.mu.Unlock()
		if none {
			s.opts.Logger.Debug("socket.io: closing session", "sid", conn.id, "reason", "connect timeout")
			conn.Close()
		}
	})
	return c
}

func (c *client) OnMessage(data []byte, binary bool) {
	if binary {
		if c.partial == nil {
			c.fail("binary data without a packet")
			return
		}
		c.pending += len(data)
		if c.pending > c.server.engine.opts.MaxPayload {
			c.fail("attachments too large")
			return
		}
		c.partial.buffers = append(c.partial.buffers, data)
		if len(c.partial.buffers) < c.partial.attachments {
			return
		}
		p := *c.partial
		c.partial, c.pending = nil, 0
		c.handle(p)
		return
	}
	if c.partial != nil {
		c.fail("text packet while attachments were expected")
		return
	}
	p, err := decodePacket(data)
	if err != nil {
		c.fail("parse error")
		return
	}
	if p.attachments > 0 {
		c.partial = &p
		return
	}
	c.handle(p)
}

// fail ends the whole session, as the reference server does on a packet it cannot decode.
func (c *client) fail(reason string) {
	c.server.opts.Logger.Debug("socket.io: closing session", "sid", c.conn.id, "reason", reason)
	c.conn.Close()
}

func (c *client) handle(p sioPacket) {
	if p.typ == sioConnect {
		c.connect(p)
		return
	}
	c.mu.Lock()
	s := c.sockets[p.nsp]
	c.mu.Unlock()
	if s == nil {
		// Only a CONNECT may name a namespace the client is not in: the protocol closes the session when the
		// first packet is anything else, and the reference server does so for any such packet.
		c.fail("packet for a namespace not joined")
		return
	}
	switch p.typ {
	case sioDisconnect:
		s.leave("client namespace disconnect", false)
	case sioEvent, sioBinaryEvent:
		s.onEvent(p)
	case sioAck, sioBinaryAck:
		s.onAck(p)
	}
}

func (c *client) connect(p sioPacket) {
	ns := c.server.namespace(p.nsp)
	if ns == nil {
		c.sendConnectError(p.nsp, &ConnectError{Message: "Invalid namespace"})
		return
	}
	c.mu.Lock()
	existing := c.sockets[p.nsp]
	c.mu.Unlock()
	if existing != nil {
		c.sendSID(existing)
		return
	}
	s := newSocket(c, ns, p.data)
	ns.mu.RLock()
	middleware := ns.middleware
	ns.mu.RUnlock()
	for _, check := range middleware {
		if err := check(s); err != nil {
			ce, ok := err.(*ConnectError)
			if !ok {
				ce = &ConnectError{Message: err.Error()}
			}
			c.sendConnectError(p.nsp, ce)
			return
		}
	}
	c.mu.Lock()
	c.sockets[p.nsp] = s
	c.timer.Stop()
	c.conn.Accept()
	c.mu.Unlock()
	ns.mu.Lock()
	ns.sockets[s.id] = s
	onConnection := ns.onConnection
	ns.mu.Unlock()
	c.sendSID(s)
	if onConnection != nil {
		guard(c.server.opts.Logger, "connection", func() { onConnection(s) })
	}
}

func (c *client) sendSID(s *Socket) {
	data, _ := json.Marshal(map[string]string{"sid": s.id})
	c.send(sioPacket{typ: sioConnect, nsp: s.ns.name, ack: -1, data: data})
}

func (c *client) sendConnectError(nsp string, e *ConnectError) {
	body := map[string]any{"message": e.Message}
	if e.Data != nil {
		body["data"] = e.Data
	}
	data, _ := json.Marshal(body)
	c.send(sioPacket{typ: sioConnectError, nsp: nsp, ack: -1, data: data})
}

// send queues a packet and its attachments as one unit.
func (c *client) send(p sioPacket) error {
	head := p.encode()
	if len(p.buffers) == 0 {
		return c.conn.Send(head, false)
	}
	all := make([][]byte, 0, 1+len(p.buffers))
	all = append(all, head)
	all = append(all, p.buffers...)
	return c.conn.SendBatch(all, 1)
}

func (c *client) OnClose(reason string) {
	c.timer.Stop()
	c.mu.Lock()
	sockets := make([]*Socket, 0, len(c.sockets))
	for _, s := range c.sockets {
		sockets = append(sockets, s)
	}
	c.mu.Unlock()
	for _, s := range sockets {
		s.leave(reason, false)
	}
}

// remove forgets a socket that left. A session left in no namespace is pending again: it must join one
// within ConnectTimeout, and is closed at once when the pending budgets are full (a client that signs in
// and leaves would otherwise keep any number of sessions that nobody counts).
func (c *client) remove(s *Socket) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sockets[s.ns.name] == s {
		delete(c.sockets, s.ns.name)
	}
	if len(c.sockets) > 0 || c.conn.isClosing() {
		return
	}
	if !c.conn.pend() {
		c.fail("no room for a session in no namespace")
		return
	}
	c.timer.Reset(c.server.opts.ConnectTimeout)
}

// guard runs application code so that a panic in it is logged, not fatal to the server.
func guard(log *slog.Logger, what string, fn func()) {
	defer func() {
		if v := recover(); v != nil {
			log.Error("socket.io: handler panicked", "handler", what, "panic", v)
		}
	}()
	fn()
}
