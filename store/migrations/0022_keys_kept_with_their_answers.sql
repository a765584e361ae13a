-- Since a keyed call's claim, money and answer share one commit, a key is kept only with its call's answer
-- and the request's fingerprint (docs/decisions.md, Idempotency-Key). Rows of the two older shapes, which a
-- server of before then may have left within the 48 hours keys are kept, take the present shape here, so the
-- server reads one shape only (issue 26):
-- a claim whose call moved nothing and kept no answer frees its key, as the server used to take it over;
DELETE FROM idempotency_keys WHERE status IS NULL AND used_at IS NULL;
-- a call that moved money without keeping its answer keeps 409, so it is never run again (the server answered
-- its repeats "in progress" until the key was pruned); the answer has no words, the screens give their own;
UPDATE idempotency_keys SET status = 409, body = '{}' WHERE status IS NULL;
-- a key from before fingerprints (issue 14) matches no request: a repeat of it is refused (422), never run.
UPDATE idempotency_keys SET fingerprint = '' WHERE fingerprint IS NULL;
