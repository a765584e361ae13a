-- The counter (issue 38): walk-in sales, buy-backs and trade-ins in the same books as the web.

-- The shop's accounts of the counter, rial: the cash drawer, the card reader (POS), VAT payable, the counter's
-- revenue (gold, wage, profit, stones and extras), discounts given, used gold bought, and the walk-in
-- customer's passing account (an invoice without a goldshop customer settles through it; it nets to zero).
-- A transfer goes to the shop's bank account (shop_bank), a gold payout comes from shop_vault.
INSERT INTO accounts (kind, asset) VALUES
    ('shop_cash', 'rial'), ('shop_pos', 'rial'), ('shop_vat', 'rial'), ('shop_sales_gold', 'rial'),
    ('shop_sales_wage', 'rial'), ('shop_sales_profit', 'rial'), ('shop_sales_extras', 'rial'),
    ('shop_discounts', 'rial'), ('shop_purchases', 'rial'), ('shop_walk_in', 'rial');

-- The owner's figures: percents in hundredths of a percent.
CREATE TABLE counter_settings (
    id                    INTEGER PRIMARY KEY CHECK (id = 1),
    buy_back_spread_rial  INTEGER NOT NULL DEFAULT 0 CHECK (buy_back_spread_rial >= 0),
    profit_bp             INTEGER NOT NULL DEFAULT 700 CHECK (profit_bp BETWEEN 0 AND 10000),
    fineness_deduction_bp INTEGER NOT NULL DEFAULT 0 CHECK (fineness_deduction_bp BETWEEN 0 AND 10000),
    updated_at            INTEGER NOT NULL DEFAULT 0
) STRICT;
INSERT INTO counter_settings (id) VALUES (1);

-- VAT on wage and profit, dated by the Jalali day a rate comes in ("1403/01/01"); the rate of a day is the last
-- one in by then.
CREATE TABLE vat_rates (
    from_day TEXT    PRIMARY KEY CHECK (length(from_day) = 10),
    bp       INTEGER NOT NULL CHECK (bp BETWEEN 0 AND 10000)
) STRICT;
INSERT INTO vat_rates (from_day, bp) VALUES ('1398/01/01', 900), ('1403/01/01', 1000);

-- The shop's tax identity, printed on every invoice.
ALTER TABLE shop_settings ADD COLUMN economic_code TEXT NOT NULL DEFAULT '';
ALTER TABLE shop_settings ADD COLUMN national_id TEXT NOT NULL DEFAULT '';
ALTER TABLE shop_settings ADD COLUMN postal_code TEXT NOT NULL DEFAULT '';

-- A piece's tag code (unique among every item ever kept, so a tag scanned years later still names one),
-- its category and default wage (a percent, or rial per gram), and assay 'unassayed' marks used gold bought at
-- the counter at its estimated purity.
ALTER TABLE vault_items ADD COLUMN tag TEXT NOT NULL DEFAULT '' CHECK (length(tag) <= 50);
ALTER TABLE vault_items ADD COLUMN category TEXT NOT NULL DEFAULT '' CHECK (length(category) <= 100);
ALTER TABLE vault_items ADD COLUMN wage_bp INTEGER NOT NULL DEFAULT 0 CHECK (wage_bp BETWEEN 0 AND 10000);
ALTER TABLE vault_items ADD COLUMN wage_per_gram_rial INTEGER NOT NULL DEFAULT 0 CHECK (wage_per_gram_rial >= 0);
ALTER TABLE vault_items ADD COLUMN assay TEXT NOT NULL DEFAULT '' CHECK (assay IN ('', 'unassayed'));
CREATE UNIQUE INDEX vault_items_tag ON vault_items (tag) WHERE tag <> '';

