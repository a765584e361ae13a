package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pquerna/otp/totp"

	"goldshop/iran/irantest"
)

// shop is the real goldshop binary serving on a loopback port, with its console SMS lines read back for
// codes and its --debug-addr for profiles and the group-commit counters.
type shop struct {
	url, debug string
	bin, data  string
	cmd        *exec.Cmd
	codes      *codeBook
	exited     chan struct{}
	customers  []customer
	admin      string
	client     *http.Client
	addresses  atomic.Int64  // the next client address handed out (each code request comes from its own)
	keys       atomic.Int64  // the Idempotency-Keys handed out, one a verify
	cursors    map[int][]int // each trader's next customer, by the number of traders (tradeLoad)
}

// customer is a signed-up customer and its bearer token, as the web UI holds them.
type customer struct {
	phone, token string
}

// buildShop builds the shop from this tree, cgo-free as an owner's install does.
func buildShop(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "goldshop")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "goldshop")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
}

// freeAddr is a loopback address nobody listens on just now.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// startShop runs the binary on a fresh data folder with the console SMS sender (codes spaced a millisecond
// apart instead of a minute, which only the console sender allows), behind a trusted proxy (each trade's code
// request comes from an address of its own), without scheduled backups, and waits until it answers.
func startShop(ctx context.Context, bin, dir string) (*shop, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	debug, err := freeAddr()
	if err != nil {
		return nil, err
	}
	s := &shop{url: "http://" + addr, debug: "http://" + debug, bin: bin, data: filepath.Join(dir, "shop"),
		codes: newCodeBook(), exited: make(chan struct{}), cursors: map[int][]int{},
		client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256}, Timeout: time.Minute}}
	s.cmd = exec.Command(bin, "serve", "--addr", addr, "--data", s.data, "--sms", "console", "--code-spacing", "1ms",
		"--trust-proxy", "--backup-every", "0", "--debug-addr", debug)
	dieWithUs(s.cmd)
	stderr, err := s.cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		s.codes.read(stderr)
		s.cmd.Wait()
		close(s.exited)
	}()
	for deadline := time.Now().Add(30 * time.Second); ; {
		resp, err := s.client.Get(s.url + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case <-s.exited:
			return nil, errors.New("the shop stopped at start:\n" + s.codes.tail())
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.close()
			return nil, errors.New("the shop did not answer within 30 s:\n" + s.codes.tail())
		}
	}
}

// close stops the shop as systemd does (SIGTERM) and waits for it.
func (s *shop) close() {
	s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.exited:
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
		<-s.exited
	}
}

// seed makes the owner (with the binary's own `admin add`, beside the running shop), a base price, trading
// open all day, a vault to sell from, and n customers each holding a large rial balance.
func (s *shop) seed(ctx context.Context, n int) error {
	out, err := exec.CommandContext(ctx, s.bin, "admin", "add", "--data", s.data, "--phone", "09350000001",
		"--password", "owner-pass-99").CombinedOutput()
	if err != nil {
		return fmt.Errorf("admin add: %v\n%s", err, out)
	}
	var login struct{ AccessToken string }
	if err := s.call("POST", "/api/auth/login", "", map[string]string{"phone_number": "09350000001",
		"password": "owner-pass-99"}, &login); err != nil {
		return fmt.Errorf("admin login: %w", err)
	}
	s.admin = login.AccessToken
	// an owner can do nothing before a second factor is on: enrolled as the phone's authenticator app would,
	// its start proven by the password
	var enrol struct{ Secret string }
	if err := s.call("POST", "/api/users/me/second-factor/totp", s.admin, map[string]string{"password": "owner-pass-99"}, &enrol); err != nil {
		return fmt.Errorf("second factor: %w", err)
	}
	code, err := totp.GenerateCode(enrol.Secret, time.Now())
	if err != nil {
		return err
	}
	if err := s.call("POST", "/api/users/me/second-factor/totp/confirm", s.admin, map[string]string{"code": code}, nil); err != nil {
		return fmt.Errorf("second factor: %w", err)
	}
	if err := s.call("PUT", "/api/priceSettings", s.admin, map[string]any{"buy_enabled": true,
		"buy_start_time": "00:00", "buy_end_time": "23:59", "price_max_age_minutes": 10080}, nil); err != nil {
		return fmt.Errorf("price settings: %w", err)
	}
	if err := s.call("POST", "/api/admin/vault", s.admin, map[string]any{"kind": "jewellery",
		"description": "موجودی", "weight": "1000000", "purity": "750"}, nil); err != nil {
		return fmt.Errorf("vault: %w", err) // the reserve guard sells only what the vault holds
	}
	if err := s.call("POST", "/api/admin/prices", s.admin, map[string]any{"base_price": 51_234_567}, nil); err != nil {
		return fmt.Errorf("set price: %w", err)
	}
	s.customers = make([]customer, n)
	errs := make(chan error, 2)
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
	c := customer{phone: fmt.Sprintf("0912%07d", 2000000+i)}
	var reg struct {
		RegistrationID string `json:"registration_id"`
	}
	seen := s.codes.count(c.phone)
	if err := s.call("POST", "/api/auth/register", "", map[string]any{"first_name": "سارا",
		"last_name": "احمدی", "national_id": irantest.NationalID(fmt.Sprintf("%09d", 7654300+i)), "phone_number": c.phone,
		"password": "sara-gold-2024", "birth_date": "1370/05/20"}, &reg); err != nil {
		return fmt.Errorf("register: %w", err)
	}
	code, err := s.codes.after(c.phone, seen)
	if err != nil {
		return err
	}
	var ok struct {
		AccessToken string
		User        struct{ ID int64 }
	}
	if err := s.call("POST", "/api/auth/verify", "", map[string]string{"phone_number": c.phone, "code": code,
		"registration_id": reg.RegistrationID}, &ok); err != nil {
		return fmt.Errorf("sign-up verify: %w", err)
	}
	c.token = ok.AccessToken
	if err := s.call("POST", "/api/adminCharge/charge", s.admin, map[string]any{"userId": ok.User.ID,
		"type": "rial", "amount": "1000000000000"}, nil); err != nil {
		return fmt.Errorf("charge: %w", err)
	}
	s.customers[i] = c
	return nil
}

