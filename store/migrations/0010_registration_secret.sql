-- Issue 14 (pre-emptive sign-up): a pending sign-up keeps the SHA-256 hash (hex) of a random registration id
-- that only its register answer carried; verify completes the sign-up only with that id, so a code texted to
-- the phone (say, by a login-code request of the phone's owner) cannot complete a sign-up someone else made.
-- Sign-ups pending before this migration have none and cannot be completed; their codes expire in minutes.
ALTER TABLE pending_registrations ADD COLUMN secret_hash TEXT NOT NULL DEFAULT '';
