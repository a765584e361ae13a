-- A customer's price alerts (issue 18): "tell me when my buy price is at or below X" (side buy) or "when my
-- sell price is at or above X" (side sell), against their own grade's prices. An alert fires once, in the
-- transaction of the price change that meets it, and is spent.
CREATE TABLE price_alerts (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    side       TEXT    NOT NULL CHECK (side IN ('buy', 'sell')),
    price_rial INTEGER NOT NULL CHECK (price_rial > 0),
    created_at INTEGER NOT NULL,
    fired_at   INTEGER,
    -- the price that met it, when it fired
    fired_price_rial INTEGER
) STRICT;
CREATE INDEX price_alerts_live ON price_alerts (side, price_rial) WHERE fired_at IS NULL;
CREATE INDEX price_alerts_user ON price_alerts (user_id, id);
