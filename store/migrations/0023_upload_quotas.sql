-- How many bank receipts (deposits) and chat files one customer may upload in a Tehran day (issue 27): the
-- owner sets them with the shop's settings; a fresh shop allows 20 and 50.
ALTER TABLE shop_settings ADD COLUMN receipts_per_day INTEGER NOT NULL DEFAULT 20
    CHECK (receipts_per_day BETWEEN 1 AND 1000);
ALTER TABLE shop_settings ADD COLUMN chat_files_per_day INTEGER NOT NULL DEFAULT 50
    CHECK (chat_files_per_day BETWEEN 1 AND 1000);
-- a customer's uploads of the day are counted at each upload
CREATE INDEX chat_files_uploader ON chat_files (uploader_id, created_at);
CREATE INDEX wallet_requests_user_created ON wallet_requests (user_id, type, created_at);
