package socketio

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Options are the Engine.IO settings; zero fields take the defaults of the reference server.
type Options struct {
	PingInterval   time.Duration // default 25 s
	PingTimeout    time.Duration // default 20 s
	MaxPayload     int           // bytes of one HTTP body or WebSocket message; default 1,000,000
	UpgradeTimeout time.Duration // time allowed for the probe/upgrade dance; default 10 s
	WriteTimeout   time.Duration // one WebSocket write; default 10 s

	// A session whose outgoing queue grows past either limit is a slow client and is dropped.
	MaxQueuedPackets int // default 1024
	MaxQueuedBytes   int // default 4 MiB
	MaxSessions      int // open sessions at once; more get 503; default 10,000

	// Sessions the application has not accepted yet (see Conn.Accept: the Socket.IO server accepts a session
	// when it joins a namespace, that is when it has signed in) have budgets of their own, so that a flood
	// of bare handshakes can never take the room of accepted ones: at most MaxPending at once (default
	// MaxSessions) and at most MaxPendingPerClient from one client (default no limit), the client being
	// what ClientAddr names (default the peer's IP address). Handshakes beyond them get 503 and 429.
	MaxPending          int
	MaxPendingPerClient int
	ClientAddr          func(r *http.Request) string

	// AllowOrigin, when set, answers CORS for the origins it accepts (the conformance server accepts all).
	AllowOrigin func(origin string) bool
	// CheckOrigin guards WebSocket handshakes; nil means same origin only (gorilla's default).
	CheckOrigin func(r *http.Request) bool
}

func (o Options) withDefaults() Options {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	defInt := func(d *int, v int) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.PingInterval, 25*time.Second)
	def(&o.PingTimeout, 20*time.Second)
	def(&o.UpgradeTimeout, 10*time.Second)
	def(&o.WriteTimeout, 10*time.Second)
	defInt(&o.MaxPayload, 1_000_000)
	defInt(&o.MaxQueuedPackets, 1024)
	defInt(&o.MaxQueuedBytes, 4<<20)
	defInt(&o.MaxSessions, 10_000)
	defInt(&o.MaxPending, o.MaxSessions)
	if o.ClientAddr == nil {
		o.ClientAddr = peerAddr
	}
	return o
}

// ConnHandler receives what one Engine.IO session delivers. Calls for one session never overlap.
type ConnHandler interface {
	OnMessage(data []byte, binary bool)
	OnClose(reason string)
}

// Engine serves Engine.IO protocol 4. It is an http.Handler for the path it is mounted on.
type Engine struct {
	opts     Options
	upgrader websocket.Upgrader
	onOpen   func(*Conn) ConnHandler

	mu        sync.Mutex // taken before a Conn's mu, never while holding one
	sessions  map[string]*Conn
	pending   int            // sessions not accepted yet (see pending.go)
	pendingBy map[string]int // the same by client address
}

// NewEngine returns an engine that calls onOpen for every new session, before the session sees any packet.
func NewEngine(opts Options, onOpen func(*Conn) ConnHandler) *Engine {
	opts = opts.withDefaults()
	return &Engine{
		opts:      opts,
		onOpen:    onOpen,
		sessions:  make(map[string]*Conn),
		pendingBy: make(map[string]int),
		upgrader: websocket.Upgrader{
			ReadBufferSize:  4096,
			WriteBufferSize: 4096,
			// Idle connections hold no write buffer: one is taken from the pool for each write.
			WriteBufferPool: &sync.Pool{},
			CheckOrigin:     opts.CheckOrigin,
		},
	}
}

// The HTTP errors of the reference server: status 400 (403 for Forbidden) and a JSON body.
const (
	codeUnknownTransport   = 0
	codeUnknownSID         = 1
	codeBadHandshakeMethod = 2
	codeBadRequest         = 3
	codeForbidden          = 4
	codeUnsupportedVersion = 5
)

var errorMessages = map[int]string{
	codeUnknownTransport:   "Transport unknown",
	codeUnknownSID:         "Session ID unknown",
	codeBadHandshakeMethod: "Bad handshake method",
	codeBadRequest:         "Bad request",
	codeForbidden:          "Forbidden",
	codeUnsupportedVersion: "Unsupported protocol version",
}

