package chat

import (
	"errors"
	"time"

	"goldshop/app/socketio"
	"goldshop/store"
)

// messageJSON is a message as both UIs read it (docs/api.md, Support chat).
type messageJSON struct {
	ID        int64     `json:"id"`
	RoomID    int64     `json:"room_id"`
	Text      string    `json:"message_text"`
	FileURL   *string   `json:"file_url"`
	FileType  *string   `json:"file_type"`
	CreatedAt time.Time `json:"created_at"`
	IsAdmin   bool      `json:"is_admin"`
	IsRead    bool      `json:"is_read"`
}

func toJSON(m store.ChatMessage) messageJSON {
	j := messageJSON{ID: m.ID, RoomID: m.RoomID, Text: m.Text, CreatedAt: m.CreatedAt, IsAdmin: m.IsAdmin, IsRead: m.Read}
	if m.FileURL != "" {
		j.FileURL, j.FileType = &m.FileURL, &m.FileType
	}
	return j
}

// refuse answers a refused event: by its acknowledgement when asked for one, else with chat_error.
func refuse(s *socketio.Socket, m *socketio.Message, message string) {
	body := map[string]any{"ok": false, "message": message}
	if m.HasAck() {
		_ = m.Ack(body)
		return
	}
	_ = s.Emit("chat_error", map[string]string{"message": message})
}

func ok(m *socketio.Message, extra map[string]any) {
	body := map[string]any{"ok": true}
	for k, v := range extra {
		body[k] = v
	}
	_ = m.Ack(body)
}

func (h *Hub) adminOnly(next socketio.EventHandler) socketio.EventHandler {
	return func(s *socketio.Socket, m *socketio.Message) {
		if !memberOf(s).user.IsAdmin {
			refuse(s, m, msgAdminsOnly)
			return
		}
		next(s, m)
	}
}

func (h *Hub) customerOnly(next socketio.EventHandler) socketio.EventHandler {
	return func(s *socketio.Socket, m *socketio.Message) {
		if memberOf(s).user.IsAdmin {
			refuse(s, m, msgCustomersOnly)
			return
		}
		next(s, m)
	}
}

func (h *Hub) serverError(s *socketio.Socket, m *socketio.Message, err error) {
	h.cfg.Log.Error("chat: "+m.Event, "error", err)
	refuse(s, m, msgServer)
}

// joinUserRoom: the customer's socket on any page listens for the shop's messages and the badge count.
func (h *Hub) joinUserRoom(s *socketio.Socket, m *socketio.Message) {
	u := memberOf(s).user
	h.mu.Lock()
	set := h.listeners[u.ID]
	if set == nil {
		set = make(map[*socketio.Socket]bool)
		h.listeners[u.ID] = set
	}
	set[s] = true
	h.mu.Unlock()
	ctx, cancel := h.context()
	defer cancel()
	room, err := h.cfg.Store.ExistingChatRoomOf(ctx, u.ID)
	var n int64
	if err == nil && room != 0 {
		n, err = h.cfg.Store.ChatUnread(ctx, room, true)
	}
	if err != nil {
		h.serverError(s, m, err)
		return
	}
	_ = s.Emit("admin_unread_updated", map[string]int64{"total_unread": n})
	ok(m, nil)
}

// joinRoom: a customer opens their own room (an admin's join_room is admin_join_room).
func (h *Hub) joinRoom(s *socketio.Socket, m *socketio.Message) {
	me := memberOf(s).user
	if me.IsAdmin {
		h.adminJoinRoom(s, m)
		return
	}
	room, owner, found := h.roomOf(s, m)
	if !found {
		return
	}
	if owner != me.ID {
		refuse(s, m, msgBadRoom)
		return
	}
	upTo, opened := h.open(s, m, room, false)
	if !opened {
		return
	}
	if upTo > 0 {
		_, admins := h.inRoom(room)
		emitAll(admins, "messages_read", map[string]any{"room_id": room, "is_admin": true, "up_to_id": upTo})
	}
	h.pushCustomerCount(me.ID, room)
	ok(m, nil)
}

