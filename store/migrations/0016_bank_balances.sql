-- The shop's bank balances as the owner records them (issue 17), so the panel can set customers' rial owed
-- against what the banks hold. Each record is a dated fact, kept as written: a newer record of a bank
-- supersedes an older one without changing it.
CREATE TABLE bank_balances (
    id           INTEGER PRIMARY KEY,
    bank         TEXT    NOT NULL CHECK (length(bank) BETWEEN 1 AND 200),
    balance_rial INTEGER NOT NULL CHECK (balance_rial >= 0),
    as_of        TEXT    NOT NULL CHECK (as_of GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    admin_id     INTEGER NOT NULL REFERENCES users (id),
    created_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX bank_balances_latest ON bank_balances (bank, as_of, id);

CREATE TRIGGER bank_balances_append_only_update BEFORE UPDATE ON bank_balances
BEGIN
    SELECT RAISE(ABORT, 'bank_balances is append-only');
END;
CREATE TRIGGER bank_balances_append_only_delete BEFORE DELETE ON bank_balances
BEGIN
    SELECT RAISE(ABORT, 'bank_balances is append-only');
END;
