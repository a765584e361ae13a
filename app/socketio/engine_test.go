package socketio

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// echoConn sends every message straight back, as the conformance server does.
type echoConn struct{ c *Conn }

func (h echoConn) OnMessage(data []byte, binary bool) { _ = h.c.Send(data, binary) }
func (h echoConn) OnClose(string)                     {}

// testEngine serves an echo engine whose heartbeat never interferes; each new session is handed on conns.
type testEngine struct {
	t     *testing.T
	url   string // http://host/engine.io/
	conns chan *Conn
}

func startEngine(t *testing.T) *testEngine {
	t.Helper()
	te := &testEngine{t: t, conns: make(chan *Conn, 4)}
	e := NewEngine(Options{PingInterval: time.Minute, PingTimeout: time.Minute}, func(c *Conn) ConnHandler {
		te.conns <- c
		return echoConn{c}
	})
	ts := httptest.NewServer(e)
	t.Cleanup(ts.Close) // runs last: it waits for the held polls that e.Close ends
	t.Cleanup(e.Close)
	te.url = ts.URL + "/engine.io/"
	return te
}

func (te *testEngine) pollURL(sid string) string {
	return te.url + "?EIO=4&transport=polling&sid=" + sid
}

func (te *testEngine) wsURL(sid string) string {
	return "ws" + strings.TrimPrefix(te.url, "http") + "?EIO=4&transport=websocket&sid=" + sid
}

// probe opens a WebSocket for the session and has the probe answered: the upgrade is under way.
func (te *testEngine) probe(sid string) *websocket.Conn {
	te.t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(te.wsURL(sid), nil)
	if err != nil {
		te.t.Fatal(err)
	}
	te.t.Cleanup(func() { ws.Close() })
	_ = ws.WriteMessage(websocket.TextMessage, []byte("2probe"))
	if _, got, err := ws.ReadMessage(); err != nil || string(got) != "3probe" {
		te.t.Fatalf("probe: %q, %v", got, err)
	}
	return ws
}

// handshake opens a long-polling session and returns its sid and its Conn.
func (te *testEngine) handshake() (string, *Conn) {
	te.t.Helper()
	status, body := te.do(http.DefaultClient, http.MethodGet, te.url+"?EIO=4&transport=polling", "")
	var open struct{ SID string }
	if status != http.StatusOK || !strings.HasPrefix(body, "0") || json.Unmarshal([]byte(body[1:]), &open) != nil {
		te.t.Fatalf("handshake: %d %q", status, body)
	}
	return open.SID, <-te.conns
}

func (te *testEngine) do(client *http.Client, method, url, body string) (int, string) {
	te.t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		te.t.Fatal(err)
	}
	res, err := client.Do(req)
	if err != nil {
		te.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		te.t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// expect checks one answer: a 400 is given as the protocol's JSON body.
func (te *testEngine) expect(client *http.Client, method, sid, body string, wantStatus int, want string) {
	te.t.Helper()
	if status, got := te.do(client, method, te.pollURL(sid), body); status != wantStatus || got != want {
		te.t.Fatalf("%s %q: got %d %q, want %d %q", method, body, status, got, wantStatus, want)
	}
}

const unknownSIDBody = `{"code":1,"message":"Session ID unknown"}`

// waitHeld waits until the session holds a GET, which no client can observe.
func waitHeld(t *testing.T, c *Conn) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(time.Millisecond) {
		c.mu.Lock()
		held := c.polling
		c.mu.Unlock()
		if held {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the poll was never held")
		}
	}
}

// As the reference server does (the official suite's "closes the session upon cancelled polling request").
func TestCancelledPollClosesTheSession(t *testing.T) {
	te := startEngine(t)
	sid, c := te.handshake()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, te.pollURL(sid), nil)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
			t.Error("the held poll was answered")
		}
	}()
	waitHeld(t, c)
	cancel() // the client closes the connection
	<-done
	select {
	case <-c.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the session outlived its cancelled poll")
	}
	te.expect(http.DefaultClient, http.MethodGet, sid, "", http.StatusBadRequest, unknownSIDBody)
}

