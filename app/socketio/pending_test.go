package socketio

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// pendingServer serves a Socket.IO server whose clients are named by their X-Client header.
func pendingServer(t *testing.T, opts ServerOptions) (*Server, string) {
	t.Helper()
	opts.ClientAddr = func(r *http.Request) string { return r.Header.Get("X-Client") }
	s := NewServer(opts)
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	t.Cleanup(s.Close)
	return s, ts.URL + "/socket.io/?EIO=4"
}

// pollAs sends one long-polling request as client; sid "" is a handshake, which returns the new sid.
func pollAs(t *testing.T, url, client, method, sid, body string) (int, string) {
	t.Helper()
	u := url + "&transport=polling"
	if sid != "" {
		u += "&sid=" + sid
	}
	req, _ := http.NewRequest(method, u, strings.NewReader(body))
	req.Header.Set("X-Client", client)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if sid == "" && res.StatusCode == http.StatusOK {
		var open struct{ SID string }
		if len(b) == 0 || json.Unmarshal(b[1:], &open) != nil {
			t.Fatalf("open packet %q", b)
		}
		return res.StatusCode, open.SID
	}
	return res.StatusCode, string(b)
}

// wsAs opens a WebSocket session as client and reads its open packet.
func wsAs(t *testing.T, url, client string) *websocket.Conn {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(url, "http")+"&transport=websocket",
		http.Header{"X-Client": {client}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	if _, open, err := ws.ReadMessage(); err != nil || len(open) == 0 || open[0] != '0' {
		t.Fatalf("open packet: %q, %v", open, err)
	}
	return ws
}

func wantPending(t *testing.T, s *Server, want int) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); s.Engine().Pending() != want; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions pending, want %d", s.Engine().Pending(), want)
		}
	}
}

// Sessions that have joined no namespace have budgets of their own: one client gets at most its share, all of
// them together never the room of sessions that have joined, and joining gives the room back.
func TestSessionsInNoNamespaceHaveTheirOwnBudgets(t *testing.T) {
	s, url := pendingServer(t, ServerOptions{ConnectTimeout: time.Minute,
		Options: Options{MaxSessions: 10, MaxPending: 3, MaxPendingPerClient: 2}})

	var flood []string
	for i, want := range []int{200, 200, 429, 429} {
		status, sid := pollAs(t, url, "flood", http.MethodGet, "", "")
		if status != want {
			t.Fatalf("flood handshake %d: %d, want %d", i, status, want)
		}
		if status == 200 {
			flood = append(flood, sid)
		}
	}
	if status, _ := pollAs(t, url, "customer", http.MethodGet, "", ""); status != 200 {
		t.Fatalf("another client was refused: %d", status)
	}
	if status, _ := pollAs(t, url, "admin", http.MethodGet, "", ""); status != http.StatusServiceUnavailable {
		t.Fatalf("over the pending budget: %d, want 503", status)
	}
	wantPending(t, s, 3)

	// Joining a namespace gives the place back: the client may open another session, others too.
	if status, body := pollAs(t, url, "flood", http.MethodPost, flood[0], "40"); status != 200 || body != "ok" {
		t.Fatalf("CONNECT: %d %q", status, body)
	}
	if status, body := pollAs(t, url, "flood", http.MethodGet, flood[0], ""); !strings.HasPrefix(body, `40{"sid":"`) {
		t.Fatalf("CONNECT answer: %d %q", status, body)
	}
	wantPending(t, s, 2)
	if status, _ := pollAs(t, url, "admin", http.MethodGet, "", ""); status != 200 {
		t.Fatalf("a place freed by joining: %d", status)
	}
	if got := s.Engine().Count(); got != 4 {
		t.Fatalf("%d sessions, want 4", got)
	}
}

// A session that joins nothing in ConnectTimeout is closed and its pending place is free at once, even over
// long-polling where the close packet waits for a poll that may never come.
func TestConnectTimeoutFreesThePendingPlace(t *testing.T) {
	s, url := pendingServer(t, ServerOptions{ConnectTimeout: 200 * time.Millisecond,
		Options: Options{MaxPendingPerClient: 1}})
	if status, _ := pollAs(t, url, "flood", http.MethodGet, "", ""); status != 200 {
		t.Fatalf("handshake: %d", status)
	}
	if status, _ := pollAs(t, url, "flood", http.MethodGet, "", ""); status != http.StatusTooManyRequests {
		t.Fatalf("second handshake: %d, want 429", status)
	}
	wantPending(t, s, 0)
	if status, _ := pollAs(t, url, "flood", http.MethodGet, "", ""); status != 200 {
		t.Fatalf("handshake after the timeout: %d", status)
	}
}

// A client that joins and then leaves its only namespace is pending again: it must join again within
// ConnectTimeout, and when its client has no pending place left the session ends at once.
func TestLeavingTheLastNamespaceStartsTheConnectTimeoutAgain(t *testing.T) {
	s, url := pendingServer(t, ServerOptions{ConnectTimeout: 300 * time.Millisecond,
		Options: Options{PingInterval: time.Minute, MaxPendingPerClient: 1}})
	ws := wsAs(t, url, "a")
	send := func(ws *websocket.Conn, p string) {
		t.Helper()
		if err := ws.WriteMessage(websocket.TextMessage, []byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	send(ws, "40")
	if _, got, err := ws.ReadMessage(); err != nil || !strings.HasPrefix(string(got), "40") {
		t.Fatalf("CONNECT answer %q, %v", got, err)
	}
	wantPending(t, s, 0)
	left := time.Now()
	send(ws, "41")
	expectClosed(t, ws, 5*time.Second)
	if waited := time.Since(left); waited < 250*time.Millisecond {
		t.Fatalf("closed %v after leaving, before the connect timeout", waited)
	}
	wantPending(t, s, 0)

	// Client b's one pending place is taken by a bare handshake: its joined session that leaves ends at once.
	ws = wsAs(t, url, "b")
	send(ws, "40")
	if _, got, err := ws.ReadMessage(); err != nil || !strings.HasPrefix(string(got), "40") {
		t.Fatalf("CONNECT answer %q, %v", got, err)
	}
	if status, _ := pollAs(t, url, "b", http.MethodGet, "", ""); status != 200 {
		t.Fatalf("handshake: %d", status)
	}
	send(ws, "41")
	expectClosed(t, ws, 200*time.Millisecond)
}
