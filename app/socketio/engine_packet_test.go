package socketio

import (
	"bytes"
	"testing"
)

// The payload examples of the Engine.IO protocol document (v4).
func TestPayloadsOfTheProtocolDocument(t *testing.T) {
	packets, err := decodePayload([]byte("4hello\x1e4€\x1ebAQIDBA=="))
	if err != nil {
		t.Fatal(err)
	}
	if len(packets) != 3 || string(packets[0].data) != "hello" || string(packets[1].data) != "€" ||
		!packets[2].binary || !bytes.Equal(packets[2].data, []byte{1, 2, 3, 4}) {
		t.Fatalf("got %+v", packets)
	}
	if got := string(encodePayload(packets)); got != "4hello\x1e4€\x1ebAQIDBA==" {
		t.Fatalf("encode = %q", got)
	}
	if got := string(encodePayload([]enginePacket{{typ: packetPing}, {typ: packetNoop}})); got != "2\x1e6" {
		t.Fatalf("encode = %q", got)
	}
}

func TestMalformedPayloadsAreRefused(t *testing.T) {
	for _, body := range []string{"", "abc", "4hello\x1e", "\x1e4a", "7", "b!!!", "4a\x1ex"} {
		if _, err := decodePayload([]byte(body)); err == nil {
			t.Errorf("%q was accepted", body)
		}
	}
}

// FuzzDecodePayload: no body crashes the decoder, and accepted ones survive a round trip.
func FuzzDecodePayload(f *testing.F) {
	for _, seed := range []string{"4hello", "4a\x1e4b", "bAQIDBA==", "2", "1", "6\x1e6", "b", "4"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		packets, err := decodePayload(body)
		if err != nil {
			return
		}
		again, err := decodePayload(encodePayload(packets))
		if err != nil || len(again) != len(packets) {
			t.Fatalf("%q: round trip failed: %v", body, err)
		}
		for i := range packets {
			if again[i].typ != packets[i].typ || again[i].binary != packets[i].binary || !bytes.Equal(again[i].data, packets[i].data) {
				t.Fatalf("%q: packet %d changed", body, i)
			}
		}
	})
}
