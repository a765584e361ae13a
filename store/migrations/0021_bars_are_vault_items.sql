-- migrate: foreign keys off
-- An abshodeh bar is a vault item of kind melted that is offered to customers (issue 26): abshodeh_bars goes,
-- its rows already have their items (0014_vault.sql made one for every bar ever kept, and every bar added
-- since was added with its item). A bar's status is no longer stored but read from the facts: its item is
-- out by a delivery (delivered), or a live gold request holds it (reserved), or it is offered (available).
-- A gold request names the item it asked for. vault_items and gold_requests are rebuilt, because SQLite
-- cannot drop a column that refers to another table or change where one refers; store/migrate.go runs this
-- file with foreign keys off and checks them all before it commits, as SQLite's procedure asks.

CREATE TABLE vault_items_new (
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
    -- an abshodeh bar: offered to customers while in (decisions.md §6); it stays one after it went out,
    -- so that a delivered bar is still listed as delivered
    requestable     INTEGER NOT NULL DEFAULT 0 CHECK (requestable IN (0, 1)),
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    -- the 1404 directive delivers only bars carrying all three codes
    CHECK (kind <> 'bar' OR (lab <> '' AND ingot_number <> '' AND standard_code <> '' AND production_code <> ''
        AND tracking_code <> '')),
    -- customers see and ask for an abshodeh bar by its lab (rey) and ingot number (ang)
    CHECK (NOT requestable OR (kind = 'melted' AND lab <> '' AND ingot_number <> ''))
) STRICT;

-- A bar delivered, or still in the shop, stays a bar; one taken out otherwise (deleted) is no longer one.
INSERT INTO vault_items_new (id, kind, description, weight_mg, purity_centi, weight750_mg, lab, ingot_number,
    standard_code, production_code, tracking_code, status, requestable, created_at, updated_at)
SELECT i.id, i.kind, i.description, i.weight_mg, i.purity_centi, i.weight750_mg, i.lab, i.ingot_number,
    i.standard_code, i.production_code, i.tracking_code, i.status,
    IIF(i.bar_id IS NOT NULL AND (i.status = 'in' OR b.status = 'delivered'), 1, 0), i.created_at, i.updated_at
FROM vault_items i LEFT JOIN abshodeh_bars b ON b.id = i.bar_id;

CREATE TABLE gold_requests_new (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users (id),
    item_id       INTEGER NOT NULL REFERENCES vault_items (id),
    -- the bar's figures as they were when asked, so the request says what was asked for after any edit
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

INSERT INTO gold_requests_new (id, user_id, item_id, rey, ang, ayar_centi, vazn_mg, vazn750_mg, status,
    reject_reason, created_at, decided_at, decided_by)
SELECT r.id, r.user_id, i.id, r.rey, r.ang, r.ayar_centi, r.vazn_mg, r.vazn750_mg, r.status, r.reject_reason,
    r.created_at, r.decided_at, r.decided_by
FROM gold_requests r JOIN vault_items i ON i.bar_id = r.bar_id;

DROP TABLE gold_requests;
DROP TABLE vault_items;
DROP TABLE abshodeh_bars;
ALTER TABLE vault_items_new RENAME TO vault_items;
ALTER TABLE gold_requests_new RENAME TO gold_requests;

CREATE UNIQUE INDEX vault_items_ingot ON vault_items (lab, ingot_number) WHERE status = 'in' AND ingot_number <> '';
CREATE INDEX vault_items_held ON vault_items (status, kind);
CREATE INDEX vault_items_bars ON vault_items (status, weight750_mg) WHERE requestable;
CREATE TRIGGER vault_items_no_delete BEFORE DELETE ON vault_items BEGIN
    SELECT RAISE(ABORT, 'vault items are never deleted');
END;

-- one pending request per customer, and one live request per bar
CREATE UNIQUE INDEX gold_requests_one_pending ON gold_requests (user_id) WHERE status = 'pending';
CREATE UNIQUE INDEX gold_requests_item_live ON gold_requests (item_id)
    WHERE status IN ('pending', 'approved', 'ready', 'delivered');
CREATE INDEX gold_requests_user ON gold_requests (user_id, id);
CREATE INDEX gold_requests_created ON gold_requests (created_at);
CREATE INDEX gold_requests_promised ON gold_requests (status) WHERE status IN ('approved', 'ready');
