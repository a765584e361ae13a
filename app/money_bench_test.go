package app

import (
	"fmt"
	"testing"
)

// Benchmarks of the money paths over real loopback HTTP on a real SQLite file: a deposit with its receipt
// upload followed by the admin's approval, and a withdraw request (hold) followed by its approval (payout).
// Each iteration is two committed transactions with synchronous=FULL. Run with
// `go test -run '^$' -bench 'Deposit|Withdraw' -benchtime 500x ./app/`.

func BenchmarkDepositAndApprove(b *testing.B) {
	s := newTestShop(b)
	user, _ := s.signUp(1)
	admin := s.signInAdmin()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		id := s.deposit(user, "1000")
		if r := s.do("PUT", fmt.Sprintf("/api/wallet/requests/%d", id), admin, map[string]string{"status": "approved"}); r.Status != 200 {
			b.Fatalf("approve: %d %s", r.Status, r.Body)
		}
	}
}

func BenchmarkWithdrawAndApprove(b *testing.B) {
	s := newTestShop(b)
	user, _ := s.signUp(1)
	admin := s.signInAdmin()
	card := s.addSettledCard(user, melliCard)
	if r := s.do("POST", "/api/adminCharge/charge", admin, map[string]any{"userId": 1, "type": "rial", "amount": "1000000000000"}); r.Status != 200 {
		b.Fatalf("charge: %d %s", r.Status, r.Body)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := s.do("POST", "/api/wallet/withdraw", user, map[string]any{"amount": 1000, "bank_account_id": card})
		if r.Status != 200 {
			b.Fatalf("withdraw: %d %s", r.Status, r.Body)
		}
		id := int64(r.JSON["request"].(map[string]any)["id"].(float64))
		if r := s.do("PUT", fmt.Sprintf("/api/wallet/requests/%d", id), admin, map[string]string{"status": "approved"}); r.Status != 200 {
			b.Fatalf("approve: %d %s", r.Status, r.Body)
		}
	}
}
