-- Savings plans (issue 29): a customer buys a fixed rial amount every day, every week on a weekday (0 =
-- Saturday) or every Jalali month on a day (1-29), at a minute of the Tehran day. Each run of a plan is one
-- row keyed by (plan, period), written in the same transaction as its buy (or as its skip, with the
-- reason), so a plan buys at most once a period however the shop restarts.
CREATE TABLE plans (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id),
    amount_rial INTEGER NOT NULL CHECK (amount_rial > 0),
    every       TEXT    NOT NULL CHECK (every IN ('day', 'week', 'month')),
    weekday     INTEGER NOT NULL DEFAULT 0 CHECK (weekday BETWEEN 0 AND 6),
    day         INTEGER NOT NULL DEFAULT 1 CHECK (day BETWEEN 1 AND 29),
    minute      INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 1439),
    status      TEXT    NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'deleted')),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX plans_user ON plans (user_id);
CREATE INDEX plans_active ON plans (id) WHERE status = 'active';

CREATE TABLE plan_runs (
    id             INTEGER PRIMARY KEY,
    plan_id        INTEGER NOT NULL REFERENCES plans (id),
    period         TEXT    NOT NULL,
    due_at         INTEGER NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('bought', 'skipped')),
    reason         TEXT    NOT NULL DEFAULT '',
    journal_id     INTEGER REFERENCES journals (id),
    amount_rial    INTEGER NOT NULL DEFAULT 0,
    amount_gold_mg INTEGER NOT NULL DEFAULT 0,
    at             INTEGER NOT NULL,
    UNIQUE (plan_id, period)
) STRICT;

-- the owner's shop-wide switch; a customer's SMS of their plan's runs
ALTER TABLE price_settings ADD COLUMN plans_enabled INTEGER NOT NULL DEFAULT 1 CHECK (plans_enabled IN (0, 1));
ALTER TABLE notification_settings ADD COLUMN sms_plan INTEGER NOT NULL DEFAULT 1 CHECK (sms_plan IN (0, 1));

-- a plan's terms are confirmed by a code of their own purpose ('plan', scope: the terms). SQLite cannot
-- change a CHECK in place, so the table is rebuilt with its rows and its index; nothing references it.
CREATE TABLE verification_codes_new (
    id           INTEGER PRIMARY KEY,
    phone_number TEXT    NOT NULL,
    purpose      TEXT    NOT NULL CHECK (purpose IN ('auth', 'profile', 'trade', 'withdraw', 'plan')),
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
