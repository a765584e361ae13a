package socketio

import (
	"encoding/json"
	"net/http"
	"sync"
)

// Socket is one client's membership of one namespace.
type Socket struct {
	id     string
	client *client
	ns     *Namespace
	auth   json.RawMessage

	mu        sync.Mutex
	connected bool
	data      any
	nextAck   int64
	acks      map[int64]func(*Message)
}

func newSocket(c *client, ns *Namespace, auth json.RawMessage) *Socket {
	if auth == nil {
		auth = json.RawMessage("{}")
	}
	return &Socket{id: newID(), client: c, ns: ns, auth: auth, connected: true, acks: make(map[int64]func(*Message))}
}

// ID is the socket's id, distinct from the session id.
func (s *Socket) ID() string { return s.id }

// Namespace is the namespace's name.
func (s *Socket) Namespace() string { return s.ns.name }

// Auth is the CONNECT packet's payload, {} when the client sent none.
func (s *Socket) Auth() json.RawMessage { return s.auth }

// Request is the handshake request of the session (headers and cookies).
func (s *Socket) Request() *http.Request { return s.client.conn.req }

// Transport is the session's current transport.
func (s *Socket) Transport() string { return s.client.conn.Transport() }

// SetData and Data keep the application's value for this socket (the signed-in user, say).
func (s *Socket) SetData(v any) {
	s.mu.Lock()
	s.data = v
	s.mu.Unlock()
}

func (s *Socket) Data() any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.data
}

// Connected reports whether the socket is still in its namespace.
func (s *Socket) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.connected
}

// Emit sends an event; []byte arguments travel as binary attachments. It never blocks: a client too slow
// to take it is dropped and ErrSlowClient returned.
func (s *Socket) Emit(event string, args ...any) error {
	return s.emit(event, nil, args, nil)
}

// EmitWithAck sends an event asking for an acknowledgement; onAck runs with the client's answer.
func (s *Socket) EmitWithAck(event string, onAck func(*Message), args ...any) error {
	return s.emit(event, onAck, args, nil)
}

// EmitRaw sends already-encoded arguments whose placeholders refer to attachments, as an echo needs.
func (s *Socket) EmitRaw(event string, args []json.RawMessage, attachments [][]byte) error {
	raw := make([]any, len(args))
	for i, a := range args {
		raw[i] = a
	}
	return s.emit(event, nil, raw, attachments)
}

func (s *Socket) emit(event string, onAck func(*Message), args []any, attachments [][]byte) error {
	name, err := json.Marshal(event)
	if err != nil {
		return err
	}
	data, buffers, err := buildArgs([]json.RawMessage{name}, args, attachments)
	if err != nil {
		return err
	}
	s.mu.Lock()
	if !s.connected {
		s.mu.Unlock()
		return ErrClosed
	}
	id := int64(-1)
	if onAck != nil {
		id = s.nextAck
		s.nextAck++
		s.acks[id] = onAck
	}
	s.mu.Unlock()
	typ := sioEvent
	if len(buffers) > 0 {
		typ = sioBinaryEvent
	}
	return s.client.send(sioPacket{typ: typ, nsp: s.ns.name, ack: id, data: data, buffers: buffers})
}

// Disconnect removes the socket from its namespace and tells the client; the session stays open for its
// other namespaces.
func (s *Socket) Disconnect() {
	s.leave("server namespace disconnect", true)
}

// Close ends the whole session the socket belongs to.
func (s *Socket) Close() { s.client.conn.Close() }

// leave runs once: it forgets the socket and calls the namespace's OnDisconnect.
func (s *Socket) leave(reason string, notify bool) {
	s.mu.Lock()
	if !s.connected {
		s.mu.Unlock()
		return
	}
	s.connected = false
	s.acks = nil
	s.mu.Unlock()
	if notify {
		_ = s.client.send(sioPacket{typ: sioDisconnect, nsp: s.ns.name, ack: -1})
	}
	s.client.remove(s)
	s.ns.mu.Lock()
	delete(s.ns.sockets, s.id)
	onDisconnect := s.ns.onDisconnect
	s.ns.mu.Unlock()
	if onDisconnect != nil {
		guard(s.client.server.opts.Logger, "disconnect", func() { onDisconnect(s, reason) })
	}
}

// Message is one event or acknowledgement from the client. Args are the JSON arguments after the event
// name; binary ones are {"_placeholder":true,"num":n} referring to Attachments[n].
type Message struct {
	Event       string
	Args        []json.RawMessage
	Attachments [][]byte

	socket *Socket
	ack    int64
	acked  bool
}

// HasAck reports whether the client waits for an acknowledgement.
func (m *Message) HasAck() bool { return m.ack >= 0 }

// Arg decodes argument i into v.
func (m *Message) Arg(i int, v any) error {
	if i >= len(m.Args) {
		return errBadSIOPacket
	}
	return json.Unmarshal(m.Args[i], v)
}

// Ack answers the event once; later calls and events without an ack id do nothing.
func (m *Message) Ack(args ...any) error { return m.ackWith(args, nil) }

// AckRaw answers with already-encoded arguments and their attachments.
func (m *Message) AckRaw(args []json.RawMessage, attachments [][]byte) error {
	raw := make([]any, len(args))
	for i, a := range args {
		raw[i] = a
	}
	return m.ackWith(raw, attachments)
}

func (m *Message) ackWith(args []any, attachments [][]byte) error {
	if m.ack < 0 || m.acked {
		return nil
	}
	m.acked = true
	data, buffers, err := buildArgs(nil, args, attachments)
	if err != nil {
		return err
	}
	typ := sioAck
	if len(buffers) > 0 {
		typ = sioBinaryAck
	}
	return m.socket.client.send(sioPacket{typ: typ, nsp: m.socket.ns.name, ack: m.ack, data: data, buffers: buffers})
}

func (s *Socket) onEvent(p sioPacket) {
	event, args, err := splitEvent(p.data)
	if err != nil {
		return
	}
	h := s.ns.handler(event)
	if h == nil {
		return
	}
	m := &Message{Event: event, Args: args, Attachments: p.buffers, socket: s, ack: p.ack}
	guard(s.client.server.opts.Logger, event, func() { h(s, m) })
}

func (s *Socket) onAck(p sioPacket) {
	s.mu.Lock()
	fn := s.acks[p.ack]
	delete(s.acks, p.ack)
	s.mu.Unlock()
	if fn == nil {
		return
	}
	var args []json.RawMessage
	if json.Unmarshal(p.data, &args) != nil {
		return
	}
	m := &Message{Args: args, Attachments: p.buffers, socket: s, ack: -1}
	guard(s.client.server.opts.Logger, "ack", func() { fn(m) })
}
