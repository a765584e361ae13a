-- Daily trade limits (issue 29): the most a customer may buy and sell in a Tehran day, in rial and in
-- milligrams of 750 gold, counting every trade (the screen's, a savings plan's, a standing order's). The
-- owner sets them per grade (grade) and per customer (user_id); a row is one or the other. A NULL figure is
-- no limit from that row: a customer's own figure wins over their grade's, and where they have none their
-- grade's applies (docs/decisions.md). A row whose four figures are all NULL is deleted, not kept, so the
-- table holds only what limits someone: the server keeps it whole in memory and a trade of a customer it
-- does not limit reads nothing.
CREATE TABLE daily_limits (
    id           INTEGER PRIMARY KEY,
    grade        INTEGER UNIQUE REFERENCES grades (id),
    user_id      INTEGER UNIQUE REFERENCES users (id),
    buy_rial     INTEGER CHECK (buy_rial >= 0),
    buy_gold_mg  INTEGER CHECK (buy_gold_mg >= 0),
    sell_rial    INTEGER CHECK (sell_rial >= 0),
    sell_gold_mg INTEGER CHECK (sell_gold_mg >= 0),
    updated_at   INTEGER NOT NULL,
    CHECK ((grade IS NULL) <> (user_id IS NULL)),
    CHECK (COALESCE(buy_rial, buy_gold_mg, sell_rial, sell_gold_mg) IS NOT NULL)
) STRICT;

-- A limited customer's trades of the day are summed inside each of their trades: by customer and time, over
-- buys and sells only, so the sum reads that day's few trades and never the customer's whole history.
CREATE INDEX journals_user_trades ON journals (user_id, created_at) WHERE type IN ('buy', 'sell');
