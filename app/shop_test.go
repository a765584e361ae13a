package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"goldshop/app/sms"
	"goldshop/internal/lockedbuf"
	"goldshop/iran/irantest"
	"goldshop/store"
)

// testShop is a real shop on loopback: a fresh SQLite file, the real router and the console SMS provider
// writing into a buffer the test reads codes from.
type testShop struct {
	t     testing.TB
	srv   *httptest.Server
	store *store.Store
	sms   *syncBuffer
	clock *testClock
	app   *App
	// customers counts the customers newCustomer made, so each gets a phone of its own.
	customers *atomic.Int64
	// keys are the second factors of the shop's admins (second_factor_helpers_test.go).
	keys *adminKeys
}

type syncBuffer = lockedbuf.Buffer

// testClock is the shop's clock in tests: it starts at the real time and moves only when told.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// setClock puts the clock at t, under its lock: the shop's background jobs read it meanwhile. The tests
// that need Tehran day edges start there before anything is made.
func (c *testClock) setClock(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// newTestShop starts a shop whose vault already holds a tonne of gold, so the reserve guard lets the tests
// buy and charge gold; the vault's and the guard's own tests start from an empty vault (newBareShop).
func newTestShop(t testing.TB) *testShop {
	t.Helper()
	s := newBareShop(t)
	stockVault(t, s.store)
	return s
}

// stockVault records a tonne of 750 gold in the vault, as an item and its receipt, without an audit entry
// (the audit tests count the owner's changes).
func stockVault(t testing.TB, st *store.Store) {
	t.Helper()
	ctx, at := context.Background(), time.Now().Add(-time.Hour).UnixMilli()
	res, err := st.WriteDB().ExecContext(ctx, `INSERT INTO vault_items (kind, description, weight_mg,
		purity_centi, weight750_mg, created_at, updated_at) VALUES ('jewellery', 'موجودی آزمایشی', 1000000000,
		75000, 1000000000, ?, ?)`, at, at)
	if err == nil {
		id, _ := res.LastInsertId()
		_, err = st.WriteDB().ExecContext(ctx, `INSERT INTO vault_moves (item_id, kind, delta750_mg,
			weight_after_mg, purity_after_centi, status_after, created_at)
			VALUES (?, 'received', 1000000000, 1000000000, 75000, 'in', ?)`, id, at)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// newBareShop starts a fresh shop with an empty vault.
func newBareShop(t testing.TB) *testShop {
	t.Helper()
	return newShopServed(t, false)
}

// newShopServed starts a fresh shop with an empty vault, on HTTPS (a test certificate the shop's client
// trusts) when tls is set.
func newShopServed(t testing.TB, tls bool) *testShop {
	t.Helper()
	return newShopIn(t, tls, t.TempDir())
}

// newShopIn is newShopServed with its database and uploads in the data folder dir; opts change its Config
// before it is built.
func newShopIn(t testing.TB, tls bool, dir string, opts ...func(*Config, *testClock)) *testShop {
	t.Helper()
	ctx := context.Background()
	st, err := store.OpenMigratedCopy(ctx, filepath.Join(dir, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	buf := &syncBuffer{}
	clock := &testClock{now: time.Now().UTC()}
	cfg := Config{Store: st, SMS: &sms.Console{W: buf}, Now: clock.Now, Uploads: filepath.Join(dir, "uploads"),
		DataDir: dir, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), HTTPS: tls, FactorKey: testFactorKey(dir)}
	for _, opt := range opts {
		opt(&cfg, clock)
	}
	a, err := New(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(a.Handler())
	if tls {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	live, stopLive := context.WithCancel(ctx)
	liveDone := make(chan struct{})
	go func() {
		defer close(liveDone)
		a.runNotifications(live)
	}()
	t.Cleanup(func() {
		stopLive()
		<-liveDone
		a.Close() // chat sockets first: a held long poll would keep srv.Close waiting
		srv.Close()
		if _, err := st.CheckInvariants(ctx); err != nil && st.Ping(ctx) == nil { // some tests close the database on purpose
			t.Errorf("ledger invariants after the test: %v", err)
		}
		if err := st.Close(); err != nil {
			t.Errorf("closing store: %v", err)
		}
	})
	return &testShop{t: t, srv: srv, store: st, sms: buf, clock: clock, app: a, customers: &atomic.Int64{}, keys: newAdminKeys()}
}

// reply is an answer of the API: its status, raw body and the decoded JSON object (if it is one).
type reply struct {
	Status int
	Body   string
	JSON   map[string]any
	Header http.Header
}

func (r reply) str(key string) string {
	s, _ := r.JSON[key].(string)
	return s
}

// call sends a JSON request with an optional bearer token through the given client (nil: a plain one).
func (s *testShop) call(client *http.Client, method, path, token string, body any) reply {
	s.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			s.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, s.srv.URL+path, rd)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return s.send(client, req)
}

// send makes a prepared request through client (nil: a plain one) and reads the answer.
func (s *testShop) send(client *http.Client, req *http.Request) reply {
	s.t.Helper()
	if client == nil {
		client = s.srv.Client()
	}
	resp, err := client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := reply{Status: resp.StatusCode, Body: string(raw), Header: resp.Header}
	_ = json.Unmarshal(raw, &out.JSON)
	return out
}

func (s *testShop) do(method, path, token string, body any) reply {
	s.t.Helper()
	return s.call(nil, method, path, token, body)
}

// mustDo is do for a step a test builds on: anything but a 2xx answer fails the test.
func (s *testShop) mustDo(method, path, token string, body any) reply {
	s.t.Helper()
	r := s.do(method, path, token, body)
	if r.Status/100 != 2 {
		s.t.Fatalf("%s %s: %d %s", method, path, r.Status, r.Body)
	}
	return r
}

var smsLine = regexp.MustCompile(`(?m)^sms to=(\S+) text="(.*)"$`)
var fiveDigits = regexp.MustCompile(`\b\d{5}\b`)

// lastCode reads the newest code texted to phone from the console SMS lines, as a person reads their phone.
func (s *testShop) lastCode(phone string) string {
	s.t.Helper()
	code := ""
	for _, m := range smsLine.FindAllStringSubmatch(s.sms.String(), -1) {
		if m[1] == phone {
			code = fiveDigits.FindString(m[2])
		}
	}
	if code == "" {
		s.t.Fatalf("no code was texted to %s", phone)
	}
	return code
}

func (s *testShop) smsCount(phone string) int {
	n := 0
	for _, m := range smsLine.FindAllStringSubmatch(s.sms.String(), -1) {
		if m[1] == phone {
			n++
		}
	}
	return n
}

// registration is a valid sign-up body; n varies the phone and national id.
func registration(n int) map[string]any {
	return map[string]any{"first_name": "سارا", "last_name": "احمدی", "national_id": irantest.NationalID(fmt.Sprintf("%09d", 1234500+n)),
		"phone_number": fmt.Sprintf("0912%07d", 1000000+n), "password": "sara-gold-2024", "birth_date": "1370/05/20"}
}

// register posts a sign-up body and returns the registration id of its answer; anything but 200 fails.
func (s *testShop) register(body map[string]any) (registrationID string) {
	s.t.Helper()
	r := s.do("POST", "/api/auth/register", "", body)
	if r.Status != 200 {
		s.t.Fatalf("register: %d %s", r.Status, r.Body)
	}
	return r.str("registration_id")
}

// completeSignUp takes a sign-up through both steps as its page does, through client (nil for none): it
// registers body, then verifies the texted code with the registration id of the answer. It returns verify's
// answer, whatever its status.
func (s *testShop) completeSignUp(client *http.Client, body map[string]any) reply {
	s.t.Helper()
	r := s.call(client, "POST", "/api/auth/register", "", body)
	if r.Status != 200 {
		s.t.Fatalf("register: %d %s", r.Status, r.Body)
	}
	phone := body["phone_number"].(string)
	return s.call(client, "POST", "/api/auth/verify", "", map[string]string{"phone_number": phone,
		"code": s.lastCode(phone), "registration_id": r.str("registration_id")})
}

// signUp registers customer n through both steps and returns its access and refresh tokens.
func (s *testShop) signUp(n int) (access, refresh string) {
	s.t.Helper()
	r := s.completeSignUp(nil, registration(n))
	if r.Status != 200 {
		s.t.Fatalf("verify: %d %s", r.Status, r.Body)
	}
	return r.str("accessToken"), r.str("refreshToken")
}

// signInAdmin makes an admin with `goldshop admin add`'s code path and signs it in.
func (s *testShop) signInAdmin() string {
	s.t.Helper()
	if _, _, err := AddAdmin(context.Background(), s.store, AdminInput{Phone: "09350000001", Password: "owner-pass-99"}); err != nil {
		s.t.Fatal(err)
	}
	return s.signInWithFactor("09350000001", "owner-pass-99")
}

// cookieClient is a browser-like client that keeps cookies and sends them back.
func (s *testShop) cookieClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Transport: s.srv.Client().Transport} // the shop's transport trusts its test certificate
}

// customerPasswordHash is registration's password hashed once for the whole run.
var customerPasswordHash = sync.OnceValue(func() string { return hashPassword("sara-gold-2024") })

// newCustomer makes a customer no other case knows and signs them in, straight through the store: the sign-up
// through the API has tests of its own (signUp, newTrader), and a case that only needs a caller of its own
// should not pay a password hash for one. The customer is registration's and signs in with its password;
// numbers from 900 up are left to newCustomer.
func (s *testShop) newCustomer() trader {
	s.t.Helper()
	ctx, now := context.Background(), s.clock.Now()
	body := registration(900 + int(s.customers.Add(1)))
	phone := body["phone_number"].(string)
	_, secretHash := newToken()
	_, codeHash := newToken()
	reg := store.Registration{PhoneNumber: phone, NationalID: body["national_id"].(string), FirstName: body["first_name"].(string),
		LastName: body["last_name"].(string), BirthDate: body["birth_date"].(string), PasswordHash: customerPasswordHash(),
		CreatedAt: now, SecretHash: secretHash}
	if _, err := s.store.StartRegistration(ctx, reg, codeHash, store.CodeRules[store.PurposeAuth], now); err != nil {
		s.t.Fatalf("registration of %s: %v", phone, err)
	}
	u, err := s.store.CompleteRegistration(ctx, phone, now)
	if err != nil {
		s.t.Fatalf("sign-up of %s: %v", phone, err)
	}
	return trader{token: s.newLogin(u.ID), phone: phone, id: fmt.Sprint(u.ID), referralCode: u.ReferralCode}
}

// ownerPasswordHash is signInAdmin's password hashed once for the whole run.
var ownerPasswordHash = sync.OnceValue(func() string { return hashPassword("owner-pass-99") })

// newOwner stores the owner signInAdmin makes, with its password, and signs them in, straight through the
// store: for a case on a shop of its own that needs an owner only as its caller. signInAdmin goes through
// AddAdmin and the login form, and pays two password hashes for it.
func (s *testShop) newOwner() string {
	s.t.Helper()
	id, _, err := s.store.UpsertAdmin(context.Background(), store.User{PhoneNumber: "09350000001", FirstName: "مدیر",
		LastName: "فروشگاه", PasswordHash: ownerPasswordHash(), Role: store.RoleOwner}, s.clock.Now())
	if err != nil {
		s.t.Fatal(err)
	}
	s.giveSecondFactor(id)
	return s.newLogin(id)
}

// newLogin signs the user in as the login form would and returns the access token.
func (s *testShop) newLogin(userID int64) string {
	s.t.Helper()
	pair, hashes := s.app.newPair()
	if _, err := s.store.CreateLogin(context.Background(), userID, hashes, store.LoginPlace{}, s.clock.Now()); err != nil {
		s.t.Fatalf("login of user %d: %v", userID, err)
	}
	return pair.AccessToken
}

// scenario is one API call and what must come back. Each case stands alone: it may read what was made before
// its list, but never what an earlier case of the same list did; a case that needs state of its own makes it in
// setup, on a fresh customer, or on a fresh shop when it changes shop-wide settings (ownShop).
type scenario struct {
	name         string
	method, path string
	token        string
	body         any
	wantStatus   int
	wantContains string
	// wantAbsent are texts the answer must not contain, beside the leaks checked on every answer.
	wantAbsent []string
	// setup, when set, makes this case's own state on the shop it is given and fills in the case's caller,
	// path or body that depend on it.
	setup func(s *testShop, c *scenario)
	// ownShop runs the case on a fresh shop: setup must then sign in whoever it needs there.
	ownShop bool
}

// leaks are texts no answer of the API may carry: SQL and Go error texts, and stored secrets. A correct answer
// shows a generic Persian message instead and the real error goes to the log.
var leaks = []string{"sqlite", "SQL logic", "constraint failed", "no such", "store:", "app:",
	"database is locked", "runtime error", "goroutine ", "password_hash", "code_hash", "secret_hash", "PasswordHash",
	"CodeHash", "$argon2"}

// forT is the shop as seen by one (sub)test: its helpers fail t, not the test that made the shop.
func (s *testShop) forT(t testing.TB) *testShop {
	c := *s
	c.t = t
	return &c
}

func (s *testShop) run(t *testing.T, cases []scenario) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			shop := s.forT(t)
			if c.ownShop {
				shop = newTestShop(t)
			}
			if c.setup != nil {
				c.setup(shop, &c)
			}
			r := shop.do(c.method, c.path, c.token, c.body)
			if r.Status != c.wantStatus {
				t.Errorf("status %d, want %d", r.Status, c.wantStatus)
			}
			if !strings.Contains(r.Body, c.wantContains) {
				t.Errorf("the answer does not contain %q", c.wantContains)
			}
			for _, absent := range c.wantAbsent {
				if strings.Contains(r.Body, absent) {
					t.Errorf("the answer contains %q", absent)
				}
			}
			for _, leak := range leaks {
				if strings.Contains(r.Body, leak) {
					t.Errorf("the answer leaks %q", leak)
				}
			}
			if t.Failed() {
				t.Logf("answer: %d %s", r.Status, r.Body)
			}
		})
	}
}

// testFactorKey is the factor key of a test shop in dir: the same for every shop opened on that folder.
func testFactorKey(dir string) []byte {
	k := sha256.Sum256([]byte("factor key " + dir))
	return k[:]
}
