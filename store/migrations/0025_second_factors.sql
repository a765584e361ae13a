-- A second factor (issue 27): a TOTP secret per person, confirmed by a first code; the last time step a code
-- was accepted for, so each code is taken once; ten recovery codes, kept as hashes and used once; and the
-- challenges of sign-ins waiting for their second factor, each bound to its person, counted and short-lived.
CREATE TABLE second_factors (
    user_id      INTEGER NOT NULL REFERENCES users (id),
    kind         TEXT    NOT NULL CHECK (kind IN ('totp')),
    secret       TEXT    NOT NULL,
    confirmed_at INTEGER,
    last_step    INTEGER NOT NULL DEFAULT 0,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind)
) STRICT;

CREATE TABLE recovery_codes (
    id        INTEGER PRIMARY KEY,
    user_id   INTEGER NOT NULL REFERENCES users (id),
    code_hash BLOB    NOT NULL UNIQUE,
    used_at   INTEGER
) STRICT;
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

CREATE TABLE second_factor_challenges (
    token_hash BLOB    PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    tries      INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT;
CREATE INDEX second_factor_challenges_expiry ON second_factor_challenges (expires_at);
