-- The vault (issue 17): what the shop physically holds, and an append-only journal of every move in or out,
-- so what was held at any past moment is the sum of the moves up to it. Weights are INTEGER milligrams,
-- purity INTEGER hundredths of a thousandth (750.00 is 75000), as in 0004_abshodeh.sql.

CREATE TABLE vault_items (
    id              INTEGER PRIMARY KEY,
    kind            TEXT    NOT NULL CHECK (kind IN ('bar', 'coin', 'melted', 'jewellery')),
    description     TEXT    NOT NULL DEFAULT '' CHECK (length(description) <= 500),
    weight_mg       INTEGER NOT NULL CHECK (weight_mg > 0),
    purity_centi    INTEGER NOT NULL CHECK (purity_centi > 0 AND purity_centi <= 100000),
    -- floor(weight × purity / 750), computed by the server (rules.Vazn750Mg)
    weight750_mg    INTEGER NOT NULL CHECK (weight750_mg > 0),
    lab             TEXT    NOT NULL DEFAULT '' CHECK (length(lab) <= 100),
    ingot_number    TEXT    NOT NULL DEFAULT '' CHECK (length(ingot_number) <= 50),
    standard_code   TEXT    NOT NULL DEFAULT '' CHECK (length(standard_code) <= 100),
    production_code TEXT    NOT NULL DEFAULT '' CHECK (length(production_code) <= 100),
    tracking_code   TEXT    NOT NULL DEFAULT '' CHECK (length(tracking_code) <= 100),
    status          TEXT    NOT NULL DEFAULT 'in' CHECK (status IN ('in', 'out')),
    -- offered to customers through abshodeh (decisions.md §6)
    requestable     INTEGER NOT NULL DEFAULT 0 CHECK (requestable IN (0, 1)),
    bar_id          INTEGER UNIQUE REFERENCES abshodeh_bars (id),
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    -- the 1404 directive delivers only bars carrying all three codes
    CHECK (kind <> 'bar' OR (lab <> '' AND ingot_number <> '' AND standard_code <> '' AND production_code <> ''
        AND tracking_code <> ''))
) STRICT;
CREATE UNIQUE INDEX vault_items_ingot ON vault_items (lab, ingot_number) WHERE status = 'in' AND ingot_number <> '';
CREATE INDEX vault_items_held ON vault_items (status, kind);

-- One row per move; delta750_mg is the change of what is held. Before/after figures are kept where they
-- change: after on receipt, both on a correction of weight or purity.
CREATE TABLE vault_moves (
    id                  INTEGER PRIMARY KEY,
    item_id             INTEGER NOT NULL REFERENCES vault_items (id),
    kind                TEXT    NOT NULL CHECK (kind IN ('received', 'delivered', 'sold', 'melted', 'corrected')),
    delta750_mg         INTEGER NOT NULL,
    weight_before_mg    INTEGER,
    weight_after_mg     INTEGER,
    purity_before_centi INTEGER,
    purity_after_centi  INTEGER,
    -- where the move left the item; a correction may keep it in or take it out
    status_after        TEXT    NOT NULL CHECK (status_after IN ('in', 'out')),
    note                TEXT    NOT NULL DEFAULT '' CHECK (length(note) <= 500),
    admin_id            INTEGER REFERENCES users (id),
    gold_request_id     INTEGER REFERENCES gold_requests (id),
    created_at          INTEGER NOT NULL,
    CHECK (kind <> 'received' OR (status_after = 'in' AND delta750_mg > 0)),
    CHECK (kind NOT IN ('delivered', 'sold', 'melted') OR (status_after = 'out' AND delta750_mg < 0)),
    CHECK ((kind = 'delivered') = (gold_request_id IS NOT NULL))
) STRICT;
CREATE INDEX vault_moves_item ON vault_moves (item_id, id);
CREATE INDEX vault_moves_created ON vault_moves (created_at);
CREATE UNIQUE INDEX vault_moves_delivery ON vault_moves (gold_request_id) WHERE gold_request_id IS NOT NULL;

CREATE TRIGGER vault_moves_append_only_update BEFORE UPDATE ON vault_moves BEGIN
    SELECT RAISE(ABORT, 'vault moves are append-only');
END;
CREATE TRIGGER vault_moves_append_only_delete BEFORE DELETE ON vault_moves BEGIN
    SELECT RAISE(ABORT, 'vault moves are append-only');
END;
CREATE TRIGGER vault_items_no_delete BEFORE DELETE ON vault_items BEGIN
    SELECT RAISE(ABORT, 'vault items are never deleted');
END;

-- Every bar ever kept becomes an item, so the history rebuilt from the moves starts with the first bar: a
-- bar in the shop is in and offered; a delivered one went out with its request; a deleted one went out as a
-- correction when it was deleted. Bars are melted gold with a lab and an ingot number, not the coded bars of
-- kind 'bar'. A bar's figures cannot change while a request holds it, so today's are those it was received
-- with unless an admin corrected an available bar (the edit kept no history to replay).
INSERT INTO vault_items (kind, weight_mg, purity_centi, weight750_mg, lab, ingot_number, status, requestable,
    bar_id, created_at, updated_at)
SELECT 'melted', vazn_mg, ayar_centi, vazn750_mg, rey, ang,
    IIF(deleted_at IS NULL AND status <> 'delivered', 'in', 'out'),
    IIF(deleted_at IS NULL AND status <> 'delivered', 1, 0),
    id, created_at, COALESCE(deleted_at, updated_at)
FROM abshodeh_bars ORDER BY id;

INSERT INTO vault_moves (item_id, kind, delta750_mg, weight_after_mg, purity_after_centi, status_after, created_at)
SELECT id, 'received', weight750_mg, weight_mg, purity_centi, 'in', created_at FROM vault_items ORDER BY id;

INSERT INTO vault_moves (item_id, kind, delta750_mg, status_after, admin_id, gold_request_id, created_at)
SELECT i.id, 'delivered', -i.weight750_mg, 'out', r.decided_by, r.id, r.decided_at
FROM vault_items i JOIN gold_requests r ON r.bar_id = i.bar_id AND r.status = 'delivered' ORDER BY i.id;

INSERT INTO vault_moves (item_id, kind, delta750_mg, status_after, created_at)
SELECT i.id, 'corrected', -i.weight750_mg, 'out', b.deleted_at
FROM vault_items i JOIN abshodeh_bars b ON b.id = i.bar_id WHERE b.deleted_at IS NOT NULL ORDER BY i.id;
