package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"goldshop/rules"
)

// Standing orders (issue 29): the facts of a customer's order to trade when their price meets a limit, and
// the hold that backs it. An order is never a forward trade: it executes at the live price, inside the
// transaction of the price change that meets it (orders_match.go), from what its hold kept aside.

// Order is one standing order. A buy is of a rial amount (ByRial) or of a weight; a sell of a weight. Held
// is what its hold took from the free balance: rial for a buy (the amount, or the weight's worth at the
// limit), milligrams for a sell.
type Order struct {
	ID             int64
	UserID         int64
	Side           string // EntryBuy or EntrySell
	ByRial         bool
	AmountRial     int64
	AmountGoldMg   int64
	LimitPriceRial int64
	Held           int64
	UntilAt        time.Time // the end of the Jalali day it is valid until
	Status         string    // OrderOpen, OrderExecuted, OrderExpired or OrderCanceled
	CreatedAt      time.Time
	ClosedAt       time.Time // zero while open
	// what an executed order traded: its journal, at what price, and the amounts
	JournalID                                int64
	PricePerGramRial, TradeRial, TradeGoldMg int64
}

// Order states.
const (
	OrderOpen     = "open"
	OrderExecuted = "executed"
	OrderExpired  = "expired"
	OrderCanceled = "canceled"
)

// OrdersPerCustomer is the most open orders one customer may keep.
const OrdersPerCustomer = 10

// Errors of orders.
var (
	ErrOrderLimit = errors.New("store: open orders per customer reached")
	// ErrOrderMet refuses an order the customer's price meets already: it is a trade for the screen now.
	ErrOrderMet = errors.New("store: the order's limit is met now")
)

// heldAsset is what an order of side holds.
func heldAsset(side string) string {
	if side == EntrySell {
		return AssetGold
	}
	return AssetRial
}

const orderColumns = `o.id, o.user_id, o.side, o.by_rial, o.amount_rial, o.amount_gold_mg, o.limit_price_rial, o.held,
	o.until_at, o.status, o.created_at, IFNULL(o.closed_at, 0), IFNULL(o.journal_id, 0),
	IFNULL(q.price_per_gram_rial, 0), IFNULL(q.amount_rial, 0), IFNULL(q.amount_gold_mg, 0)`

// ordersFrom joins an order to the quote its trade executed (none while it is not executed).
const ordersFrom = ` FROM standing_orders o LEFT JOIN trade_quotes q ON q.journal_id = o.journal_id`

