package main

import (
	"io"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/go-chi/chi/v5"
)

// readFigures are one read measure's throughput and latency.
type readFigures struct {
	Requests, Failures int
	PerSec             float64
	P50, P99           time.Duration
}

// bareChi is the reference for the read: a go-chi router answering the same path with fixed JSON bytes.
type bareChi struct {
	url string
	srv *http.Server
}

func startBareChi(body []byte) (*bareChi, error) {
	r := chi.NewRouter()
	r.Get("/api/prices/my-prices", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Write(body)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: r, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	return &bareChi{url: "http://" + ln.Addr().String(), srv: srv}, nil
}

func (b *bareChi) close() { b.srv.Close() }

// readLoad sends GET url (with the Authorization header auth, if any) from conns kept-alive connections for
// d, each connection one request at a time, and times every request.
func readLoad(url, auth string, conns int, d time.Duration) readFigures {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var mu sync.Mutex
	var all []time.Duration
	failures := 0
	start := time.Now()
	deadline := start.Add(d)
	var wg sync.WaitGroup
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine := make([]time.Duration, 0, 4096)
			bad := 0
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest("GET", url, nil)
				if auth != "" {
					req.Header.Set("Authorization", auth)
				}
				t0 := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					bad++
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					bad++
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			all = append(all, mine...)
			failures += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	f := readFigures{Requests: len(all), Failures: failures, PerSec: float64(len(all)) / elapsed.Seconds()}
	if len(all) > 0 {
		slices.Sort(all)
		f.P50, f.P99 = all[len(all)/2], all[len(all)*99/100]
	}
	return f
}
