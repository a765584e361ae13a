-- A trade's quote is found by its journal through the UNIQUE constraint on trade_quotes.journal_id, whose
-- index SQLite keeps anyway; this second index on the same column cost every trade one more index write
-- (issue 25).
DROP INDEX trade_quotes_executed;
