-- Identity, sessions, verification codes, rate limits, prices and the audit log.
-- Times are INTEGER Unix milliseconds in UTC; money is INTEGER rial.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    phone_number  TEXT    NOT NULL UNIQUE,
    national_id   TEXT    UNIQUE,
    first_name    TEXT    NOT NULL,
    last_name     TEXT    NOT NULL,
    birth_date    TEXT,
    password_hash TEXT    NOT NULL,
    referral_code TEXT    NOT NULL UNIQUE,
    referred_by   INTEGER REFERENCES users (id),
    grade         INTEGER NOT NULL DEFAULT 1 CHECK (grade BETWEEN 1 AND 5),
    is_admin      INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
) STRICT;
CREATE INDEX users_referred_by ON users (referred_by);

-- A sign-up waiting for its SMS code; the user row is made only when the code is verified.
CREATE TABLE pending_registrations (
    phone_number  TEXT    PRIMARY KEY,
    national_id   TEXT    NOT NULL,
    first_name    TEXT    NOT NULL,
    last_name     TEXT    NOT NULL,
    birth_date    TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    referred_by   INTEGER REFERENCES users (id),
    created_at    INTEGER NOT NULL
) STRICT;

-- One row per code sent. Kept for a day so the daily cap and resend spacing survive a restart.
CREATE TABLE verification_codes (
    id           INTEGER PRIMARY KEY,
    phone_number TEXT    NOT NULL,
    purpose      TEXT    NOT NULL CHECK (purpose IN ('auth', 'profile', 'trade')),
    scope        TEXT    NOT NULL DEFAULT '',
    code_hash    TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    tries        INTEGER NOT NULL DEFAULT 0,
    closed_at    INTEGER
) STRICT;
CREATE INDEX verification_codes_lookup ON verification_codes (phone_number, purpose, created_at);

-- A verified profile code lets its user change the password once before expires_at.
CREATE TABLE password_change_grants (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id),
    expires_at INTEGER NOT NULL
) STRICT;

-- A login is one signed-in device; its tokens and its cookie session die with it.
CREATE TABLE logins (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
) STRICT;
CREATE INDEX logins_user ON logins (user_id);

-- Bearer tokens, stored only as SHA-256 hashes.
CREATE TABLE tokens (
    hash       TEXT    PRIMARY KEY,
    login_id   INTEGER NOT NULL REFERENCES logins (id),
    kind       TEXT    NOT NULL CHECK (kind IN ('access', 'refresh')),
    expires_at INTEGER NOT NULL,
    revoked_at INTEGER
) STRICT;
CREATE INDEX tokens_login ON tokens (login_id);

-- Cookie sessions of alexedwards/scs (its sqlite3store schema).
CREATE TABLE sessions (
    token  TEXT PRIMARY KEY,
    data   BLOB NOT NULL,
    expiry REAL NOT NULL
) STRICT;
CREATE INDEX sessions_expiry ON sessions (expiry);

-- Rate-limit hits per bucket (such as "login-phone:0912..."), pruned after a day.
CREATE TABLE rate_hits (
    bucket TEXT    NOT NULL,
    at     INTEGER NOT NULL
) STRICT;
CREATE INDEX rate_hits_bucket ON rate_hits (bucket, at);

-- Server-side secrets made at first start (the key that hashes verification codes).
CREATE TABLE secrets (
    name  TEXT PRIMARY KEY,
    value BLOB NOT NULL
) STRICT;

-- Every base price the shop has set; the newest row is the current price.
CREATE TABLE price_history (
    id         INTEGER PRIMARY KEY,
    price_rial INTEGER NOT NULL CHECK (price_rial > 0),
    set_by     INTEGER REFERENCES users (id),
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX price_history_at ON price_history (created_at);

-- What admins changed: who, what, when, before and after (JSON).
CREATE TABLE audit_log (
    id         INTEGER PRIMARY KEY,
    admin_id   INTEGER REFERENCES users (id),
    action     TEXT    NOT NULL,
    target     TEXT    NOT NULL,
    before     TEXT,
    after      TEXT,
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX audit_log_at ON audit_log (created_at);
