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

// crashWorkload moves money in a loop on the file it is given and prints one line per operation once the
// store has acknowledged it, until it is killed.
func crashWorkload(path string) error {
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		return err
	}
	admin, _, err := s.UpsertAdmin(ctx, User{PhoneNumber: "09350000001", FirstName: "a", LastName: "b", PasswordHash: "h"}, time.Now())
	if err != nil {
		return err
	}
	reg := Registration{PhoneNumber: "09120000001", NationalID: "0000000001", FirstName: "c", LastName: "d",
		BirthDate: "1370/01/01", PasswordHash: "h", CreatedAt: time.Now()}
	if err := s.SavePendingRegistration(ctx, reg); err != nil {
		return err
	}
	u, err := s.CompleteRegistration(ctx, reg.PhoneNumber, time.Now())
	if err != nil {
		return err
	}
	card, err := s.CreateBankAccount(ctx, BankAccount{UserID: u.ID, CardNumber: "6037990000000006", BankName: "x", HolderName: "y"}, time.Now())
	if err != nil {
		return err
	}
	out := bufio.NewWriter(os.Stdout)
	ack := func(verb string, id int64) {
		fmt.Fprintf(out, "ack %s %d\n", verb, id)
		out.Flush()
	}
	for i := 0; ; i++ {
		d, err := s.CreateDeposit(ctx, DepositInput{UserID: u.ID, AmountRial: 1000, Receipt: fmt.Sprintf("crash-%d.png", i)}, time.Now())
		if err != nil {
			return err
		}
		ack("created", d.ID)
		if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: d.ID, Approve: true}, time.Now()); err != nil {
			return err
		}
		ack("approved", d.ID)
		w, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: u.ID, AmountRial: 400, BankAccountID: card.ID}, time.Now())
		if err != nil {
			return err
		}
		ack("withdraw", w.ID)
		if i%2 == 0 {
			if _, err := s.DecideWalletRequest(ctx, Decision{AdminID: admin, RequestID: w.ID, Approve: true}, time.Now()); err != nil {
				return err
			}
			ack("approved", w.ID)
		} else {
			if err := s.CancelWithdraw(ctx, u.ID, w.ID, Once{}, time.Now()); err != nil {
				return err
			}
			ack("canceled", w.ID)
		}
	}
}

func TestKilledMidWorkloadLosesNothingAcknowledged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "goldshop.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GOLDSHOP_CRASH_DB="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Read acknowledgements until a random amount of work is done, then kill the child without warning while
	// it is in the middle of its next operation.
	stopAt := 100 + rand.IntN(300)
	var acked []string
	sc := bufio.NewScanner(stdout)
	deadline := time.Now().Add(20 * time.Second)
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, "ack ") {
			acked = append(acked, strings.TrimPrefix(line, "ack "))
		}
		if len(acked) >= stopAt || time.Now().After(deadline) {
			break
		}
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	go func() { // keep draining so the child never blocks on a full pipe before it dies
		for sc.Scan() {
		}
	}()
	cmd.Wait()
	if len(acked) < 20 {
		t.Fatalf("the child acknowledged only %d operations", len(acked))
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
	for _, a := range acked {
		verb, idText, _ := strings.Cut(a, " ")
		id, _ := strconv.ParseInt(idText, 10, 64)
		r, err := walletRequestByID(context.Background(), s.read, id)
		if err != nil {
			t.Fatalf("acknowledged %q is gone: %v", a, err)
		}
		if !contains(later[verb], r.Status) {
			t.Fatalf("acknowledged %q but the request is %s", a, r.Status)
		}
	}
	t.Logf("%d acknowledged operations survived SIGKILL", len(acked))
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
