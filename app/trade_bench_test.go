package app

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Load runs of trading over real loopback HTTP on one SQLite file (synchronous=FULL). Run with
// `go test -run '^$' -bench 'QuoteAndVerify|MyPrices' -benchtime 1000x ./app/`.
//
// BenchmarkQuoteAndVerify: 32 customers trade in parallel, each trade a quote (price lookups, balance check,
// a code issued and texted, the quote saved) and its confirmation (code spent, journal, postings, quote
// closed). The quote's code, quote and rate hits commit without waiting for the disk; the confirmation is the
// one durable (synchronous=FULL) commit of the trade. Each customer has their own address (the per-address
// code limit) and the fake clock moves 4 s per trade so each customer's codes keep the 60 s spacing.

const benchTraders = 32

func BenchmarkQuoteAndVerify(b *testing.B) { benchQuoteAndVerify(b, false) }

// BenchmarkQuoteAndVerifyWithKey confirms each trade with an Idempotency-Key, as the UI does: the key's claim,
// the code, the money and the kept answer share the confirmation's one commit.
func BenchmarkQuoteAndVerifyWithKey(b *testing.B) { benchQuoteAndVerify(b, true) }

func benchQuoteAndVerify(b *testing.B, withKey bool) {
	s := newTestShop(b)
	s.app.trustProxy = true // each customer comes from their own address, as on the street
	admin := s.signInAdmin()
	if r := s.do("PUT", "/api/priceSettings", admin, map[string]any{"price_max_age_minutes": 10080}); r.Status != 200 {
		b.Fatal(r.Body)
	}
	s.setPrice(admin, 51_234_567)
	traders := make([]trader, benchTraders)
	clients := make([]*http.Client, benchTraders)
	for i := range traders {
		traders[i] = s.newTrader(i+1, "")
		s.charge(admin, traders[i], "rial", "1000000000000")
		// the cookie session outlives the access token, which the moving clock would expire mid-run
		clients[i] = s.cookieClient()
		if r := s.call(clients[i], "POST", "/api/auth/login", "", map[string]string{"phone_number": traders[i].phone,
			"password": registration(0)["password"].(string)}); r.Status != 200 {
			b.Fatal(r.Body)
		}
	}
	var keys atomic.Int64
	post := func(c trader, i int, path, body string) (int, string) {
		req, _ := http.NewRequest("POST", s.srv.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if withKey && strings.HasSuffix(path, "/verify-transaction") {
			req.Header.Set("Idempotency-Key", fmt.Sprint("confirm-", keys.Add(1)))
		}
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.0.%d.%d", i/250, i%250+1))
		resp, err := clients[i].Do(req)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw)
	}
	var next atomic.Int64
	b.SetParallelism(4)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := int(next.Add(1)) % benchTraders
			c := traders[i]
			s.clock.Advance(4 * time.Second)
			if st, body := post(c, i, "/api/prices/buy", `{"amount_rial":"1000000"}`); st != 200 {
				b.Errorf("quote: %d %s", st, body)
				return
			}
			verify := fmt.Sprintf(`{"verification_code":%q,"transaction_type":"buy"}`, s.newestCode(c.phone))
			if st, body := post(c, i, "/api/prices/verify-transaction", verify); st != 200 {
				b.Errorf("verify: %d %s", st, body)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "trades/s")
}

// newestCode reads the newest code texted to phone, looking only at the end of the SMS log so a long run
// does not rescan it.
func (s *testShop) newestCode(phone string) string {
	log := s.sms.String()
	i := strings.LastIndex(log, "sms to="+phone+" ")
	if i < 0 {
		return ""
	}
	line, _, _ := strings.Cut(log[i:], "\n")
	return fiveDigits.FindString(strings.TrimPrefix(line, "sms to="+phone))
}

// BenchmarkMyPrices64 is the trade screen's 10-second poll from 64 concurrent clients; it reports the
// median and 99th-percentile latency of one call.
func BenchmarkMyPrices64(b *testing.B) {
	s := newTestShop(b)
	admin := s.signInAdmin()
	s.setPrice(admin, 51_234_567)
	c := s.newTrader(1, "")
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	var mu sync.Mutex
	var all []time.Duration
	b.SetParallelism((64 + 1) / 2) // GOMAXPROCS is 2 here: 64 clients
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			req, _ := http.NewRequest("GET", s.srv.URL+"/api/prices/my-prices", nil)
			req.Header.Set("Authorization", "Bearer "+c.token)
			start := time.Now()
			resp, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			mine = append(mine, time.Since(start))
			if resp.StatusCode != 200 {
				b.Errorf("status %d", resp.StatusCode)
				return
			}
		}
		mu.Lock()
		all = append(all, mine...)
		mu.Unlock()
	})
	b.StopTimer()
	slices.Sort(all)
	if len(all) > 0 {
		b.ReportMetric(float64(all[len(all)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(all[len(all)*99/100].Microseconds())/1000, "p99-ms")
	}
}
