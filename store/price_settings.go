package store

import (
	"context"
	"database/sql"
	"time"

	"goldshop/rules"
)

// PriceSettings are the shop's trading rules: when buying and selling are open (minutes of the day in Tehran
// time, both ends inclusive, start after end crossing midnight), the weight of one trade, and how old the base
// price may be before prices count as stale.
type PriceSettings struct {
	BuyEnabled, SellEnabled  bool
	BuyStartMin, BuyEndMin   int
	SellStartMin, SellEndMin int
	MinWeightMg, MaxWeightMg int64
	PriceMaxAgeMinutes       int
	// ReferralMinTradeRial is the least rial value of an invitee's trade that earns their inviter the reward;
	// ReferralMonthlyCap the most rewards one inviter earns in a Jalali month.
	ReferralMinTradeRial int64
	ReferralMonthlyCap   int
}

// Hours are side's trading hours (EntryBuy or EntrySell): the owner's switch and window for that side.
func (p PriceSettings) Hours(side string) rules.Hours {
	if side == EntryBuy {
		return rules.Hours{Enabled: p.BuyEnabled, Start: p.BuyStartMin, End: p.BuyEndMin}
	}
	return rules.Hours{Enabled: p.SellEnabled, Start: p.SellStartMin, End: p.SellEndMin}
}

// PriceSettings returns the current trading rules.
func (s *Store) PriceSettings(ctx context.Context) (PriceSettings, error) {
	t, err := s.currentTerms(ctx)
	if err != nil {
		return PriceSettings{}, err
	}
	return t.settings, nil
}

func priceSettings(ctx context.Context, q queryer) (PriceSettings, error) {
	var p PriceSettings
	err := q.QueryRowContext(ctx, `SELECT buy_enabled, sell_enabled, buy_start_minute, buy_end_minute,
		sell_start_minute, sell_end_minute, min_weight_mg, max_weight_mg, price_max_age_minutes,
		referral_min_trade_rial, referral_monthly_cap
		FROM price_settings WHERE id = 1`).Scan(&p.BuyEnabled, &p.SellEnabled, &p.BuyStartMin, &p.BuyEndMin,
		&p.SellStartMin, &p.SellEndMin, &p.MinWeightMg, &p.MaxWeightMg, &p.PriceMaxAgeMinutes,
		&p.ReferralMinTradeRial, &p.ReferralMonthlyCap)
	return p, err
}

// SavePriceSettings replaces the trading rules, with an audit entry holding the old and new rules.
func (s *Store) SavePriceSettings(ctx context.Context, adminID int64, p PriceSettings, now time.Time) error {
	defer s.dropTerms()
	return s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := priceSettings(ctx, tx)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE price_settings SET buy_enabled = ?, sell_enabled = ?,
			buy_start_minute = ?, buy_end_minute = ?, sell_start_minute = ?, sell_end_minute = ?,
			min_weight_mg = ?, max_weight_mg = ?, price_max_age_minutes = ?,
			referral_min_trade_rial = ?, referral_monthly_cap = ? WHERE id = 1`,
			p.BuyEnabled, p.SellEnabled, p.BuyStartMin, p.BuyEndMin, p.SellStartMin, p.SellEndMin,
			p.MinWeightMg, p.MaxWeightMg, p.PriceMaxAgeMinutes, p.ReferralMinTradeRial, p.ReferralMonthlyCap); err != nil {
			return err
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "price_settings.save",
			Target: "price_settings", Before: before, After: p}, now)
	})
}

// TradingTerms are what one customer's prices depend on, read together: their grade, the settings and the
// newest base price (HasBase false before the shop sets one).
type TradingTerms struct {
	Grade    Grade
	Settings PriceSettings
	Base     PricePoint
	HasBase  bool
}

// TradingTermsOfGrade returns the trading terms of a grade without reading any table (after the first call
// and after each change): the trade screen's 10-second poll, whose caller's grade came with their sign-in
// check. ErrNotFound for a grade outside 1..5.
func (s *Store) TradingTermsOfGrade(ctx context.Context, grade int) (TradingTerms, error) {
	t, err := s.currentTerms(ctx)
	if err != nil {
		return TradingTerms{}, err
	}
	g, err := t.grade(grade)
	if err != nil {
		return TradingTerms{}, err
	}
	return TradingTerms{Grade: g, Settings: t.settings, Base: t.base, HasBase: t.hasBase}, nil
}
