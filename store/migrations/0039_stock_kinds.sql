-- migrate: widen checks
-- The shop's stock and day (issue 39) add three ledger accounts and two journal types (see 0036 for how a
-- CHECK is widened without rebuilding the ledger's tables).
UPDATE sqlite_schema SET sql = replace(sql, '''shop_discounts'', ''shop_purchases'', ''shop_walk_in'')',
    '''shop_discounts'', ''shop_purchases'', ''shop_walk_in'', ''shop_melt'', ''shop_cash_over_short'',
                                             ''shop_owner'')')
    WHERE type = 'table' AND name = 'accounts';
UPDATE sqlite_schema SET sql = replace(sql, '''hold'', ''release'', ''counter'')',
    '''hold'', ''release'', ''counter'', ''melt'', ''drawer'')')
    WHERE type = 'table' AND name = 'journals';
