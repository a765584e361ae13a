-- Journals keep facts, not sentences: the statement's text of a trade, a referral reward, a deposit by
-- receipt, a withdraw and a gold request's approval is rendered when read, from the entry's type, postings
-- and request. The text the server used to write into those rows is blanked here, so `description` holds
-- only what a person typed (an admin's charge note, a rejection's reason). Manual charges are left as they
-- are: their text is the admin's note, or the same default the statement now renders for an empty one.
--
-- The append-only trigger forbids changing `description`; it is dropped for this one update and created
-- again exactly as 0002_money.sql wrote it, inside this migration's transaction.
DROP TRIGGER IF EXISTS journals_append_only_update;

UPDATE journals SET description = ''
WHERE description <> ''
  AND (type IN ('buy', 'sell', 'reward_referral', 'wallet_withdraw')
    OR (type = 'wallet_deposit' AND wallet_request_id IS NOT NULL)
    OR (type = 'gold_request' AND reverses_id IS NULL));

CREATE TRIGGER journals_append_only_update BEFORE UPDATE ON journals
    WHEN NEW.id IS NOT OLD.id OR NEW.user_id IS NOT OLD.user_id OR NEW.type IS NOT OLD.type
      OR NEW.description IS NOT OLD.description OR NEW.price_per_gram_rial IS NOT OLD.price_per_gram_rial
      OR NEW.wallet_request_id IS NOT OLD.wallet_request_id OR NEW.resolves_id IS NOT OLD.resolves_id
      OR NEW.reverses_id IS NOT OLD.reverses_id OR NEW.admin_id IS NOT OLD.admin_id
      OR NEW.created_at IS NOT OLD.created_at BEGIN
    SELECT RAISE(ABORT, 'journals are append-only');
END;
