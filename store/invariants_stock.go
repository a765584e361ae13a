package store

// The shop's stock and day (issue 39): melt batches against their lots and bar, the melt's loss posted once,
// and every close of the drawer against the day it closed.
var stockInvariants = []invariant{
	{"a melt batch holds its lots' moves into it, and its bar or their return once it is decided", `
		SELECT 'melt batch ' || b.id || ' (' || b.status || ') holds ' || b.lots || ' lots of ' || b.lots750_mg
			|| ' mg; its moves say ' || IFNULL(i.n, 0) || ' lots of ' || IFNULL(i.mg, 0) || ' mg, '
			|| IFNULL(r.n, 0) || ' returned of ' || IFNULL(r.mg, 0) || ' mg, bar ' || IFNULL(g.item_id, '-')
			|| ' of ' || IFNULL(g.delta750_mg, 0) || ' mg'
		FROM melt_batches b
		LEFT JOIN (SELECT melt_batch_id, COUNT(*) AS n, -SUM(delta750_mg) AS mg FROM vault_moves
			WHERE kind = 'melted' AND melt_batch_id IS NOT NULL GROUP BY melt_batch_id) i ON i.melt_batch_id = b.id
		LEFT JOIN (SELECT melt_batch_id, COUNT(*) AS n, SUM(delta750_mg) AS mg FROM vault_moves
			WHERE kind = 'returned' AND melt_batch_id IS NOT NULL GROUP BY melt_batch_id) r ON r.melt_batch_id = b.id
		LEFT JOIN vault_moves g ON g.melt_batch_id = b.id AND g.kind = 'received'
		WHERE IFNULL(i.n, 0) <> b.lots OR IFNULL(i.mg, 0) <> b.lots750_mg
			OR IFNULL(r.n, 0) <> IIF(b.status = 'cancelled', b.lots, 0)
			OR IFNULL(r.mg, 0) <> IIF(b.status = 'cancelled', b.lots750_mg, 0)
			OR (b.status = 'done') <> (g.id IS NOT NULL)
			OR (g.id IS NOT NULL AND (g.item_id IS NOT b.bar_id OR g.delta750_mg IS NOT b.bar750_mg
				OR g.created_at IS NOT b.decided_at))
		UNION ALL
		SELECT 'vault move ' || m.id || ' (' || m.kind || ') names melt batch ' || m.melt_batch_id || ' out of turn'
		FROM vault_moves m JOIN melt_batches b ON b.id = m.melt_batch_id
		WHERE (m.kind = 'melted' AND m.created_at <> b.sent_at)
			OR (m.kind IN ('returned', 'received') AND m.created_at IS NOT b.decided_at)
			OR m.kind NOT IN ('melted', 'returned', 'received')
		UNION ALL
		SELECT 'lot ' || m.item_id || ' went into melt batches ' || GROUP_CONCAT(m.melt_batch_id) || ' while unassayed'
			|| ' (or is not melted gold)'
		FROM vault_moves m JOIN vault_items i ON i.id = m.item_id
		WHERE m.kind = 'melted' AND m.melt_batch_id IS NOT NULL
		GROUP BY m.item_id HAVING MIN(i.kind) <> 'melted' OR MIN(i.assay) <> 'unassayed'
			OR COUNT(*) > 1 + (SELECT COUNT(*) FROM vault_moves x WHERE x.item_id = m.item_id AND x.kind = 'returned'
				AND x.melt_batch_id IS NOT NULL)`},
	{"a melt's loss or gain is posted once, by the journal naming its batch", `
		SELECT 'melt batch ' || b.id || ' (' || b.status || ') lost ' || IIF(b.status = 'done', b.lots750_mg - b.bar750_mg, 0)
			|| ' mg; its journals post ' || IFNULL(SUM(IIF(a.kind = 'shop_melt', -p.amount, 0)), 0)
			|| ' in ' || COUNT(DISTINCT j.id) || ' journals'
		FROM melt_batches b LEFT JOIN journals j ON j.melt_batch_id = b.id
		LEFT JOIN postings p ON p.journal_id = j.id LEFT JOIN accounts a ON a.id = p.account_id
		GROUP BY b.id
		HAVING COUNT(DISTINCT j.id) <> IIF(b.status = 'done' AND b.lots750_mg <> b.bar750_mg, 1, 0)
			OR IFNULL(SUM(IIF(a.kind = 'shop_melt', -p.amount, 0)), 0) <> IIF(b.status = 'done', b.lots750_mg - b.bar750_mg, 0)
			OR IFNULL(SUM(IIF(a.kind = 'shop_vault', p.amount, 0)), 0) <> IIF(b.status = 'done', b.lots750_mg - b.bar750_mg, 0)
			OR IFNULL(MIN(j.type), 'melt') <> 'melt' OR IFNULL(MAX(j.type), 'melt') <> 'melt'
`},
	{"each closed day's drawer is its opening and its movements, its difference posted once, and the day unchanged", `
		SELECT 'day ' || c.day || ' closed expecting ' || c.expected_cash || ' from opening ' || c.opening_cash
			|| '; its movements and the close before say ' || (IFNULL((SELECT counted_cash FROM drawer_closes o
				WHERE o.status = 'closed' AND o.day < c.day ORDER BY o.day DESC LIMIT 1), 0)
			+ (SELECT IFNULL(SUM(IIF(p.direction = 'in', p.amount_rial, -p.amount_rial)), 0) FROM counter_invoices i
				JOIN counter_payments p ON p.invoice_id = i.id WHERE p.method = 'cash' AND i.status = 'recorded'
				AND i.created_at >= c.day_start AND i.created_at < c.day_end)
			+ (SELECT IFNULL(SUM(IIF(direction = 'in', amount_rial, -amount_rial)), 0) FROM drawer_moves WHERE day = c.day))
		FROM drawer_closes c
		WHERE c.status = 'closed' AND (c.opening_cash <> IFNULL((SELECT counted_cash FROM drawer_closes o
				WHERE o.status = 'closed' AND o.day < c.day ORDER BY o.day DESC LIMIT 1), 0)
			OR c.expected_cash <> c.opening_cash
			+ (SELECT IFNULL(SUM(IIF(p.direction = 'in', p.amount_rial, -p.amount_rial)), 0) FROM counter_invoices i
				JOIN counter_payments p ON p.invoice_id = i.id WHERE p.method = 'cash' AND i.status = 'recorded'
				AND i.created_at >= c.day_start AND i.created_at < c.day_end)
			+ (SELECT IFNULL(SUM(IIF(direction = 'in', amount_rial, -amount_rial)), 0) FROM drawer_moves WHERE day = c.day))
		UNION ALL
		SELECT 'day ' || c.day || ' changed after its close: ' || w.what FROM drawer_closes c JOIN (
			SELECT created_at AS at, 'invoice ' || id AS what FROM counter_invoices
			UNION ALL SELECT voided_at, 'void of invoice ' || id FROM counter_invoices WHERE voided_at IS NOT NULL
			UNION ALL SELECT created_at, 'drawer move ' || id FROM drawer_moves) w
			ON w.at >= c.day_start AND w.at < c.day_end AND w.at > c.closed_at
		WHERE c.status = 'closed'
		UNION ALL
		SELECT 'close ' || c.id || ' of day ' || c.day || ' differs by ' || c.difference || '; its journals post '
			|| IFNULL((SELECT -SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
				WHERE p.journal_id = c.journal_id AND a.kind = 'shop_cash'), 0)
			|| IIF(c.status = 'reopened', ', reversed by ' || IFNULL(c.reopen_journal_id, '-'), '')
		FROM drawer_closes c
		WHERE IFNULL((SELECT -SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
				WHERE p.journal_id = c.journal_id AND a.kind = 'shop_cash'), 0) <> c.difference
			OR IFNULL((SELECT SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
				WHERE p.journal_id = c.journal_id AND a.kind = 'shop_cash_over_short'), 0) <> c.difference
			OR (c.status = 'reopened' AND c.journal_id IS NOT NULL AND IFNULL((SELECT reverses_id FROM journals
				WHERE id = c.reopen_journal_id), 0) <> c.journal_id)
			OR (c.status = 'reopened' AND (c.journal_id IS NULL) <> (c.reopen_journal_id IS NULL))`},
	{"a drawer movement's journal moves its cash", `
		SELECT 'drawer move ' || m.id || ' (' || m.direction || ' ' || m.amount_rial || ', ' || m.counterpart
			|| ') posts ' || IFNULL(SUM(IIF(a.kind = 'shop_cash', p.amount, 0)), 0) || ' on the drawer'
		FROM drawer_moves m JOIN journals j ON j.id = m.journal_id
		LEFT JOIN postings p ON p.journal_id = j.id LEFT JOIN accounts a ON a.id = p.account_id
		GROUP BY m.id
		HAVING j.type <> 'drawer' OR IFNULL(SUM(IIF(a.kind = 'shop_cash', p.amount, 0)), 0)
				<> IIF(m.direction = 'out', m.amount_rial, -m.amount_rial)
			OR IFNULL(SUM(IIF(a.kind = IIF(m.counterpart = 'bank', 'shop_bank', 'shop_owner'), p.amount, 0)), 0)
				<> IIF(m.direction = 'out', -m.amount_rial, m.amount_rial)`},
	{stockJournalsRule, stockJournalsSQL + `)`},
}

