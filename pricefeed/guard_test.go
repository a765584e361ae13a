package pricefeed

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Base rounds once, half up, to roundTo; margins may be negative.
func TestBaseRoundsHalfUpAndKeepsSigns(t *testing.T) {
	cases := []struct {
		name       string
		source     int64
		marginBP   int64
		marginRial int64
		roundTo    int64
		want       int64
	}{
		{"no margin, no rounding", 185_782_000, 0, 0, 0, 185_782_000},
		{"a zero percent written out", 185_782_000, 0, 0, 1, 185_782_000},
		{"1.5 percent rounded to a thousand rounds 730 up", 185_782_000, 150, 0, 1000, 188_569_000}, // 188568730
		{"minus 2 percent", 185_782_000, -200, 0, 0, 182_066_360},
		{"minus 2 percent and minus rial", 185_782_000, -200, -66_360, 1000, 182_000_000},
		{"plus rial only", 185_782_000, 0, 218_000, 1000, 186_000_000},
		{"a plus sign", 1000, 1000, 0, 1, 1100},
		{"a tie at the rial goes up", 3, 5000, 0, 1, 5},                    // 4.5
		{"a tie at a thousand goes up", 1000, 0, 500, 1000, 2000},          // 1500
		{"just under a tie goes down", 1000, 0, 499, 1000, 1000},           // 1499
		{"rounded once, not first to the rial", 1000, 4995, 0, 1000, 1000}, // 1499.5, not 1500 → 2000
		{"a negative percent tie goes up", 1000, -50, 0, 10, 1000},         // 995 → 99.5 tens
		{"a cut below roundTo still rounds up to it", 1000, 0, -400, 1000, 1000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Base(tc.source, tc.marginBP, tc.marginRial, tc.roundTo)
			if err != nil || got != tc.want {
				t.Errorf("Base(%d, %d, %d, %d) = %d, %v; want %d", tc.source, tc.marginBP, tc.marginRial, tc.roundTo,
					got, err, tc.want)
			}
		})
	}
}

// Base refuses what is not a positive price and margins it cannot read.
func TestBaseRefuses(t *testing.T) {
	cases := []struct {
		name       string
		source     int64
		marginBP   int64
		marginRial int64
		roundTo    int64
		wantErr    error
	}{
		{"minus 100 percent leaves nothing", 1000, -10000, 0, 1, ErrNotPositive},
		{"a cut of the whole price leaves nothing", 1000, 0, -1000, 1, ErrNotPositive},
		{"a cut that rounds to nothing", 1000, 0, -600, 1000, ErrNotPositive}, // 400 → 0
		{"a larger cut goes negative", 1000, -15000, 0, 1, ErrNotPositive},
		{"a base past int64", 1 << 62, 10000, 1 << 62, 1, ErrNotPositive},
		{"a negative roundTo", 1000, 0, 0, -10, ErrConfig},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Base(tc.source, tc.marginBP, tc.marginRial, tc.roundTo)
			if !errors.Is(err, tc.wantErr) || got != 0 {
				t.Errorf("got %d, %v; want 0 and %v", got, err, tc.wantErr)
			}
		})
	}
}

// Judge at each boundary: exactly at the limit passes, one unit past it does not.
func TestJudgeAtTheBoundaries(t *testing.T) {
	now := time.Date(2026, 8, 6, 13, 30, 0, 0, time.UTC)
	fresh := Reading{Rial: 185_782_000, At: now.Add(-time.Minute)}
	const last = 200_000_000 // 5% of it is 10,000,000
	cases := []struct {
		name    string
		at      time.Time
		last    int64
		newBase int64
		step    int64
		maxAge  time.Duration
		want    Verdict
	}{
		{"a small move applies", fresh.At, last, 201_000_000, 500, time.Hour, Apply},
		{"no last applied base applies whatever the move", fresh.At, 0, 2_000_000_000, 500, time.Hour, Apply},
		{"a move of exactly the step applies", fresh.At, last, 210_000_000, 500, time.Hour, Apply},
		{"one rial past the step up is held", fresh.At, last, 210_000_001, 500, time.Hour, Held},
		{"exactly the step down applies", fresh.At, last, 190_000_000, 500, time.Hour, Apply},
		{"one rial past the step down is held", fresh.At, last, 189_999_999, 500, time.Hour, Held},
		{"ten times the last is held", fresh.At, last, 2_000_000_000, 500, time.Hour, Held},
		{"a step of 0 turns the step check off", fresh.At, last, 2_000_000_000, 0, time.Hour, Apply},
		{"a base of 0 is held", fresh.At, last, 0, 500, time.Hour, Held},
		{"a base of 0 is held with no last either", fresh.At, 0, 0, 500, time.Hour, Held},
		{"exactly max age old applies", now.Add(-time.Hour), last, last, 500, time.Hour, Apply},
		{"a nanosecond older is stale", now.Add(-time.Hour - 1), last, last, 500, time.Hour, Stale},
		{"stale comes before held", now.Add(-2 * time.Hour), last, 2_000_000_000, 500, time.Hour, Stale},
		{"a max age of 0 turns the age check off", now.AddDate(-1, 0, 0), last, last, 500, 0, Apply},
		{"exactly a minute ahead applies", now.Add(MaxAhead), last, last, 500, time.Hour, Apply},
		{"a nanosecond more is future", now.Add(MaxAhead + 1), last, last, 500, time.Hour, Future},
		{"future comes before held and the age check", now.Add(time.Hour), last, 2_000_000_000, 500, 0, Future},
		{"a step past int64's range is still exact", fresh.At, 1<<62 - 1, 1 << 62, 500, time.Hour, Apply},
		{"a move past int64's range is still held", fresh.At, 1 << 62, 1<<62 + 1<<59, 500, time.Hour, Held},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := Reading{Rial: fresh.Rial, At: tc.at}
			if got := Judge(r, now, tc.last, tc.newBase, tc.step, tc.maxAge); got != tc.want {
				t.Errorf("Judge = %s, want %s", got, tc.want)
			}
		})
	}
}

