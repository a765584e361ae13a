// Package push sends Web Push messages (RFC 8030, encrypted by RFC 8291, signed by VAPID, RFC 8292) to the
// push services of customers' browsers, through github.com/SherClockHolmes/webpush-go.
package push

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	webpush "github.com/SherClockHolmes/webpush-go"
)

// services are the push services browsers subscribe with: Chrome and Edge on Android (FCM), Firefox
// (Mozilla's autopush), Safari (Apple) and Edge on Windows (WNS). A host starting with a dot is a domain
// and its subdomains. The shop posts to nothing else, so a subscription cannot aim it at another server.
var services = []string{
	"fcm.googleapis.com",
	"updates.push.services.mozilla.com",
	".push.apple.com",
	".notify.windows.com",
}

// MaxBody is the most characters of a message's body: even three bytes each they fit the record.
const MaxBody = 800

// MaxEndpoint is the longest endpoint address kept.
const MaxEndpoint = 1024

// Errors of a subscription that cannot be used.
var (
	ErrEndpoint = errors.New("push: endpoint is not a known push service")
	ErrKeys     = errors.New("push: keys are not a P-256 public key and a 16-byte secret")
)

// Subscription is what a browser's PushManager.subscribe gives: where to post and the keys to encrypt with
// (base64url, as the browser writes them).
type Subscription struct {
	Endpoint string
	P256dh   string
	Auth     string
}

// Check refuses a subscription the shop cannot or must not post to.
func (s Subscription) Check() error {
	u, err := url.Parse(s.Endpoint)
	if err != nil || len(s.Endpoint) > MaxEndpoint || u.Scheme != "https" || u.User != nil || u.Port() != "" ||
		!knownService(u.Hostname()) {
		return ErrEndpoint
	}
	key, err := decode(s.P256dh)
	if err != nil {
		return ErrKeys
	}
	if _, err := ecdh.P256().NewPublicKey(key); err != nil {
		return ErrKeys
	}
	if secret, err := decode(s.Auth); err != nil || len(secret) != 16 {
		return ErrKeys
	}
	return nil
}

func knownService(host string) bool {
	host = strings.ToLower(host)
	for _, s := range services {
		if host == s || (strings.HasPrefix(s, ".") && strings.HasSuffix(host, s)) {
			return true
		}
	}
	return false
}

// decode reads base64url with or without padding, the two ways browsers write the keys.
func decode(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

// Keys are the shop's VAPID key pair, base64url without padding: Public is the browser's
// applicationServerKey.
type Keys struct {
	Public, Private string
}

// KeysFrom makes the key pair from a 32-byte secret kept by the shop, so it stays the same across restarts
// (a new key would orphan every subscription).
func KeysFrom(secret []byte) (Keys, error) {
	priv, err := ecdh.P256().NewPrivateKey(secret)
	if err != nil {
		return Keys{}, fmt.Errorf("push: VAPID key: %w", err)
	}
	return Keys{
		Public:  base64.RawURLEncoding.EncodeToString(priv.PublicKey().Bytes()),
		Private: base64.RawURLEncoding.EncodeToString(priv.Bytes()),
	}, nil
}

// Message is one notification for the phone to show. Every message is padded to the same 4 KB record (the
// library's size, and the most FCM takes), so the push service cannot tell one amount or word from another.
type Message struct {
	Title string `json:"title"`
	Body  string `json:"body"` // at most MaxBody characters, or the record cannot hold it
	URL   string `json:"url"`  // a path of the app, opened when the notification is tapped
	Tag   string `json:"tag"`  // a later message with the same tag replaces this one on the phone
}

// NewClient is the client pushes are posted with: through proxy when given, else as the environment says
// (HTTPS_PROXY). It never follows a redirect, so a push goes only to the push service's own host.
func NewClient(proxy *url.URL) *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	if proxy != nil {
		t.Proxy = http.ProxyURL(proxy)
	}
	return &http.Client{Timeout: 15 * time.Second, Transport: t,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// Sender posts messages to push services.
type Sender struct {
	Keys Keys
	// Subscriber is how a push service reaches the shop's operator: its https address or an email.
	Subscriber string
	Client     *http.Client
}

// ttl is how long a push service keeps a message for a phone that is off: a day, since by then the customer
// has opened the app and read it there.
const ttl = 24 * 60 * 60

// Send encrypts m for sub and posts it. gone says the push service no longer knows the subscription (404,
// 410): it will never deliver again and should be forgotten.
func (s *Sender) Send(ctx context.Context, sub Subscription, m Message) (gone bool, err error) {
	if body := []rune(m.Body); len(body) > MaxBody {
		m.Body = string(body[:MaxBody-1]) + "…"
	}
	payload, err := json.Marshal(m)
	if err != nil {
		return false, err
	}
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	resp, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{
		Endpoint: sub.Endpoint,
		Keys:     webpush.Keys{P256dh: sub.P256dh, Auth: sub.Auth},
	}, &webpush.Options{
		HTTPClient:      s.Client,
		Subscriber:      s.Subscriber,
		VAPIDPublicKey:  s.Keys.Public,
		VAPIDPrivateKey: s.Keys.Private,
		TTL:             ttl,
		Urgency:         webpush.UrgencyHigh,
	})
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4096))
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return true, fmt.Errorf("push: subscription gone (%d)", resp.StatusCode)
	case resp.StatusCode/100 != 2:
		return false, fmt.Errorf("push: service answered %d", resp.StatusCode)
	}
	return false, nil
}