-- An invoice: numbered per Jalali year without gaps (the number is taken in the transaction that records
-- it), its buyer (a goldshop customer, or a walk-in's details as typed, or none), the terms it was priced at,
-- and its totals. buy_backs_as_gold: the buy-backs were credited to the customer's gold, not paid in rial, so
-- net = sales − (buy-backs unless as gold); positive, the customer paid it.
CREATE TABLE counter_invoices (
    id                 INTEGER PRIMARY KEY,
    year               INTEGER NOT NULL,
    seq                INTEGER NOT NULL CHECK (seq > 0),
    status             TEXT    NOT NULL DEFAULT 'recorded' CHECK (status IN ('recorded', 'void')),
    user_id            INTEGER REFERENCES users (id),
    buyer_first_name   TEXT    NOT NULL DEFAULT '',
    buyer_last_name    TEXT    NOT NULL DEFAULT '',
    buyer_phone        TEXT    NOT NULL DEFAULT '',
    buyer_national_id  TEXT    NOT NULL DEFAULT '',
    base_price_rial    INTEGER NOT NULL CHECK (base_price_rial > 0),
    buy_back_price_rial INTEGER NOT NULL,
    vat_bp             INTEGER NOT NULL,
    vat_from           TEXT    NOT NULL,
    sales_rial         INTEGER NOT NULL,
    buy_backs_rial     INTEGER NOT NULL,
    vat_rial           INTEGER NOT NULL,
    net_rial           INTEGER NOT NULL,
    buy_backs_as_gold  INTEGER NOT NULL DEFAULT 0 CHECK (buy_backs_as_gold IN (0, 1)),
    created_by         INTEGER NOT NULL REFERENCES users (id),
    created_at         INTEGER NOT NULL,
    void_reason        TEXT    NOT NULL DEFAULT '',
    voided_by          INTEGER REFERENCES users (id),
    voided_at          INTEGER,
    UNIQUE (year, seq),
    CHECK ((status = 'void') = (voided_at IS NOT NULL))
) STRICT;
CREATE INDEX counter_invoices_created ON counter_invoices (created_at);
CREATE INDEX counter_invoices_user ON counter_invoices (user_id) WHERE user_id IS NOT NULL;

-- Every line keeps the tax system's gold pattern: purity, gold value, wage, profit, commission and their sum.
-- A sale names the vault item it sold; a buy-back the lot it put in the vault.
CREATE TABLE counter_lines (
    id             INTEGER PRIMARY KEY,
    invoice_id     INTEGER NOT NULL REFERENCES counter_invoices (id),
    side           TEXT    NOT NULL CHECK (side IN ('sale', 'buy_back')),
    item_id        INTEGER NOT NULL REFERENCES vault_items (id),
    kind           TEXT    NOT NULL,
    description    TEXT    NOT NULL DEFAULT '',
    weight_mg      INTEGER NOT NULL CHECK (weight_mg > 0),
    purity_centi   INTEGER NOT NULL CHECK (purity_centi > 0 AND purity_centi <= 100000),
    weight750_mg   INTEGER NOT NULL,
    wage_bp        INTEGER NOT NULL DEFAULT 0,
    wage_per_gram_rial INTEGER NOT NULL DEFAULT 0,
    profit_bp      INTEGER NOT NULL DEFAULT 0,
    deduction_bp   INTEGER NOT NULL DEFAULT 0,
    gold_rial      INTEGER NOT NULL CHECK (gold_rial >= 0),
    wage_rial      INTEGER NOT NULL CHECK (wage_rial >= 0),
    profit_rial    INTEGER NOT NULL CHECK (profit_rial >= 0),
    commission_rial INTEGER NOT NULL DEFAULT 0 CHECK (commission_rial >= 0),
    vat_rial       INTEGER NOT NULL CHECK (vat_rial >= 0),
    extras_rial    INTEGER NOT NULL CHECK (extras_rial >= 0),
    discount_rial  INTEGER NOT NULL CHECK (discount_rial >= 0),
    total_rial     INTEGER NOT NULL CHECK (total_rial >= 0)
) STRICT;
CREATE INDEX counter_lines_invoice ON counter_lines (invoice_id);
CREATE UNIQUE INDEX counter_lines_lot ON counter_lines (item_id) WHERE side = 'buy_back';

-- How the invoice was settled: in, what the customer paid; out, what the shop paid. A wallet_gold payment
-- names the grams it sold and its trade; a wallet_gold payout the grams it credited (amount 0).
CREATE TABLE counter_payments (
    id               INTEGER PRIMARY KEY,
    invoice_id       INTEGER NOT NULL REFERENCES counter_invoices (id),
    direction        TEXT    NOT NULL CHECK (direction IN ('in', 'out')),
    method           TEXT    NOT NULL CHECK (method IN ('cash', 'card', 'transfer', 'wallet_rial', 'wallet_gold')),
    amount_rial      INTEGER NOT NULL CHECK (amount_rial >= 0),
    gold_mg          INTEGER NOT NULL DEFAULT 0 CHECK (gold_mg >= 0),
    trade_journal_id INTEGER UNIQUE REFERENCES journals (id),
    CHECK (direction = 'in' OR method <> 'card')
) STRICT;
CREATE INDEX counter_payments_invoice ON counter_payments (invoice_id);

-- An invoice's journal and its void's name it; vault moves of its pieces and lots too.
ALTER TABLE journals ADD COLUMN counter_invoice_id INTEGER REFERENCES counter_invoices (id);
CREATE UNIQUE INDEX journals_counter ON journals (counter_invoice_id, IFNULL(reverses_id, 0))
    WHERE counter_invoice_id IS NOT NULL;
CREATE TRIGGER journals_counter_fixed BEFORE UPDATE OF counter_invoice_id ON journals
    WHEN NEW.counter_invoice_id IS NOT OLD.counter_invoice_id BEGIN
    SELECT RAISE(ABORT, 'journals are append-only');
END;
ALTER TABLE vault_moves ADD COLUMN counter_invoice_id INTEGER REFERENCES counter_invoices (id);
CREATE INDEX vault_moves_counter ON vault_moves (counter_invoice_id) WHERE counter_invoice_id IS NOT NULL;