// roomOf reads the room argument and returns the room's customer; a missing room is refused.
func (h *Hub) roomOf(s *socketio.Socket, m *socketio.Message) (room, owner int64, found bool) {
	room, valid := roomArg(m)
	if !valid {
		refuse(s, m, msgBadRoom)
		return 0, 0, false
	}
	owner, found = h.roomOwner(s, m, room)
	return room, owner, found
}

// roomOwner returns a room's customer; a missing room is refused.
func (h *Hub) roomOwner(s *socketio.Socket, m *socketio.Message, room int64) (int64, bool) {
	ctx, cancel := h.context()
	defer cancel()
	owner, err := h.cfg.Store.ChatRoomOwner(ctx, room)
	if errors.Is(err, store.ErrNotFound) {
		refuse(s, m, msgBadRoom)
		return 0, false
	}
	if err != nil {
		h.serverError(s, m, err)
		return 0, false
	}
	return owner, true
}

// open puts the socket in the room, marks the other side's messages read and sends the history; it returns
// the highest id it marked read.
func (h *Hub) open(s *socketio.Socket, m *socketio.Message, room int64, asAdmin bool) (int64, bool) {
	h.enter(room, s, asAdmin)
	ctx, cancel := h.context()
	defer cancel()
	upTo, err := h.cfg.Store.MarkChatRead(ctx, room, !asAdmin, h.cfg.Now())
	if err != nil {
		h.serverError(s, m, err)
		return 0, false
	}
	return upTo, h.sendHistory(s, m, room)
}

func (h *Hub) sendHistory(s *socketio.Socket, m *socketio.Message, room int64) bool {
	ctx, cancel := h.context()
	defer cancel()
	history, err := h.cfg.Store.ChatHistory(ctx, room, HistoryLimit)
	if err != nil {
		h.serverError(s, m, err)
		return false
	}
	out := make([]messageJSON, len(history))
	for i, msg := range history {
		out[i] = toJSON(msg)
	}
	_ = s.Emit("previous_messages", out)
	return true
}

func (h *Hub) adminJoinRoom(s *socketio.Socket, m *socketio.Message) {
	room, _, found := h.roomOf(s, m)
	if !found {
		return
	}
	upTo, opened := h.open(s, m, room, true)
	if !opened {
		return
	}
	if upTo > 0 {
		customer, _ := h.inRoom(room)
		emitAll(customer, "messages_read", map[string]any{"room_id": room, "is_admin": false, "up_to_id": upTo})
		emitAll(h.allAdmins(), "unread_cleared", map[string]int64{"room_id": room})
		h.pushAdminTotal()
	} else {
		_ = s.Emit("unread_cleared", map[string]int64{"room_id": room})
	}
	ok(m, nil)
}

// leaveRoom closes a room on this socket only, for either side: the shop's next messages there are unread
// again. Leaving a room the socket never opened changes nothing, so it needs no ownership check.
func (h *Hub) leaveRoom(s *socketio.Socket, m *socketio.Message) {
	if room, valid := roomArg(m); valid {
		h.leave(room, s)
	}
	ok(m, nil)
}

func (h *Hub) sendMessage(s *socketio.Socket, m *socketio.Message) {
	if memberOf(s).user.IsAdmin {
		h.adminSendMessage(s, m)
		return
	}
	h.send(s, m, false)
}

func (h *Hub) adminSendMessage(s *socketio.Socket, m *socketio.Message) { h.send(s, m, true) }

