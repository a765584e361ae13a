package chat

import "goldshop/app/socketio"

// Notify sends event to every signed-in socket of the user: the app's live notifications ride on the chat's
// connection, which the customer's app keeps open on every screen.
func (h *Hub) Notify(userID int64, event string, payload any) {
	h.mu.Lock()
	var sockets []*socketio.Socket
	if a := h.accounts[userID]; a != nil {
		sockets = keys(a.sockets)
	}
	h.mu.Unlock()
	emitAll(sockets, event, payload)
}
