// Package app is goldshop's HTTP side: the API's handlers, the shop's rules they apply, and the web UI.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/alexedwards/scs/v2"

	"goldshop/app/chat"
	"goldshop/app/push"
	"goldshop/app/sms"
	"goldshop/app/socketio"
	"goldshop/store"
)

// Config is what App needs from the outside world.
type Config struct {
	Store      *store.Store
	SMS        sms.Sender
	Log        *slog.Logger
	BaseURL    string           // absolute address of the shop, such as https://shop.example; "" = from each request
	TrustProxy bool             // take the client address from X-Forwarded-For (only behind a reverse proxy)
	ProxyHops  int              // reverse proxies in front of the shop, each appending to X-Forwarded-For (default 1)
	Now        func() time.Time // the clock; tests move it (nil: Clock's, else the wall clock)
	Clock      *SteadyClock     // the shop's steady clock, whose steps back the panel shows (nil: none)
	Uploads    string           // folder of uploaded files (receipts/, chat/ inside), under --data
	HTTPS      bool             // the server terminates TLS itself: cookies are Secure
	Backups    Backups          // the scheduled backups the owner lists, starts and downloads; nil = none
	DataDir    string           // the data folder, whose file system's room the owner sees ("" = Uploads' parent)
	BackupDir  string           // the backup folder, whose file system's room the owner sees too ("" = none)
	// Certificate reports the HTTPS certificate being served, for the admin panel; nil or false = plain HTTP.
	Certificate func() (CertificateStatus, bool)
	// Replica reports how the Litestream replica is doing; nil or false = none configured.
	Replica func() (ReplicaStatus, bool)
	// PushContact is the mailto: or https: address push services may write to (default: BaseURL if https).
	PushContact string
	// PushClient posts Web Push messages (main's goes through --push-proxy); nil = push.NewClient(nil).
	PushClient *http.Client
	// CodeSpacing is the least time between two codes of one phone and purpose; 0 = the spec's minute. Main
	// takes another only with the console SMS sender, so that browser journeys and load runs need not wait.
	CodeSpacing time.Duration
	// FactorKey is the key second factors are sealed under (store.FactorKeySize bytes), kept outside the
	// database so that a copy of it (a backup, the replica) does not carry them (issue 36).
	FactorKey []byte
}

// App holds the shop's dependencies; its methods are the HTTP handlers.
type App struct {
	store      *store.Store
	sms        sms.Sender
	log        *slog.Logger
	sessions   *scs.SessionManager
	loginUses  onceEvery[int64]  // a cookie login's use is written once a quarter hour, as a bearer's refresh
	refusals   onceEvery[string] // a refusal is written as a security event once a minute per kind and address
	now        func() time.Time
	baseURL    string
	trustProxy bool
	proxyHops  int
	codeKey    []byte // HMAC key for verification codes, kept in the database
	// codeSpacing overrides store.CodeRules' resend spacing when above 0 (Config.CodeSpacing)
	codeSpacing time.Duration
	uploads     string
	dataFolder  string
	// backupFolder is where the backups are written ("" = none kept)
	backupFolder string
	storage      storageWatch // when a write was last refused for space
	chat         *chat.Hub
	backups      Backups
	cert         func() (CertificateStatus, bool)
	replica      func() (ReplicaStatus, bool)
	clock        *SteadyClock
	shopCache    atomic.Pointer[store.Shop] // the shop's settings, read on every page and SMS
	reserves     reservesCache              // the public reserves page's last answer
	prices       myPricesAnswers            // the trade screen's poll, by grade (my_prices_answers.go)
	smsNudge     chan struct{}              // wakes the SMS outbox (runSMSOutbox)
	feedWake     chan struct{}              // wakes the price feed (runPriceFeed)
	push         *push.Sender
	pushQueue    chan store.Notification // committed notifications waiting for their Web Push (runPush)
	keysInFlight keysInFlight            // the Idempotency-Keys whose calls are running (idempotency.go)
}

