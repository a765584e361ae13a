-- migrate: widen checks
-- A counter invoice that takes from a customer's wallet is confirmed by a code texted to the customer
-- (purpose 'counter', scope: what it takes), widened in place as 0036 did.
UPDATE sqlite_schema SET sql = replace(sql, '''plan'', ''order'')', '''plan'', ''order'', ''counter'')')
    WHERE type = 'table' AND name = 'verification_codes';
