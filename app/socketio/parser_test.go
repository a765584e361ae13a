package socketio

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The example packets of the Socket.IO protocol document (v5), decoded and encoded back.
func TestPacketsOfTheProtocolDocument(t *testing.T) {
	cases := []struct {
		text        string
		typ         int
		nsp         string
		ack         int64
		data        string
		attachments int
	}{
		{`0`, sioConnect, "/", -1, ``, 0},
		{`0{"token":"123"}`, sioConnect, "/", -1, `{"token":"123"}`, 0},
		{`0/admin,{"sid":"oSO0OpakMV_3jnilAAAA"}`, sioConnect, "/admin", -1, `{"sid":"oSO0OpakMV_3jnilAAAA"}`, 0},
		{`4{"message":"Not authorized"}`, sioConnectError, "/", -1, `{"message":"Not authorized"}`, 0},
		{`1/admin,`, sioDisconnect, "/admin", -1, ``, 0},
		{`2["hello",1]`, sioEvent, "/", -1, `["hello",1]`, 0},
		{`2/admin,456["project:delete",123]`, sioEvent, "/admin", 456, `["project:delete",123]`, 0},
		{`3/admin,456[]`, sioAck, "/admin", 456, `[]`, 0},
		{`51-["hello",{"_placeholder":true,"num":0}]`, sioBinaryEvent, "/", -1, `["hello",{"_placeholder":true,"num":0}]`, 1},
		{`61-/admin,456[{"_placeholder":true,"num":0}]`, sioBinaryAck, "/admin", 456, `[{"_placeholder":true,"num":0}]`, 1},
		{`0/random`, sioConnect, "/random", -1, ``, 0},
	}
	for _, c := range cases {
		t.Run(c.text, func(t *testing.T) {
			p, err := decodePacket([]byte(c.text))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			if p.typ != c.typ || p.nsp != c.nsp || p.ack != c.ack || string(p.data) != c.data || p.attachments != c.attachments {
				t.Fatalf("got %+v", p)
			}
			if c.text == `0/random` {
				return // the namespace-only form is read, but always written with its comma
			}
			p.buffers = make([][]byte, p.attachments)
			if got := string(p.encode()); got != c.text {
				t.Fatalf("encode = %s", got)
			}
		})
	}
}

func TestMalformedPacketsAreRefused(t *testing.T) {
	for _, text := range []string{
		``, `7`, `abc`, `2{}`, `2[]`, `2"x"`, `2[1]`, `2abc["message"]`, `2["connect"]`, `2["disconnect",1]`,
		`1{"a":1}`, `0[]`, `0"x"`, `3[]`, `3{}`, `5["x"]`, `5-["x"]`, `51["x"]`, `599999-["x"]`, `2[1,`,
		`4[]`, `2/admin,["x"`,
	} {
		if _, err := decodePacket([]byte(text)); err == nil {
			t.Errorf("%q was accepted", text)
		}
	}
}

func TestBuildArgsMovesBytesToAttachments(t *testing.T) {
	data, buffers, err := buildArgs([]json.RawMessage{json.RawMessage(`"ev"`)},
		[]any{1, []byte{1, 2}, json.RawMessage(`{"a":[true]}`), map[string]string{"k": "v"}, []byte{3}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := `["ev",1,{"_placeholder":true,"num":0},{"a":[true]},{"k":"v"},{"_placeholder":true,"num":1}]`
	if string(data) != want || len(buffers) != 2 || !bytes.Equal(buffers[1], []byte{3}) {
		t.Fatalf("got %s %v", data, buffers)
	}
	if _, _, err := buildArgs(nil, []any{json.RawMessage(`{`)}, nil); err == nil {
		t.Fatal("invalid raw JSON was accepted")
	}
}

// FuzzDecodePacket: no input crashes the decoder, and whatever it accepts encodes back to a packet that
// decodes to the same thing.
func FuzzDecodePacket(f *testing.F) {
	for _, seed := range []string{`0`, `0/admin,{"a":1}`, `2["a",1]`, `3/x,12[1]`, `52-9["a",{"_placeholder":true,"num":0}]`,
		`44/random,{"message":"Invalid namespace"}`, `2abc[]`, `6`, `0/`, `1/a`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		p, err := decodePacket(in)
		if err != nil {
			return
		}
		p.buffers = make([][]byte, p.attachments)
		again, err := decodePacket(p.encode())
		if err != nil {
			t.Fatalf("%q re-encoded as %q does not decode: %v", in, p.encode(), err)
		}
		if again.typ != p.typ || again.nsp != p.nsp || again.ack != p.ack || !bytes.Equal(again.data, p.data) {
			t.Fatalf("%q: round trip %+v != %+v", in, again, p)
		}
	})
}
