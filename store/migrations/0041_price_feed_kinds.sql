-- migrate: widen checks
-- The price feed (issue 40) texts the owners once when its source has failed for a while.
UPDATE sqlite_schema SET sql = replace(sql, '''second_factor_changed'', ''second_factor_failures'')',
    '''second_factor_changed'', ''second_factor_failures'', ''price_feed_failing'')')
    WHERE type = 'table' AND name = 'notifications';
