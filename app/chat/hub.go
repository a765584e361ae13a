// Package chat is the support chat's hub: who is connected, which rooms they have open, and the events of
// decisions.md §7 between customers and the shop, on top of app/socketio. Messages are kept in the store;
// the hub itself holds only presence, so a restart loses nothing but open connections.
package chat

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"goldshop/app/socketio"
	"goldshop/store"
)

// User is who a socket belongs to, and by which sign-in.
type User struct {
	ID        int64
	FirstName string
	LastName  string
	Phone     string
	IsAdmin   bool
	// LoginID is the login (signed-in device) the socket was opened with: ending it closes the socket.
	LoginID int64
	// Until is when the proof the socket was opened with stops working (the access token's expiry, the
	// cookie session's end): the socket is closed then. Zero means never.
	Until time.Time
}

// Config is what the hub needs from the shop.
type Config struct {
	Store *store.Store
	// Authenticate finds the user from the handshake request (cookie) and the CONNECT auth payload ({token}).
	Authenticate func(r *http.Request, auth json.RawMessage) (User, error)
	Now          func() time.Time
	Log          *slog.Logger
	Socket       socketio.Options // the hub adds its budgets for sockets not signed in yet (access.go)
}

// HistoryLimit is how many of a room's latest messages previous_messages carries.
const HistoryLimit = 500

// Hub is the chat's live state. Sets of sockets are guarded by mu; database work happens outside it.
type Hub struct {
	cfg    Config
	server *socketio.Server

	mu        sync.Mutex
	admins    map[*socketio.Socket]bool           // every admin socket
	listeners map[int64]map[*socketio.Socket]bool // customer id → sockets that sent join_user_room
	rooms     map[int64]*presence                 // room id → sockets that have it open
	accounts  map[int64]*account                  // user id → their sockets and their send limit
	logins    map[int64]map[*socketio.Socket]bool // login id → sockets opened with it
	endings   []ending                            // logins ended lately (see access.go)
	endSeq    uint64                              // count of endings ever
}

// presence is who has one room open: the customer's chat pages and the admins looking at it.
type presence struct {
	customer map[*socketio.Socket]bool
	admins   map[*socketio.Socket]bool
}

// member is what the hub keeps on each socket.
type member struct {
	user   User
	limit  *rateLimit // its user's, shared by all their sockets
	seq    uint64     // endSeq when its sign-in began
	mu     sync.Mutex
	joined map[int64]bool // rooms this socket has open
	expiry *time.Timer    // closes it at user.Until
}

// New builds the hub and its Socket.IO server; mount Handler at /socket.io/.
func New(cfg Config) *Hub {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	h := &Hub{
		cfg:       cfg,
		admins:    make(map[*socketio.Socket]bool),
		listeners: make(map[int64]map[*socketio.Socket]bool),
		rooms:     make(map[int64]*presence),
		accounts:  make(map[int64]*account),
		logins:    make(map[int64]map[*socketio.Socket]bool),
	}
	h.server = socketio.NewServer(socketio.ServerOptions{Options: socketOptions(cfg.Socket), ConnectTimeout: connectTimeout,
		Logger: cfg.Log})
	ns := h.server.Of("/")
	ns.Use(h.authenticate)
	ns.OnConnection(h.connected)
	ns.OnDisconnect(h.disconnected)
	ns.On("join_user_room", h.customerOnly(h.joinUserRoom))
	ns.On("join_room", h.joinRoom)
	ns.On("send_message", h.sendMessage)
	ns.On("typing", h.typing("typing"))
	ns.On("stop_typing", h.typing("stop_typing"))
	ns.On("admin_join_room", h.adminOnly(h.adminJoinRoom))
	ns.On("leave_room", h.leaveRoom) // ours: the contract gives a customer no way to close the chat page's room
	ns.On("admin_leave_room", h.adminOnly(h.leaveRoom))
	ns.On("admin_send_message", h.adminOnly(h.adminSendMessage))
	return h
}

// Handler serves the Socket.IO endpoint.
func (h *Hub) Handler() http.Handler { return h.server }

// Server is the underlying Socket.IO server, for its counts.
func (h *Hub) Server() *socketio.Server { return h.server }

// Close ends every connection.
func (h *Hub) Close() { h.server.Close() }

