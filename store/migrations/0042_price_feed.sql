-- The day price by itself (issue 40): an optional market feed with the owner's margin, and who set each base
-- price.

-- Who set a base price: the owner by hand ('manual'), or the feed (its source, the source's value in rial per
-- gram of 750 and the source's own time).
ALTER TABLE price_history ADD COLUMN source TEXT NOT NULL DEFAULT 'manual'
    CHECK (source IN ('manual', 'brsapi', 'navasan', 'tgju', 'json'));
ALTER TABLE price_history ADD COLUMN source_value INTEGER;
ALTER TABLE price_history ADD COLUMN source_at INTEGER;

-- The base price a quote was priced from (its row of price_history), so "why this price" has an answer.
ALTER TABLE trade_quotes ADD COLUMN base_price_id INTEGER REFERENCES price_history (id);

-- The owner's feed settings and the feed's state, one row. Percents in hundredths of a percent (either margin
-- may be negative), durations in seconds. The key is sealed under the factor key (factor_key.go), never kept
-- in the clear.
CREATE TABLE price_feed (
    id               INTEGER PRIMARY KEY CHECK (id = 1),
    enabled          INTEGER NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
    source           TEXT    NOT NULL DEFAULT 'brsapi' CHECK (source IN ('brsapi', 'navasan', 'tgju', 'json')),
    url              TEXT    NOT NULL DEFAULT '' CHECK (length(url) <= 500),
    key_sealed       TEXT    NOT NULL DEFAULT '',
    key_id           TEXT    NOT NULL DEFAULT '',
    symbol           TEXT    NOT NULL DEFAULT '' CHECK (length(symbol) <= 100),
    path             TEXT    NOT NULL DEFAULT '' CHECK (length(path) <= 200),
    unit             TEXT    NOT NULL DEFAULT 'rial' CHECK (unit IN ('rial', 'toman')),
    per              TEXT    NOT NULL DEFAULT 'gram750' CHECK (per IN ('gram750', 'mithqal705')),
    time_path        TEXT    NOT NULL DEFAULT '' CHECK (length(time_path) <= 200),
    margin_bp        INTEGER NOT NULL DEFAULT 0 CHECK (margin_bp BETWEEN -5000 AND 5000),
    margin_rial      INTEGER NOT NULL DEFAULT 0,
    round_to         INTEGER NOT NULL DEFAULT 10000 CHECK (round_to BETWEEN 1 AND 100000000),
    every_s          INTEGER NOT NULL DEFAULT 300 CHECK (every_s >= 60),
    max_step_bp      INTEGER NOT NULL DEFAULT 300 CHECK (max_step_bp > 0),
    max_age_s        INTEGER NOT NULL DEFAULT 600 CHECK (max_age_s > 0),
    alert_after_s    INTEGER NOT NULL DEFAULT 600 CHECK (alert_after_s > 0),
    manual_hold_s    INTEGER NOT NULL DEFAULT 1800 CHECK (manual_hold_s >= 0),
    outside_hours    INTEGER NOT NULL DEFAULT 0 CHECK (outside_hours IN (0, 1)),
    updated_at       INTEGER NOT NULL DEFAULT 0,
    -- the feed's state: the last value read (the source's, rial per gram of 750) and its time, a value held
    -- for the owner (its base and reading), the failure under way, and the hand price's pause
    last_value       INTEGER,
    last_value_at    INTEGER,
    last_fetch_at    INTEGER,
    held_base        INTEGER,
    held_value       INTEGER,
    held_value_at    INTEGER,
    last_error       TEXT    NOT NULL DEFAULT '',
    failing_since    INTEGER,
    alerted_at       INTEGER,
    paused_until     INTEGER
) STRICT;
INSERT INTO price_feed (id) VALUES (1);
