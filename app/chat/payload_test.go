package chat

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"goldshop/app/socketio"
)

func TestFileAddressesAreOnlyOurs(t *testing.T) {
	good := "0123456789abcdef0123456789abcdef.png"
	if name, ok := FileName(FileURL(good)); !ok || name != good {
		t.Fatalf("own address refused: %q %v", name, ok)
	}
	for _, url := range []string{
		"", "/uploads/chat/../goldshop.db", "/uploads/receipts/" + good, "https://evil.example/uploads/chat/" + good,
		"/uploads/chat/0123456789abcdef0123456789abcdef.html", "/uploads/chat/" + strings.ToUpper(good),
		"/uploads/chat/" + good + "?x", "/uploads/chat/" + good + "/..",
	} {
		if _, ok := FileName(url); ok {
			t.Errorf("%q accepted", url)
		}
	}
}

func TestRateLimitAllowsNPerWindow(t *testing.T) {
	r := newRateLimit(3, time.Second)
	t0 := time.Unix(1000, 0)
	for i, want := range []bool{true, true, true, false} {
		if got := r.allow(t0); got != want {
			t.Fatalf("call %d: %v", i, got)
		}
	}
	if !r.allow(t0.Add(time.Second)) {
		t.Fatal("a new window should allow again")
	}
}

func TestSendRefusesHiddenCharacters(t *testing.T) {
	for text, want := range map[string]string{
		"سلام\u202eمدیر":   msgNotPlain,
		"a\x00b":           msgNotPlain,
		"\ue000":           msgNotPlain,
		"خط اول\r\nخط دوم": "",
		"نیم‌فاصله\tتب":    "",
	} {
		arg, _ := json.Marshal(map[string]any{"room_id": 1, "message": text})
		if _, problem := parseSend(&socketio.Message{Event: "send_message", Args: []json.RawMessage{arg}}); problem != want {
			t.Errorf("%q: problem %q, want %q", text, problem, want)
		}
	}
}
