-- The phones (browsers) that asked for Web Push (issue 18): one row per push endpoint, bound to the login
-- that subscribed it, so a logout, a password change or a revoked device stops its pushes with its tokens.
CREATE TABLE push_subscriptions (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    login_id   INTEGER NOT NULL REFERENCES logins (id),
    endpoint   TEXT    NOT NULL UNIQUE,
    p256dh     TEXT    NOT NULL,
    auth       TEXT    NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, id);
CREATE INDEX push_subscriptions_login ON push_subscriptions (login_id);
