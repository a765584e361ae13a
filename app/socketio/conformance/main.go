// Command conformance serves the endpoints the Socket.IO project's protocol test suites expect, so they can be
// run against this package: go run ./app/socketio/conformance -addr 127.0.0.1:3000
package main

import (
	"flag"
	"log"
	"net/http"
	"time"

	"goldshop/app/socketio"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:3000", "address to listen on")
	flag.Parse()
	log.Printf("conformance server on http://%s (/engine.io/ and /socket.io/)", *addr)
	log.Fatal(http.ListenAndServe(*addr, Handler()))
}

// Options are the settings the test suites assume.
func Options() socketio.Options {
	return socketio.Options{
		PingInterval: 300 * time.Millisecond,
		PingTimeout:  200 * time.Millisecond,
		MaxPayload:   1_000_000,
		AllowOrigin:  func(string) bool { return true },
		CheckOrigin:  func(*http.Request) bool { return true },
	}
}

// Handler serves raw Engine.IO echo at /engine.io/ and the Socket.IO test namespaces at /socket.io/.
func Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/engine.io/", socketio.NewEngine(Options(), func(c *socketio.Conn) socketio.ConnHandler {
		return echo{c}
	}))
	mux.Handle("/socket.io/", newSocketIO())
	return mux
}

// echo sends every message packet straight back to its sender.
type echo struct{ c *socketio.Conn }

func (e echo) OnMessage(data []byte, binary bool) { _ = e.c.Send(data, binary) }
func (e echo) OnClose(string)                     {}

func newSocketIO() *socketio.Server {
	s := socketio.NewServer(socketio.ServerOptions{Options: Options(), ConnectTimeout: time.Second})
	greet := func(sock *socketio.Socket) { _ = sock.Emit("auth", sock.Auth()) }
	main := s.Of("/")
	main.OnConnection(greet)
	s.Of("/custom").OnConnection(greet)
	main.On("message", func(sock *socketio.Socket, m *socketio.Message) {
		_ = sock.EmitRaw("message-back", m.Args, m.Attachments)
	})
	main.On("message-with-ack", func(_ *socketio.Socket, m *socketio.Message) {
		_ = m.AckRaw(m.Args, m.Attachments)
	})
	return s
}
