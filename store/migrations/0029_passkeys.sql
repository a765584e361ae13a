-- Passkeys (issue 27): a second way to pass the second step, where the shop runs on HTTPS or localhost. Each
-- is one WebAuthn credential of its person, kept as the library's record of it (public key, sign count,
-- flags; no secret); user_id comes first so the index of logins sees whose factor changed. A registration
-- waits in passkey_enrolments, a sign-in's assertion beside its challenge, each as the library's session data.
CREATE TABLE passkeys (
    user_id       INTEGER NOT NULL REFERENCES users (id),
    credential_id TEXT    NOT NULL UNIQUE, -- base64url, as the browser names it
    credential    TEXT    NOT NULL,        -- JSON
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER
) STRICT;
CREATE INDEX passkeys_user ON passkeys (user_id);

CREATE TABLE passkey_enrolments (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id),
    session    TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
) STRICT;

ALTER TABLE second_factor_challenges ADD COLUMN passkey_session TEXT;