func writeProtocolError(w http.ResponseWriter, code int) {
	status := http.StatusBadRequest
	if code == codeForbidden {
		status = http.StatusForbidden
	}
	body, _ := json.Marshal(struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, errorMessages[code]})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (e *Engine) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if e.cors(w, r) {
		return
	}
	q := r.URL.Query()
	transport := q.Get("transport")
	if transport != "polling" && transport != "websocket" {
		writeProtocolError(w, codeUnknownTransport)
		return
	}
	if q.Get("EIO") != "4" {
		writeProtocolError(w, codeUnsupportedVersion)
		return
	}
	isWebSocket := websocket.IsWebSocketUpgrade(r)
	if isWebSocket != (transport == "websocket") {
		writeProtocolError(w, codeBadRequest)
		return
	}
	sid := q.Get("sid")
	if sid == "" {
		if r.Method != http.MethodGet {
			writeProtocolError(w, codeBadHandshakeMethod)
			return
		}
		e.handshake(w, r, isWebSocket)
		return
	}
	c := e.lookup(sid)
	if c == nil {
		writeProtocolError(w, codeUnknownSID)
		return
	}
	if isWebSocket {
		c.upgrade(w, r)
		return
	}
	switch r.Method {
	case http.MethodGet:
		c.poll(w, r)
	case http.MethodPost:
		c.post(w, r)
	default:
		writeProtocolError(w, codeBadRequest)
	}
}

// cors answers CORS headers for allowed origins and ends preflight requests; it reports whether it answered.
func (e *Engine) cors(w http.ResponseWriter, r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if e.opts.AllowOrigin == nil || origin == "" || !e.opts.AllowOrigin(origin) {
		return false
	}
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", origin)
	h.Set("Access-Control-Allow-Credentials", "true")
	h.Add("Vary", "Origin")
	if r.Method != http.MethodOptions {
		return false
	}
	h.Set("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
	if asked := r.Header.Get("Access-Control-Request-Headers"); asked != "" {
		h.Set("Access-Control-Allow-Headers", asked)
	}
	w.WriteHeader(http.StatusNoContent)
	return true
}

func (e *Engine) lookup(sid string) *Conn {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.sessions[sid]
}

func (e *Engine) forget(sid string) {
	e.mu.Lock()
	delete(e.sessions, sid)
	e.mu.Unlock()
}

// Count is the number of open sessions.
func (e *Engine) Count() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, c := range e.sessions {
		if !c.isClosed() { // a session the client closed waits a moment for its last poll
			n++
		}
	}
	return n
}

// Close ends every session, as at server shutdown.
func (e *Engine) Close() {
	e.mu.Lock()
	all := make([]*Conn, 0, len(e.sessions))
	for _, c := range e.sessions {
		all = append(all, c)
	}
	e.mu.Unlock()
	for _, c := range all {
		c.terminate("forced server close", packetClose)
	}
}

func newID() string {
	b := make([]byte, 15)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (e *Engine) handshake(w http.ResponseWriter, r *http.Request, isWebSocket bool) {
	client, status := e.admit(r)
	if status != 0 {
		http.Error(w, "too many sessions", status)
		return
	}
	var ws *websocket.Conn
	if isWebSocket {
		var err error
		if ws, err = e.upgrader.Upgrade(w, r, nil); err != nil {
			e.unpend(client)
			return // the upgrader has answered
		}
	}
	c := newConn(e, r, ws)
	c.client, c.pending = client, true
	upgrades := []string{"websocket"}
	if isWebSocket {
		upgrades = []string{}
	}
	open, _ := json.Marshal(struct {
		SID          string   `json:"sid"`
		Upgrades     []string `json:"upgrades"`
		PingInterval int64    `json:"pingInterval"`
		PingTimeout  int64    `json:"pingTimeout"`
		MaxPayload   int      `json:"maxPayload"`
	}{c.id, upgrades, e.opts.PingInterval.Milliseconds(), e.opts.PingTimeout.Milliseconds(), e.opts.MaxPayload})

	e.mu.Lock()
	e.sessions[c.id] = c
	e.mu.Unlock()
	c.handler = e.onOpen(c)

	openPacket := enginePacket{typ: packetOpen, data: open}
	if isWebSocket {
		c.push(openPacket, true)
		c.startHeartbeat()
		go c.serveWebSocket(ws)
		return
	}
	c.startHeartbeat()
	writePollResponse(w, encodePayload([]enginePacket{openPacket}))
	// The handler may have queued packets already (a server that speaks first); they go with the next poll.
}

func writePollResponse(w http.ResponseWriter, body []byte) {
	w.Header().Set("Content-Type", "text/plain; charset=UTF-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(body)
}

// stripRequest keeps what handlers may need of the handshake request (URL, headers, cookies, remote address)
// without its body or its context, which end with the request.
func stripRequest(r *http.Request) *http.Request {
	c := r.Clone(context.Background())
	c.Body = http.NoBody
	return c
}