// myPricesBody is the first customer's answer of the read, which the bare chi handler serves as it is.
func (s *shop) myPricesBody() ([]byte, error) {
	req, _ := http.NewRequest("GET", s.url+"/api/prices/my-prices", nil)
	req.Header.Set("Authorization", "Bearer "+s.customers[0].token)
	resp, err := s.client.Do(req)
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

// call sends a JSON request with a bearer token ("" = none) from an address of its own and decodes a 200
// answer into out; anything else is an error carrying the answer.
func (s *shop) call(method, path, token string, body, out any) error {
	return s.callOnce(method, path, token, "", body, out)
}

// callOnce is call with an Idempotency-Key (none when key is ""), as the web UI sends one with each
// money-moving form.
func (s *shop) callOnce(method, path, token, key string, body, out any) error {
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
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	n := s.addresses.Add(1)
	req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255))
	resp, err := s.client.Do(req)
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

// profile starts a CPU profile of the shop for d into path ("" = none) and returns the wait for it.
func (s *shop) profile(path string, d time.Duration) (wait func()) {
	if path == "" {
		return func() {}
	}
	done := make(chan error, 1)
	go func() {
		resp, err := http.Get(fmt.Sprintf("%s/debug/pprof/profile?seconds=%d", s.debug, max(1, int(d.Seconds()))))
		if err != nil {
			done <- err
			return
		}
		defer resp.Body.Close()
		f, err := os.Create(path)
		if err != nil {
			done <- err
			return
		}
		_, err = io.Copy(f, resp.Body)
		done <- errors.Join(err, f.Close())
	}()
	return func() {
		if err := <-done; err != nil {
			fmt.Fprintln(os.Stderr, "loadrun: profile:", err)
		}
	}
}

// writer is the shop's group committer's counters (its debug address's /debug/commits).
type writer struct {
	Groups, Transactions, Fsyncs int64
	Busy                         time.Duration `json:"busy_ns"`
	Committing                   time.Duration `json:"committing_ns"`
	Syncing                      time.Duration `json:"syncing_ns"`
}

func (w writer) minus(o writer) writer {
	return writer{w.Groups - o.Groups, w.Transactions - o.Transactions, w.Fsyncs - o.Fsyncs, w.Busy - o.Busy,
		w.Committing - o.Committing, w.Syncing - o.Syncing}
}

// writer reads the group committer's counters.
func (s *shop) writer() (writer, error) {
	var w writer
	resp, err := http.Get(s.debug + "/debug/commits")
	if err != nil {
		return w, err
	}
	defer resp.Body.Close()
	err = json.NewDecoder(resp.Body).Decode(&w)
	return w, err
}

// codeBook is what the console SMS sender printed: the codes texted to each phone, in order, read from the
// `sms to=<phone> text="<text>"` lines on the shop's standard error, as an operator would.
type codeBook struct {
	mu     sync.Mutex
	phones map[string]*texted
	last   []string // the last lines of standard error, for a shop that fails to start
}

// texted is one phone's codes so far: how many, the newest, and a channel closed when the next arrives.
type texted struct {
	n    int
	code string
	next chan struct{}
}

func newCodeBook() *codeBook { return &codeBook{phones: map[string]*texted{}} }

func (b *codeBook) phone(p string) *texted {
	t, ok := b.phones[p]
	if !ok {
		t = &texted{next: make(chan struct{})}
		b.phones[p] = t
	}
	return t
}

// read takes the shop's standard error until it closes.
func (b *codeBook) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		phone, code, ok := smsCode(line)
		b.mu.Lock()
		if ok {
			t := b.phone(phone)
			t.n++
			t.code = code
			close(t.next)
			t.next = make(chan struct{})
		} else if !strings.Contains(line, `"msg":"request"`) {
			b.last = append(b.last[max(0, len(b.last)-20):], line)
		}
		b.mu.Unlock()
	}
}

// smsCode reads a code line: `sms to=<phone> text="…: 12345…"`.
func smsCode(line string) (phone, code string, ok bool) {
	rest, ok := strings.CutPrefix(line, "sms to=")
	if !ok {
		return "", "", false
	}
	phone, text, _ := strings.Cut(rest, " text=")
	digits := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] >= '0' && text[i] <= '9' {
			digits++
			continue
		}
		if digits == 5 {
			return phone, text[i-5 : i], true
		}
		digits = 0
	}
	return "", "", false
}

// count is how many codes phone has been texted.
func (b *codeBook) count(phone string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.phone(phone).n
}

// after waits for the first code texted to phone after the seen-th one and returns the newest.
func (b *codeBook) after(phone string, seen int) (string, error) {
	timeout := time.After(10 * time.Second)
	for {
		b.mu.Lock()
		t := b.phone(phone)
		code, n, next := t.code, t.n, t.next
		b.mu.Unlock()
		if n > seen {
			return code, nil
		}
		select {
		case <-next:
		case <-timeout:
			return "", fmt.Errorf("no code texted to %s within 10 s", phone)
		}
	}
}

// tail is the shop's last lines of standard error.
func (b *codeBook) tail() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Join(b.last, "\n")
}
