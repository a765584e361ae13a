package push

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A reason a person typed can be long: the body is cut to fit the one 4 KB record, never refused.
func TestSendCutsALongBodyToTheRecord(t *testing.T) {
	var got int
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = len(b)
		w.WriteHeader(http.StatusCreated)
	}))
	defer srv.Close()
	secret := make([]byte, 32)
	rand.Read(secret)
	keys, err := KeysFrom(secret)
	if err != nil {
		t.Fatal(err)
	}
	phone, _ := ecdh.P256().GenerateKey(rand.Reader)
	auth := make([]byte, 16)
	rand.Read(auth)
	sub := Subscription{Endpoint: srv.URL + "/push", P256dh: base64.RawURLEncoding.EncodeToString(phone.PublicKey().Bytes()),
		Auth: base64.RawURLEncoding.EncodeToString(auth)}
	s := &Sender{Keys: keys, Subscriber: "mailto:owner@example.com", Client: srv.Client()}
	for _, body := range []string{"کوتاه", strings.Repeat("ۀ", 5000)} {
		gone, err := s.Send(context.Background(), sub, Message{Title: "واریز رد شد", Body: body, URL: "/wallet-requests_page", Tag: "t"})
		if err != nil || gone || got != 4096 {
			t.Fatalf("body of %d runes: gone %v, err %v, %d bytes posted", len([]rune(body)), gone, err, got)
		}
	}
}

func TestKeysStayTheSameForTheSameSecret(t *testing.T) {
	secret := make([]byte, 32)
	rand.Read(secret)
	a, _ := KeysFrom(secret)
	b, _ := KeysFrom(secret)
	if a != b || a.Public == "" {
		t.Fatalf("keys %v and %v", a, b)
	}
	if _, err := KeysFrom(make([]byte, 32)); err == nil {
		t.Fatal("a zero key was taken")
	}
}
