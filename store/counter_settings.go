package store

import (
	"context"
	"database/sql"
	"time"

	"goldshop/iran"
	"goldshop/rules"
)

// CounterSettings are the owner's figures of the counter (issue 38): the buy-back price's distance below the
// base price, the default profit and fineness deduction (hundredths of a percent), and the dated VAT rates,
// oldest first.
type CounterSettings struct {
	BuyBackSpreadRial int64
	ProfitBP          int64
	DeductionBP       int64
	VATRates          []rules.VATRate
}

func counterSettings(ctx context.Context, q queryer) (CounterSettings, error) {
	var c CounterSettings
	if err := q.QueryRowContext(ctx, `SELECT buy_back_spread_rial, profit_bp, fineness_deduction_bp
		FROM counter_settings WHERE id = 1`).Scan(&c.BuyBackSpreadRial, &c.ProfitBP, &c.DeductionBP); err != nil {
		return c, err
	}
	rows, err := q.QueryContext(ctx, `SELECT from_day, bp FROM vat_rates ORDER BY from_day`)
	c.VATRates, err = collect(rows, err, func(row interface{ Scan(...any) error }) (rules.VATRate, error) {
		var r rules.VATRate
		return r, row.Scan(&r.From, &r.BP)
	})
	return c, err
}

// CounterSettings returns the owner's counter figures.
func (s *Store) CounterSettings(ctx context.Context) (CounterSettings, error) {
	return counterSettings(ctx, s.read)
}

// SaveCounterSettings replaces the owner's counter figures and VAT rates, audited with before and after.
func (s *Store) SaveCounterSettings(ctx context.Context, adminID int64, set CounterSettings, now time.Time) (CounterSettings, error) {
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		before, err := counterSettings(ctx, tx)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE counter_settings SET buy_back_spread_rial = ?, profit_bp = ?,
			fineness_deduction_bp = ?, updated_at = ? WHERE id = 1`, set.BuyBackSpreadRial, set.ProfitBP,
			set.DeductionBP, now.UnixMilli()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM vat_rates`); err != nil {
			return err
		}
		for _, r := range set.VATRates {
			if _, err := tx.ExecContext(ctx, `INSERT INTO vat_rates (from_day, bp) VALUES (?, ?)`, r.From, r.BP); err != nil {
				if isUniqueViolation(err) {
					return ErrConflict
				}
				return err
			}
		}
		return insertAudit(ctx, tx, AuditEntry{AdminID: adminID, Action: "counter_settings", Target: "counter",
			Before: before, After: set}, now)
	})
	if err != nil {
		return set, err
	}
	return s.CounterSettings(ctx)
}

// CounterTerms are what an invoice is priced at: the base price per gram of 750 (the web's one), the buy-back
// price below it, the owner's defaults and the VAT rate in force on the Tehran day.
type CounterTerms struct {
	BasePrice, BuyBackPrice int64
	PriceAt                 time.Time
	Fresh                   bool
	Settings                CounterSettings
	VAT                     rules.VATRate
}

// CounterTerms reads the terms an invoice recorded now is priced at.
func (s *Store) CounterTerms(ctx context.Context, now time.Time) (CounterTerms, error) {
	trading, err := s.TradingTermsOfGrade(ctx, 1)
	if err != nil {
		return CounterTerms{}, err
	}
	set, err := s.CounterSettings(ctx)
	if err != nil {
		return CounterTerms{}, err
	}
	t := CounterTerms{Settings: set, Fresh: trading.Fresh(now), VAT: rules.VATOn(set.VATRates, iran.JalaliDayText(now))}
	if trading.HasBase {
		t.BasePrice, t.PriceAt = trading.Base.PricePerGramRial, trading.Base.At
		t.BuyBackPrice = t.BasePrice - set.BuyBackSpreadRial
	}
	return t, nil
}
