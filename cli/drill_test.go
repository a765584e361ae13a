package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	bk "goldshop/backup"
	"goldshop/store"
)

// goldshopBinary is the shop as an owner runs it: $GOLDSHOP_BIN, or a fresh cgo-free build of this tree.
func goldshopBinary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("GOLDSHOP_BIN"); p != "" {
		return p
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(t.TempDir(), "goldshop")
	cmd := exec.Command(goTool, "build", "-o", bin, "goldshop")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// goldshopRun runs the binary to its end and returns its standard output; anything but exit 0 fails the test.
func goldshopRun(t *testing.T, bin string, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("goldshop %v: %v\n%s%s", args, err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// drillClient speaks the shop's JSON API as the admin panel and the sign-up page do.
type drillClient struct {
	t    *testing.T
	base string
	sms  *syncLog // the server's standard error, where --sms console texts the codes
	http *http.Client
}

// call sends a JSON request and decodes the JSON answer; err is a transport error (the server is gone).
func (c *drillClient) call(method, path, token string, body any) (status int, answer map[string]any, err error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, c.base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	_ = json.NewDecoder(resp.Body).Decode(&answer)
	return resp.StatusCode, answer, nil
}

func (c *drillClient) must(method, path, token string, body any) map[string]any {
	c.t.Helper()
	status, answer, err := c.call(method, path, token, body)
	if err != nil || status != 200 {
		c.t.Fatalf("%s %s: %d %v %v", method, path, status, answer, err)
	}
	return answer
}

var drillSMS = regexp.MustCompile(`(?m)^sms to=(\S+) text="(.*)"$`)

// signUp registers customer n through both steps, reading the code from the console SMS, and returns the id.
func (c *drillClient) signUp(n int) int64 {
	c.t.Helper()
	nine := strconv.Itoa(123450000 + n)
	sum := 0
	for i := 0; i < 9; i++ {
		sum += int(nine[i]-'0') * (10 - i)
	}
	check := sum % 11
	if check >= 2 {
		check = 11 - check
	}
	phone := fmt.Sprintf("0912%07d", 3000000+n)
	reg := c.must("POST", "/api/auth/register", "", map[string]string{"first_name": "سارا", "last_name": "احمدی",
		"national_id": nine + strconv.Itoa(check), "phone_number": phone, "password": "sara-gold-2024", "birth_date": "1370/05/20"})
	// The server's standard error reaches the buffer through a pipe: the SMS line may land after the answer.
	code := ""
	for deadline := time.Now().Add(waitLimit); code == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, m := range drillSMS.FindAllStringSubmatch(c.sms.String(), -1) {
			if m[1] == phone {
				code = regexp.MustCompile(`\b\d{5}\b`).FindString(m[2])
			}
		}
	}
	verified := c.must("POST", "/api/auth/verify", "", map[string]any{"phone_number": phone, "code": code,
		"registration_id": reg["registration_id"]})
	return int64(verified["user"].(map[string]any)["id"].(float64))
}

// drillOp is one charge the shop acknowledged.
type drillOp struct {
	n      int
	user   int64
	rial   int64
	ackAt  time.Time
	status int
}

// drillLedger reads which drill charges a restored shop holds, and its customers' rial balances.
func drillLedger(t *testing.T, data string, users []int64) (ops []int, rial map[int64]int64) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(data, "goldshop.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.ReadDB().QueryContext(ctx, `SELECT description FROM journals WHERE description LIKE 'drill-%'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			t.Fatal(err)
		}
		n, err := strconv.Atoi(strings.TrimPrefix(d, "drill-"))
		if err != nil {
			t.Fatalf("journal %q", d)
		}
		ops = append(ops, n)
	}
	slices.Sort(ops)
	rial = map[int64]int64{}
	for _, u := range users {
		b, err := st.Balances(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		rial[u] = b.Rial
	}
	return ops, rial
}

// checkRestored proves a restored shop holds the charges 1..k with nothing missing in between, all
// charges acknowledged before the cut, and balances that are exactly their sum. It returns k.
func checkRestored(t *testing.T, what, data string, acked []drillOp, users []int64, cut time.Time) int {
	t.Helper()
	ops, rial := drillLedger(t, data, users)
	k := len(ops)
	for i, n := range ops {
		if n != i+1 {
			t.Fatalf("%s: the charges restored are not 1..%d: %v", what, k, ops)
		}
	}
	want := map[int64]int64{}
	for _, op := range acked {
		if op.ackAt.Before(cut) && op.n > k {
			t.Fatalf("%s: charge %d, acknowledged at %v before %v, is missing (restored 1..%d)", what, op.n,
				op.ackAt.Format(time.StampMilli), cut.Format(time.StampMilli), k)
		}
	}
	for n := 1; n <= k; n++ {
		if n > len(acked)+1 { // at most the one in flight when the server was killed was not acknowledged
			t.Fatalf("%s: charge %d restored but only %d were sent", what, n, len(acked)+1)
		}
		if n <= len(acked) {
			want[acked[n-1].user] += acked[n-1].rial
		} else {
			want[users[n%len(users)]] += 1000 + int64(n)
		}
	}
	for _, u := range users {
		if rial[u] != want[u] {
			t.Fatalf("%s: customer %d holds %d rial, the restored charges sum to %d", what, u, rial[u], want[u])
		}
	}
	return k
}

// TestOwnersDrill is the drill the README asks the owner to run: money moves, the server dies without
// warning, the data folder is lost, and the shop comes back from the newest backup and from the replica.
func TestOwnersDrill(t *testing.T) {
	bin := goldshopBinary(t)
	started := time.Now()
	root := t.TempDir()
	data, backups := filepath.Join(root, "data"), filepath.Join(root, "backups")
	replica := "file://" + filepath.Join(root, "replica")
	goldshopRun(t, bin, "admin", "add", "--data", data, "--phone", "09120000001", "--password", "drill-owner-pass-1")

	addr := freeAddr(t)
	logs := &syncLog{}
	server := exec.Command(bin, "--data", data, "--addr", addr, "--sms", "console",
		"--backup-dir", backups, "--backup-every", "2s", "--replicate-to", replica)
	server.Stderr = logs
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- server.Wait() }()
	t.Cleanup(func() { server.Process.Kill() })
	c := &drillClient{t: t, base: "http://" + addr, sms: logs, http: &http.Client{Timeout: 10 * time.Second}}
	for deadline := time.Now().Add(waitLimit); ; time.Sleep(50 * time.Millisecond) {
		if status, _, _ := c.call("GET", "/healthz", "", nil); status == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the shop did not answer /healthz within %v\n%s", waitLimit, logs)
		}
	}
	owner := c.signInAdmin("09120000001", "drill-owner-pass-1")
	users := []int64{c.signUp(1), c.signUp(2)}

	// The workload: the owner charges the customers one after another until the server dies.
	var acked []drillOp
	worked := make(chan struct{})
	go func() {
		defer close(worked)
		for n := 1; ; n++ {
			op := drillOp{n: n, user: users[n%len(users)], rial: 1000 + int64(n)}
			status, _, err := c.call("POST", "/api/adminCharge/charge", owner, map[string]any{"userId": op.user,
				"type": "rial", "amount": op.rial, "description": fmt.Sprintf("drill-%d", n)})
			if err != nil {
				return // killed
			}
			if op.status = status; status != 200 {
				acked = append(acked, op) // kept to fail the test below: every charge must succeed
				return
			}
			op.ackAt = time.Now()
			acked = append(acked, op)
			time.Sleep(15 * time.Millisecond)
		}
	}()
	// until three scheduled backups are written (every 2 s), the workload running all the while
	for deadline := time.Now().Add(waitLimit); ; time.Sleep(100 * time.Millisecond) {
		if files, err := bk.List(backups); err == nil && len(files) >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no three scheduled backups in 30 s\n%s", logs)
		}
	}
	killedAt := time.Now()
	if err := server.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-exited
	<-worked
	if len(acked) < 50 || acked[len(acked)-1].status != 200 {
		t.Fatalf("the workload stopped early: %d charges, last %+v\n%s", len(acked), acked[len(acked)-1], logs)
	}

	// The newest backup, into the lost folder.
	files, err := bk.List(backups)
	if err != nil || len(files) < 2 {
		t.Fatalf("backups %+v (err %v)", files, err)
	}
	ourFiles(t, backups, true) // archives, and at most the one being written when the server died
	newest := files[0]
	if err := os.RemoveAll(data); err != nil {
		t.Fatal(err)
	}
	out := goldshopRun(t, bin, "restore", filepath.Join(backups, newest.Name), "--data", data)
	if restoredLine.FindString(out) == "" {
		t.Fatalf("restore printed %q", out)
	}
	goldshopRun(t, bin, "check", "--data", data)
	inBackup := checkRestored(t, "backup "+newest.Name, data, acked, users, newest.CreatedAt)

	// The replica, into the lost folder again.
	if err := os.RemoveAll(data); err != nil {
		t.Fatal(err)
	}
	out = goldshopRun(t, bin, "restore", "--from-replica", replica, "--data", data)
	if restoredLine.FindString(out) == "" {
		t.Fatalf("restore printed %q", out)
	}
	goldshopRun(t, bin, "check", "--data", data)
	// Every charge acknowledged 5 s before the kill is in the replica (the README's promise), and every
	// charge up to the replica's position.
	inReplica := checkRestored(t, "replica", data, acked, users, killedAt.Add(-5*time.Second))
	lag := time.Duration(0)
	if inReplica < len(acked) {
		lag = killedAt.Sub(acked[inReplica].ackAt)
	}
	t.Logf("%d charges acknowledged; the newest backup (%s) holds %d, the replica %d (its last missing charge acknowledged %v before the kill); drill took %v",
		len(acked), newest.Name, inBackup, inReplica, lag.Round(time.Millisecond), time.Since(started).Round(time.Second))
}
