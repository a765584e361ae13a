package store

import (
	"context"
	"database/sql"
	"errors"
)

// SMSSettings are the kinds of event a customer also wants by SMS; all on until they say otherwise.
type SMSSettings struct {
	Deposit, Withdraw, GoldRequest, Charge, Referral, PriceAlert, Plan, Order bool
}

// AllSMS is every kind on: a customer who never chose.
var AllSMS = SMSSettings{true, true, true, true, true, true, true, true}

// NotificationSettings returns the customer's SMS settings.
func (s *Store) NotificationSettings(ctx context.Context, userID int64) (SMSSettings, error) {
	var v SMSSettings
	err := s.read.QueryRowContext(ctx, `SELECT sms_deposit, sms_withdraw, sms_gold_request, sms_charge, sms_referral,
		sms_price_alert, sms_plan, sms_order FROM notification_settings WHERE user_id = ?`, userID).Scan(&v.Deposit, &v.Withdraw,
		&v.GoldRequest, &v.Charge, &v.Referral, &v.PriceAlert, &v.Plan, &v.Order)
	if errors.Is(err, sql.ErrNoRows) {
		return AllSMS, nil
	}
	return v, err
}

// SetNotificationSettings saves the customer's SMS settings whole.
func (s *Store) SetNotificationSettings(ctx context.Context, userID int64, v SMSSettings) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO notification_settings (user_id, sms_deposit, sms_withdraw,
			sms_gold_request, sms_charge, sms_referral, sms_price_alert, sms_plan, sms_order) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET sms_deposit = excluded.sms_deposit, sms_withdraw = excluded.sms_withdraw,
			sms_gold_request = excluded.sms_gold_request, sms_charge = excluded.sms_charge,
			sms_referral = excluded.sms_referral, sms_price_alert = excluded.sms_price_alert, sms_plan = excluded.sms_plan,
			sms_order = excluded.sms_order`,
			userID, v.Deposit, v.Withdraw, v.GoldRequest, v.Charge, v.Referral, v.PriceAlert, v.Plan, v.Order)
		return err
	})
}
