package socketio

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// dialSocketIO opens a WebSocket-only session on a test server and reads its open packet.
func dialSocketIO(t *testing.T, s *Server) *websocket.Conn {
	t.Helper()
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(ts.URL, "http")+"/socket.io/?EIO=4&transport=websocket", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	_, open, err := ws.ReadMessage()
	if err != nil || len(open) == 0 || open[0] != '0' {
		t.Fatalf("open packet: %q, %v", open, err)
	}
	return ws
}

// expectClosed reads until the server closes the socket, failing on any frame or after the deadline.
func expectClosed(t *testing.T, ws *websocket.Conn, within time.Duration) {
	t.Helper()
	_ = ws.SetReadDeadline(time.Now().Add(within))
	_, data, err := ws.ReadMessage()
	if err == nil {
		t.Fatalf("got %q, want the session closed", data)
	}
	if ne, ok := err.(interface{ Timeout() bool }); ok && ne.Timeout() {
		t.Fatalf("session still open after %v", within)
	}
}

func newTestServer() *Server {
	s := NewServer(ServerOptions{ConnectTimeout: time.Minute})
	s.Of("/custom")
	s.Of("/").On("message", func(sock *Socket, m *Message) { _ = sock.EmitRaw("message-back", m.Args, m.Attachments) })
	return s
}

// The protocol: "If the server does not receive a CONNECT packet first, then it MUST close the connection
// immediately" (it used to be ignored until the connect timeout).
func TestFirstPacketNotConnectClosesTheSession(t *testing.T) {
	for _, first := range []string{`42["message","hi"]`, `4212["message"]`, `41`, `43/custom,1[]`} {
		t.Run(first, func(t *testing.T) {
			ws := dialSocketIO(t, newTestServer())
			if err := ws.WriteMessage(websocket.TextMessage, []byte(first)); err != nil {
				t.Fatal(err)
			}
			expectClosed(t, ws, 5*time.Second)
		})
	}
}

// As the reference server does, a packet for a namespace the client is not in closes the session; joined
// namespaces work as before.
func TestPacketForANamespaceNotJoinedClosesTheSession(t *testing.T) {
	ws := dialSocketIO(t, newTestServer())
	exchange := func(send, want string) {
		t.Helper()
		if err := ws.WriteMessage(websocket.TextMessage, []byte(send)); err != nil {
			t.Fatal(err)
		}
		_ = ws.SetReadDeadline(time.Now().Add(2 * time.Minute))
		_, got, err := ws.ReadMessage()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(got), want) {
			t.Fatalf("sent %q, got %q, want %q…", send, got, want)
		}
	}
	exchange(`40`, `40{"sid":"`)
	exchange(`42["message","hi"]`, `42["message-back","hi"]`)
	if err := ws.WriteMessage(websocket.TextMessage, []byte(`42/custom,["message","hi"]`)); err != nil {
		t.Fatal(err)
	}
	expectClosed(t, ws, 5*time.Second)
}
