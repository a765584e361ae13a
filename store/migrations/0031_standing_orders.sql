-- migrate: foreign keys off
-- Standing orders (issue 29): a customer's order to buy (a rial amount or a weight) when their buy price is
-- at or below a limit, or to sell a weight when their sell price is at or above one, open until the end of a
-- Jalali day. What it may spend is held from the free balance while it is open, as a pending withdraw's is:
-- a hold journal named by order_id, resolved once by a release when the order executes (its trade then
-- spends from the free balance in the same transaction), expires or is cancelled.
CREATE TABLE standing_orders (
    id               INTEGER PRIMARY KEY,
    user_id          INTEGER NOT NULL REFERENCES users (id),
    side             TEXT    NOT NULL CHECK (side IN ('buy', 'sell')),
    -- a buy of a rial amount (by_rial) or of a weight; a sell is always of a weight
    by_rial          INTEGER NOT NULL CHECK (by_rial IN (0, 1) AND NOT (by_rial AND side = 'sell')),
    amount_rial      INTEGER NOT NULL DEFAULT 0 CHECK (amount_rial >= 0),
    amount_gold_mg   INTEGER NOT NULL DEFAULT 0 CHECK (amount_gold_mg >= 0),
    limit_price_rial INTEGER NOT NULL CHECK (limit_price_rial > 0),
    -- what the hold took: rial for a buy, milligrams for a sell
    held             INTEGER NOT NULL CHECK (held > 0),
    until_at         INTEGER NOT NULL, -- the end of the Jalali day it is valid until
    status           TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'executed', 'expired', 'canceled')),
    created_at       INTEGER NOT NULL,
    closed_at        INTEGER,
    journal_id       INTEGER REFERENCES journals (id), -- the trade of an executed order
    CHECK ((status = 'executed') = (journal_id IS NOT NULL))
) STRICT;
CREATE INDEX standing_orders_user ON standing_orders (user_id, id);
CREATE INDEX standing_orders_open ON standing_orders (side, limit_price_rial) WHERE status = 'open';

ALTER TABLE journals ADD COLUMN order_id INTEGER REFERENCES standing_orders (id);
CREATE UNIQUE INDEX journals_order ON journals (order_id, type) WHERE order_id IS NOT NULL;

-- the owner's shop-wide count and a customer's SMS of their orders
ALTER TABLE notification_settings ADD COLUMN sms_order INTEGER NOT NULL DEFAULT 1 CHECK (sms_order IN (0, 1));

-- an order's terms are confirmed by a code of their own purpose ('order', scope: the terms)
CREATE TABLE verification_codes_new (
    id           INTEGER PRIMARY KEY,
    phone_number TEXT    NOT NULL,
    purpose      TEXT    NOT NULL CHECK (purpose IN ('auth', 'profile', 'trade', 'withdraw', 'plan', 'order')),
    scope        TEXT    NOT NULL DEFAULT '',
    code_hash    TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    tries        INTEGER NOT NULL DEFAULT 0,
    closed_at    INTEGER
) STRICT;
INSERT INTO verification_codes_new (id, phone_number, purpose, scope, code_hash, created_at, expires_at, tries, closed_at)
SELECT id, phone_number, purpose, scope, code_hash, created_at, expires_at, tries, closed_at FROM verification_codes;
DROP TABLE verification_codes;
ALTER TABLE verification_codes_new RENAME TO verification_codes;
CREATE INDEX verification_codes_lookup ON verification_codes (phone_number, purpose, created_at);
CREATE INDEX verification_codes_live ON verification_codes (phone_number, purpose) WHERE closed_at IS NULL;

-- an order executed or expired is told to its customer
CREATE TABLE notifications_new (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('deposit_approved', 'deposit_rejected', 'withdraw_paid',
                   'withdraw_rejected', 'gold_request_approved', 'gold_request_ready', 'gold_request_delivered',
                   'gold_request_rejected', 'charge', 'referral_reward', 'chat_reply', 'price_alert',
                   'new_login', 'password_changed', 'storage_low', 'plan_bought', 'plan_skipped',
                   'order_executed', 'order_expired')),
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

-- an entry's order is a fact like its request: never changed after it is written
CREATE TRIGGER journals_order_fixed BEFORE UPDATE OF order_id ON journals
    WHEN NEW.order_id IS NOT OLD.order_id BEGIN
    SELECT RAISE(ABORT, 'journals are append-only');
END;
