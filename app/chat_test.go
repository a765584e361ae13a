package app

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"goldshop/app/socketio/socketiotest"
)

const wait = 3 * time.Second

// chatMessage is a message as the socket sends it.
type chatMessage struct {
	ID       int64   `json:"id"`
	RoomID   int64   `json:"room_id"`
	Text     string  `json:"message_text"`
	FileURL  *string `json:"file_url"`
	FileType *string `json:"file_type"`
	IsAdmin  bool    `json:"is_admin"`
	IsRead   bool    `json:"is_read"`
}

type chatAck struct {
	OK      bool        `json:"ok"`
	Message any         `json:"message"`
	Sent    chatMessage `json:"-"`
}

func (s *testShop) dialChat(t *testing.T, token string) *socketiotest.Client {
	t.Helper()
	c, err := socketiotest.Dial(s.srv.URL, map[string]string{"token": token}, nil)
	if err != nil {
		t.Fatalf("chat connect: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func (s *testShop) chatRoom(t *testing.T, token string) int64 {
	t.Helper()
	r := s.do("POST", "/api/chat/start", token, nil)
	if r.Status != 200 {
		t.Fatalf("chat start: %d %s", r.Status, r.Body)
	}
	return int64(r.JSON["room_id"].(float64))
}

func next(t *testing.T, c *socketiotest.Client, event string, out any) {
	t.Helper()
	e, err := c.Next(event, wait)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil {
		if err := e.Decode(0, out); err != nil {
			t.Fatalf("%s: %v", event, err)
		}
	}
}

func call(t *testing.T, c *socketiotest.Client, event string, args ...any) map[string]any {
	t.Helper()
	var ack map[string]any
	if err := c.Call(event, &ack, args...); err != nil {
		t.Fatal(err)
	}
	return ack
}

func wantRefused(t *testing.T, ack map[string]any, message string) {
	t.Helper()
	if ack["ok"] != false || ack["message"] != message {
		t.Fatalf("want refusal %q, got %v", message, ack)
	}
}

func TestChatConnectionsNeedASignedInUser(t *testing.T) {
	s := newTestShop(t)
	for _, auth := range []any{nil, map[string]string{"token": "not-a-token"}, map[string]any{"token": 12}} {
		_, err := socketiotest.Dial(s.srv.URL, auth, nil)
		if ce, ok := err.(*socketiotest.ConnectError); !ok || ce.Message != "برای گفتگو با پشتیبانی وارد حساب خود شوید" {
			t.Fatalf("auth %v: want a Persian connect_error, got %v", auth, err)
		}
	}
	// The session cookie of a browser login works without a token.
	client := s.cookieClient()
	body := registration(1)
	if r := s.completeSignUp(client, body); r.Status != 200 {
		t.Fatalf("cookie sign-up: %d %s", r.Status, r.Body)
	}
	req, _ := http.NewRequest("GET", s.srv.URL, nil)
	header := http.Header{"Cookie": {cookieHeader(client.Jar.Cookies(req.URL))}}
	c, err := socketiotest.Dial(s.srv.URL, nil, header)
	if err != nil {
		t.Fatalf("cookie connect: %v", err)
	}
	defer c.Close()
	if ack := call(t, c, "join_user_room"); ack["ok"] != true {
		t.Fatalf("join_user_room: %v", ack)
	}
}

func cookieHeader(cookies []*http.Cookie) string {
	parts := make([]string, len(cookies))
	for i, c := range cookies {
		parts[i] = c.Name + "=" + c.Value
	}
	return strings.Join(parts, "; ")
}

func TestChatStartGivesEachCustomerOneRoom(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	a, _ := s.signUp(1)
	b, _ := s.signUp(2)
	roomA := s.chatRoom(t, a)
	if again := s.chatRoom(t, a); again != roomA {
		t.Fatalf("second start gave room %d, first %d", again, roomA)
	}
	if roomB := s.chatRoom(t, b); roomB == roomA {
		t.Fatal("two customers share a room")
	}
	s.run(t, []scenario{
		{name: "admins have no room", method: "POST", path: "/api/chat/start", token: admin, wantStatus: 403, wantContains: "مشتریان", wantAbsent: []string{`"room_id"`}},
		{name: "signed out", method: "POST", path: "/api/chat/start", wantStatus: 401, wantAbsent: []string{`"room_id"`}},
		{name: "customers cannot list rooms", method: "GET", path: "/api/chat/admin/rooms", token: a, wantStatus: 403},
	})
}

// The whole conversation of decisions.md §7: unread counts, joining, typing, read receipts and badges.
func TestChatConversationBetweenACustomerAndTheShop(t *testing.T) {
	s := newTestShop(t)
	adminToken := s.signInAdmin()
	customerToken, _ := s.signUp(1)
	otherToken, _ := s.signUp(2)
	room := s.chatRoom(t, customerToken)
	otherRoom := s.chatRoom(t, otherToken)

	page := s.dialChat(t, customerToken) // the chat page
	wantRefused(t, call(t, page, "join_room", otherRoom), "گفتگو پیدا نشد")
	wantRefused(t, call(t, page, "admin_join_room", room), "این کار فقط برای مدیران است")
	wantRefused(t, call(t, page, "admin_send_message", map[string]any{"room_id": room, "message": "x"}), "این کار فقط برای مدیران است")
	if ack := call(t, page, "join_room", map[string]any{"room_id": room}); ack["ok"] != true {
		t.Fatalf("join_room: %v", ack)
	}
	var history []chatMessage
	next(t, page, "previous_messages", &history)
	if len(history) != 0 {
		t.Fatalf("new room has history %v", history)
	}

	// Bad messages change nothing.
	wantRefused(t, call(t, page, "send_message", map[string]any{"room_id": room, "message": "   "}), "پیام خالی است")
	wantRefused(t, call(t, page, "send_message", map[string]any{"room_id": room, "message": strings.Repeat("ط", 2001)}), "پیام بیش از ۲۰۰۰ حرف است")
	wantRefused(t, call(t, page, "send_message", map[string]any{"room_id": otherRoom, "message": "سلام"}), "گفتگو پیدا نشد")
	wantRefused(t, call(t, page, "send_message", map[string]any{"room_id": room, "message": "a", "file_url": "/etc/passwd"}), "فایل پیوست معتبر نیست")

	ack := call(t, page, "send_message", map[string]any{"room_id": room, "message": "  سلام، قیمت امروز؟  "})
	if ack["ok"] != true {
		t.Fatalf("send: %v", ack)
	}
	var mine chatMessage
	next(t, page, "receive_message", &mine)
	if mine.Text != "سلام، قیمت امروز؟" || mine.IsAdmin || mine.IsRead || mine.RoomID != room {
		t.Fatalf("stored message %+v", mine)
	}

	// An admin who connects now learns the room's unread count and the total.
	desk := s.dialChat(t, adminToken)
	var perRoom struct{ RoomID, Count int64 }
	e, err := desk.Next("unread_count_updated", wait)
	if err != nil || e.Decode(0, &struct {
		RoomID *int64 `json:"room_id"`
		Count  *int64 `json:"count"`
	}{&perRoom.RoomID, &perRoom.Count}) != nil || perRoom.RoomID != room || perRoom.Count != 1 {
		t.Fatalf("unread_count_updated: %v %+v", err, perRoom)
	}
	var total map[string]int64
	next(t, desk, "admin_unread_updated", &total)
	if total["total_unread"] != 1 {
		t.Fatalf("admin total %v", total)
	}
	r := s.do("GET", "/api/chat/admin/rooms", adminToken, nil)
	if r.Status != 200 || !strings.Contains(r.Body, `"last_message":"سلام، قیمت امروز؟"`) || !strings.Contains(r.Body, `"unread_count":1`) ||
		!strings.Contains(r.Body, `"user_mobile":"09121000001"`) {
		t.Fatalf("rooms: %d %s", r.Status, r.Body)
	}

	// A second message while no admin has the room open raises the count.
	call(t, page, "send_message", map[string]any{"room_id": room, "message": "هستید؟"})
	next(t, page, "receive_message", nil)
	var count map[string]int64
	next(t, desk, "unread_count", &count)
	if count["room_id"] != room || count["count"] != 2 {
		t.Fatalf("unread_count %v", count)
	}
	next(t, desk, "admin_unread_updated", &total)
	if total["total_unread"] != 2 {
		t.Fatalf("admin total %v", total)
	}
	// Typing goes nowhere while no admin has the room open.
	call(t, page, "typing", room)
	if err := desk.None("typing", 200*time.Millisecond); err != nil {
		t.Fatal(err)
	}

	// The admin opens the room: history, the count cleared, the customer told their messages were read.
	call(t, desk, "admin_join_room", room)
	next(t, desk, "previous_messages", &history)
	if len(history) != 2 || history[0].Text != "سلام، قیمت امروز؟" {
		t.Fatalf("history %+v", history)
	}
	next(t, desk, "unread_cleared", &count)
	next(t, desk, "admin_unread_updated", &total)
	if total["total_unread"] != 0 {
		t.Fatalf("admin total after reading %v", total)
	}
	var read map[string]any
	next(t, page, "messages_read", &read)
	if read["is_admin"] != false || int64(read["up_to_id"].(float64)) != history[1].ID {
		t.Fatalf("messages_read %v", read)
	}

	// Typing both ways, only to the other side.
	call(t, page, "typing", room)
	var typing map[string]any
	next(t, desk, "typing", &typing)
	if typing["is_admin"] != false {
		t.Fatalf("typing %v", typing)
	}
	call(t, desk, "typing", map[string]any{"room_id": room})
	next(t, page, "typing", &typing)
	call(t, desk, "stop_typing", room)
	next(t, page, "stop_typing", &typing)
	if typing["is_admin"] != true {
		t.Fatalf("stop_typing %v", typing)
	}

	// The shop answers while the customer has the room open: read at once, and the desk sees two checks.
	if ack := call(t, desk, "admin_send_message", map[string]any{"room_id": room, "message": "بله، در خدمتیم"}); ack["ok"] != true {
		t.Fatalf("admin send %v", ack)
	}
	var reply chatMessage
	next(t, page, "receive_message", &reply)
	if !reply.IsAdmin || !reply.IsRead {
		t.Fatalf("reply %+v", reply)
	}
	next(t, desk, "messages_read", &read)
	if read["is_admin"] != true || int64(read["up_to_id"].(float64)) != reply.ID {
		t.Fatalf("messages_read on the desk %v", read)
	}

	// The customer leaves the chat page but keeps another page open: the shop's next answer is a
	// notification and a badge of 1, cleared when the chat page opens again.
	page.Close()
	home := s.dialChat(t, customerToken)
	call(t, home, "join_user_room")
	next(t, home, "admin_unread_updated", &total)
	if total["total_unread"] != 0 {
		t.Fatalf("customer badge %v", total)
	}
	time.Sleep(50 * time.Millisecond) // the closed page's disconnect reaches the hub
	call(t, desk, "send_message", map[string]any{"room_id": room, "message": "قیمت امروز ۷۵ میلیون است"})
	var note chatMessage
	next(t, home, "user_receive_message", &note)
	if note.IsRead || note.Text != "قیمت امروز ۷۵ میلیون است" {
		t.Fatalf("notification %+v", note)
	}
	next(t, home, "admin_unread_updated", &total)
	if total["total_unread"] != 1 {
		t.Fatalf("customer badge %v", total)
	}
	page = s.dialChat(t, customerToken)
	call(t, page, "join_room", room)
	next(t, page, "previous_messages", &history)
	if len(history) != 4 || !history[3].IsRead {
		t.Fatalf("history after reading %+v", history)
	}
	next(t, home, "admin_unread_updated", &total)
	if total["total_unread"] != 0 {
		t.Fatalf("customer badge after reading %v", total)
	}
	next(t, desk, "messages_read", &read)
}

func (s *testShop) uploadChatFile(token string, content []byte) reply {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", "photo.txt") // the name says nothing; the bytes do
	part.Write(content)
	w.Close()
	req, _ := http.NewRequest("POST", s.srv.URL+"/api/chat/upload", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	return s.send(http.DefaultClient, req)
}

func TestChatFilesAreCheckedAndServedOnlyToTheirRoom(t *testing.T) {
	s := newTestShop(t)
	adminToken := s.signInAdmin()
	a, _ := s.signUp(1)
	b, _ := s.signUp(2)
	roomA := s.chatRoom(t, a)

	r := s.uploadChatFile(a, pngBytes(t))
	if r.Status != 200 || r.str("file_type") != "image" || !strings.HasPrefix(r.str("file_url"), "/uploads/chat/") {
		t.Fatalf("upload: %d %s", r.Status, r.Body)
	}
	url := r.str("file_url")
	wav := append([]byte("RIFF\x24\x00\x00\x00WAVEfmt "), make([]byte, 40)...)
	if r := s.uploadChatFile(a, wav); r.Status != 200 || r.str("file_type") != "audio" {
		t.Fatalf("wav upload: %d %s", r.Status, r.Body)
	}
	for name, content := range map[string][]byte{
		"text":         []byte("hello, this is not an image"),
		"fake png":     []byte("\x89PNG\r\n\x1a\nnot really"),
		"html as gif?": []byte("<html><script>alert(1)</script>"),
	} {
		if r := s.uploadChatFile(a, content); r.Status != 400 || r.str("message") != "فقط تصویر یا فایل صوتی" {
			t.Fatalf("%s: %d %s", name, r.Status, r.Body)
		}
	}
	big := append(pngBytes(t), make([]byte, 10<<20)...)
	if r := s.uploadChatFile(a, big); r.Status != 413 {
		t.Fatalf("11 MB: %d %s", r.Status, r.Body)
	}

	for who, tok := range map[string]string{"owner": a, "admin": adminToken} {
		if r := s.do("GET", url, tok, nil); r.Status != 200 {
			t.Fatalf("%s fetch: %d", who, r.Status)
		} else if cc := r.Header.Get("Cache-Control"); cc != "private, no-store" {
			t.Fatalf("%s fetch: Cache-Control %q, want nothing kept after logout on a shared phone", who, cc)
		}
	}
	if r := s.do("GET", url, b, nil); r.Status != 404 {
		t.Fatalf("another customer fetched the file: %d", r.Status)
	}
	if r := s.do("GET", url, "", nil); r.Status != 401 {
		t.Fatalf("signed out fetched the file: %d", r.Status)
	}

	// Another customer cannot send A's file in their own room; A can, and the admin's upload goes to the
	// room it is first sent in, after which only that room's customer sees it.
	s.chatRoom(t, b)
	bSocket := s.dialChat(t, b)
	roomB := s.chatRoom(t, b)
	wantRefused(t, call(t, bSocket, "send_message", map[string]any{"room_id": roomB, "file_url": url, "file_type": "image"}), "فایل پیوست معتبر نیست")
	aSocket := s.dialChat(t, a)
	if ack := call(t, aSocket, "send_message", map[string]any{"room_id": roomA, "file_url": url, "file_type": "audio"}); ack["ok"] != true {
		t.Fatalf("send own file: %v", ack)
	} else if msg := ack["message"].(map[string]any); msg["file_type"] != "image" || msg["message_text"] != "" {
		t.Fatalf("the stored kind comes from the content: %v", msg)
	}
	adminFile := s.uploadChatFile(adminToken, pngBytes(t)).str("file_url")
	if r := s.do("GET", adminFile, a, nil); r.Status != 404 {
		t.Fatalf("an unsent admin file reached a customer: %d", r.Status)
	}
	desk := s.dialChat(t, adminToken)
	call(t, desk, "admin_send_message", map[string]any{"room_id": roomA, "message": "رسید شما", "file_url": adminFile})
	if r := s.do("GET", adminFile, a, nil); r.Status != 200 {
		t.Fatalf("room's customer cannot fetch the shop's file: %d", r.Status)
	}
	if r := s.do("GET", adminFile, b, nil); r.Status != 404 {
		t.Fatalf("another customer fetched the shop's file: %d", r.Status)
	}
	wantRefused(t, call(t, desk, "admin_send_message", map[string]any{"room_id": roomB, "file_url": adminFile}), "فایل پیوست معتبر نیست")
}

// Nothing a client sends crashes the hub: every odd payload is refused and the connection keeps working.
func TestChatSurvivesOddPayloads(t *testing.T) {
	s := newTestShop(t)
	token, _ := s.signUp(1)
	room := s.chatRoom(t, token)
	c := s.dialChat(t, token)
	odd := []any{nil, 0, -1, 1e300, "x", true, []any{}, map[string]any{}, map[string]any{"room_id": "abc"},
		map[string]any{"room_id": room, "message": 12}, map[string]any{"room_id": room, "message": map[string]any{}},
		map[string]any{"room_id": []any{room}}, strings.Repeat("[", 1000)}
	for _, event := range []string{"join_room", "send_message", "typing", "stop_typing", "admin_join_room",
		"admin_leave_room", "leave_room", "admin_send_message", "join_user_room", "unknown_event"} {
		for _, arg := range odd {
			_ = c.Emit(event, arg)
		}
		_ = c.Emit(event)
	}
	if ack := call(t, c, "join_room", room); ack["ok"] != true {
		t.Fatalf("after odd payloads: %v", ack)
	}
	if ack := call(t, c, "send_message", map[string]any{"room_id": room, "message": "هنوز کار می‌کند"}); ack["ok"] != true {
		t.Fatalf("send after odd payloads: %v", ack)
	}
}

func TestChatSendsAreRateLimited(t *testing.T) {
	s := newTestShop(t)
	token, _ := s.signUp(1)
	room := s.chatRoom(t, token)
	c := s.dialChat(t, token)
	refused := 0
	for i := 0; i < 25; i++ {
		ack := call(t, c, "send_message", map[string]any{"room_id": room, "message": "پیام"})
		if ack["ok"] == false {
			refused++
			wantRefused(t, ack, "پیام‌ها خیلی پشت سر هم است؛ کمی صبر کنید")
		}
	}
	if refused != 5 {
		t.Fatalf("%d of 25 quick sends refused, want 5", refused)
	}
}

// A tab's one socket leaves the chat page's room without reconnecting, so no message from the shop can fall
// into the gap of a reconnection: the answer comes as a notification on the same socket, unread.
func TestChatCustomerLeavesTheRoomOnTheSameSocket(t *testing.T) {
	s := newTestShop(t)
	adminToken := s.signInAdmin()
	customerToken, _ := s.signUp(1)
	room := s.chatRoom(t, customerToken)
	tab := s.dialChat(t, customerToken)
	call(t, tab, "join_user_room")
	next(t, tab, "admin_unread_updated", nil)
	call(t, tab, "join_room", room)
	next(t, tab, "previous_messages", nil)
	desk := s.dialChat(t, adminToken)
	call(t, desk, "admin_join_room", room)
	next(t, desk, "previous_messages", nil)

	// in the room, the shop's message is read at once
	call(t, desk, "admin_send_message", map[string]any{"room_id": room, "message": "سلام"})
	var got chatMessage
	next(t, tab, "receive_message", &got)
	if !got.IsRead {
		t.Fatalf("read in the open room: %+v", got)
	}
	next(t, tab, "user_receive_message", nil) // the customer's listener hears every answer

	if ack := call(t, tab, "leave_room", room); ack["ok"] != true {
		t.Fatalf("leave_room: %v", ack)
	}
	call(t, desk, "typing", room)
	if err := tab.None("typing", 200*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	call(t, desk, "admin_send_message", map[string]any{"room_id": room, "message": "رسید شما تایید شد"})
	next(t, tab, "user_receive_message", &got)
	if got.IsRead || got.Text != "رسید شما تایید شد" {
		t.Fatalf("notification after leaving %+v", got)
	}
	var total map[string]int64
	for total["total_unread"] != 1 { // the counts pushed while the room was open come first
		next(t, tab, "admin_unread_updated", &total)
	}
	if err := tab.None("receive_message", 200*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	// leaving twice, or a room never opened, changes nothing
	if ack := call(t, tab, "leave_room", room); ack["ok"] != true {
		t.Fatalf("second leave_room: %v", ack)
	}
}
