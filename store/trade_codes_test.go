package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// tradeQuote asks a quote with a code for customer userID (phone) under lim, as the quote screen does.
func tradeQuote(s *Store, userID int64, phone string, i int, lim CodeLimits, now time.Time) error {
	q := Quote{UserID: userID, Type: EntryBuy, CodeScope: fmt.Sprintf("scope-%d-%d", userID, i), AmountRial: 100,
		AmountGoldMg: 1, PricePerGramRial: 100_000, CreatedAt: now, ExpiresAt: now.Add(time.Minute)}
	_, _, err := s.IssueQuote(context.Background(), phone, []byte(fmt.Sprint("code-", i)), lim, q, now)
	return err
}

// rowsOf counts phone's trade code rows and the bucket's hits in the database.
func rowsOf(t *testing.T, s *Store, phone, bucket string) (codes, hits int) {
	t.Helper()
	if err := s.read.QueryRow(`SELECT (SELECT COUNT(*) FROM verification_codes WHERE phone_number = ?
		AND purpose = 'trade'), (SELECT COUNT(*) FROM rate_hits WHERE bucket = ?)`, phone, bucket).
		Scan(&codes, &hits); err != nil {
		t.Fatal(err)
	}
	return codes, hits
}

// Trade codes are counted while their rows wait to be written: parallel quotes of one phone never pass the
// daily cap, nor parallel quotes from one address its bucket, and the rows that land are exactly the codes
// texted, which a restart still counts.
func TestTradeCodesAreCountedBeforeTheirRowsAreWritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "goldshop.db") // closed and opened again below
	s, err := OpenMigratedCopy(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	const bucket = "code-ip:5.6.7.8"
	lim := CodeLimits{Lifetime: 2 * time.Minute, DailyCap: 7, MaxWrongTries: 5, // no spacing: one moment
		Hits: []Limit{{Bucket: bucket, Max: 12, Window: 10 * time.Minute}}}
	var users [3]int64
	for i := range users {
		users[i] = addCustomer(t, s, 700+i)
	}
	now := time.Now()
	phone := func(i int) string { return fmt.Sprintf("0912%07d", 7000+i) }
	var mu sync.Mutex
	refused := map[error]int{}
	var wg sync.WaitGroup
	for g := range 3 * 10 { // ten quotes of each of three customers at once
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := tradeQuote(s, users[g%3], phone(g%3), g, lim, now)
			mu.Lock()
			refused[err]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	// 12 hits fit the address's bucket; no phone passes 7
	if refused[nil] != 12 || refused[ErrRateLimited]+refused[ErrCodeDailyCap] != 18 {
		t.Fatalf("outcomes %v, want 12 texted and 18 refused", refused)
	}
	total := 0
	for i := range users {
		codes, _ := rowsOf(t, s, phone(i), bucket)
		if codes > lim.DailyCap {
			t.Errorf("phone %d: %d codes, cap %d", i, codes, lim.DailyCap)
		}
		total += codes
	}
	if _, hits := rowsOf(t, s, "", bucket); hits != 12 || total != 12 {
		t.Fatalf("%d code rows and %d hits written, want 12 each", total, hits)
	}
	// a restart forgives nothing: the rows are what the next quote is counted against
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	var s2 *Store
	s2, err = Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if err := tradeQuote(s2, users[0], phone(0), 99, lim, time.Now()); !errors.Is(err, ErrRateLimited) {
		t.Fatalf("after a restart: %v, want the full bucket's refusal", err)
	}
}

// A quote's code and the quote itself are written before the quote is answered: a restart (or a crash) finds
// the customer's newest quote and its code live, and confirms it; an older one stays replaced.
func TestAQuoteGivenBeforeARestartIsConfirmedAfterIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "goldshop.db")
	s, err := OpenMigratedCopy(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := stockVault(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	admin, user := addAdmin(t, s), addCustomer(t, s, 751)
	fund(t, s, admin, user, 1_000_000)
	const phone = "09120007510"
	lim := CodeLimits{Lifetime: 2 * time.Minute, ResendAfter: time.Nanosecond, DailyCap: 10, MaxWrongTries: 5}
	now := time.Now()
	for i := range 2 {
		if err := tradeQuote(s, user, phone, i, lim, now.Add(time.Duration(i)*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := tradeQuote(s, user, phone, 2, lim, now); !errors.Is(err, errClosed) {
		t.Fatalf("a quote asked of a closed store: %v", err)
	}
	s, err = Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	confirm := func(code string) error {
		_, err := s.ExecuteQuote(context.Background(), Trade{UserID: user, Type: EntryBuy,
			CodeHash: []byte(code), CodeLimits: lim}, now.Add(time.Second))
		return err
	}
	if err := confirm("code-0"); !errors.Is(err, ErrCodeWrong) {
		t.Fatalf("the replaced quote's code after the restart: %v, want wrong", err)
	}
	if err := confirm("code-1"); err != nil {
		t.Fatalf("the newest quote's code after the restart: %v", err)
	}
	if b, err := s.Balances(context.Background(), user); err != nil || b.Rial != 1_000_000-100 {
		t.Fatalf("balances after the confirmed quote %+v (%v)", b, err)
	}
	if _, err := s.CheckInvariants(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// Wrong tries of a trade code are counted in the quote book under its lock: parallel guesses void the code
// at the limit, and not one guess more is weighed.
func TestParallelWrongTradeCodesVoidTheCodeAtTheLimit(t *testing.T) {
	s, _ := openTest(t)
	user := addCustomer(t, s, 741)
	lim := CodeLimits{Lifetime: 2 * time.Minute, ResendAfter: time.Nanosecond, DailyCap: 10, MaxWrongTries: 5}
	now := time.Now()
	if err := tradeQuote(s, user, "09120007410", 0, lim, now); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	verdicts := map[error]int{}
	var wg sync.WaitGroup
	for g := range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := s.ExecuteQuote(context.Background(), Trade{UserID: user, Type: EntryBuy,
				CodeHash: []byte(fmt.Sprint("wrong-", g)), CodeLimits: lim}, now)
			mu.Lock()
			verdicts[err]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if verdicts[ErrCodeWrong] != 4 || verdicts[ErrCodeTooManyTries] != 1 || verdicts[ErrCodeNone] != 35 {
		t.Fatalf("verdicts %v, want 4 wrong, 1 voiding, 35 without a code", verdicts)
	}
	// the right code no longer works
	if _, err := s.ExecuteQuote(context.Background(), Trade{UserID: user, Type: EntryBuy,
		CodeHash: []byte("code-0"), CodeLimits: lim}, now); !errors.Is(err, ErrCodeNone) {
		t.Fatalf("the voided code: %v", err)
	}
}

// A trade confirmed inside an idempotent call that then rolls back (its handler failed) leaves nothing: the
// money stays, and the quote and its code are back in the book for the retry.
func TestATradeOfARolledBackCallGivesItsQuoteBack(t *testing.T) {
	s, _ := openTest(t)
	admin, user := addAdmin(t, s), addCustomer(t, s, 761)
	fund(t, s, admin, user, 1_000_000)
	lim := CodeLimits{Lifetime: 2 * time.Minute, ResendAfter: time.Nanosecond, DailyCap: 10, MaxWrongTries: 5}
	now := time.Now()
	if err := tradeQuote(s, user, "09120007610", 0, lim, now); err != nil {
		t.Fatal(err)
	}
	confirm := func(ctx context.Context) error {
		_, err := s.ExecuteQuote(ctx, Trade{UserID: user, Type: EntryBuy, CodeHash: []byte("code-0"), CodeLimits: lim}, now)
		return err
	}
	cctx, call := s.StartOnce(context.Background(), Once{UserID: user, Key: "k-761", Route: "POST /verify"}, "fp", now)
	if err := confirm(cctx); err != nil {
		t.Fatal(err)
	}
	call.Abort()
	if b, _ := s.Balances(context.Background(), user); b.Rial != 1_000_000 {
		t.Fatalf("rial after the rolled-back call: %d", b.Rial)
	}
	if err := confirm(context.Background()); err != nil {
		t.Fatalf("the retry after the rolled-back call: %v", err)
	}
	if b, _ := s.Balances(context.Background(), user); b.Rial != 1_000_000-100 {
		t.Fatalf("rial after the retry: %d", b.Rial)
	}
}
