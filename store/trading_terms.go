package store

import (
	"context"
	"errors"
	"time"

	"goldshop/rules"
)

// A trade's terms in one place (issue 37): every caller that prices a trade (the trade screen's quote, a
// standing order's placing and its execution, a savings plan's preview and its run) asks TradingTerms for its
// prices and amounts, and every caller that refuses a trade early asks CheckTrade, which runs the checks the
// trade itself runs when it commits (trade, trades.go).

// Why a trade cannot be priced.
var (
	// ErrPricesStale is a trade asked while the base price is older than the owner's price_max_age_minutes, or
	// before the shop has set one.
	ErrPricesStale = errors.New("store: prices are not fresh")
	// ErrPriceUnavailable is a sell while the grade's sell price is not above zero.
	ErrPriceUnavailable = errors.New("store: the grade's sell price is not above zero")
)

// Prices are the grade's buy and sell prices per gram at the base price (both zero before one is set).
func (t TradingTerms) Prices() (buy, sell int64) {
	if !t.HasBase {
		return 0, 0
	}
	return rules.GradePrices(t.Base.PricePerGramRial, t.Grade.SellAddRial, t.Grade.BuySubtractRial)
}

// Fresh says whether the base price may be traded at now: set, and no older than price_max_age_minutes.
func (t TradingTerms) Fresh(now time.Time) bool {
	return t.HasBase && rules.PriceFresh(t.Base.At, now, t.Settings.PriceMaxAgeMinutes)
}

// Amounts are the rial and milligrams of a trade of side (of amount rial when byRial, else of amount mg) at
// price per gram, by the shop's rounding and within its weight limits (the rules' errors otherwise).
func (t TradingTerms) Amounts(side string, byRial bool, amount, price int64) (rial, mg int64, err error) {
	rialD, mgD := rules.TradeAmounts(rules.Side(side), byRial, amount, price)
	return rules.BoundTrade(rialD, mgD, t.Settings.MinWeightMg, t.Settings.MaxWeightMg)
}

// TradeTerms are a priced trade: the price per gram and the amounts it moves.
type TradeTerms struct {
	PricePerGramRial, AmountRial, AmountGoldMg int64
	BasePriceID                                int64 // the base price it was priced from (price_history)
}

// Quote prices a trade of side at now: ErrPricesStale without a fresh base price, ErrTradingClosed outside
// the side's hours or with it switched off, ErrPriceUnavailable for a sell at a price not above zero, and the
// weight limits' refusals; otherwise the grade's price and the amounts (Amounts).
func (t TradingTerms) Quote(side string, byRial bool, amount int64, now time.Time) (TradeTerms, error) {
	if !t.Fresh(now) {
		return TradeTerms{}, ErrPricesStale
	}
	if !t.Settings.Hours(side).Open(now) {
		return TradeTerms{}, ErrTradingClosed
	}
	price, sell := t.Prices()
	if side == EntrySell {
		price = sell
	}
	if price <= 0 {
		return TradeTerms{}, ErrPriceUnavailable
	}
	rial, mg, err := t.Amounts(side, byRial, amount, price)
	return TradeTerms{PricePerGramRial: price, AmountRial: rial, AmountGoldMg: mg, BasePriceID: t.Base.ID}, err
}

// CheckTrade runs, on the read pool's prepared statements, the checks a trade of side by user moving rial
// and mg makes when it commits (tradeChecks): the free balance (an *InsufficientError), the daily limits (a
// *DailyLimitError), and for a buy the vault (a *ReserveShortError). It writes nothing: a caller refuses early
// with it (before a code is texted); the trade checks again inside its transaction, so each check may read
// what is committed at its own moment. Not in a read transaction: a statement prepared for the pool cannot
// be lent to one without another connection free, and parsing the reserve's query anew on every quote was a
// fifth of the shop's processor time under a rush of trades (issue 41).
func (s *Store) CheckTrade(ctx context.Context, user User, side string, rial, mg int64, now time.Time) error {
	return s.tradeChecks(ctx, s.readStmts, false, Trade{UserID: user.ID, Type: side, Grade: user.Grade}, rial, mg, now)
}

// tradeChecks are trade's rules before it moves anything, in the order the customer hears them: short of
// the rial (or the gold) first; then the day's limits; then, buying, whether the vault covers the gold.
// onWriter says w is a transaction of the writer (tradeReserve).
func (s *Store) tradeChecks(ctx context.Context, w queryer, onWriter bool, t Trade, rial, mg int64, now time.Time) error {
	paid, paidWith := rial, AssetRial
	if t.Type == EntrySell {
		paid, paidWith = mg, AssetGold
	}
	if err := ensureFree(ctx, w, t.UserID, paidWith, paid); err != nil {
		return err
	}
	if err := s.checkDailyLimit(ctx, w, t, rial, mg, now); err != nil {
		return err
	}
	if t.Type != EntryBuy {
		return nil
	}
	r, err := s.tradeReserve(ctx, w, onWriter)
	if err != nil {
		return err
	}
	return r.Cover(mg)
}
