-- A trade writes fewer index entries (issue 41). Each entry keyed by the customer lands on a page of its own,
-- which the commit writes to the log; these three were read by nothing that needs them.

-- Quotes by customer: the live quotes are in the quote book, in memory; the admin's list of trades finds a
-- customer's by their journals (journals_user).
DROP INDEX trade_quotes_user;

-- A customer's trades of the day: the day's sum now reads the customer's journals (journals_user) from the
-- day's first journal on (journals_created), since a journal's time never goes back (insertJournalSQL).
DROP INDEX journals_user_trades;

-- The live codes of a phone: a trade's code is checked in the quote book, and its row is read only when the
-- shop starts and for the day's count (verification_codes_lookup).
DROP INDEX verification_codes_live;
CREATE INDEX verification_codes_live ON verification_codes (phone_number, purpose)
    WHERE closed_at IS NULL AND purpose <> 'trade';