// New builds the App. It reads (or makes) the server secrets, so it needs the database.
func New(ctx context.Context, cfg Config) (*App, error) {
	if cfg.Now == nil && cfg.Clock != nil {
		cfg.Now = cfg.Clock.Now
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	key, err := cfg.Store.Secret(ctx, "verification-code-key")
	if err != nil {
		return nil, err
	}
	sealed, err := cfg.Store.UseFactorKey(ctx, cfg.FactorKey)
	if err != nil {
		return nil, fmt.Errorf("the second factors' key: %w", err)
	}
	if sealed.Sealed > 0 {
		cfg.Log.Info("second factors kept in the clear are sealed under the key now", slog.Int("rows", sealed.Sealed))
	}
	if sealed.SealedElsewhere > 0 {
		cfg.Log.Warn("second factors sealed under another key cannot be answered: the database was restored without "+
			"its key file; reset them (goldshop admin reset-2fa --phone …, or the owner's screens)",
			slog.Int("people", sealed.SealedElsewhere))
	}
	sm := scs.New()
	sm.Store = cfg.Store.SessionStore()
	sm.Lifetime = refreshTokenTTL
	sm.IdleTimeout = 7 * 24 * time.Hour
	sm.Cookie.Name = "goldshop_session"
	sm.Cookie.HttpOnly = true
	sm.Cookie.SameSite = http.SameSiteLaxMode
	sm.Cookie.Secure = cfg.HTTPS || strings.HasPrefix(cfg.BaseURL, "https://")
	if sm.Cookie.Secure {
		// on HTTPS the browser then takes it only as Secure, for the whole site and this host alone (no Domain):
		// no page of a sibling subdomain, nor a plain-HTTP answer, can set or shadow it
		sm.Cookie.Name, sm.Cookie.Path, sm.Cookie.Domain = "__Host-goldshop_session", "/", ""
	}
	sm.ErrorFunc = func(w http.ResponseWriter, r *http.Request, err error) {
		cfg.Log.ErrorContext(r.Context(), "session store", slog.String("error", err.Error()))
		writeJSON(w, http.StatusInternalServerError, map[string]string{"message": msgServerError})
	}
	if cfg.Uploads == "" {
		return nil, errors.New("app: Config.Uploads must name the uploads folder")
	}
	if err := os.MkdirAll(filepath.Join(cfg.Uploads, "receipts"), 0o750); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(cfg.Uploads, "chat"), 0o750); err != nil {
		return nil, err
	}
	a := &App{store: cfg.Store, uploads: cfg.Uploads, sms: cfg.SMS, log: cfg.Log, sessions: sm, now: cfg.Now, baseURL: cfg.BaseURL,
		trustProxy: cfg.TrustProxy, proxyHops: cfg.ProxyHops, codeKey: key, backups: cfg.Backups, cert: cfg.Certificate,
		codeSpacing: cfg.CodeSpacing, smsNudge: make(chan struct{}, 1), feedWake: make(chan struct{}, 1), pushQueue: make(chan store.Notification, pushQueueSize),
		dataFolder: cfg.DataDir, backupFolder: cfg.BackupDir, replica: cfg.Replica, clock: cfg.Clock}
	a.loginUses.period, a.loginUses.max = accessTokenTTL, 50_000
	a.refusals.period, a.refusals.max = time.Minute, 10_000
	if a.push, err = newPushSender(ctx, cfg); err != nil {
		return nil, err
	}
	a.chat = chat.New(a.chatConfig())
	if err := a.loadShop(ctx); err != nil {
		return nil, err
	}
	return a, nil
}

// chatSocketOptions size the chat's connections: messages are small (2000 characters at most), so bodies
// and queues are kept tight and a phone that stops reading is dropped long before it costs much memory.
var chatSocketOptions = socketio.Options{
	MaxPayload:       128 << 10,
	MaxQueuedPackets: 256,
	MaxQueuedBytes:   1 << 20,
	MaxSessions:      5000,
}

// Close ends the chat's live connections, at shutdown.
func (a *App) Close() { a.chat.Close() }
