package socketio

import (
	"bytes"
	"encoding/base64"
	"errors"
)

// Engine.IO packet types (protocol 4), sent as one ASCII digit.
const (
	packetOpen    byte = '0'
	packetClose   byte = '1'
	packetPing    byte = '2'
	packetPong    byte = '3'
	packetMessage byte = '4'
	packetUpgrade byte = '5'
	packetNoop    byte = '6'
)

// recordSeparator joins the packets of one HTTP long-polling payload.
const recordSeparator = '\x1e'

var errBadPacket = errors.New("socketio: invalid Engine.IO packet")

// enginePacket is one Engine.IO packet. A binary packet is always a message; over WebSocket it travels as a
// binary frame, over polling as "b" followed by its base64.
type enginePacket struct {
	typ    byte
	data   []byte
	binary bool
}

func (p enginePacket) size() int { return len(p.data) + 1 }

// decodeTextPacket reads one text packet: its type digit, then its data.
func decodeTextPacket(b []byte) (enginePacket, error) {
	if len(b) == 0 || b[0] < packetOpen || b[0] > packetNoop {
		return enginePacket{}, errBadPacket
	}
	return enginePacket{typ: b[0], data: b[1:]}, nil
}

// encodePayload joins packets for one polling response.
func encodePayload(packets []enginePacket) []byte {
	n := 0
	for _, p := range packets {
		n += 2 + base64.StdEncoding.EncodedLen(len(p.data))
	}
	out := make([]byte, 0, n)
	for i, p := range packets {
		if i > 0 {
			out = append(out, recordSeparator)
		}
		if p.binary {
			out = append(out, 'b')
			out = base64.StdEncoding.AppendEncode(out, p.data)
			continue
		}
		out = append(out, p.typ)
		out = append(out, p.data...)
	}
	return out
}

// decodePayload splits a polling request body into packets; any malformed packet fails the whole body.
func decodePayload(body []byte) ([]enginePacket, error) {
	if len(body) == 0 {
		return nil, errBadPacket
	}
	parts := bytes.Split(body, []byte{recordSeparator})
	packets := make([]enginePacket, 0, len(parts))
	for _, part := range parts {
		if len(part) > 0 && part[0] == 'b' {
			data, err := base64.StdEncoding.AppendDecode(nil, part[1:])
			if err != nil {
				return nil, errBadPacket
			}
			packets = append(packets, enginePacket{typ: packetMessage, data: data, binary: true})
			continue
		}
		p, err := decodeTextPacket(part)
		if err != nil {
			return nil, err
		}
		packets = append(packets, p)
	}
	return packets, nil
}
