package app

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

// manyTrades gives the shop n sells of a milligram, made straight through the store by two dozen customers at
// once so the writer commits them in groups; it returns the day they were made on, as the export takes it.
func (s *testShop) manyTrades(t *testing.T, n int) string {
	t.Helper()
	ctx, now := context.Background(), s.clock.Now()
	owner, err := s.store.UserByPhone(ctx, adminPhone)
	if err != nil {
		t.Fatal(err)
	}
	const sellers = 24
	var wg sync.WaitGroup
	errs := make(chan error, sellers)
	for i := range sellers {
		id := mustID(t, s.newCustomer().id)
		if _, err := s.store.Charge(ctx, store.ChargeInput{AdminID: owner.ID, UserID: id, Asset: store.AssetGold, Amount: int64(n)}, now); err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := i; j < n; j += sellers {
				q, err := s.store.SaveQuote(ctx, store.Quote{UserID: id, Type: store.EntrySell, CodeScope: fmt.Sprint("bulk-", j),
					AmountRial: 50_000, AmountGoldMg: 1, PricePerGramRial: 50_000_000, CreatedAt: now, ExpiresAt: now.Add(time.Hour)})
				if err == nil {
					_, err = s.store.ExecuteQuote(ctx, store.Trade{UserID: id, Type: store.EntrySell, CodeScope: q.CodeScope}, now)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return now.In(iran.Tehran).Format(time.DateOnly)
}

func TestALargeExportStreamsInPartsAndLetsGoOfItsConnection(t *testing.T) {
	s := newTestShop(t)
	owner := s.newOwner()
	const n = 4 * exportFlushRows // four parts: the first leaves three quarters of the file unread
	start := time.Now()
	day := s.manyTrades(t, n)
	t.Logf("%d trades made in %s", n, time.Since(start).Round(time.Millisecond))
	get := func() *http.Response {
		req, err := http.NewRequest("GET", s.srv.URL+"/api/admin/exports/trades.csv?from="+day+"&to="+day, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+owner)
		resp, err := s.srv.Client().Do(req)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("export: %v %v", resp, err)
		}
		return resp
	}

	// The rows go out in parts while they are read: the first part is sent after a few hundred rows, not
	// once the file is whole.
	req := httptest.NewRequest("GET", "/api/admin/exports/trades.csv?from="+day+"&to="+day, nil)
	req.Header.Set("Authorization", "Bearer "+owner)
	w := &flushCounter{header: http.Header{}}
	s.app.Handler().ServeHTTP(w, req)
	t.Logf("flushed at %v of %d bytes", w.flushedAt, w.written)
	if len(w.flushedAt) < n/exportFlushRows || w.flushedAt[0] > w.written/3 {
		t.Fatalf("flushed after %v of %d bytes: not in parts", w.flushedAt, w.written)
	}

	resp := get()
	body := bufio.NewReader(resp.Body)
	if bom, _, err := body.ReadRune(); err != nil || bom != '\uFEFF' {
		t.Fatalf("no byte-order mark: %q %v", bom, err)
	}
	r := csv.NewReader(body)
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	rows, last := 0, int64(0)
	for {
		row, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("after %d rows: %v", rows, err)
		}
		id, _ := strconv.ParseInt(row[0], 10, 64)
		if id <= last || row[2] != wordSell || row[7] != "0.001" {
			t.Fatalf("row %d: %q after trade %d", rows, row, last)
		}
		rows, last = rows+1, id
	}
	resp.Body.Close()
	if rows != n {
		t.Fatalf("%d rows, want %d", rows, n)
	}

	// The owner's browser gives up after the first part: the read connection goes back to the pool.
	resp = get()
	if _, err := io.ReadFull(resp.Body, make([]byte, 4096)); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for deadline := time.Now().Add(2 * time.Minute); s.store.ReadDB().Stats().InUse != 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d read connections still held after the download was abandoned", s.store.ReadDB().Stats().InUse)
		}
	}
	// and the shop goes on answering, on that connection too
	if r := s.do("GET", "/api/admin/exports/customers.csv?from="+day+"&to="+day, owner, nil); r.Status != 200 {
		t.Fatalf("the next export: %d %s", r.Status, r.Body)
	}
}

// flushCounter is a ResponseWriter that notes how much had been written at each flush.
type flushCounter struct {
	header    http.Header
	written   int
	flushedAt []int
}

func (f *flushCounter) Header() http.Header         { return f.header }
func (f *flushCounter) WriteHeader(int)             {}
func (f *flushCounter) Write(p []byte) (int, error) { f.written += len(p); return len(p), nil }
func (f *flushCounter) Flush()                      { f.flushedAt = append(f.flushedAt, f.written) }

func TestAnExportThatFailsHalfwayIsCutOffNotEndedAsIfWhole(t *testing.T) {
	s := newTestShop(t)
	broken := errors.New("the disk went away")
	rows := func(n int) func(write func([]string) error) error {
		return func(write func([]string) error) error {
			for i := range n {
				if err := write([]string{strconv.Itoa(i), "=1+1"}); err != nil {
					return err
				}
			}
			return broken
		}
	}
	req := httptest.NewRequest("GET", "/api/admin/exports/trades.csv", nil)

	// Failing before anything went out: the ordinary error answer, with none of the file's headers.
	w := httptest.NewRecorder()
	if err := s.app.streamExport(req, newCSVDownload(w, "x.csv"), []string{"a", "b"}, rows(3)); !errors.Is(err, broken) {
		t.Fatalf("error %v, want the store's", err)
	}
	if w.Body.Len() != 0 || w.Header().Get("Content-Disposition") != "" {
		t.Fatalf("sent %q with %v before failing", w.Body, w.Header())
	}

	// Failing after the first part went out: the handler aborts, so the client sees a broken download.
	w = httptest.NewRecorder()
	defer func() {
		if p := recover(); p != http.ErrAbortHandler {
			t.Fatalf("recovered %v, want http.ErrAbortHandler", p)
		}
		if !strings.HasPrefix(w.Body.String(), "\uFEFFa,b\r\n0,'=1+1\r\n") || !w.Flushed {
			t.Fatalf("the first part: %q", w.Body.String()[:40])
		}
	}()
	_ = s.app.streamExport(req, newCSVDownload(w, "x.csv"), []string{"a", "b"}, rows(exportFlushRows+10))
	t.Fatal("an export that failed halfway returned")
}

// A formula behind marks that show nothing, or white space, is kept from running as well.
func TestInertCellLooksPastInvisibleMarks(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"=1+1", "'=1+1"},
		{"\u200e=1+1", "'\u200e=1+1"},
		{"\u200f+1", "'\u200f+1"},
		{"\u061c-1", "'\u061c-1"},
		{"\u200b@SUM(A1)", "'\u200b@SUM(A1)"},
		{"\ufeff\u2066=1", "'\ufeff\u2066=1"},
		{" =1+1", "' =1+1"},
		{"\tx", "'\tx"},
		{"علی", "علی"},
		{"\u200eعلی", "\u200eعلی"},
		{"1-2", "1-2"},
		{"", ""},
	} {
		if got := inertCell(c.in); got != c.want {
			t.Errorf("inertCell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
