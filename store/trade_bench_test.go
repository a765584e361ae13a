package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// BenchmarkTradeWrites is a verified trade's two writes as the writer runs them, without HTTP: the quote with
// its code (IssueQuote) and the trade (ExecuteQuote, the code checked), from 8 traders at once, each on
// customers of its own. It reports the writer's time a trade (writer-µs/trade) beside the wall time: with no
// daily limit set (the common case), with one in effect for every customer (each trade sums its day), and
// with each trade confirmed in an idempotent call (its key's claim and kept answer), as the web UI sends it,
// and against a vault of a real shop's size (vaultPieces pieces: the reserve guard weighs them on every buy).
func BenchmarkTradeWrites(b *testing.B) {
	b.Run("no daily limit", func(b *testing.B) { benchmarkTradeWrites(b, nil, false, 0) })
	b.Run("a daily limit on every customer", func(b *testing.B) {
		benchmarkTradeWrites(b, &DailyLimits{BuyRial: limit(1_000_000_000_000)}, false, 0)
	})
	b.Run("with an Idempotency-Key", func(b *testing.B) { benchmarkTradeWrites(b, nil, true, 0) })
	b.Run(fmt.Sprintf("a vault of %d pieces", vaultPieces), func(b *testing.B) {
		benchmarkTradeWrites(b, nil, false, vaultPieces)
	})
}

// vaultPieces is a shop's vault after some years of buy-backs and new stock.
const vaultPieces = 3000

func benchmarkTradeWrites(b *testing.B, daily *DailyLimits, keyed bool, pieces int) {
	s, _ := openTest(b)
	ctx := context.Background()
	admin := addAdmin(b, s)
	for range pieces {
		if _, err := s.AddVaultItem(ctx, admin, VaultItem{Kind: VaultCoin, Description: "سکه", WeightMg: 7500,
			PurityCenti: 75_000, Weight750Mg: 7500}, "", time.Now()); err != nil {
			b.Fatal(err)
		}
	}
	if daily != nil {
		if err := s.SetGradeDailyLimits(ctx, admin, 1, *daily, time.Now()); err != nil {
			b.Fatal(err)
		}
	}
	const traders = 8
	var customers [traders][]int64
	for i := range traders * 16 {
		id := addCustomer(b, s, 500+i)
		fund(b, s, admin, id, 1_000_000_000_000)
		customers[i%traders] = append(customers[i%traders], id)
	}
	lim := CodeLimits{Lifetime: 2 * time.Minute, ResendAfter: time.Millisecond, DailyCap: 1 << 30, MaxWrongTries: 5}
	busy0, _, _, _ := s.WriterTime()
	b.ResetTimer()
	var wg sync.WaitGroup
	per := (b.N + traders - 1) / traders
	for t := range traders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range per {
				id := customers[t][i%len(customers[t])]
				phone := fmt.Sprintf("0912%07d", id+1_000_000)
				hash := []byte(fmt.Sprintf("code-%d-%d", t, i))
				now := time.Now()
				q := Quote{UserID: id, Type: EntryBuy, CodeScope: fmt.Sprintf("s-%d-%d", t, i), AmountRial: 1_000_000,
					AmountGoldMg: 19, PricePerGramRial: 51_234_567, CreatedAt: now, ExpiresAt: now.Add(time.Minute)}
				if _, _, err := s.IssueQuote(ctx, phone, hash, lim, q, now); err != nil {
					b.Error(err)
					return
				}
				cctx, call := ctx, (*OnceCall)(nil)
				if keyed {
					cctx, call = s.StartOnce(ctx, Once{UserID: id, Key: q.CodeScope, Route: "POST /verify"}, "fp", now)
				}
				if _, err := s.ExecuteQuote(cctx, Trade{UserID: id, Type: EntryBuy, CodeHash: hash,
					CodeLimits: lim, Uninvited: true}, now); err != nil {
					b.Error(err)
					return
				}
				if call != nil {
					if err := call.Finish(cctx, 200, `{"message":"done"}`); err != nil {
						b.Error(err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	busy, _, _, _ := s.WriterTime()
	b.ReportMetric(float64((busy-busy0).Microseconds())/float64(traders*per), "writer-µs/trade")
}
