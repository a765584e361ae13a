package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"
	"time"
)

// executeTrade quotes and executes a trade of the customer at 10,000,000 rial a gram, as a confirmed code would.
func executeTrade(t *testing.T, s *Store, userID int64, typ string, rial, mg int64) (Entry, error) {
	t.Helper()
	now := time.Now()
	q, err := s.SaveQuote(context.Background(), Quote{UserID: userID, Type: typ,
		CodeScope: fmt.Sprintf("test:%d:%d", userID, now.UnixNano()), AmountRial: rial, AmountGoldMg: mg,
		PricePerGramRial: 10_000_000, CreatedAt: now, ExpiresAt: now.Add(time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	return s.ExecuteQuote(context.Background(), Trade{UserID: userID, Type: typ, CodeScope: q.CodeScope}, now)
}

// ledgerSize is how many journals and postings the shop has: a refusal must leave both as they were.
func ledgerSize(t *testing.T, s *Store) string {
	t.Helper()
	var journals, postings int
	if err := s.read.QueryRow(`SELECT (SELECT COUNT(*) FROM journals), (SELECT COUNT(*) FROM postings)`).Scan(
		&journals, &postings); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d journals, %d postings", journals, postings)
}

func wantShortOf(t *testing.T, err error, asset string) {
	t.Helper()
	var short *InsufficientError
	if !errors.As(err, &short) || short.Asset != asset || !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("got %v, want a shortage of %s", err, asset)
	}
}

func TestAShortBalanceIsRefusedNamingItsAssetAndMovesNothing(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 1_000_000)
	if _, err := s.Charge(ctx, ChargeInput{AdminID: admin, UserID: user, Asset: AssetGold, Amount: 500}, time.Now()); err != nil {
		t.Fatal(err)
	}
	card := addCard(t, s, user, "6037991234567893")
	bar, err := s.AddBar(ctx, admin, VaultItem{Lab: "ری", IngotNumber: "1", PurityCenti: 75_000, WeightMg: 600, Weight750Mg: 600}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	want := Balances{Rial: 1_000_000, Gold: 500, AvailableRial: 1_000_000, AvailableGold: 500}
	before := ledgerSize(t, s)
	for _, c := range []struct {
		name  string
		asset string
		try   func() error
	}{
		{"a buy above the free rial", AssetRial, func() error {
			_, err := executeTrade(t, s, user, EntryBuy, 1_000_001, 100)
			return err
		}},
		{"a sell above the free gold", AssetGold, func() error {
			_, err := executeTrade(t, s, user, EntrySell, 5_010_000, 501)
			return err
		}},
		{"a withdraw above the free rial", AssetRial, func() error {
			_, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 1_000_001, BankAccountID: card}, time.Now())
			return err
		}},
		{"a bar above the free gold", AssetGold, func() error {
			_, err := s.CreateGoldRequest(ctx, GoldRequestInput{UserID: user, BarID: bar.ID}, time.Now())
			return err
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			wantShortOf(t, c.try(), c.asset)
			wantBalances(t, s, user, want)
			if after := ledgerSize(t, s); after != before {
				t.Fatalf("the ledger moved: %s, then %s", before, after)
			}
		})
	}
	var requests, reserved int
	if err := s.read.QueryRow(`SELECT (SELECT COUNT(*) FROM wallet_requests WHERE type = 'withdraw')
		+ (SELECT COUNT(*) FROM gold_requests), (SELECT COUNT(*) FROM vault_items WHERE requestable AND id IN
			(SELECT item_id FROM gold_requests))`).Scan(&requests, &reserved); err != nil {
		t.Fatal(err)
	}
	if requests != 0 || reserved != 0 {
		t.Fatalf("a refused request left %d requests and %d reserved bars", requests, reserved)
	}
	// what was refused for the balance is done once the balance covers it
	if _, err := executeTrade(t, s, user, EntrySell, 5_000_000, 500); err != nil {
		t.Fatal(err)
	}
}

func TestAHoldAsksForWhatIsFreeNotWhatIsOwned(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	admin, user := addAdmin(t, s), addCustomer(t, s, 1)
	fund(t, s, admin, user, 1_000)
	card := addCard(t, s, user, "6037991234567893")
	if _, err := s.CreateWithdraw(ctx, WithdrawInput{UserID: user, AmountRial: 600, BankAccountID: card}, time.Now()); err != nil {
		t.Fatal(err)
	}
	// 1,000 owned but 600 held: a buy of 500 is short of rial
	_, err := executeTrade(t, s, user, EntryBuy, 500, 50)
	wantShortOf(t, err, AssetRial)
	if err := (Balances{AvailableRial: 400}).Cover(AssetRial, 401); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("Cover: %v", err)
	}
	if err := (Balances{AvailableRial: 400, AvailableGold: 1}).Cover(AssetGold, 1); err != nil {
		t.Fatalf("Cover: %v", err)
	}
}

func TestABalanceBelowZeroPastTheFreeCheckIsAnInternalError(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	user := addCustomer(t, s, 1)
	// a held amount that is not there: only the accounts' CHECK stops it, and that is no customer's shortage
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := postJournal(ctx, s.writeStmts.in(tx), journal{userID: user, typ: entryRelease, status: StatusCanceled,
			legs: move(AssetRial, 5, kindCustomerHold, user, kindCustomer, user)}, time.Now())
		return err
	})
	if err == nil || errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("got %v, want an internal error", err)
	}
	wantBalances(t, s, user, Balances{})
}
