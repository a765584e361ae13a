-- Grades, trading settings, trade quotes and referral rewards (decisions.md §4).
-- Prices are INTEGER rial per gram of 750 gold; weights INTEGER milligrams; times Unix milliseconds UTC.

-- A customer of grade g buys at base + sell_add and sells at base − buy_subtract.
CREATE TABLE grades (
    id                INTEGER PRIMARY KEY CHECK (id BETWEEN 1 AND 5),
    sell_add_rial     INTEGER NOT NULL DEFAULT 0 CHECK (sell_add_rial >= 0),
    buy_subtract_rial INTEGER NOT NULL DEFAULT 0 CHECK (buy_subtract_rial >= 0)
) STRICT;
INSERT INTO grades (id) VALUES (1), (2), (3), (4), (5);

-- The one row of trading settings. Windows are minutes of the day in Tehran time, both ends inclusive; a
-- start after its end crosses midnight.
CREATE TABLE price_settings (
    id                    INTEGER PRIMARY KEY CHECK (id = 1),
    buy_enabled           INTEGER NOT NULL DEFAULT 1 CHECK (buy_enabled IN (0, 1)),
    sell_enabled          INTEGER NOT NULL DEFAULT 1 CHECK (sell_enabled IN (0, 1)),
    buy_start_minute      INTEGER NOT NULL DEFAULT 0 CHECK (buy_start_minute BETWEEN 0 AND 1439),
    buy_end_minute        INTEGER NOT NULL DEFAULT 1439 CHECK (buy_end_minute BETWEEN 0 AND 1439),
    sell_start_minute     INTEGER NOT NULL DEFAULT 0 CHECK (sell_start_minute BETWEEN 0 AND 1439),
    sell_end_minute       INTEGER NOT NULL DEFAULT 1439 CHECK (sell_end_minute BETWEEN 0 AND 1439),
    min_weight_mg         INTEGER NOT NULL DEFAULT 1 CHECK (min_weight_mg >= 1),
    max_weight_mg         INTEGER NOT NULL DEFAULT 1000000,
    price_max_age_minutes INTEGER NOT NULL DEFAULT 30 CHECK (price_max_age_minutes BETWEEN 1 AND 10080),
    CHECK (max_weight_mg >= min_weight_mg)
) STRICT;
INSERT INTO price_settings (id) VALUES (1);

-- A trade locked at the customer's price, waiting for its SMS code. The code carries code_scope; executing
-- the quote writes its journal, and a quote is executed at most once.
CREATE TABLE trade_quotes (
    id                  INTEGER PRIMARY KEY,
    user_id             INTEGER NOT NULL REFERENCES users (id),
    type                TEXT    NOT NULL CHECK (type IN ('buy', 'sell')),
    code_scope          TEXT    NOT NULL UNIQUE,
    amount_rial         INTEGER NOT NULL CHECK (amount_rial > 0),
    amount_gold_mg      INTEGER NOT NULL CHECK (amount_gold_mg > 0),
    price_per_gram_rial INTEGER NOT NULL CHECK (price_per_gram_rial > 0),
    status              TEXT    NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'executed', 'replaced')),
    journal_id          INTEGER UNIQUE REFERENCES journals (id),
    created_at          INTEGER NOT NULL,
    expires_at          INTEGER NOT NULL,
    CHECK ((status = 'executed') = (journal_id IS NOT NULL))
) STRICT;
CREATE INDEX trade_quotes_user ON trade_quotes (user_id, type, status);
CREATE INDEX trade_quotes_executed ON trade_quotes (journal_id) WHERE journal_id IS NOT NULL;

-- The reward an inviter got for an invitee's first trade: one row per invitee, so it is paid once.
CREATE TABLE referral_rewards (
    invitee_id INTEGER PRIMARY KEY REFERENCES users (id),
    inviter_id INTEGER NOT NULL REFERENCES users (id),
    journal_id INTEGER NOT NULL UNIQUE REFERENCES journals (id),
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX referral_rewards_inviter ON referral_rewards (inviter_id);
