package chat

import (
	"time"

	"goldshop/app/socketio"
)

// Who may stay connected, and how much (issue 14): a socket lives no longer than the login and the proof
// (access token or cookie session) it was opened with, a user has a few sockets at most and one send limit
// across all of them, and connections that have not signed in yet have budgets of their own.
const (
	socketsPerUser = 5                // sockets of one user at once; the next is refused
	sendsPerWindow = 20               // messages of one user per sendWindow, across their sockets
	sendWindow     = 10 * time.Second // the window of sendsPerWindow
	connectTimeout = 10 * time.Second // to sign in (CONNECT with valid auth) after the handshake
	// pendingPerClient is how many connections one address may have that have not signed in yet: a phone
	// needs one for a moment, and many customers may share a carrier-grade NAT address (decisions.md §3).
	pendingPerClient = 20
	// pendingShare is the part of all sessions that may be unsigned at once (one in pendingShare), so that
	// handshakes nobody signs in on never take the room of customers and admins.
	pendingShare = 10
	// endingMemory is how long an ended login is remembered for the sockets that were signing in with it
	// (their check may have read the login just before it ended); sign-in takes a few seconds at most.
	endingMemory = time.Minute
)

// socketOptions adds the chat's budgets for unsigned connections to the shop's socket options.
func socketOptions(o socketio.Options) socketio.Options {
	if o.MaxPending == 0 {
		sessions := o.MaxSessions
		if sessions == 0 {
			sessions = 10_000 // socketio's default
		}
		o.MaxPending = max(1, sessions/pendingShare)
	}
	if o.MaxPendingPerClient == 0 {
		o.MaxPendingPerClient = pendingPerClient
	}
	return o
}

// account is one user's sockets and their send limit. It outlives the sockets by one sendWindow, so that
// reconnecting does not reset the limit.
type account struct {
	places  int                       // sockets signed in or signing in
	sockets map[*socketio.Socket]bool // signed in
	limit   *rateLimit
}

// takePlace reserves a socket place for the user; it returns their send limit, or false when every place is
// taken.
func (h *Hub) takePlace(userID int64) (*rateLimit, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	a := h.accounts[userID]
	if a == nil {
		a = &account{sockets: make(map[*socketio.Socket]bool), limit: newRateLimit(sendsPerWindow, sendWindow)}
		h.accounts[userID] = a
	}
	if a.places >= socketsPerUser {
		return nil, false
	}
	a.places++
	return a.limit, true
}

// ending is a login that ended: one login, or every login of a user but keep.
type ending struct {
	seq   uint64
	at    time.Time
	login int64
	user  int64
	keep  int64
}

func (e ending) ends(u User) bool {
	if e.login != 0 {
		return u.LoginID == e.login
	}
	return u.ID == e.user && u.LoginID != e.keep
}

func (h *Hub) endingsSoFar() uint64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.endSeq
}

// register files a signed-in socket under its login and user, and starts its expiry. It reports false when
// the login ended while the socket was signing in.
func (h *Hub) register(s *socketio.Socket) bool {
	m := memberOf(s)
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, e := range h.endings {
		if e.seq > m.seq && e.ends(m.user) {
			return false
		}
	}
	set := h.logins[m.user.LoginID]
	if set == nil {
		set = make(map[*socketio.Socket]bool)
		h.logins[m.user.LoginID] = set
	}
	set[s] = true
	h.accounts[m.user.ID].sockets[s] = true
	if !m.user.Until.IsZero() {
		m.mu.Lock()
		m.expiry = time.AfterFunc(m.user.Until.Sub(h.cfg.Now()), func() { h.expire(s) })
		m.mu.Unlock()
	}
	return true
}

// unregisterLocked forgets a socket that left and gives its place back; h.mu is held.
func (h *Hub) unregisterLocked(s *socketio.Socket) {
	m := memberOf(s)
	m.mu.Lock()
	if m.expiry != nil {
		m.expiry.Stop()
		m.expiry = nil
	}
	m.mu.Unlock()
	if set := h.logins[m.user.LoginID]; set != nil {
		delete(set, s)
		if len(set) == 0 {
			delete(h.logins, m.user.LoginID)
		}
	}
	a := h.accounts[m.user.ID]
	delete(a.sockets, s)
	if a.places--; a.places == 0 {
		time.AfterFunc(sendWindow, func() {
			h.mu.Lock()
			if h.accounts[m.user.ID] == a && a.places == 0 {
				delete(h.accounts, m.user.ID)
			}
			h.mu.Unlock()
		})
	}
}

// expire closes a socket whose token or session has run out; the client reconnects with a fresh one.
func (h *Hub) expire(s *socketio.Socket) {
	m := memberOf(s)
	m.mu.Lock()
	if m.expiry == nil { // it has left meanwhile
		m.mu.Unlock()
		return
	}
	if left := m.user.Until.Sub(h.cfg.Now()); left > 0 { // the clock said otherwise when the timer was set
		m.expiry = time.AfterFunc(left, func() { h.expire(s) })
		m.mu.Unlock()
		return
	}
	m.mu.Unlock()
	end(s)
}

// EndLogin closes every socket opened with the login, at once: the login was revoked (logout, a refresh
// token used twice).
func (h *Hub) EndLogin(loginID int64) { h.endLogins(ending{login: loginID}) }

// EndUserLogins closes every socket of the user except those opened with keepLoginID (0: none kept): every
// other login of the user was revoked (a password change).
func (h *Hub) EndUserLogins(userID, keepLoginID int64) {
	h.endLogins(ending{user: userID, keep: keepLoginID})
}

func (h *Hub) endLogins(e ending) {
	h.mu.Lock()
	now := time.Now()
	cut := 0
	for cut < len(h.endings) && now.Sub(h.endings[cut].at) > endingMemory {
		cut++
	}
	h.endSeq++
	e.seq, e.at = h.endSeq, now
	h.endings = append(h.endings[cut:], e)
	var doomed []*socketio.Socket
	if e.login != 0 {
		doomed = keys(h.logins[e.login])
	} else if a := h.accounts[e.user]; a != nil {
		for s := range a.sockets {
			if e.ends(memberOf(s).user) {
				doomed = append(doomed, s)
			}
		}
	}
	h.mu.Unlock()
	for _, s := range doomed {
		end(s)
	}
}

// end disconnects a socket from the server's side (the client does not reconnect by itself), then closes
// its Engine.IO session.
func end(s *socketio.Socket) {
	s.Disconnect()
	s.Close()
}
