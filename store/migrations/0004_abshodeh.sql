-- Abshodeh: the shop's melted-gold bars and customers' requests for them (decisions.md §6).
-- Weights are INTEGER milligrams; purity (ayar) is INTEGER hundredths of a thousandth (750.00 is 75000).

CREATE TABLE abshodeh_bars (
    id         INTEGER PRIMARY KEY,
    rey        TEXT    NOT NULL CHECK (length(rey) BETWEEN 1 AND 100),
    ang        TEXT    NOT NULL CHECK (length(ang) BETWEEN 1 AND 50),
    ayar_centi INTEGER NOT NULL CHECK (ayar_centi > 0 AND ayar_centi <= 100000),
    vazn_mg    INTEGER NOT NULL CHECK (vazn_mg > 0),
    -- floor(vazn × ayar / 750), computed by the server; a bar too small to weigh a milligram at 750 is refused
    vazn750_mg INTEGER NOT NULL CHECK (vazn750_mg > 0),
    -- available: offered to customers; reserved: a request holds it; delivered: handed over, gone
    status     TEXT    NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'reserved', 'delivered')),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    deleted_at INTEGER
) STRICT;
CREATE UNIQUE INDEX abshodeh_bars_ingot ON abshodeh_bars (rey, ang) WHERE deleted_at IS NULL;
CREATE INDEX abshodeh_bars_offer ON abshodeh_bars (status, vazn750_mg) WHERE deleted_at IS NULL;

-- A customer's request for one bar; the bar's figures are copied so the request says what was asked for
-- even after the bar is edited or gone.
CREATE TABLE gold_requests (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users (id),
    bar_id        INTEGER NOT NULL REFERENCES abshodeh_bars (id),
    rey           TEXT    NOT NULL,
    ang           TEXT    NOT NULL,
    ayar_centi    INTEGER NOT NULL,
    vazn_mg       INTEGER NOT NULL,
    vazn750_mg    INTEGER NOT NULL CHECK (vazn750_mg > 0),
    status        TEXT    NOT NULL DEFAULT 'pending'
                          CHECK (status IN ('pending', 'approved', 'ready', 'delivered', 'rejected', 'canceled')),
    reject_reason TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    decided_at    INTEGER,
    decided_by    INTEGER REFERENCES users (id)
) STRICT;
-- one pending request per customer, and one live request per bar
CREATE UNIQUE INDEX gold_requests_one_pending ON gold_requests (user_id) WHERE status = 'pending';
CREATE UNIQUE INDEX gold_requests_bar_live ON gold_requests (bar_id)
    WHERE status IN ('pending', 'approved', 'ready', 'delivered');
CREATE INDEX gold_requests_user ON gold_requests (user_id, id);
CREATE INDEX gold_requests_created ON gold_requests (created_at);

-- The hold, its resolution and any reversal of a gold request name it.
ALTER TABLE journals ADD COLUMN gold_request_id INTEGER REFERENCES gold_requests (id);
CREATE INDEX journals_gold_request ON journals (gold_request_id) WHERE gold_request_id IS NOT NULL;
