// Package socketiotest is a minimal Socket.IO client over WebSocket for Go tests and load runs: it connects to
// the main namespace, answers the server's pings, emits events with or without acknowledgements and collects
// what the server sends. Browsers and Node use the stock socket.io-client; this only has to be correct.
package socketiotest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Event is one event the server sent.
type Event struct {
	Name string
	Args []json.RawMessage
	At   time.Time
}

// Decode decodes argument i into v.
func (e Event) Decode(i int, v any) error {
	if i >= len(e.Args) {
		return fmt.Errorf("event %s has %d arguments", e.Name, len(e.Args))
	}
	return json.Unmarshal(e.Args[i], v)
}

// Client is one connection.
type Client struct {
	ws     *websocket.Conn
	wmu    sync.Mutex
	events chan Event
	closed chan struct{}

	mu      sync.Mutex
	nextAck int
	acks    map[int]chan []json.RawMessage
	backlog []Event
	SID     string
}

// ConnectError is the server's refusal of the namespace CONNECT.
type ConnectError struct{ Message string }

func (e *ConnectError) Error() string { return "connect_error: " + e.Message }

// Dial connects to base (http://host:port) with the auth payload and optional request headers (cookies).
func Dial(base string, auth any, header http.Header) (*Client, error) {
	url := "ws" + strings.TrimPrefix(base, "http") + "/socket.io/?EIO=4&transport=websocket"
	ws, _, err := websocket.DefaultDialer.Dial(url, header)
	if err != nil {
		return nil, err
	}
	c := &Client{ws: ws, events: make(chan Event, 1024), closed: make(chan struct{}), acks: make(map[int]chan []json.RawMessage)}
	if _, open, err := ws.ReadMessage(); err != nil || len(open) == 0 || open[0] != '0' {
		ws.Close()
		return nil, fmt.Errorf("no Engine.IO open packet: %v", err)
	}
	connect := "40"
	if auth != nil {
		raw, _ := json.Marshal(auth)
		connect += string(raw)
	}
	if err := c.write(connect); err != nil {
		ws.Close()
		return nil, err
	}
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			ws.Close()
			return nil, err
		}
		s := string(msg)
		if s == "2" {
			_ = c.write("3")
			continue
		}
		if strings.HasPrefix(s, "40") {
			var body struct{ SID string }
			_ = json.Unmarshal([]byte(s[2:]), &body)
			c.SID = body.SID
			break
		}
		if strings.HasPrefix(s, "44") {
			var body struct{ Message string }
			_ = json.Unmarshal([]byte(s[2:]), &body)
			ws.Close()
			return nil, &ConnectError{body.Message}
		}
	}
	go c.read()
	return c, nil
}

func (c *Client) write(s string) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.ws.WriteMessage(websocket.TextMessage, []byte(s))
}

func (c *Client) read() {
	defer close(c.closed)
	for {
		_, msg, err := c.ws.ReadMessage()
		if err != nil {
			return
		}
		s := string(msg)
		switch {
		case s == "2":
			_ = c.write("3")
		case s == "41": // the server disconnected the socket: a "disconnect" event (a name servers cannot emit)
			select {
			case c.events <- Event{Name: "disconnect", At: time.Now()}:
			default:
			}
		case strings.HasPrefix(s, "42"):
			var all []json.RawMessage
			if json.Unmarshal([]byte(s[2:]), &all) != nil || len(all) == 0 {
				continue
			}
			var name string
			_ = json.Unmarshal(all[0], &name)
			select {
			case c.events <- Event{Name: name, Args: all[1:], At: time.Now()}:
			default: // a test that does not read its events must not stall the connection
			}
		case strings.HasPrefix(s, "43"):
			i := 2
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			id, _ := strconv.Atoi(s[2:i])
			var args []json.RawMessage
			_ = json.Unmarshal([]byte(s[i:]), &args)
			c.mu.Lock()
			ch := c.acks[id]
			delete(c.acks, id)
			c.mu.Unlock()
			if ch != nil {
				ch <- args
			}
		}
	}
}

func packet(prefix, event string, args []any) (string, error) {
	all := append([]any{event}, args...)
	raw, err := json.Marshal(all)
	if err != nil {
		return "", err
	}
	return prefix + string(raw), nil
}

// Emit sends an event without asking for an acknowledgement.
func (c *Client) Emit(event string, args ...any) error {
	p, err := packet("42", event, args)
	if err != nil {
		return err
	}
	return c.write(p)
}

// Call sends an event and waits for its acknowledgement's first argument, decoded into out.
func (c *Client) Call(event string, out any, args ...any) error {
	c.mu.Lock()
	id := c.nextAck
	c.nextAck++
	ch := make(chan []json.RawMessage, 1)
	c.acks[id] = ch
	c.mu.Unlock()
	p, err := packet("42"+strconv.Itoa(id), event, args)
	if err != nil {
		return err
	}
	if err := c.write(p); err != nil {
		return err
	}
	select {
	case ack := <-ch:
		if out != nil && len(ack) > 0 {
			return json.Unmarshal(ack[0], out)
		}
		return nil
	case <-c.closed:
		return errors.New("connection closed")
	case <-time.After(5 * time.Second):
		return fmt.Errorf("no acknowledgement of %s", event)
	}
}

// Next returns the first event named name not yet taken, waiting up to timeout; events of other names
// stay for later calls.
func (c *Client) Next(name string, timeout time.Duration) (Event, error) {
	c.mu.Lock()
	for i, e := range c.backlog {
		if e.Name == name {
			c.backlog = append(c.backlog[:i:i], c.backlog[i+1:]...)
			c.mu.Unlock()
			return e, nil
		}
	}
	c.mu.Unlock()
	deadline := time.After(timeout)
	for {
		select {
		case e := <-c.events:
			if c.matchOrKeep(e, name) {
				return e, nil
			}
		case <-c.closed:
			return c.nextLeft(name)
		case <-deadline:
			return Event{}, fmt.Errorf("no %s event within %s", name, timeout)
		}
	}
}

// matchOrKeep reports whether e is the awaited event; any other goes to the backlog for a later Next.
func (c *Client) matchOrKeep(e Event, name string) bool {
	if e.Name == name {
		return true
	}
	c.mu.Lock()
	c.backlog = append(c.backlog, e)
	c.mu.Unlock()
	return false
}

// nextLeft looks for the event among those the connection received before it closed.
func (c *Client) nextLeft(name string) (Event, error) {
	for {
		select {
		case e := <-c.events:
			if c.matchOrKeep(e, name) {
				return e, nil
			}
		default:
			return Event{}, errors.New("connection closed")
		}
	}
}

// None checks that no event named name arrives within wait.
func (c *Client) None(name string, wait time.Duration) error {
	if e, err := c.Next(name, wait); err == nil {
		return fmt.Errorf("unexpected %s event: %s", name, e.Args)
	}
	return nil
}

// Events is the stream of events, for callers that watch several names.
func (c *Client) Events() <-chan Event { return c.events }

// Closed is closed when the server ends the connection.
func (c *Client) Closed() <-chan struct{} { return c.closed }

// Close ends the connection.
func (c *Client) Close() error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""),
		time.Now().Add(time.Second))
	return c.ws.Close()
}
