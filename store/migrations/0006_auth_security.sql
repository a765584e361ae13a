-- Issue 14 (security review): codes bound to one sign-up, password-change grants bound to one login, and a
-- short grace in which a just-rotated refresh token gets its successor back. Times are Unix milliseconds.

-- A pending sign-up gets an id of its own, never reused (AUTOINCREMENT), so a sign-up code (scope
-- 'signup:<id>') can complete only the sign-up it was issued for, even if the phone's sign-up is replaced.
CREATE TABLE pending_registrations_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    phone_number  TEXT    NOT NULL UNIQUE,
    national_id   TEXT    NOT NULL,
    first_name    TEXT    NOT NULL,
    last_name     TEXT    NOT NULL,
    birth_date    TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    referred_by   INTEGER REFERENCES users (id),
    created_at    INTEGER NOT NULL
) STRICT;
INSERT INTO pending_registrations_new (phone_number, national_id, first_name, last_name, birth_date, password_hash,
    referred_by, created_at)
SELECT phone_number, national_id, first_name, last_name, birth_date, password_hash, referred_by, created_at
FROM pending_registrations;
DROP TABLE pending_registrations;
ALTER TABLE pending_registrations_new RENAME TO pending_registrations;

-- The login (device) that verified the profile code; only it may spend the grant. Grants made before this
-- migration have none and so cannot be spent (they lived 10 minutes anyway).
ALTER TABLE password_change_grants ADD COLUMN login_id INTEGER REFERENCES logins (id);

-- A rotated refresh token remembers the refresh token that replaced it and that successor pair, sealed with
-- a key derived from the rotated token itself (which is stored only as a hash), for the reuse grace.
ALTER TABLE tokens ADD COLUMN successor_hash TEXT;
ALTER TABLE tokens ADD COLUMN successor_sealed BLOB;
