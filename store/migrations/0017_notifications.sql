-- What the shop tells each customer (issue 18): one row per event that matters to them, kept as facts (the
-- kind, what it is about, the amount, a reason a person typed); the words are the app's. A row is read once
-- the customer has seen it.
CREATE TABLE notifications (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('deposit_approved', 'deposit_rejected', 'withdraw_paid',
                   'withdraw_rejected', 'gold_request_approved', 'gold_request_ready', 'gold_request_delivered',
                   'gold_request_rejected', 'charge', 'referral_reward', 'chat_reply', 'price_alert')),
    -- subject_id is what it is about: the wallet request, the gold request, the journal, the chat room or the alert
    subject_id INTEGER NOT NULL DEFAULT 0,
    asset      TEXT    NOT NULL DEFAULT '' CHECK (asset IN ('', 'rial', 'gold')),
    amount     INTEGER NOT NULL DEFAULT 0, -- rials or milligrams, as asset says
    reason     TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    read_at    INTEGER
) STRICT;
CREATE INDEX notifications_user ON notifications (user_id, id);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- Which money and gold events a customer also wants by SMS; no row means every one (codes are never here).
CREATE TABLE notification_settings (
    user_id          INTEGER PRIMARY KEY REFERENCES users (id),
    sms_deposit      INTEGER NOT NULL DEFAULT 1 CHECK (sms_deposit IN (0, 1)),
    sms_withdraw     INTEGER NOT NULL DEFAULT 1 CHECK (sms_withdraw IN (0, 1)),
    sms_gold_request INTEGER NOT NULL DEFAULT 1 CHECK (sms_gold_request IN (0, 1)),
    sms_charge       INTEGER NOT NULL DEFAULT 1 CHECK (sms_charge IN (0, 1)),
    sms_referral     INTEGER NOT NULL DEFAULT 1 CHECK (sms_referral IN (0, 1)),
    sms_price_alert  INTEGER NOT NULL DEFAULT 1 CHECK (sms_price_alert IN (0, 1))
) STRICT;

-- The SMS a notification asks for, written in the notification's own transaction and sent after it commits.
-- One row per notification, so it is never queued twice; a row is claimed (sending) before the gateway is
-- asked, so a send cut by a crash is never repeated (unknown), only shown to the owner.
CREATE TABLE sms_outbox (
    id              INTEGER PRIMARY KEY,
    notification_id INTEGER NOT NULL UNIQUE REFERENCES notifications (id),
    status          TEXT    NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'unknown')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_at         INTEGER NOT NULL,
    last_error      TEXT    NOT NULL DEFAULT '',
    sent_at         INTEGER,
    created_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX sms_outbox_due ON sms_outbox (next_at) WHERE status = 'queued';
