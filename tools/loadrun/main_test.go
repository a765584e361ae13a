package main

import (
	"bytes"
	"context"
	"testing"
	"time"
)

// TestLoadRunBriefly runs every measure for a moment: every request succeeds and every figure is there. It
// never looks at a speed; the figures are for a person to read.
func TestLoadRunBriefly(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a shop and loads it")
	}
	var out bytes.Buffer
	rep, err := run(context.Background(), config{Duration: time.Second, Conns: 8, Traders: 4, Customers: 16}, &out)
	t.Log(out.String())
	if err != nil {
		t.Fatal(err)
	}
	if rep.ReadFailures > 0 || rep.TradeFailures > 0 {
		t.Fatalf("%d reads and %d trades failed; first trade error: %s", rep.ReadFailures, rep.TradeFailures, rep.FirstTradeFail)
	}
	for name, v := range map[string]float64{"shop req/s": rep.Shop.PerSec, "chi req/s": rep.Chi.PerSec,
		"trades/s": rep.TradesPerSec, "raw commits/s": rep.ProbePerSec} {
		if v <= 0 {
			t.Errorf("%s = %v, want > 0", name, v)
		}
	}
	if rep.Shop.P99 <= 0 || rep.Chi.P99 <= 0 {
		t.Errorf("p99 missing: shop %v, chi %v", rep.Shop.P99, rep.Chi.P99)
	}
}
