-- Idempotency keys are claimed when the call starts, with a fingerprint of the request (issue 14): a repeat of
-- the key with another request is refused instead of answered with the first one's result. The call's own
-- transaction marks the key used when money moves, so the key and the movement still land together.
ALTER TABLE idempotency_keys ADD COLUMN fingerprint TEXT;
ALTER TABLE idempotency_keys ADD COLUMN used_at INTEGER;
-- before this, a key existed only once its call had moved money
UPDATE idempotency_keys SET used_at = created_at;
