-- Referral rewards are paid only for a first trade of at least a minimum the owner sets, and at most so many
-- per inviter in one Jalali month (issue 14: a 0.001 g buy sold back farmed 0.005 g per invitee).
ALTER TABLE price_settings ADD COLUMN referral_min_trade_rial INTEGER NOT NULL DEFAULT 1000000
    CHECK (referral_min_trade_rial BETWEEN 0 AND 1000000000000000);
ALTER TABLE price_settings ADD COLUMN referral_monthly_cap INTEGER NOT NULL DEFAULT 10
    CHECK (referral_monthly_cap BETWEEN 0 AND 100000);
CREATE INDEX IF NOT EXISTS referral_rewards_inviter_time ON referral_rewards (inviter_id, created_at);
