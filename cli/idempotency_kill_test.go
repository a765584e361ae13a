package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestAVerifyKilledMidwayIsAnsweredOrRunByItsRetry kills the real server with SIGKILL while a trade's
// confirmation with an Idempotency-Key is on its way, restarts it, and sends the same confirmation with the
// same key again: the retry gets the committed answer (Idempotent-Replayed) or runs the trade now; never a
// 409 "in progress", and each customer ends with exactly one trade.
func TestAVerifyKilledMidwayIsAnsweredOrRunByItsRetry(t *testing.T) {
	bin := goldshopBinary(t)
	data := t.TempDir()
	goldshopRun(t, bin, "admin", "add", "--data", data, "--phone", "09120000001", "--password", "kill-owner-pass-1")
	addr := freeAddr(t)
	logs := &syncLog{}
	var server *exec.Cmd
	var exited chan error
	c := &drillClient{t: t, base: "http://" + addr, sms: logs, http: &http.Client{Timeout: 10 * time.Second}}
	start := func() {
		server = exec.Command(bin, "--data", data, "--addr", addr, "--sms", "console", "--backup-every", "0")
		server.Stderr = logs
		if err := server.Start(); err != nil {
			t.Fatal(err)
		}
		exited = make(chan error, 1)
		go func(s *exec.Cmd, done chan error) { done <- s.Wait() }(server, exited)
		for deadline := time.Now().Add(waitLimit); ; time.Sleep(20 * time.Millisecond) {
			if status, _, _ := c.call("GET", "/healthz", "", nil); status == 200 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the shop did not answer /healthz within %v\n%s", waitLimit, logs)
			}
		}
	}
	start()
	t.Cleanup(func() { server.Process.Kill() })
	owner := c.signInAdmin("09120000001", "kill-owner-pass-1")
	c.must("POST", "/api/admin/prices", owner, map[string]any{"base_price": 50_000_000})
	c.must("POST", "/api/admin/vault", owner, map[string]any{"kind": "jewellery", "description": "موجودی",
		"weight": "1000", "purity": "750"}) // the reserve guard sells only what the vault holds

	const rounds = 8
	replayed, ranAgain := 0, 0
	for n := 1; n <= rounds; n++ {
		id := c.signUp(n)
		phone := fmt.Sprintf("0912%07d", 3000000+n)
		c.must("POST", "/api/adminCharge/charge", owner, map[string]any{"userId": id, "type": "rial", "amount": "10000000"})
		token := c.must("POST", "/api/auth/login", "", map[string]string{"phone_number": phone,
			"password": "sara-gold-2024"})["accessToken"].(string)
		sent := smsCount(logs, phone)
		c.must("POST", "/api/prices/buy", token, map[string]any{"amount_rial": "1000000"})
		code := waitSMSCode(t, logs, phone, sent)
		key := fmt.Sprintf("confirm-%d", n)

		// the first confirmation, cut off by the kill somewhere before, during or after its commit
		go verifyWithKey(c, token, code, key)
		time.Sleep(time.Duration(rand.IntN(4000)) * time.Microsecond)
		if err := server.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		<-exited
		start()

		status, body, replay := verifyWithKey(c, token, code, key)
		if status != 200 {
			t.Fatalf("round %d: the retry with the same key got %d %s", n, status, body)
		}
		if replay {
			replayed++
		} else {
			ranAgain++
		}
		if status, again, replay := verifyWithKey(c, token, code, key); status != 200 || !replay || again != body {
			t.Fatalf("round %d: a second retry got %d %s (replayed %v), the first %s", n, status, again, replay, body)
		}
		st := c.must("GET", "/api/wallet/balances", token, nil)
		if st["balance_rial"] != "9000000" {
			t.Fatalf("round %d: balances after one trade %v", n, st)
		}
	}
	goldshopRun(t, bin, "check", "--data", data) // on the live file: the server is running, the check only reads
	t.Logf("%d killed confirmations: %d answered from the committed call, %d run by the retry", rounds, replayed, ranAgain)
}

// verifyWithKey confirms a buy with code under key; replay tells whether the answer was the kept one.
func verifyWithKey(c *drillClient, token, code, key string) (status int, body string, replay bool) {
	raw, _ := json.Marshal(map[string]string{"verification_code": code, "transaction_type": "buy"})
	req, _ := http.NewRequest("POST", c.base+"/api/prices/verify-transaction", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err.Error(), false
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp.StatusCode, b.String(), resp.Header.Get("Idempotent-Replayed") == "true"
}

// smsCount is how many texts the server's log holds for phone.
func smsCount(logs *syncLog, phone string) int {
	n := 0
	for _, m := range drillSMS.FindAllStringSubmatch(logs.String(), -1) {
		if m[1] == phone {
			n++
		}
	}
	return n
}

// waitSMSCode waits for the text to phone after the first `after` ones and returns its code.
func waitSMSCode(t *testing.T, logs *syncLog, phone string, after int) string {
	t.Helper()
	for deadline := time.Now().Add(waitLimit); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		var texts []string
		for _, m := range drillSMS.FindAllStringSubmatch(logs.String(), -1) {
			if m[1] == phone {
				texts = append(texts, m[2])
			}
		}
		if len(texts) > after {
			return regexp.MustCompile(`\b\d{5}\b`).FindString(strings.TrimSpace(texts[after]))
		}
	}
	t.Fatalf("no new text to %s", phone)
	return ""
}
