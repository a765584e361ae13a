package store

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"goldshop/internal/lockedbuf"
	"goldshop/internal/smalldisk"
)

// TestMain runs the crash test's child workload when asked to (GOLDSHOP_CRASH_DB set), and the tests otherwise.
func TestMain(m *testing.M) {
	if path := os.Getenv("GOLDSHOP_CRASH_DB"); path != "" {
		if err := crashWorkload(path); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	os.Exit(m.Run())
}

// The workload runs on a small disk of its own that the test fills for a while midway: operations refused
// for space are tried again once it is freed, and the kill comes after.
func TestKilledMidWorkloadLosesNothingAcknowledged(t *testing.T) {
	disk := smalldisk.Mount(t, "32m")
	path := filepath.Join(disk, "goldshop.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GOLDSHOP_CRASH_DB="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var childErr lockedbuf.Buffer // os/exec copies the child's output in from a goroutine of its own
	cmd.Stderr = &childErr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Read acknowledgements until a random amount of the rounds' work is done (the load's trades, acknowledged
	// beside them all along, are not counted), then kill the child without warning while it is in the middle
	// of its next operation.
	stopAt := 100 + rand.IntN(300)
	fillAt := 20 + rand.IntN(stopAt-40) // the disk fills after this many acknowledgements...
	var acked []string
	var shared struct{ groups, transactions int64 } // the child's group commits so far, as it last said
	filler, fulls, freedAt, rounds := "", 0, -1, 0
	sc := bufio.NewScanner(stdout)
	// the child's workload is waited for, not timed: on a busy machine (two cores under load, -race) it has
	// acknowledged under 200 operations in 20 s
	const workLimit = 3 * time.Minute
	deadline := time.Now().Add(workLimit)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "ack ") {
			acked = append(acked, strings.TrimPrefix(line, "ack "))
			if !strings.HasPrefix(line, "ack loaded ") {
				rounds++
			}
		}
		if line == "full" {
			fulls++
		}
		fmt.Sscanf(line, "commits %d %d", &shared.groups, &shared.transactions)
		if rounds == fillAt && filler == "" {
			filler = smalldisk.Fill(t, disk)
		}
		if fulls == 5 && freedAt < 0 { // ...and is freed once five operations were refused for space
			if err := os.Remove(filler); err != nil {
				t.Fatal(err)
			}
			freedAt = rounds
		}
		// the kill comes once the freed disk has taken ten more operations
		if (freedAt >= 0 && rounds >= max(stopAt, freedAt+10)) || time.Now().After(deadline) {
			break
		}
	}
	if freedAt < 0 || rounds < freedAt+10 {
		t.Fatalf("within %v: %d of %d operations acknowledged, %d refused for space, freed after %d\n%s", workLimit,
			rounds, stopAt, fulls, freedAt, childErr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	go func() { // keep draining so the child never blocks on a full pipe before it dies
		for sc.Scan() {
		}
	}()
	cmd.Wait()
	if rounds < 20 {
		t.Fatalf("the child acknowledged only %d operations of its rounds", rounds)
	}

	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.CheckInvariants(context.Background()); err != nil {
		t.Fatalf("after the crash: %v", err)
	}
	// Every acknowledged operation is there; a later one may have landed too, so a state may be further on.
	later := map[string][]string{"created": {"pending", "approved"}, "withdraw": {"pending", "approved", "canceled"},
		"approved": {"approved"}, "canceled": {"canceled"}}
	trades, loaded := 0, 0
	for _, a := range acked {
		verb, idText, _ := strings.Cut(a, " ")
		id, _ := strconv.ParseInt(idText, 10, 64)
		if verb == "planned" { // the plan's run, bought once
			var runs, quotes int
			s.read.QueryRow(`SELECT COUNT(*) FROM plan_runs WHERE period = ? AND status = 'bought' AND journal_id IS NOT NULL`,
				fmt.Sprintf("round %d", id)).Scan(&runs)
			s.read.QueryRow(`SELECT COUNT(*) FROM trade_quotes WHERE code_scope LIKE 'plan % ' || ? AND status = 'executed'`,
				fmt.Sprintf("round %d", id)).Scan(&quotes)
			if runs != 1 || quotes != 1 {
				t.Fatalf("acknowledged plan run %d: %d runs, %d quotes", id, runs, quotes)
			}
			continue
		}
		if verb == "ordered" || verb == "executed" { // the order and its hold; once executed, its one trade
			var status string
			var trades int
			s.read.QueryRow(`SELECT status, (SELECT COUNT(*) FROM trade_quotes q WHERE q.code_scope = 'order ' || o.id
				AND q.status = 'executed') FROM standing_orders o WHERE o.id = ?`, id).Scan(&status, &trades)
			if (verb == "executed" && status != OrderExecuted) || (status != OrderOpen && status != OrderExecuted) ||
				trades != map[bool]int{true: 1, false: 0}[status == OrderExecuted] {
				t.Fatalf("acknowledged %q: the order is %q with %d trades", a, status, trades)
			}
			continue
		}
		if verb == "invoiced" { // the invoice whole, its lot named by its line (the invariants prove the rest of it)
			var status string
			if err := s.read.QueryRow(`SELECT c.status FROM counter_invoices c JOIN counter_lines l ON l.invoice_id = c.id
				WHERE l.item_id = ? AND l.side = 'buy_back'`, id).
				Scan(&status); err != nil || status != InvoiceRecorded {
				t.Fatalf("acknowledged invoice of lot %d: %q (%v)", id, status, err)
			}
			continue
		}
		if verb == "drawer" || verb == "melted" { // the owner's cash moved; the batch done with its bar and its loss
			var n int
			s.read.QueryRow(map[string]string{"drawer": `SELECT COUNT(*) FROM drawer_moves WHERE id = ?`,
				"melted": `SELECT COUNT(*) FROM melt_batches b JOIN journals j ON j.melt_batch_id = b.id
					WHERE b.id = ? AND b.status = 'done' AND b.bar_id IS NOT NULL`}[verb], id).Scan(&n)
			if n != 1 {
				t.Fatalf("acknowledged %q is not there whole", a)
			}
			continue
		}
		if verb == "traded" { // the trade and its kept answer, together
			trades++
			var status string
			if err := s.read.QueryRow(`SELECT status FROM trade_quotes WHERE code_scope = ?`, fmt.Sprintf("scope-%d", id)).
				Scan(&status); err != nil || status != "executed" {
				t.Fatalf("acknowledged trade %d: quote %q (%v)", id, status, err)
			}
			var uid int64
			s.read.QueryRow(`SELECT id FROM users WHERE phone_number = '09120000001'`).Scan(&uid)
			if k, err := s.OnceAnswerFor(context.Background(), uid, fmt.Sprintf("trade-%d", id)); err != nil ||
				k.Status != 200 || k.Body != fmt.Sprintf(`{"key":"trade-%d"}`, id) {
				t.Fatalf("acknowledged trade %d: kept answer %+v (%v)", id, k, err)
			}
			continue
		}
		if verb == "loaded" { // a load trader's trade and its kept answer, together
			loaded++
			key := fmt.Sprintf("load-%d-%d", id/1_000_000, id%1_000_000)
			var status string
			var uid int64
			if err := s.read.QueryRow(`SELECT status, user_id FROM trade_quotes WHERE code_scope = ?`, key).
				Scan(&status, &uid); err != nil || status != "executed" {
				t.Fatalf("acknowledged trade %s: quote %q (%v)", key, status, err)
			}
			if k, err := s.OnceAnswerFor(context.Background(), uid, key); err != nil || k.Status != 200 ||
				k.Body != fmt.Sprintf(`{"key":%q}`, key) {
				t.Fatalf("acknowledged trade %s: kept answer %+v (%v)", key, k, err)
			}
			continue
		}
		r, err := walletRequestByID(context.Background(), s.read, id)
		if err != nil {
			t.Fatalf("acknowledged %q is gone: %v", a, err)
		}
		if !contains(later[verb], r.Status) {
			t.Fatalf("acknowledged %q but the request is %s", a, r.Status)
		}
	}
	// and no trade's answer was kept without its trade, nor the other way round
	var orphans int
	s.read.QueryRow(`SELECT count(*) FROM idempotency_keys k WHERE k.key LIKE 'trade-%' AND (k.status IS NULL OR NOT EXISTS
		(SELECT 1 FROM trade_quotes q WHERE q.code_scope = 'scope-' || substr(k.key, 7) AND q.status = 'executed'))`).Scan(&orphans)
	var unanswered int
	s.read.QueryRow(`SELECT count(*) FROM trade_quotes q WHERE q.status = 'executed' AND q.code_scope LIKE 'scope-%' AND NOT EXISTS
		(SELECT 1 FROM idempotency_keys k WHERE k.key = 'trade-' || substr(q.code_scope, 7) AND k.status = 200)`).Scan(&unanswered)
	var loadOrphans, loadUnanswered int
	s.read.QueryRow(`SELECT count(*) FROM idempotency_keys k WHERE k.key LIKE 'load-%' AND (k.status IS NULL OR NOT EXISTS
		(SELECT 1 FROM trade_quotes q WHERE q.code_scope = k.key AND q.status = 'executed'))`).Scan(&loadOrphans)
	s.read.QueryRow(`SELECT count(*) FROM trade_quotes q WHERE q.status = 'executed' AND q.code_scope LIKE 'load-%' AND NOT EXISTS
		(SELECT 1 FROM idempotency_keys k WHERE k.key = q.code_scope AND k.status = 200)`).Scan(&loadUnanswered)
	if orphans+loadOrphans != 0 || unanswered+loadUnanswered != 0 {
		t.Fatalf("%d answers without their trade, %d trades without their answer", orphans+loadOrphans,
			unanswered+loadUnanswered)
	}
	if loaded == 0 {
		t.Fatal("no trade of the load's customers was acknowledged")
	}
	// the load's trades shared their commits with each other and with the rounds' work
	if shared.groups == 0 || shared.transactions <= shared.groups {
		t.Fatalf("the workload's commits held no more than one transaction each: %+v", shared)
	}
	t.Logf("%d acknowledged operations (%d trades, %d of the load's %d traders) survived SIGKILL; %d transactions in %d commits",
		len(acked), trades, loaded, crashLoadTraders, shared.transactions, shared.groups)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
