package app

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// phone is a browser's side of a push subscription: the key pair and secret it encrypts with.
type phone struct {
	key      *ecdh.PrivateKey
	auth     []byte
	endpoint string
}

func newPhone(t *testing.T, endpoint string) phone {
	t.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 16)
	rand.Read(auth)
	return phone{key: key, auth: auth, endpoint: endpoint}
}

// subscription is the phone's PushSubscription.toJSON().
func (p phone) subscription() map[string]any {
	return map[string]any{"endpoint": p.endpoint, "keys": map[string]string{
		"p256dh": base64.RawURLEncoding.EncodeToString(p.key.PublicKey().Bytes()),
		"auth":   base64.RawURLEncoding.EncodeToString(p.auth),
	}}
}

// decrypt opens an aes128gcm body as the phone's browser would (RFC 8291 §3.4, RFC 8188 §2).
func (p phone) decrypt(t *testing.T, body []byte) []byte {
	t.Helper()
	if len(body) < 21 {
		t.Fatalf("push body of %d bytes", len(body))
	}
	salt, rs, idLen := body[:16], binary.BigEndian.Uint32(body[16:20]), int(body[20])
	server, err := ecdh.P256().NewPublicKey(body[21 : 21+idLen])
	if err != nil {
		t.Fatalf("sender key: %v", err)
	}
	shared, err := p.key.ECDH(server)
	if err != nil {
		t.Fatal(err)
	}
	info := append(append([]byte("WebPush: info\x00"), p.key.PublicKey().Bytes()...), server.Bytes()...)
	ikm, _ := hkdf.Key(sha256.New, shared, p.auth, string(info), 32)
	cek, _ := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: aes128gcm\x00", 16)
	nonce, _ := hkdf.Key(sha256.New, ikm, salt, "Content-Encoding: nonce\x00", 12)
	block, _ := aes.NewCipher(cek)
	gcm, _ := cipher.NewGCM(block)
	record := body[21+idLen:]
	if uint32(len(record)) > rs {
		t.Fatalf("one record of %d bytes, rs %d", len(record), rs)
	}
	plain, err := gcm.Open(nil, nonce, record, nil)
	if err != nil {
		t.Fatalf("decrypt: %v", err)
	}
	plain = bytes.TrimRight(plain, "\x00")
	if len(plain) == 0 || plain[len(plain)-1] != 0x02 {
		t.Fatalf("no last-record delimiter")
	}
	return plain[:len(plain)-1]
}

// pushService is a loopback server speaking the Web Push protocol, reached for every push service's name.
type pushService struct {
	srv      *httptest.Server
	received chan *http.Request
	bodies   chan []byte
	status   atomic.Int32
}

func newPushService(t *testing.T) *pushService {
	p := &pushService{received: make(chan *http.Request, 16), bodies: make(chan []byte, 16)}
	p.status.Store(http.StatusCreated)
	p.srv = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.WriteHeader(int(p.status.Load()))
		p.received <- r
		p.bodies <- body
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// client dials the loopback service whatever host is asked for, and trusts only its certificate.
func (p *pushService) client() *http.Client {
	pool := x509.NewCertPool()
	pool.AddCert(p.srv.Certificate())
	addr := p.srv.Listener.Addr().String()
	return &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		},
		TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "example.com"},
	}}
}

func (p *pushService) next(t *testing.T) (*http.Request, []byte) {
	t.Helper()
	select {
	case r := <-p.received:
		return r, <-p.bodies
	case <-time.After(10 * time.Second):
		t.Fatal("no push reached the push service")
		return nil, nil
	}
}

func (p *pushService) none(t *testing.T, within time.Duration) {
	t.Helper()
	select {
	case r := <-p.received:
		t.Fatalf("unexpected push to %s", r.URL)
	case <-time.After(within):
	}
}