// authenticate signs a socket in and takes one of its user's places (see access.go).
func (h *Hub) authenticate(s *socketio.Socket) error {
	seq := h.endingsSoFar()
	u, err := h.cfg.Authenticate(s.Request(), s.Auth())
	if err != nil {
		return &socketio.ConnectError{Message: msgSignIn}
	}
	limit, ok := h.takePlace(u.ID)
	if !ok {
		return &socketio.ConnectError{Message: msgTooManySockets}
	}
	s.SetData(&member{user: u, limit: limit, seq: seq, joined: make(map[int64]bool)})
	return nil
}

func memberOf(s *socketio.Socket) *member {
	m, _ := s.Data().(*member)
	return m
}

// connected registers the socket under its login (closing it if that login ended while it signed in) and
// admins, who get every room's unread count and the total at once.
func (h *Hub) connected(s *socketio.Socket) {
	m := memberOf(s)
	if !h.register(s) {
		end(s)
		return
	}
	if !m.user.IsAdmin {
		return
	}
	h.mu.Lock()
	h.admins[s] = true
	h.mu.Unlock()
	ctx, cancel := h.context()
	defer cancel()
	counts, err := h.cfg.Store.ChatUnreadRooms(ctx)
	if err != nil {
		h.cfg.Log.Error("chat: unread rooms", "error", err)
		return
	}
	var total int64
	for room, n := range counts {
		total += n
		_ = s.Emit("unread_count_updated", map[string]int64{"room_id": room, "count": n})
	}
	_ = s.Emit("admin_unread_updated", map[string]int64{"total_unread": total})
}

func (h *Hub) disconnected(s *socketio.Socket, _ string) {
	m := memberOf(s)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.unregisterLocked(s)
	delete(h.admins, s)
	if set := h.listeners[m.user.ID]; set != nil {
		delete(set, s)
		if len(set) == 0 {
			delete(h.listeners, m.user.ID)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for room := range m.joined {
		h.leaveLocked(room, s)
	}
}

// enter and leave keep the room presence sets.
func (h *Hub) enter(room int64, s *socketio.Socket, admin bool) {
	m := memberOf(s)
	h.mu.Lock()
	p := h.rooms[room]
	if p == nil {
		p = &presence{customer: make(map[*socketio.Socket]bool), admins: make(map[*socketio.Socket]bool)}
		h.rooms[room] = p
	}
	if admin {
		p.admins[s] = true
	} else {
		p.customer[s] = true
	}
	h.mu.Unlock()
	m.mu.Lock()
	m.joined[room] = true
	m.mu.Unlock()
}

func (h *Hub) leave(room int64, s *socketio.Socket) {
	m := memberOf(s)
	m.mu.Lock()
	delete(m.joined, room)
	m.mu.Unlock()
	h.mu.Lock()
	h.leaveLocked(room, s)
	h.mu.Unlock()
}

func (h *Hub) leaveLocked(room int64, s *socketio.Socket) {
	p := h.rooms[room]
	if p == nil {
		return
	}
	delete(p.customer, s)
	delete(p.admins, s)
	if len(p.customer) == 0 && len(p.admins) == 0 {
		delete(h.rooms, room)
	}
}

// Snapshots of socket sets, taken under the lock and used outside it.
func keys(set map[*socketio.Socket]bool) []*socketio.Socket {
	out := make([]*socketio.Socket, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	return out
}

func (h *Hub) inRoom(room int64) (customer, admins []*socketio.Socket) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if p := h.rooms[room]; p != nil {
		return keys(p.customer), keys(p.admins)
	}
	return nil, nil
}

func (h *Hub) allAdmins() []*socketio.Socket {
	h.mu.Lock()
	defer h.mu.Unlock()
	return keys(h.admins)
}

func (h *Hub) listenersOf(userID int64) []*socketio.Socket {
	h.mu.Lock()
	defer h.mu.Unlock()
	return keys(h.listeners[userID])
}

// emitAll sends one event to many sockets; a slow client is dropped by socketio and skipped here.
func emitAll(sockets []*socketio.Socket, event string, payload any) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return
	}
	for _, s := range sockets {
		_ = s.Emit(event, json.RawMessage(raw))
	}
}

func (h *Hub) context() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 10*time.Second)
}

// rateLimit allows n events per window.
type rateLimit struct {
	mu     sync.Mutex
	n      int
	window time.Duration
	times  []time.Time
}

func newRateLimit(n int, window time.Duration) *rateLimit {
	return &rateLimit{n: n, window: window}
}

func (r *rateLimit) allow(now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	cut := 0
	for cut < len(r.times) && now.Sub(r.times[cut]) >= r.window {
		cut++
	}
	r.times = r.times[cut:]
	if len(r.times) >= r.n {
		return false
	}
	r.times = append(r.times, now)
	return true
}