func scanOrders(rows *sql.Rows, err error) ([]Order, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Order{}
	for rows.Next() {
		var o Order
		var until, created, closed int64
		if err := rows.Scan(&o.ID, &o.UserID, &o.Side, &o.ByRial, &o.AmountRial, &o.AmountGoldMg, &o.LimitPriceRial,
			&o.Held, &until, &o.Status, &created, &closed, &o.JournalID, &o.PricePerGramRial, &o.TradeRial,
			&o.TradeGoldMg); err != nil {
			return nil, err
		}
		o.UntilAt, o.CreatedAt = time.UnixMilli(until).UTC(), time.UnixMilli(created).UTC()
		if closed != 0 {
			o.ClosedAt = time.UnixMilli(closed).UTC()
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// Orders are the customer's orders, open ones first, newest first, at most 100.
func (s *Store) Orders(ctx context.Context, userID int64) ([]Order, error) {
	return scanOrders(s.read.QueryContext(ctx, `SELECT `+orderColumns+ordersFrom+` WHERE o.user_id = ?
		ORDER BY o.status <> 'open', o.id DESC LIMIT 100`, userID))
}

// PlaceOrder keeps a new open order and its hold in one transaction: at most OrdersPerCustomer open
// (ErrOrderLimit), never one the customer's price meets now (ErrOrderMet), and never more than the free
// balance (an *InsufficientError naming the held asset, from the hold's posting).
func (s *Store) PlaceOrder(ctx context.Context, o Order, now time.Time) (Order, error) {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM standing_orders WHERE user_id = ? AND status = 'open'`,
			o.UserID).Scan(&open); err != nil {
			return err
		}
		if open >= OrdersPerCustomer {
			return ErrOrderLimit
		}
		buy, sell, err := userPrices(ctx, tx, o.UserID)
		if err != nil {
			return err
		}
		if met, _ := rules.LimitMet(rules.Side(o.Side), o.LimitPriceRial, buy, sell); met {
			return ErrOrderMet
		}
		o.Status, o.CreatedAt = OrderOpen, time.UnixMilli(now.UnixMilli()).UTC()
		if err := tx.QueryRowContext(ctx, `INSERT INTO standing_orders (user_id, side, by_rial, amount_rial,
			amount_gold_mg, limit_price_rial, held, until_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			RETURNING id`, o.UserID, o.Side, o.ByRial, o.AmountRial, o.AmountGoldMg, o.LimitPriceRial, o.Held,
			o.UntilAt.UnixMilli(), now.UnixMilli()).Scan(&o.ID); err != nil {
			return err
		}
		return placeHold(ctx, tx, orderHold(o), now)
	})
	return o, err
}

// CancelOrder closes the customer's own open order and gives its hold back; ErrNotFound for another's or
// none, ErrConflict for one no longer open.
func (s *Store) CancelOrder(ctx context.Context, userID, id int64, now time.Time) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		o, err := orderForUpdate(ctx, tx, id)
		if err != nil || o.UserID != userID {
			return ErrNotFound
		}
		if o.Status != OrderOpen {
			return ErrConflict
		}
		return closeOrder(ctx, tx, o, OrderCanceled, now)
	})
}

// ExpireOrders closes every open order whose day has ended, gives its hold back and tells its customer; it
// returns how many it closed.
func (s *Store) ExpireOrders(ctx context.Context, now time.Time) (int, error) {
	var n int
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		due, err := scanOrders(tx.QueryContext(ctx, `SELECT `+orderColumns+ordersFrom+`
			WHERE o.status = 'open' AND o.until_at <= ? ORDER BY o.id LIMIT 500`, now.UnixMilli()))
		if err != nil {
			return err
		}
		for _, o := range due {
			if err := closeOrder(ctx, tx, o, OrderExpired, now); err != nil {
				return err
			}
			if err := notify(ctx, tx, Notification{UserID: o.UserID, Kind: NoteOrderExpired, SubjectID: o.ID,
				Asset: heldAsset(o.Side), Amount: o.Held}, now); err != nil {
				return err
			}
		}
		n = len(due)
		return nil
	})
	return n, err
}

func orderForUpdate(ctx context.Context, q queryer, id int64) (Order, error) {
	list, err := scanOrders(q.QueryContext(ctx, `SELECT `+orderColumns+ordersFrom+` WHERE o.id = ?`, id))
	if err != nil {
		return Order{}, err
	}
	if len(list) == 0 {
		return Order{}, ErrNotFound
	}
	return list[0], nil
}

// closeOrder releases o's hold to its customer's free balance and marks it status (expired or canceled).
func closeOrder(ctx context.Context, q queryer, o Order, status string, now time.Time) error {
	if err := releaseHold(ctx, q, orderHold(o), StatusCanceled, 0, now); err != nil {
		return err
	}
	return affectedOne(q.ExecContext(ctx, `UPDATE standing_orders SET status = ?, closed_at = ? WHERE id = ?
		AND status = 'open'`, status, now.UnixMilli(), o.ID))
}

// OrdersSummary is what the owner sees of orders: how many are open on each side and what they hold
// (never whose).
type OrdersSummary struct {
	OpenBuy, OpenSell       int
	HeldRial, HeldGoldMg    int64
	ExecutedToday, Expiring int
}

// OrdersSummaryOf counts the open orders and sums their holds; ExecutedToday counts those executed since
// dayStart, Expiring the open ones ending before dayEnd.
func (s *Store) OrdersSummaryOf(ctx context.Context, dayStart, dayEnd time.Time) (OrdersSummary, error) {
	var o OrdersSummary
	err := s.read.QueryRowContext(ctx, `SELECT
		IFNULL(SUM(status = 'open' AND side = 'buy'), 0), IFNULL(SUM(status = 'open' AND side = 'sell'), 0),
		IFNULL(SUM(CASE WHEN status = 'open' AND side = 'buy' THEN held END), 0),
		IFNULL(SUM(CASE WHEN status = 'open' AND side = 'sell' THEN held END), 0),
		IFNULL(SUM(status = 'executed' AND closed_at >= ?), 0),
		IFNULL(SUM(status = 'open' AND until_at <= ?), 0)
		FROM standing_orders WHERE status = 'open' OR closed_at >= ?`, dayStart.UnixMilli(), dayEnd.UnixMilli(),
		dayStart.UnixMilli()).Scan(&o.OpenBuy, &o.OpenSell, &o.HeldRial, &o.HeldGoldMg, &o.ExecutedToday, &o.Expiring)
	return o, err
}
