package store

// The counter (issue 38): every invoice is one journal in the ledger, with the vault's moves of its lines.
var counterInvariants = []invariant{
	{"every counter invoice has its one journal, a void one its one reversal, and every counter journal its invoice", `
		SELECT 'invoice ' || c.id || ' (' || c.status || ') has ' || COUNT(j.id) || ' journals'
		FROM counter_invoices c LEFT JOIN journals j ON j.counter_invoice_id = c.id
		GROUP BY c.id
		HAVING COUNT(j.id) <> IIF(c.status = 'void', 2, 1) OR SUM(j.reverses_id IS NULL) <> 1
			OR MIN(j.type) <> 'counter' OR MAX(j.type) <> 'counter'
			OR MIN(IFNULL(j.user_id, 0)) <> IFNULL(c.user_id, 0) OR MAX(IFNULL(j.user_id, 0)) <> IFNULL(c.user_id, 0)
			OR (c.status = 'void' AND SUM(j.reverses_id = (SELECT o.id FROM journals o
				WHERE o.counter_invoice_id = c.id AND o.reverses_id IS NULL)) <> 1)
		UNION ALL
		SELECT 'journal ' || j.id || ' of type counter names no invoice' FROM journals j
		WHERE j.type = 'counter' AND j.counter_invoice_id IS NULL`},
	{"an invoice's lines sum to its totals and each line's figures to its total", `
		SELECT 'invoice ' || c.id || ' says sales ' || c.sales_rial || ', buy-backs ' || c.buy_backs_rial || ', VAT '
			|| c.vat_rial || ', net ' || c.net_rial || '; its lines say ' || IFNULL(SUM(IIF(l.side = 'sale', l.total_rial, 0)), 0)
			|| ', ' || IFNULL(SUM(IIF(l.side = 'buy_back', l.total_rial, 0)), 0) || ', ' || IFNULL(SUM(l.vat_rial), 0)
		FROM counter_invoices c LEFT JOIN counter_lines l ON l.invoice_id = c.id
		GROUP BY c.id
		HAVING COUNT(l.id) = 0 OR IFNULL(SUM(IIF(l.side = 'sale', l.total_rial, 0)), 0) <> c.sales_rial
			OR IFNULL(SUM(IIF(l.side = 'buy_back', l.total_rial, 0)), 0) <> c.buy_backs_rial
			OR IFNULL(SUM(l.vat_rial), 0) <> c.vat_rial
			OR c.net_rial <> c.sales_rial - IIF(c.buy_backs_as_gold, 0, c.buy_backs_rial)
		UNION ALL
		SELECT 'invoice line ' || l.id || ' totals ' || l.total_rial || ', not the sum of its figures' FROM counter_lines l
		WHERE l.total_rial <> l.gold_rial + l.wage_rial + l.profit_rial + l.commission_rial + l.vat_rial + l.extras_rial
			- l.discount_rial`},
	{"an invoice's payments sum to its net, and its journal moves them to their accounts", `
		SELECT 'invoice ' || c.id || ' nets ' || c.net_rial || ' but was paid ' || IFNULL(SUM(IIF(p.direction = 'in', p.amount_rial, 0)), 0)
			|| ' and paid out ' || IFNULL(SUM(IIF(p.direction = 'out', p.amount_rial, 0)), 0)
		FROM counter_invoices c LEFT JOIN counter_payments p ON p.invoice_id = c.id
		GROUP BY c.id
		HAVING IFNULL(SUM(IIF(p.direction = 'in', p.amount_rial, 0)), 0) <> MAX(c.net_rial, 0)
			OR IFNULL(SUM(IIF(p.direction = 'out', p.amount_rial, 0)), 0) <> MAX(-c.net_rial, 0)
			OR c.buy_backs_as_gold <> IFNULL(MAX(p.direction = 'out' AND p.method = 'wallet_gold'), 0)
		UNION ALL
		SELECT 'invoice ' || id || ' moves ' || moved || ' on ' || kind || ', its payments say ' || paid FROM (
			SELECT c.id, m.kind,
				IFNULL((SELECT SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
					WHERE p.journal_id = j.id AND a.kind = m.kind), 0) AS moved,
				-IFNULL((SELECT SUM(IIF(x.direction = 'in', x.amount_rial, -x.amount_rial)) FROM counter_payments x
					WHERE x.invoice_id = c.id AND x.method = m.method), 0) AS paid
			FROM counter_invoices c JOIN journals j ON j.counter_invoice_id = c.id AND j.reverses_id IS NULL,
				(SELECT 'shop_cash' AS kind, 'cash' AS method UNION ALL SELECT 'shop_pos', 'card'
					UNION ALL SELECT 'shop_bank', 'transfer') m)
		WHERE moved <> paid
		UNION ALL
		SELECT 'payment ' || p.id || ' of invoice ' || p.invoice_id || ' names trade ' || p.trade_journal_id
		FROM counter_payments p LEFT JOIN journals t ON t.id = p.trade_journal_id
		WHERE (p.method = 'wallet_gold' AND p.direction = 'in') <> (p.trade_journal_id IS NOT NULL)
			OR (p.trade_journal_id IS NOT NULL AND (t.type IS NOT 'sell' OR t.user_id IS NOT
				(SELECT user_id FROM counter_invoices WHERE id = p.invoice_id)))`},
	{"VAT payable equals the VAT of the invoices not voided, and the walk-in account nets to zero", `
		SELECT 'VAT payable is ' || a.balance || ', the invoices not voided charged ' || v.vat
		FROM accounts a, (SELECT IFNULL(SUM(vat_rial), 0) AS vat FROM counter_invoices WHERE status = 'recorded') v
		WHERE a.kind = 'shop_vat' AND a.balance <> v.vat
		UNION ALL
		SELECT 'the walk-in account holds ' || balance FROM accounts WHERE kind = 'shop_walk_in' AND balance <> 0`},
	{"an invoice's piece is out of the vault once by it and a lot in once, each back once when it is void", `
		SELECT 'line ' || l.id || ' of invoice ' || c.id || ' (' || c.status || ') has moves '
			|| IFNULL((SELECT GROUP_CONCAT(kind, ',') FROM (SELECT m.kind FROM vault_moves m
				WHERE m.item_id = l.item_id AND m.counter_invoice_id = c.id ORDER BY m.id)), '-')
		FROM counter_lines l JOIN counter_invoices c ON c.id = l.invoice_id
		WHERE IFNULL((SELECT GROUP_CONCAT(kind, ',') FROM (SELECT m.kind FROM vault_moves m
				WHERE m.item_id = l.item_id AND m.counter_invoice_id = c.id ORDER BY m.id)), '')
			<> IIF(l.side = 'sale', 'sold', 'received') || IIF(c.status = 'void', ',returned', '')
		UNION ALL
		SELECT 'vault move ' || m.id || ' names invoice ' || m.counter_invoice_id || ', which has no line of its item'
		FROM vault_moves m WHERE m.counter_invoice_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM counter_lines l
			WHERE l.invoice_id = m.counter_invoice_id AND l.item_id = m.item_id)
		UNION ALL
		SELECT 'invoice ' || c.id || ' is void but its void leaves ' || SUM(p.amount) || ' on account ' || p.account_id
		FROM counter_invoices c JOIN journals j ON j.counter_invoice_id = c.id JOIN postings p ON p.journal_id = j.id
		WHERE c.status = 'void' GROUP BY c.id, p.account_id HAVING SUM(p.amount) <> 0`},
}

// The counter's rules run with the ledger's: CheckInvariants, the recent check and `goldshop check`.
func init() { invariants = append(invariants, counterInvariants...) }
