-- Issue 15: two admin roles, and the shop's own identity.
-- role says what an admin may do; is_admin stays the "owner or staff" flag the chat rules read, and the
-- invariants check keeps the two in step. Admins made before roles existed could do everything: they become owners.
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'staff', 'owner'));
UPDATE users SET role = 'owner' WHERE is_admin = 1;

-- The shop's settings, one row. phones is a JSON array of strings; logo_version counts uploads (0 = none yet),
-- so a new logo gets a new address and phones never show a cached old one. configured_at is set by the owner's
-- first save: until then the admin panel shows the first-run card.
CREATE TABLE shop_settings (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    name          TEXT    NOT NULL,
    short_name    TEXT    NOT NULL,
    phones        TEXT    NOT NULL DEFAULT '[]',
    address       TEXT    NOT NULL DEFAULT '',
    hours         TEXT    NOT NULL DEFAULT '',
    about         TEXT    NOT NULL DEFAULT '',
    licence       TEXT    NOT NULL DEFAULT '',
    logo_version  INTEGER NOT NULL DEFAULT 0,
    configured_at INTEGER,
    updated_at    INTEGER NOT NULL
) STRICT;

-- The logo at each size the UI and the phone's home screen need, as PNG made by the server.
CREATE TABLE shop_logo (
    size INTEGER PRIMARY KEY,
    png  BLOB    NOT NULL
) STRICT;
