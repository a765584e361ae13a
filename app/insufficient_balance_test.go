package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"goldshop/store"
)

// answerTo is what writeError sends for err.
func answerTo(t *testing.T, err error) (int, string) {
	t.Helper()
	a := &App{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	rec := httptest.NewRecorder()
	a.writeError(rec, httptest.NewRequest(http.MethodPost, "/api/prices/verify", nil), err)
	var body struct{ Message string }
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	return rec.Code, body.Message
}

func TestAShortageIsAnsweredWithTheMessageOfItsAsset(t *testing.T) {
	for _, c := range []struct {
		name       string
		err        error
		wantStatus int
		wantMsg    string
	}{
		{"rial", &store.InsufficientError{Asset: store.AssetRial}, 400, msgInsufficientBalance},
		{"gold", &store.InsufficientError{Asset: store.AssetGold}, 400, msgInsufficientGold},
		{"gold, wrapped", fmt.Errorf("trade: %w", &store.InsufficientError{Asset: store.AssetGold}), 400, msgInsufficientGold},
		{"a shortage naming no asset", store.ErrInsufficientFunds, 400, msgInsufficientBalance},
		{"a balance the database refused", errors.New("constraint failed: CHECK constraint failed: kind LIKE 'shop_%' OR balance >= 0"),
			500, msgServerError},
		{"no live quote", store.ErrQuoteNone, 400, msgQuoteNone},
		{"a gold request already pending", store.ErrGoldRequestPending, 409, msgGoldRequestPending},
		{"a bar someone else holds", store.ErrBarTaken, 409, msgBarTaken},
	} {
		t.Run(c.name, func(t *testing.T) {
			if status, msg := answerTo(t, c.err); status != c.wantStatus || msg != c.wantMsg {
				t.Fatalf("got %d %q, want %d %q", status, msg, c.wantStatus, c.wantMsg)
			}
		})
	}
}

// The store's refusals, as the handlers pass them on: each names the asset that fell short.
func TestTheStoresShortagesReachTheCustomerAsTheirAssetsMessage(t *testing.T) {
	l := newLedgerShop(t)
	ctx, now := context.Background(), time.Now()
	b, err := l.st.Balances(ctx, l.user)
	if err != nil {
		t.Fatal(err)
	}
	trade := func(typ string, rial, mg int64) error {
		q, err := l.st.SaveQuote(ctx, store.Quote{UserID: l.user, Type: typ, CodeScope: "short-" + typ, AmountRial: rial,
			AmountGoldMg: mg, PricePerGramRial: 10_000_000, CreatedAt: now, ExpiresAt: now.Add(time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		_, err = l.st.ExecuteQuote(ctx, store.Trade{UserID: l.user, Type: typ, CodeScope: q.CodeScope}, now)
		return err
	}
	cards, err := l.st.BankAccounts(ctx, l.user)
	if err != nil || len(cards) != 1 {
		t.Fatalf("cards %v (err %v)", cards, err)
	}
	bar, err := l.st.AddBar(ctx, 0, store.VaultItem{Lab: "ری", IngotNumber: "10", PurityCenti: 75_000, WeightMg: b.AvailableGold + 1,
		Weight750Mg: b.AvailableGold + 1}, now)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"a buy confirmed after the rial was spent", trade(store.EntryBuy, b.AvailableRial+1, 1), msgInsufficientBalance},
		{"a sell confirmed after the gold was spent", trade(store.EntrySell, 1, b.AvailableGold+1), msgInsufficientGold},
		{"a withdraw above the free rial", func() error {
			_, err := l.st.CreateWithdraw(ctx, store.WithdrawInput{UserID: l.user, AmountRial: b.AvailableRial + 1,
				BankAccountID: cards[0].ID}, now)
			return err
		}(), msgInsufficientBalance},
		{"a bar above the free gold", func() error {
			_, err := l.st.CreateGoldRequest(ctx, store.GoldRequestInput{UserID: l.user, BarID: bar.ID}, now)
			return err
		}(), msgInsufficientGold},
		{"a quote above the free gold", b.Cover(store.AssetGold, b.AvailableGold+1), msgInsufficientGold},
	} {
		t.Run(c.name, func(t *testing.T) {
			if status, msg := answerTo(t, c.err); status != 400 || msg != c.want {
				t.Fatalf("%v: got %d %q, want 400 %q", c.err, status, msg, c.want)
			}
		})
	}
	if after, err := l.st.Balances(ctx, l.user); err != nil || after != b {
		t.Fatalf("balances %+v (err %v), were %+v", after, err, b)
	}
}
