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

// suiteTimers are the heartbeat and sign-in times the protocol's test suites assume: short, so a heartbeat
// test is quick, and too short for a starved client (a machine under load drops it between two pings).
// A load run asks for the library's defaults instead (-load).
var suiteTimers = true

func main() {
	addr := flag.String("addr", "127.0.0.1:3000", "address to listen on")
	load := flag.Bool("load", false, "time heartbeats and sign-in as socket.io's defaults do (25 s, 20 s, 45 s), for load runs")
	flag.Parse()
	suiteTimers = !*load
	log.Printf("conformance server on http://%s (/engine.io/ and /socket.io/)", *addr)
	log.Fatal(http.ListenAndServe(*addr, Handler()))
}

// Options are the settings the test suites assume.
func Options() socketio.Options {
	o := socketio.Options{
		PingInterval: 300 * time.Millisecond,
		PingTimeout:  200 * time.Millisecond,
		MaxPayload:   1_000_000,
		AllowOrigin:  func(string) bool { return true },
		CheckOrigin:  func(*http.Request) bool { return true },
	}
	if !suiteTimers {
		o.PingInterval, o.PingTimeout = 25*time.Second, 20*time.Second
	}
	return o
}

// connectTimeout is how long a client has to join a namespace after its handshake.
func connectTimeout() time.Duration {
	if suiteTimers {
		return time.Second
	}
	return 45 * time.Second
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
	s := socketio.NewServer(socketio.ServerOptions{Options: Options(), ConnectTimeout: connectTimeout()})
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
