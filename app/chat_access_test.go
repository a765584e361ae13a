package app

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"goldshop/app/socketio/socketiotest"
)

// Issue 14: who may keep a chat socket, and how much one user or one address may take.

// loginOf is the login behind an access token.
func (s *testShop) loginOf(t *testing.T, token string) (userID, loginID int64) {
	t.Helper()
	u, login, err := s.store.UserByAccessToken(context.Background(), hashToken(token), s.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return u.ID, login
}

// wantEnded checks that the server disconnected the socket (Socket.IO DISCONNECT), then closed its session.
func wantEnded(t *testing.T, c *socketiotest.Client, who string) {
	t.Helper()
	if _, err := c.Next("disconnect", wait); err != nil {
		t.Fatalf("%s: %v", who, err)
	}
	select {
	case <-c.Closed():
	case <-time.After(wait):
		t.Fatalf("%s: the session outlived the disconnect", who)
	}
}

// wantLive checks that a socket still works.
func wantLive(t *testing.T, c *socketiotest.Client, who string) {
	t.Helper()
	var ack map[string]any
	if err := c.Call("join_user_room", &ack); err != nil || ack["ok"] != true {
		t.Fatalf("%s: join_user_room: %v %v", who, ack, err)
	}
}

func TestChatSocketsEndWithTheirLogin(t *testing.T) {
	s := newTestShop(t)
	phoneTok, _ := s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	laptopTok := s.signIn(phone)
	tabletTok := s.signIn(phone)
	otherTok, _ := s.signUp(2)
	userID, phoneLogin := s.loginOf(t, phoneTok)
	_, laptopLogin := s.loginOf(t, laptopTok)

	phoneA, phoneB := s.dialChat(t, phoneTok), s.dialChat(t, phoneTok)
	laptop, tablet, other := s.dialChat(t, laptopTok), s.dialChat(t, tabletTok), s.dialChat(t, otherTok)

	// Logout (or a refresh token used twice) ends one login: both of its sockets, no other.
	s.app.loginRevoked(phoneLogin)
	wantEnded(t, phoneA, "the phone's first socket")
	wantEnded(t, phoneB, "the phone's second socket")
	wantLive(t, laptop, "another login of the user")

	// A password change on the laptop ends every other login of the user, here the tablet's.
	s.app.userLoginsRevoked(userID, laptopLogin)
	wantEnded(t, tablet, "the tablet")
	wantLive(t, laptop, "the login that changed the password")
	wantLive(t, other, "another customer")

	// A socket signed in by the session cookie ends with the cookie's login too.
	client := s.cookieClient()
	body := registration(3)
	if r := s.completeSignUp(client, body); r.Status != 200 {
		t.Fatalf("cookie sign-up: %d %s", r.Status, r.Body)
	}
	req, _ := http.NewRequest("GET", s.srv.URL, nil)
	browser, err := socketiotest.Dial(s.srv.URL, nil, http.Header{"Cookie": {cookieHeader(client.Jar.Cookies(req.URL))}})
	if err != nil {
		t.Fatalf("cookie connect: %v", err)
	}
	defer browser.Close()
	wantLive(t, browser, "the cookie socket")
	me := s.call(client, "GET", "/api/users/me", "", nil)
	cookieUserID := int64(me.JSON["user"].(map[string]any)["id"].(float64))
	s.app.userLoginsRevoked(cookieUserID, 0)
	wantEnded(t, browser, "the cookie socket")
}

// A socket signed in with an access token ends when the token does; the client signs in again with a
// fresh token (the UI's reconnect renews it first).
func TestChatSocketEndsWithItsAccessToken(t *testing.T) {
	s := newTestShop(t)
	token, refresh := s.signUp(1)
	s.clock.Advance(accessTokenTTL - time.Second)
	c := s.dialChat(t, token)
	wantLive(t, c, "a socket whose token has a second left")
	s.clock.Advance(2 * time.Second)
	wantEnded(t, c, "the socket of an expired token")

	r := s.do("POST", "/api/auth/refresh-token", "", map[string]string{"refreshToken": refresh})
	if r.Status != 200 {
		t.Fatalf("refresh: %d %s", r.Status, r.Body)
	}
	if _, err := socketiotest.Dial(s.srv.URL, map[string]string{"token": token}, nil); err == nil {
		t.Fatal("the expired token signed a socket in")
	}
	wantLive(t, s.dialChat(t, r.str("accessToken")), "the socket of the fresh token")
}

func TestChatLimitsSocketsPerUser(t *testing.T) {
	s := newTestShop(t)
	token, _ := s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	var open []*socketiotest.Client
	for i := 0; i < 5; i++ {
		open = append(open, s.dialChat(t, s.signIn(phone))) // over several logins: the cap is the user's
	}
	_, err := socketiotest.Dial(s.srv.URL, map[string]string{"token": token}, nil)
	if ce, ok := err.(*socketiotest.ConnectError); !ok || ce.Message != "گفتگو در صفحه‌های زیادی باز است؛ یکی را ببندید و دوباره تلاش کنید" {
		t.Fatalf("sixth socket: want a Persian connect_error, got %v", err)
	}
	other, _ := s.signUp(2)
	wantLive(t, s.dialChat(t, other), "another customer's socket")

	// Closing one gives its place back.
	open[0].Close()
	for deadline := time.Now().Add(wait); ; time.Sleep(20 * time.Millisecond) {
		c, err := socketiotest.Dial(s.srv.URL, map[string]string{"token": token}, nil)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no place after closing a socket: %v", err)
		}
	}
}

