-- Issue 14 (step-up): a withdrawal to a card added in the last 24 hours needs a texted code of its own purpose,
-- 'withdraw' (scope 'withdraw:<bank account id>:<amount>'). SQLite cannot change a CHECK in place, so the table
-- is rebuilt with its rows and its index; nothing references it.
CREATE TABLE verification_codes_new (
    id           INTEGER PRIMARY KEY,
    phone_number TEXT    NOT NULL,
    purpose      TEXT    NOT NULL CHECK (purpose IN ('auth', 'profile', 'trade', 'withdraw')),
    scope        TEXT    NOT NULL DEFAULT '',
    code_hash    TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    tries        INTEGER NOT NULL DEFAULT 0,
    closed_at    INTEGER
) STRICT;
INSERT INTO verification_codes_new (id, phone_number, purpose, scope, code_hash, created_at, expires_at, tries, closed_at)
SELECT id, phone_number, purpose, scope, code_hash, created_at, expires_at, tries, closed_at FROM verification_codes;
DROP TABLE verification_codes;
ALTER TABLE verification_codes_new RENAME TO verification_codes;
CREATE INDEX verification_codes_lookup ON verification_codes (phone_number, purpose, created_at);
