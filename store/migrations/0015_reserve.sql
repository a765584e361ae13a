-- The reserve guard (issue 17): the shop never owes customers more gold than its vault holds for them. One
-- row: the owner's safety margin in hundredths of a percent, and the guard's switch, on from the first start.
CREATE TABLE reserve_settings (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    margin_bp     INTEGER NOT NULL DEFAULT 0 CHECK (margin_bp BETWEEN 0 AND 10000),
    guard_enabled INTEGER NOT NULL DEFAULT 1 CHECK (guard_enabled IN (0, 1)),
    updated_at    INTEGER NOT NULL DEFAULT 0
) STRICT;
INSERT INTO reserve_settings (id) VALUES (1);
