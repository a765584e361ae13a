-- Every authentication decision (issue 27): sign-ins and their second steps, code verdicts, refresh reuse,
-- logins ended, password and factor and role changes, refusals by the origin check and the rate limits. Who
-- (the person it was about, when known), the phone tried, the address, what, how it ended and why; never a
-- secret, a code or a token. Kept 180 days (Prune).
CREATE TABLE security_events (
    id       INTEGER PRIMARY KEY,
    at       INTEGER NOT NULL,
    actor_id INTEGER REFERENCES users (id),
    phone    TEXT    NOT NULL DEFAULT '',
    address  TEXT    NOT NULL DEFAULT '',
    kind     TEXT    NOT NULL,
    outcome  TEXT    NOT NULL CHECK (outcome IN ('success', 'failure')),
    reason   TEXT    NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX security_events_at ON security_events (at);
CREATE INDEX security_events_phone ON security_events (phone, id) WHERE phone <> '';
