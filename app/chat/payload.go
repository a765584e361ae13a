package chat

import (
	"encoding/json"
	"regexp"
	"strings"
	"unicode/utf8"

	"goldshop/app/plaintext"
	"goldshop/app/socketio"
)

// MaxTextRunes bounds a message's text after trimming.
const MaxTextRunes = 2000

var fileURLPattern = regexp.MustCompile(`^/uploads/chat/([0-9a-f]{32}\.(?:jpg|png|gif|webp|mp3|aac|ogg|webm|m4a|wav))$`)

// FileURL is the address a chat file is served at.
func FileURL(name string) string { return "/uploads/chat/" + name }

// FileName returns the stored name a chat file address points to.
func FileName(url string) (string, bool) {
	m := fileURLPattern.FindStringSubmatch(url)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// ValidFileName reports whether name could be a stored chat file's name.
func ValidFileName(name string) bool {
	_, ok := FileName(FileURL(name))
	return ok
}

// roomArg reads a room id sent either bare (42) or as {"room_id": 42}.
func roomArg(m *socketio.Message) (int64, bool) {
	var id int64
	if m.Arg(0, &id) == nil && id > 0 {
		return id, true
	}
	var obj struct {
		RoomID int64 `json:"room_id"`
	}
	if m.Arg(0, &obj) == nil && obj.RoomID > 0 {
		return obj.RoomID, true
	}
	return 0, false
}

type sendPayload struct {
	RoomID   json.Number `json:"room_id"`
	Message  string      `json:"message"`
	FileURL  string      `json:"file_url"`
	FileType string      `json:"file_type"`
}

// outgoing is a send request that passed the checks that need no database.
type outgoing struct {
	roomID   int64
	text     string
	fileName string
	fileURL  string
}

// parseSend checks a send_message/admin_send_message payload: a room, a trimmed text of at most
// MaxTextRunes, and an optional file of ours; text or file is required.
func parseSend(m *socketio.Message) (outgoing, string) {
	var p sendPayload
	if err := m.Arg(0, &p); err != nil {
		return outgoing{}, msgBadPayload
	}
	room, err := p.RoomID.Int64()
	if err != nil || room <= 0 {
		return outgoing{}, msgBadRoom
	}
	// line breaks of any system become "\n" and tabs spaces; any other control or direction character is refused
	text := strings.NewReplacer("\r\n", "\n", "\r", "\n", "\t", " ").Replace(p.Message)
	out := outgoing{roomID: room, text: strings.TrimSpace(text)}
	if !utf8.ValidString(out.text) {
		return outgoing{}, msgBadPayload
	}
	if !plaintext.Valid(out.text) {
		return outgoing{}, msgNotPlain
	}
	if utf8.RuneCountInString(out.text) > MaxTextRunes {
		return outgoing{}, msgTooLong
	}
	if p.FileURL != "" {
		name, ok := FileName(p.FileURL)
		if !ok {
			return outgoing{}, msgBadFile
		}
		out.fileName, out.fileURL = name, p.FileURL
	}
	if out.text == "" && out.fileName == "" {
		return outgoing{}, msgEmpty
	}
	return out, ""
}
