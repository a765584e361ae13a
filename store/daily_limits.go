package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Daily trade limits (issue 29): the most a customer may buy and sell in a Tehran day, in rial and in
// milligrams of 750 gold, set by the owner per grade and per customer. For each of the four figures the
// customer's own value applies when the owner set one, else their grade's, else none. The owner's rows live
// in the cached terms (prices.go), so a trade of a customer no limit reaches reads no table for them; the
// rule itself runs inside every trade's transaction (dailyLimit, trade in trades.go).

// DailyLimits are the four limits of a Tehran day: rial and milligrams, bought and sold. A nil figure is no
// limit (from this grade or customer).
type DailyLimits struct {
	BuyRial, BuyGoldMg, SellRial, SellGoldMg *int64
}

// Any says whether at least one figure is set.
func (l DailyLimits) Any() bool {
	return l.BuyRial != nil || l.BuyGoldMg != nil || l.SellRial != nil || l.SellGoldMg != nil
}

// complete says whether every figure is set: a grade's would change none of them.
func (l DailyLimits) complete() bool {
	return l.BuyRial != nil && l.BuyGoldMg != nil && l.SellRial != nil && l.SellGoldMg != nil
}

// Or is l with each figure it leaves unset taken from fallback: a customer's own limits over their grade's.
func (l DailyLimits) Or(fallback DailyLimits) DailyLimits {
	or := func(a, b *int64) *int64 {
		if a != nil {
			return a
		}
		return b
	}
	return DailyLimits{or(l.BuyRial, fallback.BuyRial), or(l.BuyGoldMg, fallback.BuyGoldMg),
		or(l.SellRial, fallback.SellRial), or(l.SellGoldMg, fallback.SellGoldMg)}
}

// Of is the figure of side (EntryBuy, EntrySell) and asset (AssetRial, AssetGold); nil when unset.
func (l DailyLimits) Of(side, asset string) *int64 {
	return bySideAsset(side, asset, l.BuyRial, l.BuyGoldMg, l.SellRial, l.SellGoldMg)
}

// bySideAsset picks the one of four figures that side (EntryBuy, EntrySell) and asset (AssetRial,
// AssetGold) name.
func bySideAsset[T any](side, asset string, buyRial, buyGold, sellRial, sellGold T) T {
	switch {
	case side == EntryBuy && asset == AssetRial:
		return buyRial
	case side == EntryBuy:
		return buyGold
	case asset == AssetRial:
		return sellRial
	}
	return sellGold
}

// audit is l as the audit log keeps it (a null for an unset figure).
func (l DailyLimits) audit() map[string]any {
	v := func(p *int64) any {
		if p == nil {
			return nil
		}
		return *p
	}
	return map[string]any{"buy_rial": v(l.BuyRial), "buy_gold_mg": v(l.BuyGoldMg), "sell_rial": v(l.SellRial),
		"sell_gold_mg": v(l.SellGoldMg)}
}

// dailyLimitSet is every row of daily_limits, as the cached terms hold it.
type dailyLimitSet struct {
	grades map[int]DailyLimits
	users  map[int64]DailyLimits
}

// any says whether the owner has set any limit at all.
func (d dailyLimitSet) any() bool { return len(d.grades) > 0 || len(d.users) > 0 }

// needsGrade says whether the customer's limits depend on their grade: some grade is limited and the
// customer's own values leave a figure to it.
func (d dailyLimitSet) needsGrade(userID int64) bool {
	return len(d.grades) > 0 && !d.users[userID].complete()
}

// inEffect is the customer's limits: their own figures, the rest from their grade.
func (d dailyLimitSet) inEffect(userID int64, grade int) DailyLimits {
	return d.users[userID].Or(d.grades[grade])
}

func loadDailyLimits(ctx context.Context, q queryer) (dailyLimitSet, error) {
	d := dailyLimitSet{grades: map[int]DailyLimits{}, users: map[int64]DailyLimits{}}
	rows, err := q.QueryContext(ctx, `SELECT grade, user_id, buy_rial, buy_gold_mg, sell_rial, sell_gold_mg
		FROM daily_limits`)
	if err != nil {
		return d, err
	}
	defer rows.Close()
	for rows.Next() {
		var grade, user sql.NullInt64
		var l DailyLimits
		if err := rows.Scan(&grade, &user, &l.BuyRial, &l.BuyGoldMg, &l.SellRial, &l.SellGoldMg); err != nil {
			return d, err
		}
		if grade.Valid {
			d.grades[int(grade.Int64)] = l
		} else {
			d.users[user.Int64] = l
		}
	}
	return d, rows.Err()
}

