-- Logins a person can see and end (issue 27): the browser that signed in (its user agent, as sent), the
-- address it came from, and when it was last used (NULL: not since it signed in). The device's name is
-- read from the user agent when the list is shown; the store keeps what was sent.
ALTER TABLE logins ADD COLUMN user_agent   TEXT    NOT NULL DEFAULT '';
ALTER TABLE logins ADD COLUMN address      TEXT    NOT NULL DEFAULT '';
ALTER TABLE logins ADD COLUMN last_used_at INTEGER;
