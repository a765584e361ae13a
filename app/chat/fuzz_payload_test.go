package chat

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"goldshop/app/plaintext"
	"goldshop/app/socketio"
)

// FuzzParseSend feeds a chat event's first argument anything at all. An accepted send names the room the
// payload named (a positive whole number), carries its message trimmed, valid UTF-8 and at most
// MaxTextRunes long, and a file only by an address of ours; it has a text or a file. roomArg accepts only a
// positive room, bare or as {"room_id": n}, and returns that number.
func FuzzParseSend(f *testing.F) {
	file := FileURL("0123456789abcdef0123456789abcdef.png")
	for _, seed := range []string{`{"room_id":1,"message":"سلام"}`, `{"room_id":"7","message":"  hi  "}`,
		`{"room_id":1,"file_url":"` + file + `","file_type":"image"}`, `{"room_id":1,"message":"","file_url":""}`,
		`{"room_id":0,"message":"x"}`, `{"room_id":-1,"message":"x"}`, `{"room_id":1.5,"message":"x"}`,
		`{"room_id":"1e2","message":"x"}`, `{"room_id":99999999999999999999,"message":"x"}`, `{"ROOM_ID":3,"Message":"x"}`,
		`{"room_id":1,"message":"` + strings.Repeat("ب", MaxTextRunes) + `"}`, `{"room_id":1,"message":"` + strings.Repeat("ب", MaxTextRunes+1) + `"}`,
		`{"room_id":1,"message":"\u0000"}`, `{"room_id":1,"message":"\ud800"}`, `{"room_id":1,"message":"\u202eabc"}`,
		`{"room_id":1,"file_url":"/uploads/chat/../goldshop.db"}`, `{"room_id":1,"file_url":"` + strings.ToUpper(file) + `"}`,
		`{"room_id":1,"file_url":"` + file + `\n"}`, `42`, `"42"`, `{"room_id":42}`, `{"room_id":"42"}`, `[1]`, `null`, `{`, ``,
		`{"room_id":1,"message":"a","message":" b "}`, `{"room_id":1} trailing`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, arg []byte) {
		m := &socketio.Message{Event: "send_message", Args: []json.RawMessage{arg}}
		var want struct {
			RoomID  json.RawMessage `json:"room_id"`
			Message json.RawMessage `json:"message"`
			FileURL json.RawMessage `json:"file_url"`
		}
		wantErr := json.Unmarshal(arg, &want)

		out, problem := parseSend(m)
		switch problem {
		case "":
		case msgBadPayload, msgBadRoom, msgTooLong, msgBadFile, msgEmpty, msgNotPlain:
			if out != (outgoing{}) {
				t.Fatalf("%q refused (%s) but gave %+v", arg, problem, out)
			}
		default:
			t.Fatalf("%q: unknown problem %q", arg, problem)
		}
		if problem == "" {
			if wantErr != nil {
				t.Fatalf("%q is no JSON object (%v) but was accepted as %+v", arg, wantErr, out)
			}
			if room, ok := roomText(want.RoomID); !ok || room != out.roomID || room <= 0 {
				t.Fatalf("%q accepted for room %d", arg, out.roomID)
			}
			var text, url string
			_ = json.Unmarshal(want.Message, &text)
			_ = json.Unmarshal(want.FileURL, &url)
			// line breaks become "\n" and tabs spaces; nothing else of the text changes, and nothing hidden stays
			text = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\t", " ").Replace(text)
			if out.text != strings.TrimSpace(text) || !utf8.ValidString(out.text) || utf8.RuneCountInString(out.text) > MaxTextRunes ||
				!plaintext.Valid(out.text) || strings.ContainsAny(out.text, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\x00") {
				t.Fatalf("%q accepted with the text %q", arg, out.text)
			}
			if out.fileURL != url || (url != "" && (FileURL(out.fileName) != url || !ValidFileName(out.fileName))) ||
				(url == "") != (out.fileName == "") {
				t.Fatalf("%q accepted with the file %q at %q", arg, out.fileName, out.fileURL)
			}
			if out.text == "" && out.fileName == "" {
				t.Fatalf("%q accepted with neither text nor file", arg)
			}
		}

		if room, ok := roomArg(m); ok {
			bare, bareOK := roomText(arg)
			var obj struct {
				RoomID json.RawMessage `json:"room_id"`
			}
			inner, innerOK := int64(0), false
			if json.Unmarshal(arg, &obj) == nil {
				inner, innerOK = roomText(obj.RoomID)
			}
			if room <= 0 || !(bareOK && bare == room || innerOK && inner == room) {
				t.Fatalf("roomArg(%q) = %d", arg, room)
			}
		}
	})
}

// roomText reads a room id as the test understands the payloads: a JSON integer, or (for send_message's
// room_id) a string holding one.
func roomText(raw json.RawMessage) (int64, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 1 && raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return 0, false
		}
		raw = []byte(s)
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	return n, err == nil
}
