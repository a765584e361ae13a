-- Large shops (issue 16). The ledger checks the shop has run (invariants.go): the full check records what it saw, so the check at
-- start-up verifies only what was posted after the last good one and starts in milliseconds at any size.
-- Postings are append-only (triggers), so what a good check saw stays true; the full check still runs on a
-- schedule and from `goldshop check`.
CREATE TABLE ledger_checks (
    id         INTEGER PRIMARY KEY,
    checked_at INTEGER NOT NULL,
    journal_id INTEGER NOT NULL, -- the newest journal the check saw (0: none)
    posting_id INTEGER NOT NULL, -- the newest posting the check saw (0: none)
    ok         INTEGER NOT NULL CHECK (ok IN (0, 1)),
    breaches   TEXT    NOT NULL DEFAULT ''
) STRICT;

-- Every account's balance as the last good full check proved it from the postings.
CREATE TABLE ledger_check_balances (
    account_id INTEGER PRIMARY KEY REFERENCES accounts (id),
    balance    INTEGER NOT NULL
) STRICT;

-- A customer's postings by journal with their amounts, so a statement page's running balances (the sum of
-- what was posted after it, StatementPage) read the index alone. It covers what postings_account did.
CREATE INDEX postings_account_amount ON postings (account_id, journal_id, amount);
DROP INDEX postings_account;
