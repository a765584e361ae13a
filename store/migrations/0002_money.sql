-- The ledger (double entry), wallet requests, bank accounts and idempotency keys.
-- Amounts are INTEGER: rial for rial accounts, milligrams of 750 gold for gold accounts.
--
-- Every account's balance is the sum of its postings (credit positive, debit negative). Customer accounts are
-- what the shop owes its customers and never go below zero; the shop's own accounts hold the other side, so the
-- shop's bank account runs negative by the cash the ledger says the shop holds.

CREATE TABLE accounts (
    id      INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users (id),
    -- customer: free to use; customer_hold: set aside for the customer's pending requests;
    -- shop_bank (rial): the shop's cash at the bank; shop_vault (gold): gold the shop holds;
    -- shop_trading: the shop's side of buys and sells; shop_rewards: gold given as referral rewards.
    kind    TEXT    NOT NULL CHECK (kind IN ('customer', 'customer_hold', 'shop_bank', 'shop_vault',
                                             'shop_trading', 'shop_rewards')),
    asset   TEXT    NOT NULL CHECK (asset IN ('rial', 'gold')),
    balance INTEGER NOT NULL DEFAULT 0,
    CHECK ((user_id IS NULL) = (kind LIKE 'shop_%')),
    CHECK (kind LIKE 'shop_%' OR balance >= 0)
) STRICT;
CREATE UNIQUE INDEX accounts_owner ON accounts (kind, IFNULL(user_id, 0), asset);
CREATE INDEX accounts_user ON accounts (user_id);

INSERT INTO accounts (kind, asset) VALUES
    ('shop_bank', 'rial'), ('shop_vault', 'gold'), ('shop_trading', 'rial'), ('shop_trading', 'gold'),
    ('shop_rewards', 'gold');

INSERT INTO accounts (user_id, kind, asset)
    SELECT u.id, k.kind, a.asset FROM users u,
        (SELECT 'customer' AS kind UNION ALL SELECT 'customer_hold') k,
        (SELECT 'rial' AS asset UNION ALL SELECT 'gold') a;

CREATE TRIGGER users_accounts AFTER INSERT ON users BEGIN
    INSERT INTO accounts (user_id, kind, asset) VALUES
        (NEW.id, 'customer', 'rial'), (NEW.id, 'customer', 'gold'),
        (NEW.id, 'customer_hold', 'rial'), (NEW.id, 'customer_hold', 'gold');
END;

CREATE TABLE bank_accounts (
    id                  INTEGER PRIMARY KEY,
    user_id             INTEGER NOT NULL REFERENCES users (id),
    card_number         TEXT    NOT NULL CHECK (length(card_number) = 16),
    iban                TEXT    NOT NULL DEFAULT '',
    bank_name           TEXT    NOT NULL,
    account_holder_name TEXT    NOT NULL,
    created_at          INTEGER NOT NULL,
    deleted_at          INTEGER
) STRICT;
CREATE UNIQUE INDEX bank_accounts_card ON bank_accounts (user_id, card_number) WHERE deleted_at IS NULL;

-- A customer's deposit (with a receipt) or withdraw (to one of their bank accounts), until an admin decides.
-- The bank details are copied at request time so the request still says where the money went after the
-- account is deleted.
CREATE TABLE wallet_requests (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users (id),
    type            TEXT    NOT NULL CHECK (type IN ('deposit', 'withdraw')),
    amount_rial     INTEGER NOT NULL CHECK (amount_rial > 0),
    bank_account_id INTEGER REFERENCES bank_accounts (id),
    card_number     TEXT    NOT NULL DEFAULT '',
    iban            TEXT    NOT NULL DEFAULT '',
    bank_name       TEXT    NOT NULL DEFAULT '',
    receipt         TEXT    NOT NULL DEFAULT '',
    status          TEXT    NOT NULL DEFAULT 'pending'
                            CHECK (status IN ('pending', 'approved', 'rejected', 'canceled')),
    reject_reason   TEXT    NOT NULL DEFAULT '',
    created_at      INTEGER NOT NULL,
    decided_at      INTEGER,
    decided_by      INTEGER REFERENCES users (id),
    CHECK ((type = 'withdraw') = (bank_account_id IS NOT NULL)),
    CHECK ((type = 'deposit') = (receipt <> ''))
) STRICT;
CREATE INDEX wallet_requests_user ON wallet_requests (user_id, status);
CREATE INDEX wallet_requests_status ON wallet_requests (status, created_at);
CREATE INDEX wallet_requests_created ON wallet_requests (created_at);
CREATE UNIQUE INDEX wallet_requests_receipt ON wallet_requests (receipt) WHERE receipt <> '';