// GradeLimits are one grade's daily limits.
type GradeLimits struct {
	Grade int
	DailyLimits
}

// GradesDailyLimits returns every grade's daily limits, in grade order.
func (s *Store) GradesDailyLimits(ctx context.Context) ([]GradeLimits, error) {
	t, err := s.currentTerms(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]GradeLimits, len(t.grades))
	for i, g := range t.grades {
		out[i] = GradeLimits{g.ID, t.limits.grades[g.ID]}
	}
	return out, nil
}

// UserDailyLimits returns the customer's own limits (not their grade's) and the ones in effect for them at
// their grade now; ErrNotFound for no such user.
func (s *Store) UserDailyLimits(ctx context.Context, userID int64) (own, inEffect DailyLimits, err error) {
	u, err := s.UserByID(ctx, userID)
	if err != nil {
		return own, inEffect, err
	}
	t, err := s.currentTerms(ctx)
	if err != nil {
		return own, inEffect, err
	}
	return t.limits.users[userID], t.limits.inEffect(userID, u.Grade), nil
}

// SetGradeDailyLimits replaces a grade's daily limits (all four figures; nil ones are no limit), with its audit
// entry; ErrNotFound for a grade outside 1..5.
func (s *Store) SetGradeDailyLimits(ctx context.Context, adminID int64, grade int, l DailyLimits, now time.Time) error {
	return s.setDailyLimits(ctx, adminID, "grade", int64(grade), l, now)
}

// SetUserDailyLimits replaces a customer's own daily limits (nil figures fall back to their grade's), with its
// audit entry; ErrNotFound for no such user.
func (s *Store) SetUserDailyLimits(ctx context.Context, adminID, userID int64, l DailyLimits, now time.Time) error {
	return s.setDailyLimits(ctx, adminID, "user", userID, l, now)
}

// setDailyLimits writes the row of a grade or a user (whose: "grade" or "user"), ErrNotFound when there is
// no such grade or user, deleting the row when l sets nothing, and audits the change as
// daily_limits.<whose>; the terms held in memory are dropped after it.
func (s *Store) setDailyLimits(ctx context.Context, adminID int64, whose string, id int64, l DailyLimits,
	now time.Time) error {
	defer s.dropTerms()
	return s.InTx(ctx, func(tx *sql.Tx) error {
		owners := map[string]string{"grade": "grades", "user": "users"}[whose]
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+owners+` WHERE id = ?`, id).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		return writeDailyLimits(ctx, tx, adminID, whose, id, l, now)
	})
}

// writeDailyLimits replaces the row of whose id with l in tx and audits it.
func writeDailyLimits(ctx context.Context, tx *sql.Tx, adminID int64, whose string, id int64, l DailyLimits,
	now time.Time) error {
	column := map[string]string{"grade": "grade", "user": "user_id"}[whose]
	var before DailyLimits
	err := tx.QueryRowContext(ctx, `SELECT buy_rial, buy_gold_mg, sell_rial, sell_gold_mg FROM daily_limits
		WHERE `+column+` = ?`, id).Scan(&before.BuyRial, &before.BuyGoldMg, &before.SellRial, &before.SellGoldMg)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM daily_limits WHERE `+column+` = ?`, id); err != nil {
		return err
	}
	if l.Any() {
		if _, err := tx.ExecContext(ctx, `INSERT INTO daily_limits (`+column+`, buy_rial, buy_gold_mg, sell_rial,
			sell_gold_mg, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, id, l.BuyRial, l.BuyGoldMg, l.SellRial, l.SellGoldMg,
			now.UnixMilli()); err != nil {
			return err
		}
	}
	return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "daily_limits." + whose,
		Target: whose + ":" + itoa(id), Before: before.audit(), After: l.audit()}, now)
}
