-- migrate: widen checks
-- The counter (issue 38) adds ledger accounts, a journal type and a vault move that the CHECK constraints of
-- 0002 and 0014 do not list. Widening a CHECK changes nothing stored, so it is done as SQLite documents for
-- such changes (https://sqlite.org/lang_altertable.html#otheralter, the simpler procedure): the tables' texts
-- are edited in sqlite_schema and the schema version raised (store/migrate.go), instead of rebuilding
-- journals and postings, the two largest tables, with every table that refers to them.
UPDATE sqlite_schema SET sql = replace(sql, '''shop_trading'', ''shop_rewards'')',
    '''shop_trading'', ''shop_rewards'', ''shop_cash'', ''shop_pos'', ''shop_vat'', ''shop_sales_gold'',
                                             ''shop_sales_wage'', ''shop_sales_profit'', ''shop_sales_extras'',
                                             ''shop_discounts'', ''shop_purchases'', ''shop_walk_in'')')
    WHERE type = 'table' AND name = 'accounts';
UPDATE sqlite_schema SET sql = replace(sql, '''reward_referral'', ''hold'', ''release'')',
    '''reward_referral'', ''hold'', ''release'', ''counter'')')
    WHERE type = 'table' AND name = 'journals';
UPDATE sqlite_schema SET sql = replace(sql, '''melted'', ''corrected'')', '''melted'', ''corrected'', ''returned'')')
    WHERE type = 'table' AND name = 'vault_moves';
