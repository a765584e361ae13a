-- migrate: foreign keys off
-- Second factors sealed under a key kept outside the database (issue 36): a TOTP secret is kept encrypted and
-- a recovery code as an HMAC, and each row names the key it was sealed under. NULL is a row from before the
-- key: the server seals those the first time it starts with one.
ALTER TABLE second_factors ADD COLUMN key_id TEXT;
ALTER TABLE recovery_codes ADD COLUMN key_id TEXT;

-- every change of a person's second factor, and a run of wrong answers to it, is texted to them
CREATE TABLE notifications_new (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('deposit_approved', 'deposit_rejected', 'withdraw_paid',
                   'withdraw_rejected', 'gold_request_approved', 'gold_request_ready', 'gold_request_delivered',
                   'gold_request_rejected', 'charge', 'referral_reward', 'chat_reply', 'price_alert',
                   'new_login', 'password_changed', 'storage_low', 'plan_bought', 'plan_skipped',
                   'order_executed', 'order_expired', 'second_factor_changed', 'second_factor_failures')),
    subject_id INTEGER NOT NULL DEFAULT 0,
    asset      TEXT    NOT NULL DEFAULT '' CHECK (asset IN ('', 'rial', 'gold')),
    amount     INTEGER NOT NULL DEFAULT 0,
    reason     TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    read_at    INTEGER
) STRICT;
INSERT INTO notifications_new (id, user_id, kind, subject_id, asset, amount, reason, created_at, read_at)
SELECT id, user_id, kind, subject_id, asset, amount, reason, created_at, read_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_new RENAME TO notifications;
CREATE INDEX notifications_user ON notifications (user_id, id);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
