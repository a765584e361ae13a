package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"goldshop/rules"
)

// MatchOrders executes every open order its customer's price meets now, in one transaction of its own: the
// runner's call each minute, so that a price met while a side was shut executes when it opens, if it is
// still met. It returns how many executed.
func (s *Store) MatchOrders(ctx context.Context, now time.Time) (int, error) {
	var n int
	err := s.InTx(ctx, func(tx *sql.Tx) (err error) {
		n, err = s.executeOrders(ctx, tx, now)
		return err
	})
	return n, err
}

// executeOrders runs inside every transaction that changes prices (the base price, a grade, a customer's
// grade) and in MatchOrders: each open order whose customer's new price meets its limit, on a side open now
// at a fresh price, is executed at that price, under every rule of a trade. An order a rule refuses now (the
// weight limits, the vault, a daily limit) stays open, its savepoint rolled back, and is tried at the next
// change; nothing of it moves.
func (s *Store) executeOrders(ctx context.Context, tx *sql.Tx, now time.Time) (int, error) {
	base, err := scanPricePoint(tx.QueryRowContext(ctx, `SELECT `+pricePointColumns+` FROM price_history
		ORDER BY id DESC LIMIT 1`))
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	settings, err := priceSettings(ctx, tx)
	if err != nil {
		return 0, err
	}
	terms := TradingTerms{Settings: settings, Base: base, HasBase: true}
	if !terms.Fresh(now) {
		return 0, nil
	}
	buyOpen, sellOpen := settings.Hours(EntryBuy).Open(now), settings.Hours(EntrySell).Open(now)
	if !buyOpen && !sellOpen {
		return 0, nil
	}
	gs, err := grades(ctx, tx)
	if err != nil {
		return 0, err
	}
	executed := 0
	for _, g := range gs {
		terms.Grade = g
		buy, sell := terms.Prices()
		met, err := scanOrders(tx.QueryContext(ctx, `SELECT `+orderColumns+ordersFrom+`
			WHERE o.status = 'open' AND o.until_at > ?1 AND o.user_id IN (SELECT id FROM users WHERE grade = ?2)
				AND ((?3 AND o.side = 'buy' AND o.limit_price_rial >= ?4)
					OR (?5 AND o.side = 'sell' AND ?6 > 0 AND o.limit_price_rial <= ?6))
			ORDER BY o.id`, now.UnixMilli(), g.ID, buyOpen, buy, sellOpen, sell))
		if err != nil {
			return executed, err
		}
		for _, o := range met {
			price := buy
			if o.Side == EntrySell {
				price = sell
			}
			done, err := s.tryOrder(ctx, tx, o, terms, price, now)
			if err != nil {
				return executed, err
			}
			if done {
				executed++
			}
		}
	}
	return executed, nil
}

// tryOrder executes o at price in a savepoint of its own: done when it traded; false, nil when a rule of
// the trade refused it (rolled back, it stays open).
func (s *Store) tryOrder(ctx context.Context, tx *sql.Tx, o Order, t TradingTerms, price int64, now time.Time) (bool, error) {
	if _, err := tx.ExecContext(ctx, `SAVEPOINT standing_order`); err != nil {
		return false, err
	}
	err := s.executeOrder(ctx, tx, o, t, price, now)
	if err != nil && !refusedByRule(err) {
		return false, err // the whole transaction fails
	}
	if err != nil {
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO standing_order`); err != nil {
			return false, err
		}
	}
	if _, err := tx.ExecContext(ctx, `RELEASE standing_order`); err != nil {
		return false, err
	}
	return err == nil, nil
}

// refusedByRule says whether err is a trade's rule saying no (the order waits), not a failure.
func refusedByRule(err error) bool {
	var weight *rules.WeightOutOfLimits
	return errors.Is(err, ErrInsufficientFunds) || errors.Is(err, ErrReserveShort) ||
		errors.Is(err, rules.ErrTradeTooSmall) || errors.As(err, &weight) ||
		errors.Is(err, ErrDailyLimit)
}

// executeOrder releases o's hold and trades at price from the free balance it restored: the amounts by the
// shop's rounding, the weight limits, and trade's rules (the free balance, the vault, the daily limits, the
// inviter's reward). The trade's terms are kept as an executed quote named after the order.
func (s *Store) executeOrder(ctx context.Context, tx *sql.Tx, o Order, t TradingTerms, price int64, now time.Time) error {
	amount := o.AmountGoldMg
	if o.ByRial {
		amount = o.AmountRial
	}
	rial, mg, err := t.Amounts(o.Side, o.ByRial, amount, price)
	if err != nil {
		return err
	}
	if err := releaseHold(ctx, tx, orderHold(o), StatusApproved, 0, now); err != nil {
		return err
	}
	var invited bool
	if err := tx.QueryRowContext(ctx, `SELECT referred_by IS NOT NULL FROM users WHERE id = ?`, o.UserID).
		Scan(&invited); err != nil {
		return err
	}
	q := Quote{UserID: o.UserID, Type: o.Side, AmountRial: rial, AmountGoldMg: mg, PricePerGramRial: price,
		BasePriceID: t.Base.ID}
	journalID, _, err := s.trade(ctx, tx, Trade{UserID: o.UserID, Type: o.Side,
		Uninvited: !invited, Grade: t.Grade.ID}, q, t.Settings, now)
	if err != nil {
		return err
	}
	q.CodeScope = "order " + itoa(o.ID)
	if err := insertExecutedQuote(ctx, tx, q, journalID, now); err != nil {
		return err
	}
	if err := affectedOne(tx.ExecContext(ctx, `UPDATE standing_orders SET status = 'executed', closed_at = ?,
		journal_id = ? WHERE id = ? AND status = 'open'`, now.UnixMilli(), journalID, o.ID)); err != nil {
		return err
	}
	told := Notification{UserID: o.UserID, Kind: NoteOrderExecuted, SubjectID: o.ID, Asset: AssetGold, Amount: mg}
	if o.Side == EntrySell {
		told.Asset, told.Amount = AssetRial, rial
	}
	return notify(ctx, tx, told, now)
}

// pricesChanged is what every transaction that changes a customer's prices does before it commits: the
// alerts the new prices meet fire, and the orders they meet execute at them.
func (s *Store) pricesChanged(ctx context.Context, tx *sql.Tx, now time.Time) error {
	if err := fireAlerts(ctx, tx, now); err != nil {
		return err
	}
	_, err := s.executeOrders(ctx, tx, now)
	return err
}