// send stores a message and tells everyone concerned: the room's open chats, the other side's badge, and
// the sender's side about read receipts.
func (h *Hub) send(s *socketio.Socket, m *socketio.Message, fromShop bool) {
	me := memberOf(s)
	if !me.limit.allow(h.cfg.Now()) { // per user, across all their sockets
		refuse(s, m, msgTooFast)
		return
	}
	out, problem := parseSend(m)
	if problem != "" {
		refuse(s, m, problem)
		return
	}
	owner, found := h.roomOwner(s, m, out.roomID)
	if !found {
		return
	}
	if !fromShop && owner != me.user.ID {
		refuse(s, m, msgBadRoom)
		return
	}
	customer, admins := h.inRoom(out.roomID)
	readers := admins
	if fromShop {
		readers = customer
	}
	ctx, cancel := h.context()
	defer cancel()
	msg, err := h.cfg.Store.AddChatMessage(ctx, store.NewChatMessage{
		RoomID: out.roomID, SenderID: me.user.ID, IsAdmin: fromShop, Text: out.text,
		FileName: out.fileName, FileURL: out.fileURL, ReadNow: len(readers) > 0,
	}, h.cfg.Now())
	if errors.Is(err, store.ErrChatFileRefused) {
		refuse(s, m, msgBadFile)
		return
	}
	if err != nil {
		h.serverError(s, m, err)
		return
	}
	// The other side may have opened the room between the presence check and the insert.
	if !msg.Read {
		if customer, admins = h.inRoom(out.roomID); (fromShop && len(customer) > 0) || (!fromShop && len(admins) > 0) {
			if upTo, err := h.cfg.Store.MarkChatRead(ctx, out.roomID, fromShop, h.cfg.Now()); err == nil && upTo >= msg.ID {
				msg.Read = true
			}
		}
	}
	j := toJSON(msg)
	everyone := append(append([]*socketio.Socket{}, customer...), admins...)
	emitAll(everyone, "receive_message", j)
	if msg.Read {
		writers := customer
		if fromShop {
			writers = admins
		}
		emitAll(writers, "messages_read", map[string]any{"room_id": out.roomID, "is_admin": fromShop, "up_to_id": msg.ID})
	}
	if fromShop {
		emitAll(h.listenersOf(owner), "user_receive_message", j)
		if !msg.Read {
			h.pushCustomerCount(owner, out.roomID)
			// the customer is away from the chat: the answer waits for them among their notifications
			if err := h.cfg.Store.NotifyChatReply(ctx, owner, out.roomID, h.cfg.Now()); err != nil {
				h.cfg.Log.Error("chat: notify reply", "error", err)
			}
		}
	} else if !msg.Read {
		if n, err := h.cfg.Store.ChatUnread(ctx, out.roomID, false); err == nil {
			emitAll(h.allAdmins(), "unread_count", map[string]int64{"room_id": out.roomID, "count": n})
		}
		h.pushAdminTotal()
	}
	ok(m, map[string]any{"message": j})
}

// typing relays typing and stop_typing to the other side of the room.
func (h *Hub) typing(event string) socketio.EventHandler {
	return func(s *socketio.Socket, m *socketio.Message) {
		me := memberOf(s)
		room, valid := roomArg(m)
		if !valid {
			refuse(s, m, msgBadRoom)
			return
		}
		me.mu.Lock()
		open := me.joined[room]
		me.mu.Unlock()
		if !open {
			refuse(s, m, msgBadRoom) // only a room the socket has joined, which was checked then
			return
		}
		customer, admins := h.inRoom(room)
		to := admins
		if me.user.IsAdmin {
			to = customer
		}
		emitAll(to, event, map[string]any{"room_id": room, "is_admin": me.user.IsAdmin})
		ok(m, nil)
	}
}

// pushAdminTotal sends every admin the count of customer messages no admin has seen.
func (h *Hub) pushAdminTotal() {
	ctx, cancel := h.context()
	defer cancel()
	n, err := h.cfg.Store.ChatUnread(ctx, 0, false)
	if err != nil {
		h.cfg.Log.Error("chat: admin unread", "error", err)
		return
	}
	emitAll(h.allAdmins(), "admin_unread_updated", map[string]int64{"total_unread": n})
}

// pushCustomerCount sends a customer's listening sockets the count of the shop's messages they have not seen.
func (h *Hub) pushCustomerCount(userID, room int64) {
	ctx, cancel := h.context()
	defer cancel()
	n, err := h.cfg.Store.ChatUnread(ctx, room, true)
	if err != nil {
		h.cfg.Log.Error("chat: customer unread", "error", err)
		return
	}
	emitAll(h.listenersOf(userID), "admin_unread_updated", map[string]int64{"total_unread": n})
}
