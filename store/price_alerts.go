package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"goldshop/rules"
)

// MaxLiveAlerts is how many alerts a customer may have waiting at once.
const MaxLiveAlerts = 10

// ErrTooManyAlerts refuses an eleventh live alert.
var ErrTooManyAlerts = errors.New("store: too many live alerts")

// ErrAlertMet refuses an alert the customer's price already meets: it would fire at once, not when the
// price crosses it. Price is that price now.
type ErrAlertMet struct{ Price int64 }

func (e *ErrAlertMet) Error() string { return "store: alert already met at " + itoa(e.Price) }

// PriceAlert is one of a customer's alerts; FiredAt is zero while it waits.
type PriceAlert struct {
	ID, UserID  int64
	Side        string // buy or sell
	PriceRial   int64
	CreatedAt   time.Time
	FiredAt     time.Time
	FiredAtRial int64
}

const alertColumns = `id, user_id, side, price_rial, created_at, IFNULL(fired_at, 0), IFNULL(fired_price_rial, 0)`

func scanAlerts(rows *sql.Rows, err error) ([]PriceAlert, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PriceAlert{}
	for rows.Next() {
		var a PriceAlert
		var created, fired int64
		if err := rows.Scan(&a.ID, &a.UserID, &a.Side, &a.PriceRial, &created, &fired, &a.FiredAtRial); err != nil {
			return nil, err
		}
		a.CreatedAt = time.UnixMilli(created).UTC()
		if fired != 0 {
			a.FiredAt = time.UnixMilli(fired).UTC()
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// userPrices are a customer's buy and sell prices now (0, 0 before the shop's first price).
func userPrices(ctx context.Context, q queryer, userID int64) (buy, sell int64, err error) {
	var base, add, sub sql.NullInt64
	err = q.QueryRowContext(ctx, `SELECT (SELECT price_rial FROM price_history ORDER BY id DESC LIMIT 1),
		g.sell_add_rial, g.buy_subtract_rial FROM users u JOIN grades g ON g.id = u.grade WHERE u.id = ?`, userID).
		Scan(&base, &add, &sub)
	if err != nil || !base.Valid {
		return 0, 0, err
	}
	buy, sell = rules.GradePrices(base.Int64, add.Int64, sub.Int64)
	return buy, sell, nil
}

// AddPriceAlert saves a customer's alert: at most MaxLiveAlerts waiting (ErrTooManyAlerts), never one their
// price meets already (*ErrAlertMet).
func (s *Store) AddPriceAlert(ctx context.Context, a PriceAlert, now time.Time) (PriceAlert, error) {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var live int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM price_alerts WHERE user_id = ? AND fired_at IS NULL`,
			a.UserID).Scan(&live); err != nil {
			return err
		}
		if live >= MaxLiveAlerts {
			return ErrTooManyAlerts
		}
		buy, sell, err := userPrices(ctx, tx, a.UserID)
		if err != nil {
			return err
		}
		if met, price := rules.LimitMet(rules.Side(a.Side), a.PriceRial, buy, sell); met {
			return &ErrAlertMet{Price: price}
		}
		a.CreatedAt = time.UnixMilli(now.UnixMilli()).UTC()
		return tx.QueryRowContext(ctx, `INSERT INTO price_alerts (user_id, side, price_rial, created_at) VALUES (?, ?, ?, ?)
			RETURNING id`, a.UserID, a.Side, a.PriceRial, now.UnixMilli()).Scan(&a.ID)
	})
	return a, err
}

// PriceAlerts lists a customer's alerts, waiting ones first, newest first.
func (s *Store) PriceAlerts(ctx context.Context, userID int64) ([]PriceAlert, error) {
	return scanAlerts(s.read.QueryContext(ctx, `SELECT `+alertColumns+` FROM price_alerts WHERE user_id = ?
		ORDER BY fired_at IS NOT NULL, id DESC LIMIT 100`, userID))
}

// DeletePriceAlert removes one of the customer's own alerts; ErrNotFound for another's or none.
func (s *Store) DeletePriceAlert(ctx context.Context, userID, id int64) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM price_alerts WHERE id = ? AND user_id = ?`, id, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return nil
	})
}

// LiveAlertCounts is how many alerts wait on each side, shop-wide: the owner's hint of demand, never whose.
func (s *Store) LiveAlertCounts(ctx context.Context) (buy, sell int64, err error) {
	err = s.read.QueryRowContext(ctx, `SELECT
		IFNULL(SUM(side = 'buy'), 0), IFNULL(SUM(side = 'sell'), 0) FROM price_alerts WHERE fired_at IS NULL`).Scan(&buy, &sell)
	return buy, sell, err
}

// fireAlerts runs inside every transaction that changes prices (the base price, a grade, a customer's
// grade): each waiting alert its customer's new price meets is spent, and told once (a notification, and
// its SMS when wanted), in that same transaction.
func fireAlerts(ctx context.Context, tx *sql.Tx, now time.Time) error {
	var base sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT price_rial FROM price_history ORDER BY id DESC LIMIT 1`).Scan(&base); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	}
	gs, err := grades(ctx, tx)
	if err != nil {
		return err
	}
	for _, g := range gs {
		buy, sell := rules.GradePrices(base.Int64, g.SellAddRial, g.BuySubtractRial)
		fired, err := scanAlerts(tx.QueryContext(ctx, `UPDATE price_alerts SET fired_at = ?1,
				fired_price_rial = CASE side WHEN 'buy' THEN ?2 ELSE ?3 END
			WHERE fired_at IS NULL AND user_id IN (SELECT id FROM users WHERE grade = ?4)
				AND ((side = 'buy' AND ?2 > 0 AND price_rial >= ?2) OR (side = 'sell' AND ?3 > 0 AND price_rial <= ?3))
			RETURNING `+alertColumns, now.UnixMilli(), buy, sell, g.ID))
		if err != nil {
			return err
		}
		for _, a := range fired {
			if err := notify(ctx, tx, Notification{UserID: a.UserID, Kind: NotePriceAlert, SubjectID: a.ID,
				Asset: AssetRial, Amount: a.FiredAtRial}, now); err != nil {
				return err
			}
		}
	}
	return nil
}
