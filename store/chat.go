package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ErrChatFileRefused is returned when a message names a file its sender may not send in that room.
var ErrChatFileRefused = errors.New("store: chat file not the sender's or of another room")

// ChatMessage is one message of a customer's support room.
type ChatMessage struct {
	ID        int64
	RoomID    int64
	SenderID  int64
	IsAdmin   bool
	Text      string
	FileURL   string // "" when none
	FileType  string // "image", "audio" or ""
	CreatedAt time.Time
	Read      bool
}

// ChatRoom is a room as the admins' list shows it.
type ChatRoom struct {
	ID              int64
	UserID          int64
	FirstName       string
	LastName        string
	Phone           string
	LastText        string
	LastFileType    string
	LastMessageTime time.Time // zero when the room has no messages
	Unread          int64     // customer messages no admin has seen
}

// ChatFile is an uploaded chat file.
type ChatFile struct {
	Name       string
	UploaderID int64
	RoomID     int64 // 0 until it is sent in a room (admins' uploads)
	Type       string
}

const chatMessageColumns = `id, room_id, sender_id, is_admin, message_text, COALESCE(file_url, ''),
	COALESCE(file_type, ''), created_at, read_at IS NOT NULL`

func scanChatMessage(row interface{ Scan(...any) error }) (ChatMessage, error) {
	var m ChatMessage
	var at int64
	err := row.Scan(&m.ID, &m.RoomID, &m.SenderID, &m.IsAdmin, &m.Text, &m.FileURL, &m.FileType, &at, &m.Read)
	m.CreatedAt = time.UnixMilli(at).UTC()
	return m, err
}

// ChatRoomOf returns the customer's room, making it on first use; the same room every time.
func (s *Store) ChatRoomOf(ctx context.Context, userID int64, now time.Time) (int64, error) {
	var id int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO chat_rooms (user_id, created_at) VALUES (?, ?)
			ON CONFLICT (user_id) DO NOTHING`, userID, now.UnixMilli()); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT id FROM chat_rooms WHERE user_id = ?`, userID).Scan(&id)
	})
	return id, err
}