// checkVAPID verifies the Authorization header: an ES256 JWT for the push service's origin, signed by the
// key GET /api/push/key gives browsers.
func checkVAPID(t *testing.T, header, publicKey, audience string) {
	t.Helper()
	var token, key string
	for _, part := range strings.Split(strings.TrimPrefix(header, "vapid "), ", ") {
		if v, ok := strings.CutPrefix(part, "t="); ok {
			token = v
		} else if v, ok := strings.CutPrefix(part, "k="); ok {
			key = v
		}
	}
	if key != publicKey {
		t.Fatalf("VAPID k=%q, want the shop's public key %q", key, publicKey)
	}
	raw, _ := base64.RawURLEncoding.DecodeString(publicKey)
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), raw)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("VAPID token %q", token)
	}
	sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if len(sig) != 64 || !ecdsa.Verify(pub, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
		t.Fatal("VAPID signature does not verify with the shop's key")
	}
	claims, _ := base64.RawURLEncoding.DecodeString(parts[1])
	var c struct {
		Aud string `json:"aud"`
		Exp int64  `json:"exp"`
		Sub string `json:"sub"`
	}
	if err := json.Unmarshal(claims, &c); err != nil || c.Aud != audience || c.Exp < time.Now().Unix() ||
		c.Exp > time.Now().Add(24*time.Hour).Unix() || !strings.HasPrefix(c.Sub, "mailto:") {
		t.Fatalf("VAPID claims %s", claims)
	}
}

