-- The shop's stock and day (issue 39): melt batches, the cash drawer's closes and movements, tag numbers.

-- shop_melt (gold): what melting lost (a debit) or gained, against the vault's gold by the ledger
-- (shop_vault); shop_cash_over_short (rial): what a close counted over or short of the expected cash;
-- shop_owner (rial): cash the owner took from the drawer or put in it.
INSERT INTO accounts (kind, asset) VALUES ('shop_melt', 'gold'), ('shop_cash_over_short', 'rial'),
    ('shop_owner', 'rial');

-- A melt batch: unassayed lots sent to the melter together. While sent, the batch holds their
-- 750-equivalent for the reserve (the lots are out of the vault's free stock); its result is one assayed bar.
-- loss750_mg = lots750_mg − bar750_mg (negative for a gain), posted once by the batch's melt journal.
CREATE TABLE melt_batches (
    id          INTEGER PRIMARY KEY,
    status      TEXT    NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'done', 'cancelled')),
    melter      TEXT    NOT NULL DEFAULT '' CHECK (length(melter) <= 100),
    note        TEXT    NOT NULL DEFAULT '' CHECK (length(note) <= 500),
    lots        INTEGER NOT NULL CHECK (lots > 0),
    lots750_mg  INTEGER NOT NULL CHECK (lots750_mg > 0),
    bar_id      INTEGER UNIQUE REFERENCES vault_items (id),
    bar750_mg   INTEGER,
    result_note TEXT    NOT NULL DEFAULT '' CHECK (length(result_note) <= 500),
    sent_by     INTEGER NOT NULL REFERENCES users (id),
    sent_at     INTEGER NOT NULL,
    decided_by  INTEGER REFERENCES users (id),
    decided_at  INTEGER,
    CHECK ((status = 'sent') = (decided_at IS NULL)),
    CHECK ((status = 'done') = (bar_id IS NOT NULL)),
    CHECK ((status = 'done') = (bar750_mg IS NOT NULL))
) STRICT;
CREATE INDEX melt_batches_sent ON melt_batches (status) WHERE status = 'sent';
CREATE INDEX melt_batches_decided ON melt_batches (decided_at) WHERE decided_at IS NOT NULL;

-- A lot's move into its batch, back out of a cancelled one, and the bar's receipt name the batch; so does the
-- journal of its loss or gain.
ALTER TABLE vault_moves ADD COLUMN melt_batch_id INTEGER REFERENCES melt_batches (id);
CREATE INDEX vault_moves_melt ON vault_moves (melt_batch_id) WHERE melt_batch_id IS NOT NULL;
ALTER TABLE journals ADD COLUMN melt_batch_id INTEGER REFERENCES melt_batches (id);
CREATE UNIQUE INDEX journals_melt ON journals (melt_batch_id) WHERE melt_batch_id IS NOT NULL;

-- What the vault holds over time for the reserve: its items' moves, and a batch's lots from when they were
-- sent until its result or cancellation (their own moves out and back, and the bar's in, are in vault_moves).
CREATE VIEW vault_holding_moves AS
    SELECT created_at, delta750_mg FROM vault_moves
    UNION ALL SELECT sent_at, lots750_mg FROM melt_batches
    UNION ALL SELECT decided_at, -lots750_mg FROM melt_batches WHERE decided_at IS NOT NULL;

-- The cash drawer's movements that are not invoices: cash the owner takes out (to the bank, or for
-- themselves) or puts in (change for the morning), each with its reason and its journal.
CREATE TABLE drawer_moves (
    id          INTEGER PRIMARY KEY,
    day         TEXT    NOT NULL CHECK (length(day) = 10),
    direction   TEXT    NOT NULL CHECK (direction IN ('in', 'out')),
    counterpart TEXT    NOT NULL CHECK (counterpart IN ('bank', 'owner')),
    amount_rial INTEGER NOT NULL CHECK (amount_rial > 0),
    reason      TEXT    NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
    journal_id  INTEGER NOT NULL UNIQUE REFERENCES journals (id),
    admin_id    INTEGER NOT NULL REFERENCES users (id),
    created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX drawer_moves_day ON drawer_moves (day);

-- A day's close: the counted cash against the expected (opening + the day's cash movements), the figures as
-- closed, and the difference's journal (none when it is zero). A reopened close stays, with its reversal;
-- a day has at most one close standing. day_start/day_end bound the day in milliseconds, so that the
-- invariants recompute it.
CREATE TABLE drawer_closes (
    id                 INTEGER PRIMARY KEY,
    day                TEXT    NOT NULL CHECK (length(day) = 10),
    day_start          INTEGER NOT NULL,
    day_end            INTEGER NOT NULL CHECK (day_end > day_start),
    status             TEXT    NOT NULL DEFAULT 'closed' CHECK (status IN ('closed', 'reopened')),
    opening_cash       INTEGER NOT NULL,
    expected_cash      INTEGER NOT NULL,
    counted_cash       INTEGER NOT NULL CHECK (counted_cash >= 0),
    difference         INTEGER NOT NULL,
    note               TEXT    NOT NULL DEFAULT '' CHECK (length(note) <= 500),
    journal_id         INTEGER UNIQUE REFERENCES journals (id),
    closed_by          INTEGER NOT NULL REFERENCES users (id),
    closed_at          INTEGER NOT NULL,
    reopened_by        INTEGER REFERENCES users (id),
    reopened_at        INTEGER,
    reopen_journal_id  INTEGER UNIQUE REFERENCES journals (id),
    CHECK (difference = counted_cash - expected_cash),
    CHECK ((difference = 0) = (journal_id IS NULL)),
    CHECK ((status = 'reopened') = (reopened_at IS NOT NULL)),
    CHECK (reopen_journal_id IS NULL OR status = 'reopened')
) STRICT;
CREATE UNIQUE INDEX drawer_closes_standing ON drawer_closes (day) WHERE status = 'closed';

-- The shop's own tag numbering: the next number a piece without a tag gets (skipping any typed tag).
CREATE TABLE tag_numbers (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    next INTEGER NOT NULL CHECK (next > 0)
) STRICT;
INSERT INTO tag_numbers (id, next) VALUES (1, 100001);

-- Every piece already kept gets its number, in the order it came in.
UPDATE vault_items SET tag = CAST(100000 + id AS TEXT)
    WHERE tag = '' AND NOT EXISTS (SELECT 1 FROM vault_items o WHERE o.tag = CAST(100000 + vault_items.id AS TEXT));
UPDATE tag_numbers SET next = 100001 + IFNULL((SELECT MAX(id) FROM vault_items), 0);
