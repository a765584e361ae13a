package app

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"goldshop/app/chat"
	"goldshop/iran"
	"goldshop/store"
)

// chatConfig is how the shop builds its chat hub: the socket options of app.go, with the client address
// that the budget of connections not signed in yet counts by (the shop's clientIP, which knows the proxy).
func (a *App) chatConfig() chat.Config {
	sock := chatSocketOptions
	sock.ClientAddr = a.clientIP
	return chat.Config{Store: a.store, Authenticate: a.chatUser, Now: a.now, Log: a.log, Socket: sock}
}

// chatStart gives a customer their room, the same one every time (decisions.md §7).
func (a *App) chatStart(w http.ResponseWriter, r *http.Request) error {
	u := caller(r).User
	if u.IsAdmin {
		return &apiError{http.StatusForbidden, msgChatCustomersOnly}
	}
	room, err := a.store.ChatRoomOf(r.Context(), u.ID, a.now())
	if err != nil {
		return err
	}
	return okJSON(w, map[string]int64{"room_id": room})
}

type chatRoomView struct {
	ID              int64      `json:"id"`
	UserID          int64      `json:"user_id"`
	UserName        string     `json:"user_name"`
	UserMobile      string     `json:"user_mobile"`
	LastMessage     string     `json:"last_message"`
	LastMessageTime *time.Time `json:"last_message_time"`
	UnreadCount     int64      `json:"unread_count"`
}

// chatAdminRooms lists every customer's room for the admins' desk.
func (a *App) chatAdminRooms(w http.ResponseWriter, r *http.Request) error {
	rooms, err := a.store.ChatRooms(r.Context())
	if err != nil {
		return err
	}
	out := make([]chatRoomView, len(rooms))
	for i, c := range rooms {
		v := chatRoomView{ID: c.ID, UserID: c.UserID, UserName: strings.TrimSpace(c.FirstName + " " + c.LastName), UserMobile: c.Phone,
			LastMessage: c.LastText, UnreadCount: c.Unread}
		if v.LastMessage == "" {
			switch c.LastFileType {
			case "image":
				v.LastMessage = chat.PreviewImage
			case "audio":
				v.LastMessage = chat.PreviewAudio
			}
		}
		if !c.LastMessageTime.IsZero() {
			t := c.LastMessageTime
			v.LastMessageTime = &t
		}
		out[i] = v
	}
	return okJSON(w, out)
}

// chatUpload stores an image or a sound for a chat message. A customer's file belongs to their room at
// once; an admin's belongs to the room it is first sent in.
func (a *App) chatUpload(w http.ResponseWriter, r *http.Request) error {
	u := caller(r).User
	part, err := formFile(w, r, "file", maxChatFileBytes, msgChatFileRequired, msgChatFileTooLarge)
	if err != nil {
		return err
	}
	defer part.Close()
	return a.saveChatFile(w, r.Context(), u, part)
}

func (a *App) saveChatFile(w http.ResponseWriter, ctx context.Context, u store.User, src io.Reader) error {
	name, size, err := upload{dir: a.chatFilesDir(), maxBytes: maxChatFileBytes, sniff: sniffChatFile,
		check: checkChatFile, wrongMsg: msgChatFileType, largeMsg: msgChatFileTooLarge}.save(src)
	if err != nil {
		return err
	}
	f := store.ChatFile{Name: name, UploaderID: u.ID, Type: chatFileKinds[filepath.Ext(name)].kind}
	if !u.IsAdmin {
		if f.RoomID, err = a.store.ChatRoomOf(ctx, u.ID, a.now()); err != nil {
			os.Remove(filepath.Join(a.chatFilesDir(), name))
			return err
		}
	}
	now := a.now()
	if err := a.store.SaveChatFile(ctx, f, size, iran.DayStart(now), now); err != nil {
		os.Remove(filepath.Join(a.chatFilesDir(), name))
		return quotaError(err)
	}
	return okJSON(w, map[string]string{"file_url": chat.FileURL(name), "file_type": f.Type})
}