// ExistingChatRoomOf returns the customer's room without making one; 0 when they have none yet.
func (s *Store) ExistingChatRoomOf(ctx context.Context, userID int64) (int64, error) {
	var id int64
	err := s.read.QueryRowContext(ctx, `SELECT id FROM chat_rooms WHERE user_id = ?`, userID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, err
}

// ChatRoomOwner returns the customer a room belongs to.
func (s *Store) ChatRoomOwner(ctx context.Context, roomID int64) (int64, error) {
	var userID int64
	err := s.read.QueryRowContext(ctx, `SELECT user_id FROM chat_rooms WHERE id = ?`, roomID).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	return userID, err
}

// NewChatMessage is what a sender sends; ReadNow marks it read at once because the other side has the
// room open.
type NewChatMessage struct {
	RoomID   int64
	SenderID int64
	IsAdmin  bool
	Text     string
	FileName string // a chat_files name, "" when none
	FileURL  string
	ReadNow  bool
}

// AddChatMessage stores a message. A file must be the sender's own upload (for admins, any admin's) and not
// yet bound to another room; it is bound to this one in the same transaction.
func (s *Store) AddChatMessage(ctx context.Context, n NewChatMessage, now time.Time) (ChatMessage, error) {
	var m ChatMessage
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var fileURL, fileType any
		if n.FileName != "" {
			var f ChatFile
			var uploaderIsAdmin bool
			var room sql.NullInt64
			err := tx.QueryRowContext(ctx, `SELECT f.uploader_id, f.room_id, f.file_type, u.is_admin
				FROM chat_files f JOIN users u ON u.id = f.uploader_id WHERE f.name = ?`, n.FileName).
				Scan(&f.UploaderID, &room, &f.Type, &uploaderIsAdmin)
			if errors.Is(err, sql.ErrNoRows) {
				return ErrChatFileRefused
			}
			if err != nil {
				return err
			}
			mine := f.UploaderID == n.SenderID || (n.IsAdmin && uploaderIsAdmin)
			if (!mine && room.Int64 != n.RoomID) || (room.Valid && room.Int64 != n.RoomID) {
				return ErrChatFileRefused
			}
			if _, err := tx.ExecContext(ctx, `UPDATE chat_files SET room_id = ? WHERE name = ?`, n.RoomID, n.FileName); err != nil {
				return err
			}
			fileURL, fileType = n.FileURL, f.Type
		}
		var readAt any
		if n.ReadNow {
			readAt = now.UnixMilli()
		}
		var err error
		m, err = scanChatMessage(tx.QueryRowContext(ctx, `INSERT INTO chat_messages
			(room_id, sender_id, is_admin, message_text, file_url, file_type, created_at, read_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+chatMessageColumns,
			n.RoomID, n.SenderID, n.IsAdmin, n.Text, fileURL, fileType, now.UnixMilli(), readAt))
		return err
	})
	return m, err
}

// ChatHistory returns a room's last limit messages, oldest first.
func (s *Store) ChatHistory(ctx context.Context, roomID int64, limit int) ([]ChatMessage, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT * FROM (SELECT `+chatMessageColumns+` FROM chat_messages
		WHERE room_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id`, roomID, limit)
	return collect(rows, err, scanChatMessage)
}

// MarkChatRead marks one side's unread messages of a room read (isAdmin: the shop's messages) and returns
// the highest id it marked, 0 when there was none.
func (s *Store) MarkChatRead(ctx context.Context, roomID int64, isAdmin bool, now time.Time) (int64, error) {
	var upTo int64
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE chat_messages SET read_at = ?
			WHERE room_id = ? AND is_admin = ? AND read_at IS NULL RETURNING id`, now.UnixMilli(), roomID, isAdmin)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			upTo = max(upTo, id)
		}
		return rows.Err()
	})
	return upTo, err
}

// ChatUnread counts one side's unread messages: of one room, or of all rooms when roomID is 0.
func (s *Store) ChatUnread(ctx context.Context, roomID int64, isAdmin bool) (int64, error) {
	var n int64
	q := `SELECT count(*) FROM chat_messages WHERE is_admin = ? AND read_at IS NULL`
	args := []any{isAdmin}
	if roomID != 0 {
		q += ` AND room_id = ?`
		args = append(args, roomID)
	}
	err := s.read.QueryRowContext(ctx, q, args...).Scan(&n)
	return n, err
}

// ChatUnreadRooms returns each room's count of customer messages no admin has seen, for rooms that have any.
func (s *Store) ChatUnreadRooms(ctx context.Context) (map[int64]int64, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT room_id, count(*) FROM chat_messages
		WHERE is_admin = 0 AND read_at IS NULL GROUP BY room_id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[int64]int64)
	for rows.Next() {
		var room, n int64
		if err := rows.Scan(&room, &n); err != nil {
			return nil, err
		}
		out[room] = n
	}
	return out, rows.Err()
}

// ChatRooms lists every room for the admins: the latest message first, rooms without messages last.
func (s *Store) ChatRooms(ctx context.Context) ([]ChatRoom, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT r.id, r.user_id, u.first_name, u.last_name, u.phone_number,
		COALESCE(m.message_text, ''), COALESCE(m.file_type, ''), COALESCE(m.created_at, 0),
		(SELECT count(*) FROM chat_messages x WHERE x.room_id = r.id AND x.is_admin = 0 AND x.read_at IS NULL)
		FROM chat_rooms r JOIN users u ON u.id = r.user_id
		LEFT JOIN chat_messages m ON m.id = (SELECT max(id) FROM chat_messages WHERE room_id = r.id)
		ORDER BY m.id IS NULL, m.id DESC, r.id DESC`)
	return collect(rows, err, func(row interface{ Scan(...any) error }) (ChatRoom, error) {
		var c ChatRoom
		var at int64
		err := row.Scan(&c.ID, &c.UserID, &c.FirstName, &c.LastName, &c.Phone, &c.LastText, &c.LastFileType, &at, &c.Unread)
		if at != 0 {
			c.LastMessageTime = time.UnixMilli(at).UTC()
		}
		return c, err
	})
}

// SaveChatFile records an upload; roomID is 0 for an admin's, bound when first sent. A customer's counts
// against the day that began at dayStart: a *QuotaError once they have sent the day's number of files.
func (s *Store) SaveChatFile(ctx context.Context, f ChatFile, size int64, dayStart, now time.Time) error {
	var room any
	if f.RoomID != 0 {
		room = f.RoomID
	}
	return s.InTx(ctx, func(tx *sql.Tx) error {
		if f.RoomID != 0 { // a customer's (an admin's file has no room until it is sent)
			if err := checkQuota(ctx, tx, QuotaChatFiles, f.UploaderID, dayStart); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO chat_files (name, uploader_id, room_id, file_type, size, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, f.Name, f.UploaderID, room, f.Type, size, now.UnixMilli())
		return err
	})
}

// ChatFileByName returns an uploaded chat file's record.
func (s *Store) ChatFileByName(ctx context.Context, name string) (ChatFile, error) {
	var f ChatFile
	var room sql.NullInt64
	err := s.read.QueryRowContext(ctx, `SELECT name, uploader_id, room_id, file_type FROM chat_files WHERE name = ?`, name).
		Scan(&f.Name, &f.UploaderID, &room, &f.Type)
	if errors.Is(err, sql.ErrNoRows) {
		return f, ErrNotFound
	}
	f.RoomID = room.Int64
	return f, err
}
