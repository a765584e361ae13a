// Package socketio is a small server for the Socket.IO protocol (version 5) over Engine.IO (version 4),
// written on gorilla/websocket so the stock socket.io-client v4 works unchanged. It knows nothing of the shop.
//
// Two layers, as the protocol documents describe them:
//   - Engine (engine*.go, conn.go, polling.go, websocket.go): sessions, HTTP long-polling with packet
//     batching, the WebSocket transport and the probe/upgrade dance, heartbeats, maxPayload and the protocol's
//     HTTP errors.
//   - Server (server.go, socket.go, parser.go): namespaces with CONNECT auth payloads and CONNECT_ERROR,
//     EVENT and ACK packets with binary attachments, disconnects both ways.
//
// Memory is bounded: every session's outgoing queue has a packet and a byte limit and a client that lets it
// fill up is dropped rather than waited for; incoming payloads are limited by maxPayload. Sessions are
// limited too, and those in no namespace (not signed in) have smaller budgets of their own, overall and per
// client address (pending.go), so that bare handshakes cannot take the room of signed-in clients.
package socketio