// chatFileServe sends a chat file to admins and to the customer of its room (or its uploader); anyone
// else gets the same 404 as for a missing file.
func (a *App) chatFileServe(w http.ResponseWriter, r *http.Request) error {
	name := chi.URLParam(r, "name")
	if !chat.ValidFileName(name) {
		return notFound(msgNotFound)
	}
	u := caller(r).User
	f, err := a.store.ChatFileByName(r.Context(), name)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgNotFound)
	}
	if err != nil {
		return err
	}
	if !u.IsAdmin && f.UploaderID != u.ID {
		room, err := a.store.ExistingChatRoomOf(r.Context(), u.ID)
		if err != nil {
			return err
		}
		if room == 0 || room != f.RoomID {
			return notFound(msgNotFound)
		}
	}
	file, err := os.Open(filepath.Join(a.chatFilesDir(), name))
	if err != nil {
		return notFound(msgNotFound)
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", chatFileKinds[filepath.Ext(name)].contentType)
	w.Header().Set("Cache-Control", "private, no-store") // nothing stays on a shared phone after logout
	w.Header().Set("Content-Disposition", "inline")
	http.ServeContent(w, r, "", st.ModTime(), file) // ranges, so audio can seek
	return nil
}

// chatUser authenticates a chat socket: the access token of the CONNECT payload, or else the session cookie
// of the handshake request. The socket keeps the login, whose revocation closes it (loginRevoked, below), and
// the end of the token or session, when it is closed too.
func (a *App) chatUser(r *http.Request, auth json.RawMessage) (chat.User, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var payload struct {
		Token string `json:"token"`
	}
	_ = json.Unmarshal(auth, &payload)
	var u store.User
	var loginID int64
	var until time.Time
	var err error
	switch {
	case payload.Token != "":
		hash, now := hashToken(payload.Token), a.now()
		if u, loginID, err = a.store.UserByAccessToken(ctx, hash, now); err == nil {
			until = a.accessTokenEnd(ctx, hash, now)
		}
	default:
		u, loginID, until, err = a.cookieUser(ctx, r)
	}
	if err != nil {
		return chat.User{}, err
	}
	if mustEnrol(u) { // an owner or staff member reads no chat before their second factor is on
		return chat.User{}, store.ErrNotFound
	}
	return chat.User{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Phone: u.PhoneNumber, IsAdmin: u.IsAdmin,
		LoginID: loginID, Until: until}, nil
}

// accessTokenEnd finds, to the second, when an access token that works at now stops working: the first
// instant the store's own check (UserByAccessToken at a later time) refuses it, found by bisection between
// now and now+accessTokenTTL, beyond which no token lives. A failed read counts as the end, so the socket
// is closed early rather than late.
func (a *App) accessTokenEnd(ctx context.Context, hash []byte, now time.Time) time.Time {
	alive, dead := now, now.Add(accessTokenTTL)
	for dead.Sub(alive) > time.Second {
		mid := alive.Add(dead.Sub(alive) / 2)
		if _, _, err := a.store.UserByAccessToken(ctx, hash, mid); err == nil {
			alive = mid
		} else {
			dead = mid
		}
	}
	return dead
}

// cookieUser reads the login of the handshake's cookie session and when that session ends at the latest
// (its lifetime, or its idle timeout counted from now: a socket does not keep the session alive).
func (a *App) cookieUser(ctx context.Context, r *http.Request) (u store.User, loginID int64, until time.Time, err error) {
	c, err := r.Cookie(a.sessions.Cookie.Name)
	if err != nil {
		return u, 0, until, store.ErrNotFound
	}
	if ctx, err = a.sessions.Load(ctx, c.Value); err != nil {
		return u, 0, until, err
	}
	if loginID = a.sessions.GetInt64(ctx, sessionLoginKey); loginID == 0 {
		return u, 0, until, store.ErrNotFound
	}
	until = a.sessions.Deadline(ctx)
	if idle := a.sessions.IdleTimeout; idle > 0 && time.Now().Add(idle).Before(until) {
		until = time.Now().Add(idle) // scs counts both in real time
	}
	u, err = a.store.UserByLogin(ctx, loginID)
	return u, loginID, until, err
}

// The chat's side of ending a login: a socket opened with a login must not outlive it (issue 14).
// The auth code calls these wherever it revokes logins; the chat closes the sockets they name.

// loginRevoked closes every chat socket opened with loginID.
func (a *App) loginRevoked(loginID int64) {
	a.chat.EndLogin(loginID)
}

// userLoginsRevoked closes every chat socket of userID except those opened with keepLoginID (0: none kept).
func (a *App) userLoginsRevoked(userID, keepLoginID int64) {
	a.chat.EndUserLogins(userID, keepLoginID)
}