func (s *testShop) pushRows(t *testing.T, where string, args ...any) int {
	t.Helper()
	var n int
	if err := s.store.WriteDB().QueryRow(`SELECT COUNT(*) FROM push_subscriptions WHERE `+where, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func fcmEndpoint() string {
	return "https://fcm.googleapis.com/fcm/send/" + base64.RawURLEncoding.EncodeToString(randomBytes(24))
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

func TestPushReachesTheSubscribedPhoneEncryptedAndSigned(t *testing.T) {
	s := newTestShop(t)
	service := newPushService(t)
	s.app.push.Client = service.client()
	admin := s.newOwner()
	c := s.newCustomer()
	key := s.mustDo("GET", "/api/push/key", c.token, nil).str("public_key")
	if raw, err := base64.RawURLEncoding.DecodeString(key); err != nil || len(raw) != 65 || raw[0] != 4 {
		t.Fatalf("public key %q", key)
	}

	p := newPhone(t, fcmEndpoint())
	if r := s.do("POST", "/api/push/subscriptions", c.token, p.subscription()); r.Status != 201 || r.str("message") != msgPushSaved {
		t.Fatalf("subscribe: %d %s", r.Status, r.Body)
	}
	s.fund(c.token, admin, "2500000")

	req, body := service.next(t)
	if req.URL.Path != strings.TrimPrefix(p.endpoint, "https://fcm.googleapis.com") || req.Method != "POST" {
		t.Fatalf("posted to %s %s", req.Method, req.URL)
	}
	if req.Header.Get("Content-Encoding") != "aes128gcm" || req.Header.Get("TTL") != "86400" || req.Header.Get("Urgency") != "high" {
		t.Fatalf("push headers %v", req.Header)
	}
	checkVAPID(t, req.Header.Get("Authorization"), key, "https://fcm.googleapis.com")
	if len(body) != 4096 {
		t.Fatalf("every push is one padded 4 KB record; this one is %d bytes", len(body))
	}
	var m struct{ Title, Body, URL, Tag string }
	if err := json.Unmarshal(p.decrypt(t, body), &m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Body, "۲٬۵۰۰٬۰۰۰") || m.Title == "" || !strings.HasPrefix(m.URL, "/") || !strings.HasPrefix(m.Tag, "deposit_approved-") {
		t.Fatalf("push message %+v", m)
	}

	// The push service says the phone is gone: the subscription is forgotten, and nothing more is posted.
	service.status.Store(http.StatusGone)
	s.fund(c.token, admin, "1000000")
	service.next(t)
	waitFor(t, func() bool { return s.pushRows(t, "endpoint = ?", p.endpoint) == 0 }, "a gone endpoint is forgotten")
	service.status.Store(http.StatusCreated)
	s.fund(c.token, admin, "1000000")
	service.none(t, 300*time.Millisecond)
}

func TestPushSubscriptionsAreCheckedAndBoundToTheirLogin(t *testing.T) {
	s := newTestShop(t)
	service := newPushService(t)
	s.app.push.Client = service.client()
	admin := s.newOwner()
	c, other := s.newCustomer(), s.newCustomer()
	good := newPhone(t, fcmEndpoint())

	if r := s.do("POST", "/api/push/subscriptions", "", good.subscription()); r.Status != 401 {
		t.Fatalf("anonymous subscribe: %d", r.Status)
	}
	if r := s.do("GET", "/api/push/key", "", nil); r.Status != 401 {
		t.Fatalf("anonymous key: %d", r.Status)
	}
	// Only the browsers' push services: the shop must not be made to post anywhere else.
	for _, endpoint := range []string{
		"http://fcm.googleapis.com/fcm/send/x",
		"https://fcm.googleapis.com.evil.example/fcm/send/x",
		"https://evil.example/fcm.googleapis.com",
		"https://fcm.googleapis.com@127.0.0.1/x",
		"https://user@fcm.googleapis.com/x",
		"https://fcm.googleapis.com:8443/x",
		"https://127.0.0.1/x",
		"https://push.apple.com.evil.example/x",
		"fcm.googleapis.com/x",
		"https://fcm.googleapis.com/" + strings.Repeat("a", 1100),
		"",
	} {
		p := newPhone(t, endpoint)
		if r := s.do("POST", "/api/push/subscriptions", c.token, p.subscription()); r.Status != 400 || r.str("message") != msgPushEndpoint {
			t.Errorf("endpoint %.60q: %d %s", endpoint, r.Status, r.Body)
		}
	}
	badKeys := []map[string]string{
		{"p256dh": base64.RawURLEncoding.EncodeToString(append([]byte{4}, randomBytes(64)...)), "auth": "AAAAAAAAAAAAAAAAAAAAAA"}, // off the curve
		{"p256dh": good.subscription()["keys"].(map[string]string)["p256dh"], "auth": "AAAA"},                                     // 3-byte secret
		{"p256dh": "not base64!", "auth": "AAAAAAAAAAAAAAAAAAAAAA"},
		{"p256dh": "", "auth": ""},
	}
	for _, keys := range badKeys {
		body := map[string]any{"endpoint": good.endpoint, "keys": keys}
		if r := s.do("POST", "/api/push/subscriptions", c.token, body); r.Status != 400 || r.str("message") != msgPushKeys {
			t.Errorf("keys %v: %d %s", keys, r.Status, r.Body)
		}
	}
	if n := s.pushRows(t, "1"); n != 0 {
		t.Fatalf("refused subscriptions kept: %d", n)
	}

	// Apple's and Mozilla's services are welcome too; padded keys as some browsers write them are read.
	apple := newPhone(t, "https://web.push.apple.com/QGuQyavXutnMH")
	sub := apple.subscription()
	sub["keys"].(map[string]string)["auth"] = base64.URLEncoding.EncodeToString(apple.auth)
	s.mustDo("POST", "/api/push/subscriptions", c.token, sub)
	s.mustDo("POST", "/api/push/subscriptions", c.token, newPhone(t, "https://updates.push.services.mozilla.com/wpush/v2/x").subscription())

	// Another customer can neither remove nor hear of this customer's phone.
	if r := s.do("DELETE", "/api/push/subscriptions", other.token, map[string]string{"endpoint": apple.endpoint}); r.Status != 404 || r.str("message") != msgPushNotFound {
		t.Fatalf("another's delete: %d %s", r.Status, r.Body)
	}
	if r := s.do("DELETE", "/api/push/subscriptions", c.token, map[string]string{"endpoint": apple.endpoint}); r.Status != 200 || r.str("message") != msgPushDeleted {
		t.Fatalf("own delete: %d %s", r.Status, r.Body)
	}

	// At most five phones: the sixth replaces the oldest.
	var endpoints []string
	for range 6 {
		p := newPhone(t, fcmEndpoint())
		endpoints = append(endpoints, p.endpoint)
		s.mustDo("POST", "/api/push/subscriptions", other.token, p.subscription())
		s.clock.Advance(time.Second)
	}
	if n := s.pushRows(t, "user_id = ?", other.id); n != 5 {
		t.Fatalf("%d subscriptions kept, want 5", n)
	}
	if n := s.pushRows(t, "endpoint = ?", endpoints[0]); n != 0 {
		t.Fatal("the oldest phone was not the one replaced")
	}

	// An endpoint another signed-in login holds stays with it: posting a customer's endpoint takes nothing from
	// them, and their own delete still finds it. The same login posting it again only renews its keys.
	s.mustDo("POST", "/api/push/subscriptions", c.token, good.subscription())
	if r := s.do("POST", "/api/push/subscriptions", other.token, good.subscription()); r.Status != 409 || r.str("message") != msgPushEndpointTaken {
		t.Fatalf("another login's endpoint: %d %s", r.Status, r.Body)
	}
	if n := s.pushRows(t, "endpoint = ? AND user_id = ?", good.endpoint, c.id); n != 1 {
		t.Fatal("an endpoint was taken from the customer who holds it")
	}
	s.mustDo("POST", "/api/push/subscriptions", c.token, good.subscription())
	// Once that login has ended (its tokens revoked, as ending a login does), the same browser signed in as
	// another customer pushes to that customer only.
	if _, err := s.store.WriteDB().Exec(`UPDATE tokens SET revoked_at = ? WHERE login_id =
		(SELECT login_id FROM push_subscriptions WHERE endpoint = ?)`, s.clock.Now().UnixMilli(), good.endpoint); err != nil {
		t.Fatal(err)
	}
	s.mustDo("POST", "/api/push/subscriptions", other.token, good.subscription())
	if n := s.pushRows(t, "endpoint = ? AND user_id = ?", good.endpoint, other.id); n != 1 {
		t.Fatal("an ended login's endpoint did not move to the customer signed in")
	}

	// Signing out ends that login's pushes: the next person on the phone must not read this customer's news.
	s.mustDo("POST", "/api/auth/logout", other.token, nil)
	if n := s.pushRows(t, "user_id = ?", other.id); n != 0 {
		t.Fatalf("%d subscriptions outlived their login", n)
	}
	otherID := int64(0)
	fmt.Sscan(other.id, &otherID)
	s.fund(s.newLogin(otherID), admin, "1000000")
	service.none(t, 300*time.Millisecond)

	// A login that simply ran out (its refresh token expired, the cookie session with it) pushes no more, and
	// the janitor forgets its phones.
	late := s.newCustomer()
	s.mustDo("POST", "/api/push/subscriptions", late.token, newPhone(t, fcmEndpoint()).subscription())
	lateID := int64(0)
	fmt.Sscan(late.id, &lateID)
	ctx := context.Background()
	if subs, err := s.store.PushSubscriptions(ctx, lateID, s.clock.Now()); err != nil || len(subs) != 1 {
		t.Fatalf("a live login's phones: %v %v", subs, err)
	}
	s.clock.Advance(refreshTokenTTL + time.Minute)
	if subs, err := s.store.PushSubscriptions(ctx, lateID, s.clock.Now()); err != nil || len(subs) != 0 {
		t.Fatalf("an ended login's phones: %v %v", subs, err)
	}
	if err := s.store.Prune(ctx, s.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if n := s.pushRows(t, "user_id = ?", lateID); n != 0 {
		t.Fatalf("%d subscriptions of an ended login kept", n)
	}
}

// waitFor polls cond until it holds, for what a background worker does after a call returns.
func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("timed out: %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