-- One money movement. type 'hold' and 'release' set aside and give back a pending request's amount between
-- the customer's two accounts; they change no balance the customer sees and stay out of the statement.
CREATE TABLE journals (
    id                  INTEGER PRIMARY KEY,
    user_id             INTEGER REFERENCES users (id),
    type                TEXT    NOT NULL CHECK (type IN ('wallet_deposit', 'gold_deposit', 'wallet_withdraw',
                                   'buy', 'sell', 'gold_request', 'reward_referral', 'hold', 'release')),
    status              TEXT    NOT NULL,
    description         TEXT    NOT NULL DEFAULT '',
    price_per_gram_rial INTEGER,
    wallet_request_id   INTEGER REFERENCES wallet_requests (id),
    -- a release or a withdraw names the hold it resolves; the unique index lets each hold end once
    resolves_id         INTEGER REFERENCES journals (id),
    -- a correction names the entry it reverses; each entry is reversed at most once
    reverses_id         INTEGER REFERENCES journals (id),
    admin_id            INTEGER REFERENCES users (id),
    created_at          INTEGER NOT NULL
) STRICT;
CREATE INDEX journals_user ON journals (user_id, id);
CREATE INDEX journals_created ON journals (created_at, type);
CREATE UNIQUE INDEX journals_resolves ON journals (resolves_id) WHERE resolves_id IS NOT NULL;
CREATE UNIQUE INDEX journals_reverses ON journals (reverses_id) WHERE reverses_id IS NOT NULL;
CREATE UNIQUE INDEX journals_wallet_request ON journals (wallet_request_id, type) WHERE wallet_request_id IS NOT NULL;

CREATE TABLE postings (
    id         INTEGER PRIMARY KEY,
    journal_id INTEGER NOT NULL REFERENCES journals (id),
    account_id INTEGER NOT NULL REFERENCES accounts (id),
    amount     INTEGER NOT NULL CHECK (amount <> 0)
) STRICT;
CREATE INDEX postings_journal ON postings (journal_id);
CREATE INDEX postings_account ON postings (account_id, journal_id);

-- The cached balance moves with each posting inside the same statement, so the CHECK on accounts refuses a
-- posting that would take a customer below zero.
CREATE TRIGGER postings_balance AFTER INSERT ON postings BEGIN
    UPDATE accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
END;
CREATE TRIGGER postings_append_only_update BEFORE UPDATE ON postings BEGIN
    SELECT RAISE(ABORT, 'postings are append-only');
END;
CREATE TRIGGER postings_append_only_delete BEFORE DELETE ON postings BEGIN
    SELECT RAISE(ABORT, 'postings are append-only');
END;
-- Only a journal's status may change (a gold request's entry follows its request); the rest is history.
CREATE TRIGGER journals_append_only_update BEFORE UPDATE ON journals
    WHEN NEW.id IS NOT OLD.id OR NEW.user_id IS NOT OLD.user_id OR NEW.type IS NOT OLD.type
      OR NEW.description IS NOT OLD.description OR NEW.price_per_gram_rial IS NOT OLD.price_per_gram_rial
      OR NEW.wallet_request_id IS NOT OLD.wallet_request_id OR NEW.resolves_id IS NOT OLD.resolves_id
      OR NEW.reverses_id IS NOT OLD.reverses_id OR NEW.admin_id IS NOT OLD.admin_id
      OR NEW.created_at IS NOT OLD.created_at BEGIN
    SELECT RAISE(ABORT, 'journals are append-only');
END;
CREATE TRIGGER journals_append_only_delete BEFORE DELETE ON journals BEGIN
    SELECT RAISE(ABORT, 'journals are append-only');
END;
CREATE TRIGGER accounts_no_delete BEFORE DELETE ON accounts BEGIN
    SELECT RAISE(ABORT, 'accounts are never deleted');
END;

-- A money-moving call's Idempotency-Key, claimed inside the call's own transaction; the answer is kept once
-- the call succeeds so a repeat gets it again.
CREATE TABLE idempotency_keys (
    user_id    INTEGER NOT NULL REFERENCES users (id),
    key        TEXT    NOT NULL,
    route      TEXT    NOT NULL,
    status     INTEGER,
    body       TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID, STRICT;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
