package socketio

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
)

// Socket.IO packet types (protocol 5).
const (
	sioConnect      = 0
	sioDisconnect   = 1
	sioEvent        = 2
	sioAck          = 3
	sioConnectError = 4
	sioBinaryEvent  = 5
	sioBinaryAck    = 6
)

var errBadSIOPacket = errors.New("socketio: invalid Socket.IO packet")

// reservedEvents may not be sent by a client: they name the socket's own life cycle.
var reservedEvents = map[string]bool{
	"connect": true, "connect_error": true, "disconnect": true, "disconnecting": true,
	"newListener": true, "removeListener": true,
}

// maxAttachments bounds how many binary attachments one packet may announce.
const maxAttachments = 64

// sioPacket is one Socket.IO packet; data is its JSON payload (nil when absent) with binary parts replaced
// by {"_placeholder":true,"num":n}; ack is -1 when the packet asks for no acknowledgement.
type sioPacket struct {
	typ         int
	nsp         string
	ack         int64
	data        json.RawMessage
	attachments int
	buffers     [][]byte
}

// encode writes the packet's text part: type, [attachments "-"], [namespace ","], [ack id], [payload].
func (p sioPacket) encode() []byte {
	b := make([]byte, 0, 16+len(p.nsp)+len(p.data))
	b = append(b, byte('0'+p.typ))
	if p.typ == sioBinaryEvent || p.typ == sioBinaryAck {
		b = strconv.AppendInt(b, int64(len(p.buffers)), 10)
		b = append(b, '-')
	}
	if p.nsp != "" && p.nsp != "/" {
		b = append(b, p.nsp...)
		b = append(b, ',')
	}
	if p.ack >= 0 {
		b = strconv.AppendInt(b, p.ack, 10)
	}
	return append(b, p.data...)
}

// decodePacket reads a packet's text part as the reference parser does; binary attachments follow separately.
func decodePacket(s []byte) (sioPacket, error) {
	p := sioPacket{nsp: "/", ack: -1}
	if len(s) == 0 || s[0] < '0' || s[0] > '6' {
		return p, errBadSIOPacket
	}
	p.typ = int(s[0] - '0')
	i := 1
	if p.typ == sioBinaryEvent || p.typ == sioBinaryAck {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start || i >= len(s) || s[i] != '-' || i-start > 3 {
			return p, errBadSIOPacket
		}
		p.attachments, _ = strconv.Atoi(string(s[start:i]))
		if p.attachments > maxAttachments {
			return p, errBadSIOPacket
		}
		i++
	}
	if i < len(s) && s[i] == '/' {
		end := bytes.IndexByte(s[i:], ',')
		if end < 0 {
			p.nsp, i = string(s[i:]), len(s)
		} else {
			p.nsp, i = string(s[i:i+end]), i+end+1
		}
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > start {
		id, err := strconv.ParseInt(string(s[start:i]), 10, 64)
		if err != nil {
			return p, errBadSIOPacket
		}
		p.ack = id
	}
	if i < len(s) {
		if !json.Valid(s[i:]) {
			return p, errBadSIOPacket
		}
		p.data = json.RawMessage(bytes.Clone(s[i:]))
	}
	if !p.payloadValid() {
		return p, errBadSIOPacket
	}
	return p, nil
}

// payloadValid applies the protocol's rules on each packet type's payload.
func (p sioPacket) payloadValid() bool {
	first := firstByte(p.data)
	switch p.typ {
	case sioConnect:
		return p.data == nil || first == '{'
	case sioDisconnect:
		return p.data == nil
	case sioConnectError:
		return first == '{' || first == '"'
	case sioEvent, sioBinaryEvent:
		if first != '[' {
			return false
		}
		var head []json.RawMessage
		if json.Unmarshal(p.data, &head) != nil || len(head) == 0 {
			return false
		}
		var name string
		return json.Unmarshal(head[0], &name) == nil && !reservedEvents[name]
	case sioAck, sioBinaryAck:
		return first == '[' && p.ack >= 0
	}
	return false
}

func firstByte(b []byte) byte {
	b = bytes.TrimLeft(b, " \t\r\n")
	if len(b) == 0 {
		return 0
	}
	return b[0]
}

// splitEvent returns an EVENT payload's name and arguments.
func splitEvent(data json.RawMessage) (string, []json.RawMessage, error) {
	var all []json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil || len(all) == 0 {
		return "", nil, errBadSIOPacket
	}
	var name string
	if err := json.Unmarshal(all[0], &name); err != nil {
		return "", nil, errBadSIOPacket
	}
	return name, all[1:], nil
}

// buildArgs turns Go values into a JSON array. A []byte argument travels as a binary attachment and a
// json.RawMessage as it is; attachments already referenced by raw placeholders come first.
func buildArgs(head []json.RawMessage, args []any, attachments [][]byte) (json.RawMessage, [][]byte, error) {
	var b bytes.Buffer
	b.WriteByte('[')
	n := 0
	put := func(raw []byte) {
		if n > 0 {
			b.WriteByte(',')
		}
		b.Write(raw)
		n++
	}
	for _, h := range head {
		put(h)
	}
	for _, a := range args {
		switch v := a.(type) {
		case []byte:
			put([]byte(`{"_placeholder":true,"num":` + strconv.Itoa(len(attachments)) + `}`))
			attachments = append(attachments, v)
		case json.RawMessage:
			if !json.Valid(v) {
				return nil, nil, errors.New("socketio: invalid raw JSON argument")
			}
			put(v)
		default:
			raw, err := json.Marshal(v)
			if err != nil {
				return nil, nil, err
			}
			put(raw)
		}
	}
	b.WriteByte(']')
	return b.Bytes(), attachments, nil
}