// The request's context ends after every answer (here the client also closes the connection at once): only a
// poll given up before its answer may end the session.
func TestAnsweredPollsKeepTheSession(t *testing.T) {
	te := startEngine(t)
	closing := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	sid, c := te.handshake()

	te.expect(closing, http.MethodPost, sid, "4at once", http.StatusOK, "ok")
	te.expect(closing, http.MethodGet, sid, "", http.StatusOK, "4at once")

	held := make(chan string)
	go func() {
		_, body := te.do(closing, http.MethodGet, te.pollURL(sid), "")
		held <- body
	}()
	waitHeld(t, c)
	te.expect(closing, http.MethodPost, sid, "4later", http.StatusOK, "ok")
	if got := <-held; got != "4later" {
		t.Fatalf("held poll: got %q", got)
	}

	te.expect(http.DefaultClient, http.MethodPost, sid, "4still open", http.StatusOK, "ok")
	te.expect(http.DefaultClient, http.MethodGet, sid, "", http.StatusOK, "4still open")
	select {
	case <-c.Done():
		t.Fatal("an answered poll closed the session")
	default:
	}
}

// The client's close goes by POST while its own GET may still be on its way on another connection: the GET
// served after the close still gets its noop, then the sid is gone (the official suite's "forcefully closes
// the session" sends both at once).
func TestClientCloseServedBeforeItsPoll(t *testing.T) {
	te := startEngine(t)
	sid, c := te.handshake()
	te.expect(http.DefaultClient, http.MethodPost, sid, "1", http.StatusOK, "ok")
	<-c.Done() // closed for the handler at once
	te.expect(http.DefaultClient, http.MethodGet, sid, "", http.StatusOK, "6")
	te.expect(http.DefaultClient, http.MethodGet, sid, "", http.StatusBadRequest, unknownSIDBody)
	te.expect(http.DefaultClient, http.MethodPost, sid, "4x", http.StatusBadRequest, unknownSIDBody)
}

// As the reference server does (the official suite's "ignores WebSocket connection with same sid after
// upgrade"): a second WebSocket is accepted, then closed at once, during the upgrade and after it.
func TestSecondWebSocketIsAcceptedThenClosed(t *testing.T) {
	te := startEngine(t)
	sid, _ := te.handshake()
	ws, _, err := websocket.DefaultDialer.Dial(te.wsURL(sid), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	exchange := func(send, want string) {
		t.Helper()
		if err := ws.WriteMessage(websocket.TextMessage, []byte(send)); err != nil {
			t.Fatal(err)
		}
		if want == "" {
			return
		}
		_ = ws.SetReadDeadline(time.Now().Add(2 * time.Minute))
		if _, got, err := ws.ReadMessage(); err != nil || string(got) != want {
			t.Fatalf("sent %q: got %q, %v; want %q", send, got, err, want)
		}
	}
	second := func() {
		t.Helper()
		ws2, _, err := websocket.DefaultDialer.Dial(te.wsURL(sid), nil)
		if err != nil {
			t.Fatalf("second WebSocket not accepted: %v", err)
		}
		defer ws2.Close()
		expectClosed(t, ws2, 5*time.Second)
	}

	exchange("2probe", "3probe")
	second() // during the upgrade
	exchange("5", "")
	exchange("4hello", "4hello")
	second() // after it
	exchange("4hello again", "4hello again")
}

// The client sends "5" on its WebSocket, then a GET, which may be served first: it waits for the upgrade and
// is answered as after it (the official suite's "ignores HTTP requests with same sid after upgrade").
func TestPollOvertakingTheUpgradeIsAnsweredAsAfterIt(t *testing.T) {
	te := startEngine(t)
	sid, c := te.handshake()
	ws := te.probe(sid)
	answer := make(chan string)
	go func() {
		status, body := te.do(http.DefaultClient, http.MethodGet, te.pollURL(sid), "")
		answer <- fmt.Sprint(status, " ", body)
	}()
	waitHeld(t, c)
	_ = ws.WriteMessage(websocket.TextMessage, []byte("5"))
	if got, want := <-answer, `400 {"code":3,"message":"Bad request"}`; got != want {
		t.Fatalf("the overtaking GET: got %s, want %s", got, want)
	}
}

// Without an upgrade to wait for, a GET that comes during the dance still ends with noop, as the protocol
// asks of polls while the client upgrades.
func TestPollDuringTheUpgradeEndsWithNoop(t *testing.T) {
	te := startEngine(t)
	sid, _ := te.handshake()
	te.probe(sid)
	te.expect(http.DefaultClient, http.MethodGet, sid, "", http.StatusOK, "6")
}
