package chat

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"goldshop/app/socketio/socketiotest"
)

// A login can end while one of its sockets is signing in, after the sign-in has read it as valid: the socket
// must not slip through. A login made after the ending is not touched.
func TestALoginEndedWhileSigningInClosesTheSocket(t *testing.T) {
	signingIn, proceed := make(chan struct{}, 1), make(chan struct{})
	logins := make(chan int64, 2)
	h := New(Config{Authenticate: func(_ *http.Request, _ json.RawMessage) (User, error) {
		login := <-logins
		if login == 7 {
			signingIn <- struct{}{}
			<-proceed // the store said yes; the logout happens now
		}
		return User{ID: 1, LoginID: login}, nil
	}})
	ts := httptest.NewServer(h.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(h.Close)

	logins <- 7
	dialed := make(chan *socketiotest.Client)
	go func() {
		c, err := socketiotest.Dial(ts.URL, nil, nil)
		if err != nil {
			t.Error(err)
		}
		dialed <- c
	}()
	<-signingIn
	h.EndUserLogins(1, 0) // a password change
	close(proceed)
	c := <-dialed
	if c == nil {
		return
	}
	defer c.Close()
	if _, err := c.Next("disconnect", 3*time.Second); err != nil {
		t.Fatalf("the socket of the ended login: %v", err)
	}

	logins <- 8 // signed in again after the change
	fresh, err := socketiotest.Dial(ts.URL, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	if err := fresh.None("disconnect", 200*time.Millisecond); err != nil {
		t.Fatal(err)
	}
}
