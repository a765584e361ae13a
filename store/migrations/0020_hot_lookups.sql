-- The trade's lookups that grew with a customer's history: a phone's live code of a purpose (one at most: a
-- new code closes the last, so the check and the close find it in one step instead of scanning the phone's
-- codes of the last two days), and the gold promised to approved deliveries (the reserve guard of every buy,
-- instead of a scan of every gold request ever made).
CREATE INDEX verification_codes_live ON verification_codes (phone_number, purpose) WHERE closed_at IS NULL;
CREATE INDEX gold_requests_promised ON gold_requests (status) WHERE status IN ('approved', 'ready');
