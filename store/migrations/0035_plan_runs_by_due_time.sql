-- A plan's run is keyed by when it is due, no longer by the plan's kind (issue 36): a daily plan that had
-- bought, changed to weekly at the same minute, named the same due time "week …" after "day …" and bought
-- again. The runs kept so far take the key the runner writes now, the due instant as a UTC minute
-- ("2026-12-01T05:30Z"), so an upgraded shop does not buy again what it bought before; OR IGNORE keeps the old
-- name on a plan's second row at one due time (the bug itself), whose first row holds the key. A plan's
-- terms_at is when its terms last changed or it was last resumed (NULL: when it was made): the runner owes
-- nothing for a run due before it.
UPDATE OR IGNORE plan_runs SET period = strftime('%Y-%m-%dT%H:%MZ', due_at / 1000, 'unixepoch');
ALTER TABLE plans ADD COLUMN terms_at INTEGER;