// The 20 sends per 10 seconds are the user's, however many sockets they open.
func TestChatSendsAreRateLimitedPerUser(t *testing.T) {
	s := newTestShop(t)
	token, _ := s.signUp(1)
	room := s.chatRoom(t, token)
	sockets := []*socketiotest.Client{s.dialChat(t, token), s.dialChat(t, s.signIn(registration(1)["phone_number"].(string)))}
	sent := 0
	for i := 0; i < 25; i++ {
		ack := call(t, sockets[i%2], "send_message", map[string]any{"room_id": room, "message": "پیام"})
		if ack["ok"] == true {
			sent++
		} else {
			wantRefused(t, ack, "پیام‌ها خیلی پشت سر هم است؛ کمی صبر کنید")
		}
	}
	if sent != 20 {
		t.Fatalf("%d of a 25-message burst over two sockets got through, want 20", sent)
	}
	// Reconnecting does not reset the limit.
	for _, c := range sockets {
		c.Close()
	}
	time.Sleep(50 * time.Millisecond) // the disconnects reach the hub
	wantRefused(t, call(t, s.dialChat(t, token), "send_message", map[string]any{"room_id": room, "message": "پیام"}),
		"پیام‌ها خیلی پشت سر هم است؛ کمی صبر کنید")
}

// floodClient makes its requests from another loopback address, as one machine on the internet would.
func floodClient(t *testing.T) *http.Client {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 16}}
}

// As the review found it: 5,000 handshakes that never sign in, from one address in about two seconds. They
// must not lock customers and admins out.
func TestChatHandshakeFloodDoesNotLockCustomersOut(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	customer, _ := s.signUp(1)
	flood := floodClient(t)
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 5000/8; i++ {
				res, err := flood.Get(s.srv.URL + "/socket.io/?EIO=4&transport=polling")
				if err != nil {
					t.Error(err)
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				mu.Lock()
				statuses[res.StatusCode]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	// However long it took, the flood never held more than its share of unsigned sessions.
	if pending := s.app.chat.Server().Engine().Pending(); pending > pendingPerClientForTest || statuses[429] == 0 {
		t.Fatalf("%d unsigned sessions after the flood, want at most %d (%v)", pending, pendingPerClientForTest, statuses)
	}
	wantLive(t, s.dialChat(t, customer), "the customer")
	desk := s.dialChat(t, admin)
	if _, err := desk.Next("admin_unread_updated", wait); err != nil { // what an admin gets on connecting
		t.Fatalf("the admin: %v", err)
	}
	if r := s.do("GET", "/socket.io/?EIO=4&transport=polling", "", nil); r.Status != 200 || !strings.HasPrefix(r.Body, "0{") {
		t.Fatalf("a handshake from another address: %d %s", r.Status, r.Body)
	}
}

// pendingPerClientForTest is the chat's budget of unsigned connections per address (app/chat/access.go).
const pendingPerClientForTest = 20

// Through the real calls: logging out ends that login's chat socket at once; the user's other login keeps its.
func TestLogoutClosesThatLoginsChatSocket(t *testing.T) {
	s := newTestShop(t)
	phoneTok, _ := s.signUp(1)
	laptopTok := s.signIn(registration(1)["phone_number"].(string))
	phone, laptop := s.dialChat(t, phoneTok), s.dialChat(t, laptopTok)
	wantLive(t, phone, "the phone before logout")
	if r := s.do("POST", "/api/auth/logout", phoneTok, nil); r.Status != 200 {
		t.Fatalf("logout: %d %s", r.Status, r.Body)
	}
	wantEnded(t, phone, "the logged-out phone")
	wantLive(t, laptop, "the laptop")
}
