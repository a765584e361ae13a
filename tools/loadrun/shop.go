package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"goldshop/app"
	"goldshop/app/sms"
	"goldshop/store"
)

// shop is the real goldshop served on a loopback port of its own, with a clock the trade measure moves and
// the console SMS output read back for codes.
type shop struct {
	url       string
	st        *store.Store
	a         *app.App
	srv       *http.Server
	clock     *clock
	codes     *smsReader
	customers []customer
	admin     string
}

// customer is a signed-up customer: a bearer token for the read, a cookie client for trades (the cookie
// session outlives the moving clock), and an address of their own (the per-address code limit).
type customer struct {
	phone, token, ip string
	client           *http.Client
}

// clock is the real time moved forward by the trade measure, so each customer may get a new code (one a
// minute) without the run waiting a minute.
type clock struct{ offset atomic.Int64 }

func (c *clock) Now() time.Time          { return time.Now().Add(time.Duration(c.offset.Load())) }
func (c *clock) Advance(d time.Duration) { c.offset.Add(int64(d)) }

func startShop(ctx context.Context, dir string) (*shop, error) {
	st, err := store.Open(ctx, filepath.Join(dir, "goldshop.db"))
	if err != nil {
		return nil, err
	}
	s := &shop{st: st, clock: &clock{}, codes: newSMSReader()}
	s.a, err = app.New(ctx, app.Config{Store: st, SMS: &sms.Console{W: s.codes}, Now: s.clock.Now,
		Uploads: filepath.Join(dir, "uploads"), TrustProxy: true,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		st.Close()
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		st.Close()
		return nil, err
	}
	s.url = "http://" + ln.Addr().String()
	s.srv = &http.Server{Handler: s.a.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln)
	return s, nil
}

func (s *shop) close() {
	s.a.Close()
	s.srv.Close()
	s.st.Close()
}

// seed makes the owner, a base price, trading open all day with prices fresh for a week (the clock moves),
// and n customers each holding a large rial balance.
func (s *shop) seed(ctx context.Context, n int) error {
	if _, _, err := app.AddAdmin(ctx, s.st, app.AdminInput{Phone: "09350000001", Password: "owner-pass-99"}); err != nil {
		return err
	}
	var login struct{ AccessToken string }
	if err := s.call(nil, "POST", "/api/auth/login", "", "", map[string]string{"phone_number": "09350000001",
		"password": "owner-pass-99"}, &login); err != nil {
		return fmt.Errorf("admin login: %w", err)
	}
	s.admin = login.AccessToken
	if err := s.call(nil, "PUT", "/api/priceSettings", s.admin, "", map[string]any{"buy_enabled": true,
		"buy_start_time": "00:00", "buy_end_time": "23:59", "price_max_age_minutes": 10080}, nil); err != nil {
		return fmt.Errorf("price settings: %w", err)
	}
	if err := s.call(nil, "POST", "/api/admin/vault", s.admin, "", map[string]any{"kind": "jewellery",
		"description": "موجودی", "weight": "1000000", "purity": "750"}, nil); err != nil {
		return fmt.Errorf("vault: %w", err) // the reserve guard sells only what the vault holds
	}
	if err := s.call(nil, "POST", "/api/admin/prices", s.admin, "", map[string]any{"base_price": 51_234_567}, nil); err != nil {
		return fmt.Errorf("set price: %w", err)
	}
	s.customers = make([]customer, n)
	errs := make(chan error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range 2 { // sign-up hashes a password: two at a time fill two cores
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				if err := s.signUp(i); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// signUp registers customer i with the code texted to them and credits their rial at the counter.
func (s *shop) signUp(i int) error {
	jar, _ := cookiejar.New(nil)
	c := customer{phone: fmt.Sprintf("0912%07d", 2000000+i), ip: fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255+1)}
	c.client = &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	var reg struct {
		RegistrationID string `json:"registration_id"`
	}
	if err := s.call(c.client, "POST", "/api/auth/register", "", c.ip, map[string]any{"first_name": "سارا",
		"last_name": "احمدی", "national_id": nationalID(fmt.Sprintf("%09d", 7654300+i)), "phone_number": c.phone,
		"password": "sara-gold-2024", "birth_date": "1370/05/20"}, &reg); err != nil {
		return fmt.Errorf("register: %w", err)
	}
	var ok struct {
		AccessToken string
		User        struct{ ID int64 }
	}
	if err := s.call(c.client, "POST", "/api/auth/verify", "", c.ip, map[string]string{"phone_number": c.phone,
		"code": s.codes.newest(c.phone), "registration_id": reg.RegistrationID}, &ok); err != nil {
		return fmt.Errorf("sign-up verify: %w", err)
	}
	c.token = ok.AccessToken
	if err := s.call(nil, "POST", "/api/adminCharge/charge", s.admin, "", map[string]any{"userId": ok.User.ID,
		"type": "rial", "amount": "1000000000000"}, nil); err != nil {
		return fmt.Errorf("charge: %w", err)
	}
	s.customers[i] = c
	return nil
}

// nationalID completes nine digits with the Iranian national id's check digit.
func nationalID(nine string) string {
	sum := 0
	for i := range 9 {
		sum += int(nine[i]-'0') * (10 - i)
	}
	rem := sum % 11
	if rem >= 2 {
		rem = 11 - rem
	}
	return fmt.Sprintf("%s%d", nine, rem)
}

// myPricesBody is the first customer's answer of the read, which the bare chi handler serves as it is.
func (s *shop) myPricesBody() ([]byte, error) {
	req, _ := http.NewRequest("GET", s.url+"/api/prices/my-prices", nil)
	req.Header.Set("Authorization", "Bearer "+s.customers[0].token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return nil, fmt.Errorf("my-prices: %d %s", resp.StatusCode, b)
	}
	return b, err
}

// call sends a JSON request as the given client (nil: a plain one), bearer token and client address, and
// decodes a 200 answer into out; anything else is an error carrying the answer.
func (s *shop) call(c *http.Client, method, path, token, ip string, body, out any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequest(method, s.url+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if ip != "" {
		req.Header.Set("X-Forwarded-For", ip)
	}
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != 200 {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, answer)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(answer, out)
}

// tradeResult counts verified trades.
type tradeResult struct {
	ok, failed int
	firstErr   string
	elapsed    time.Duration
}

func (t tradeResult) perSec() float64 { return float64(t.ok) / t.elapsed.Seconds() }

// add counts another slice of the run.
func (t *tradeResult) add(o tradeResult) {
	t.ok += o.ok
	t.failed += o.failed
	t.elapsed += o.elapsed
	if t.firstErr == "" {
		t.firstErr = o.firstErr
	}
}

// tradeLoad has traders quote and confirm buys for d, each trader taking turns over customers of its own.
// Before a quote the clock moves on, if need be, so a customer's codes come more than a minute apart (the
// code resend spacing) without the run waiting.
func (s *shop) tradeLoad(traders int, d time.Duration) tradeResult {
	var ok, failed atomic.Int64
	var mu sync.Mutex
	var firstErr string
	fail := func(err error) {
		failed.Add(1)
		mu.Lock()
		if firstErr == "" {
			firstErr = err.Error()
		}
		mu.Unlock()
	}
	s.clock.Advance(61 * time.Second) // past every code of an earlier slice: a fresh start for each customer
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for t := range min(traders, len(s.customers)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []customer
			for i := t; i < len(s.customers); i += traders {
				mine = append(mine, s.customers[i])
			}
			last := make([]time.Time, len(mine))
			for turn := 0; time.Now().Before(deadline); turn++ {
				i := turn % len(mine)
				c := mine[i]
				if wait := last[i].Add(61 * time.Second).Sub(s.clock.Now()); wait > 0 {
					s.clock.Advance(wait)
				}
				err := s.call(c.client, "POST", "/api/prices/buy", "", c.ip, map[string]string{"amount_rial": "1000000"}, nil)
				last[i] = s.clock.Now()
				if err != nil {
					fail(err)
					continue
				}
				if err := s.call(c.client, "POST", "/api/prices/verify-transaction", "", c.ip, map[string]string{
					"verification_code": s.codes.newest(c.phone), "transaction_type": "buy"}, nil); err != nil {
					fail(err)
					continue
				}
				ok.Add(1)
			}
		}()
	}
	wg.Wait()
	return tradeResult{ok: int(ok.Load()), failed: int(failed.Load()), firstErr: firstErr, elapsed: time.Since(start)}
}

// smsReader is the console SMS sender's output: it keeps the newest code texted to each phone, read from
// the `sms to=<phone> text="<text>"` lines as an operator would.
type smsReader struct {
	mu     sync.Mutex
	codes  map[string]string
	buffer []byte
}

var codeInText = regexp.MustCompile(`: ([0-9]{5})\b`)

func newSMSReader() *smsReader { return &smsReader{codes: map[string]string{}} }

func (r *smsReader) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.buffer = append(r.buffer, p...)
	sc := bufio.NewScanner(bytes.NewReader(r.buffer))
	consumed := 0
	for sc.Scan() {
		line := sc.Text()
		if consumed+len(line) >= len(r.buffer) { // no newline yet: keep it for the next write
			break
		}
		consumed += len(line) + 1
		rest, ok := strings.CutPrefix(line, "sms to=")
		if !ok {
			continue
		}
		phone, quoted, _ := strings.Cut(rest, " text=")
		text, err := strconv.Unquote(quoted)
		if err != nil {
			continue
		}
		if m := codeInText.FindStringSubmatch(text); m != nil {
			r.codes[phone] = m[1]
		}
	}
	r.buffer = r.buffer[consumed:]
	return len(p), nil
}

func (r *smsReader) newest(phone string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.codes[phone]
}