// stockJournalsRule walks the journals (by type, which no index leads with), so the start-up check runs it
// over the journals since the last good full check only (recentChecks).
const stockJournalsRule = "every melt journal names its batch, and every drawer journal one movement or close"

const stockJournalsSQL = `
	SELECT 'journal ' || j.id || ' of type ' || j.type || ' is named by ' || ((SELECT COUNT(*) FROM drawer_moves WHERE journal_id = j.id)
		+ (SELECT COUNT(*) FROM drawer_closes WHERE journal_id = j.id OR reopen_journal_id = j.id)
		+ (j.melt_batch_id IS NOT NULL)) || ' movements, closes or batches'
	FROM journals j WHERE j.type IN ('melt', 'drawer') AND ((SELECT COUNT(*) FROM drawer_moves WHERE journal_id = j.id)
		+ (SELECT COUNT(*) FROM drawer_closes WHERE journal_id = j.id OR reopen_journal_id = j.id)
		+ (j.melt_batch_id IS NOT NULL) <> 1 OR (j.type = 'melt') <> (j.melt_batch_id IS NOT NULL)`

// The stock's rules run with the ledger's: CheckInvariants, the recent check and `goldshop check`.
func init() {
	invariants = append(invariants, stockInvariants...)
	recentChecks[stockJournalsRule] = stockJournalsSQL + `) AND j.id > ?1`
}
