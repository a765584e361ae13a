package main

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// latencies are one call's durations.
type latencies []time.Duration

// spread is the median and the 99th percentile.
type spread struct{ P50, P99 time.Duration }

func (l latencies) summary() spread {
	if len(l) == 0 {
		return spread{}
	}
	s := slices.Clone(l)
	slices.Sort(s)
	return spread{s[len(s)/2], s[len(s)*99/100]}
}

// tradeResult counts verified trades and times their two calls.
type tradeResult struct {
	ok, failed       int
	firstErr         string
	elapsed          time.Duration
	quotes, verifies latencies
	// shopCPU and clientCPU are the processor time the shop and this client used meanwhile
	shopCPU, clientCPU time.Duration
}

func (t tradeResult) perSec() float64 { return ratio(float64(t.ok), t.elapsed.Seconds()) }

// add counts another slice of the run.
func (t *tradeResult) add(o tradeResult) {
	t.ok += o.ok
	t.failed += o.failed
	t.elapsed += o.elapsed
	t.shopCPU += o.shopCPU
	t.clientCPU += o.clientCPU
	t.quotes = append(t.quotes, o.quotes...)
	t.verifies = append(t.verifies, o.verifies...)
	if t.firstErr == "" {
		t.firstErr = o.firstErr
	}
}

// tradeLoad has traders quote and confirm buys for d, each trader taking turns over customers of its own (a
// customer's codes never cross traders), each trade by the next customer, as the web UI does: a buy quote
// with the bearer token, the code from the SMS line, the verify with an Idempotency-Key of its own.
func (s *shop) tradeLoad(traders int, d time.Duration) tradeResult {
	var ok, failed atomic.Int64
	var mu sync.Mutex
	var res tradeResult
	fail := func(err error) {
		failed.Add(1)
		mu.Lock()
		if res.firstErr == "" {
			res.firstErr = err.Error()
		}
		mu.Unlock()
	}
	// each trader goes on where its last slice stopped, so every customer trades about as often (the daily cap)
	cursor := s.cursors[traders]
	if cursor == nil {
		cursor = make([]int, traders)
		s.cursors[traders] = cursor
	}
	shopCPU, clientCPU := cpuTime(s.cmd.Process.Pid), cpuTime(0)
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for t := range min(traders, len(s.customers)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var quotes, verifies latencies
			var mine []customer
			for i := t; i < len(s.customers); i += traders {
				mine = append(mine, s.customers[i])
			}
			for ; time.Now().Before(deadline); cursor[t]++ {
				c := mine[cursor[t]%len(mine)]
				seen := s.codes.count(c.phone)
				t0 := time.Now()
				if err := s.call("POST", "/api/prices/buy", c.token, map[string]string{"amount_rial": "1000000"}, nil); err != nil {
					fail(err)
					continue
				}
				quotes = append(quotes, time.Since(t0))
				code, err := s.codes.after(c.phone, seen)
				if err != nil {
					fail(err)
					continue
				}
				t1 := time.Now()
				key := fmt.Sprint("loadrun-", s.keys.Add(1))
				if err := s.callOnce("POST", "/api/prices/verify-transaction", c.token, key, map[string]string{
					"verification_code": code, "transaction_type": "buy"}, nil); err != nil {
					fail(err)
					continue
				}
				verifies = append(verifies, time.Since(t1))
				ok.Add(1)
			}
			mu.Lock()
			res.quotes = append(res.quotes, quotes...)
			res.verifies = append(res.verifies, verifies...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.ok, res.failed, res.elapsed = int(ok.Load()), int(failed.Load()), time.Since(start)
	res.shopCPU, res.clientCPU = cpuTime(s.cmd.Process.Pid)-shopCPU, cpuTime(0)-clientCPU
	return res
}
