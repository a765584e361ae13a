package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestChatRoomsReadsAndFiles(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	now := time.Unix(1_800_000_000, 0)
	admin, a, b := addAdmin(t, s), addCustomer(t, s, 1), addCustomer(t, s, 2)

	roomA, err := s.ChatRoomOf(ctx, a, now)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := s.ChatRoomOf(ctx, a, now); again != roomA {
		t.Fatalf("second call made room %d", again)
	}
	if none, _ := s.ExistingChatRoomOf(ctx, b); none != 0 {
		t.Fatal("a room appeared without being asked for")
	}
	roomB, _ := s.ChatRoomOf(ctx, b, now)

	send := func(room, sender int64, isAdmin bool, text, file string, at time.Time) (ChatMessage, error) {
		url := ""
		if file != "" {
			url = "/uploads/chat/" + file
		}
		return s.AddChatMessage(ctx, NewChatMessage{RoomID: room, SenderID: sender, IsAdmin: isAdmin, Text: text,
			FileName: file, FileURL: url}, at)
	}
	send(roomA, a, false, "یک", "", now)
	send(roomA, a, false, "دو", "", now.Add(time.Second))
	send(roomB, b, false, "از ب", "", now.Add(2*time.Second))
	if n, _ := s.ChatUnread(ctx, 0, false); n != 3 {
		t.Fatalf("admins' unread %d", n)
	}
	rooms, err := s.ChatRooms(ctx)
	if err != nil || len(rooms) != 2 || rooms[0].ID != roomB || rooms[1].Unread != 2 || rooms[1].LastText != "دو" {
		t.Fatalf("rooms %+v %v", rooms, err)
	}
	upTo, err := s.MarkChatRead(ctx, roomA, false, now)
	if err != nil || upTo == 0 {
		t.Fatalf("mark read: %d %v", upTo, err)
	}
	if again, _ := s.MarkChatRead(ctx, roomA, false, now); again != 0 {
		t.Fatal("marking twice marked something")
	}
	if counts, _ := s.ChatUnreadRooms(ctx); len(counts) != 1 || counts[roomB] != 1 {
		t.Fatalf("unread rooms %v", counts)
	}

	// Files: the uploader's own, or any admin's for an admin; bound to the first room they are sent in.
	s.SaveChatFile(ctx, ChatFile{Name: "a.png", UploaderID: a, RoomID: roomA, Type: "image"}, 10, now, now)
	s.SaveChatFile(ctx, ChatFile{Name: "shop.ogg", UploaderID: admin, Type: "audio"}, 10, now, now)
	if _, err := send(roomB, b, false, "", "a.png", now); !errors.Is(err, ErrChatFileRefused) {
		t.Fatalf("another customer sent a's file: %v", err)
	}
	if _, err := send(roomB, b, false, "", "missing.png", now); !errors.Is(err, ErrChatFileRefused) {
		t.Fatalf("a missing file was sent: %v", err)
	}
	if m, err := send(roomA, admin, true, "", "shop.ogg", now); err != nil || m.FileType != "audio" {
		t.Fatalf("admin file: %+v %v", m, err)
	}
	if _, err := send(roomB, admin, true, "", "shop.ogg", now); !errors.Is(err, ErrChatFileRefused) {
		t.Fatalf("a file bound to room A went to room B: %v", err)
	}
	history, _ := s.ChatHistory(ctx, roomA, 2)
	if len(history) != 2 || history[0].Text != "دو" || history[1].FileURL != "/uploads/chat/shop.ogg" {
		t.Fatalf("last two of room A: %+v", history)
	}
	if _, err := s.CheckInvariants(ctx); err != nil {
		t.Fatal(err)
	}
	// A message posing as the customer of another room is caught.
	s.write.ExecContext(ctx, `UPDATE chat_messages SET sender_id = ? WHERE room_id = ? AND is_admin = 0`, b, roomA)
	if _, err := s.CheckInvariants(ctx); err == nil {
		t.Fatal("a message from a stranger in room A went unnoticed")
	}
	s.write.ExecContext(ctx, `UPDATE chat_messages SET sender_id = ? WHERE room_id = ? AND is_admin = 0`, a, roomA)
}
