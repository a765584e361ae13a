package app

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Benchmarks of the hot calls over real loopback HTTP: the header's price poll (every client, every 5 s),
// the profile load, and a password login (argon2id is its whole cost). Run with
// `go test -run '^$' -bench . -benchtime 2000x ./app/`.

func benchGet(b *testing.B, s *testShop, path, token string) {
	b.Helper()
	client := s.srv.Client()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			resp, err := client.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				b.Fatalf("status %d", resp.StatusCode)
			}
		}
	})
}

func BenchmarkPricePoll(b *testing.B) {
	s := newTestShop(b)
	admin := s.signInAdmin()
	s.do("POST", "/api/admin/prices", admin, map[string]any{"base_price": 52000000})
	benchGet(b, s, "/api/prices/prices", "")
}

func BenchmarkUsersMe(b *testing.B) {
	s := newTestShop(b)
	access, _ := s.signUp(1)
	benchGet(b, s, "/api/users/me", access)
}

func BenchmarkPasswordLogin(b *testing.B) {
	s := newTestShop(b)
	s.signUp(1)
	phone := registration(1)["phone_number"].(string)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.clock.Advance(loginsPerIP.Window / 90) // stay under the per-address limit
		if r := s.do("POST", "/api/auth/login", "", map[string]string{"phone_number": phone, "password": "sara-gold-2024"}); r.Status != 200 {
			b.Fatalf("login: %d %s", r.Status, r.Body)
		}
	}
}

// BenchmarkMyPricesServer is the trade screen's price call as the server alone spends it: through every
// middleware and the handler, without a network or a client; it reports the allocations a call makes.
func BenchmarkMyPricesServer(b *testing.B) {
	s := newTestShop(b)
	admin := s.signInAdmin()
	s.setPrice(admin, 51_234_567)
	c := s.newTrader(1, "")
	h := s.app.Handler()
	req := httptest.NewRequest("GET", "/api/prices/my-prices", nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		if w.Code != 200 {
			b.Fatalf("status %d", w.Code)
		}
	}
}
