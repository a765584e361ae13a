-- migrate: foreign keys off
-- A person's own security is told like any event (issue 27): a new login and a password change, each with
-- the user agent of the login that did it as its reason. An owner is told when the shop's storage runs low or
-- full (issue 28), with the level as its reason; a customer of each run of their savings plan, bought or
-- skipped with its reason (issue 29). SQLite cannot change a CHECK in place, so the table
-- is rebuilt with its rows and indexes; the SMS outbox refers to it, hence foreign keys off.
CREATE TABLE notifications_new (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('deposit_approved', 'deposit_rejected', 'withdraw_paid',
                   'withdraw_rejected', 'gold_request_approved', 'gold_request_ready', 'gold_request_delivered',
                   'gold_request_rejected', 'charge', 'referral_reward', 'chat_reply', 'price_alert',
                   'new_login', 'password_changed', 'storage_low', 'plan_bought', 'plan_skipped')),
    -- subject_id is what it is about: the wallet request, the gold request, the journal, the chat room, the
    -- alert or the login
    subject_id INTEGER NOT NULL DEFAULT 0,
    asset      TEXT    NOT NULL DEFAULT '' CHECK (asset IN ('', 'rial', 'gold')),
    amount     INTEGER NOT NULL DEFAULT 0, -- rials or milligrams, as asset says
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