// Backoff waits 30 s after a failure, doubling to the normal cadence and no further.
func TestBackoffDoublesToEvery(t *testing.T) {
	cases := []struct {
		failures int
		every    time.Duration
		want     time.Duration
	}{
		{0, 5 * time.Minute, 5 * time.Minute},
		{1, 5 * time.Minute, 30 * time.Second},
		{2, 5 * time.Minute, time.Minute},
		{3, 5 * time.Minute, 2 * time.Minute},
		{4, 5 * time.Minute, 4 * time.Minute},
		{5, 5 * time.Minute, 5 * time.Minute},
		{1000, 5 * time.Minute, 5 * time.Minute},
		{1, 20 * time.Second, 20 * time.Second},
		{3, 30 * time.Second, 30 * time.Second},
		{1 << 30, 24 * time.Hour, 24 * time.Hour},
	}
	for _, tc := range cases {
		if got := Backoff(tc.failures, tc.every); got != tc.want {
			t.Errorf("Backoff(%d, %v) = %v, want %v", tc.failures, tc.every, got, tc.want)
		}
	}
}

// The guard matters a source can serve: fetched as it comes, then judged.
func TestJudgeFetchedReadings(t *testing.T) {
	nav := string(fixture(t, "navasan_latest.json"))
	brs := string(fixture(t, "brsapi_gold_currency.json"))
	sourceTime := time.Unix(1786022992, 0)
	now := sourceTime.Add(2 * time.Minute)
	lastApplied, err := Base(185_782_000, 100, 0, 1000)
	if err != nil {
		t.Fatal(err)
	}
	unix := func(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }
	cases := []struct {
		name string
		c    Config
		body string
		want Verdict
	}{
		{"the fixture's price applies", Config{Source: SourceNavasan, Key: testKey}, nav, Apply},
		{"a value ten times too big is held", Config{Source: SourceNavasan, Key: testKey},
			strings.Replace(nav, `"18578200"`, `"185782000"`, 1), Held},
		{"a value ten times too small is held", Config{Source: SourceBrsAPI, Key: testKey},
			strings.Replace(brs, `"price": 18578200`, `"price": 1857820`, 1), Held},
		{"a time two hours old is stale", Config{Source: SourceNavasan, Key: testKey},
			strings.ReplaceAll(nav, unix(sourceTime), unix(now.Add(-2*time.Hour))), Stale},
		{"a time five minutes ahead is future", Config{Source: SourceBrsAPI, Key: testKey},
			strings.ReplaceAll(brs, unix(sourceTime), unix(now.Add(5*time.Minute))), Future},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			param := map[string]string{SourceNavasan: "api_key", SourceBrsAPI: "key"}[tc.c.Source]
			tc.c.URL = standIn(t, answer(t, param, []byte(tc.body)))
			r, err := fetchNow(t, tc.c)
			if err != nil {
				t.Fatal(err)
			}
			base, err := Base(r.Rial, 100, 0, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if got := Judge(r, now, lastApplied, base, 1000, 30*time.Minute); got != tc.want {
				t.Errorf("Judge = %s, want %s (base %d, last %d, at %v)", got, tc.want, base, lastApplied, r.At)
			}
		})
	}
}
