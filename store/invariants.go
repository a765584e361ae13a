package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// LedgerReport counts what CheckInvariants looked at.
type LedgerReport struct {
	Journals, Postings, Accounts int64
}

// invariant is one rule of the ledger as a query returning one text per breach (empty: the rule holds).
type invariant struct {
	name  string
	query string
}

var invariants = []invariant{
	{"every journal's postings sum to zero per asset", `
		SELECT 'journal ' || p.journal_id || ' ' || a.asset || ' sums to ' || SUM(p.amount)
		FROM postings p JOIN accounts a ON a.id = p.account_id
		GROUP BY p.journal_id, a.asset HAVING SUM(p.amount) <> 0`},
	{"every journal has postings", `
		SELECT 'journal ' || j.id || ' has no postings' FROM journals j
		WHERE NOT EXISTS (SELECT 1 FROM postings p WHERE p.journal_id = j.id)`},
	{"every cached balance equals its postings", `
		SELECT 'account ' || a.id || ' balance ' || a.balance || ' but postings sum to ' || IFNULL(SUM(p.amount), 0)
		FROM accounts a LEFT JOIN postings p ON p.account_id = a.id
		GROUP BY a.id HAVING a.balance <> IFNULL(SUM(p.amount), 0)`},
	// The statement pages by the journals' user_id (StatementPage), so a posting on a customer's account must
	// sit in a journal of that customer.
	{"every posting on a customer's account is in a journal of that customer", `
		SELECT 'posting ' || p.id || ' on an account of user ' || a.user_id || ' is in journal ' || j.id
			|| ' of user ' || IFNULL(j.user_id, '-')
		FROM postings p JOIN accounts a ON a.id = p.account_id JOIN journals j ON j.id = p.journal_id
		WHERE a.user_id IS NOT NULL AND j.user_id IS NOT a.user_id`},
	{"no customer balance is negative", `
		SELECT 'account ' || id || ' of user ' || user_id || ' is ' || balance FROM accounts
		WHERE user_id IS NOT NULL AND balance < 0`},
	{"every customer has their four accounts", `
		SELECT 'user ' || u.id || ' has ' || COUNT(a.id) || ' accounts' FROM users u
		LEFT JOIN accounts a ON a.user_id = u.id GROUP BY u.id HAVING COUNT(a.id) <> 4`},
	{"each customer's held rial equals their pending withdraws and open buy orders", `
		SELECT 'user ' || a.user_id || ' holds ' || a.balance || ' rial for ' || IFNULL(w.total, 0) || ' pending'
		FROM accounts a LEFT JOIN (SELECT user_id, SUM(total) AS total FROM (
				SELECT user_id, amount_rial AS total FROM wallet_requests WHERE type = 'withdraw' AND status = 'pending'
				UNION ALL
				SELECT user_id, held FROM standing_orders WHERE status = 'open' AND side = 'buy')
			GROUP BY user_id) w ON w.user_id = a.user_id
		WHERE a.kind = 'customer_hold' AND a.asset = 'rial' AND a.balance <> IFNULL(w.total, 0)`},
	{"every withdraw has one hold, resolved once and as its status says", `
		SELECT 'withdraw ' || r.id || ' (' || r.status || ') has ' || COUNT(h.id) || ' holds, '
			|| COUNT(x.id) || ' resolutions of type ' || IFNULL(MAX(x.type), '-')
		FROM wallet_requests r
		LEFT JOIN journals h ON h.wallet_request_id = r.id AND h.type = 'hold'
		LEFT JOIN journals x ON x.resolves_id = h.id
		WHERE r.type = 'withdraw'
		GROUP BY r.id
		HAVING COUNT(h.id) <> 1
			OR (r.status = 'pending' AND COUNT(x.id) <> 0)
			OR (r.status = 'approved' AND (COUNT(x.id) <> 1 OR MAX(x.type) <> 'wallet_withdraw'))
			OR (r.status IN ('rejected', 'canceled') AND (COUNT(x.id) <> 1 OR MAX(x.type) <> 'release'))`},
	// Every hold (ledger_holds.go), whatever it is for: one subject, resolved by an entry of that subject.
	{"every hold names its one subject and is resolved by an entry of that subject", holdsRule("")},
	{"a resolution moves exactly what its hold held", `
		SELECT 'journal ' || x.id || ' resolves ' || h.id || ' with a different amount'
		FROM journals x JOIN journals h ON h.id = x.resolves_id
		WHERE (SELECT SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
				WHERE p.journal_id = h.id AND a.kind = 'customer_hold')
			<> -(SELECT SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
				WHERE p.journal_id = x.id AND a.kind = 'customer_hold')`},
	{"every approved deposit is credited once and no other is", `
		SELECT 'deposit ' || r.id || ' (' || r.status || ') has ' || COUNT(j.id) || ' entries'
		FROM wallet_requests r LEFT JOIN journals j ON j.wallet_request_id = r.id
		WHERE r.type = 'deposit' GROUP BY r.id
		HAVING COUNT(j.id) <> (CASE WHEN r.status = 'approved' THEN 1 ELSE 0 END)
			OR (COUNT(j.id) = 1 AND MAX(j.type) <> 'wallet_deposit')`},
	{"an entry tied to a request moves that request's amount", `
		SELECT 'journal ' || j.id || ' moves ' || SUM(p.amount) || ' for request ' || r.id || ' of ' || r.amount_rial
		FROM journals j JOIN wallet_requests r ON r.id = j.wallet_request_id
		JOIN postings p ON p.journal_id = j.id JOIN accounts a ON a.id = p.account_id
		WHERE a.user_id IS NULL OR (j.type = 'hold' AND a.kind = 'customer_hold')
			OR (j.type = 'release' AND a.kind = 'customer')
		GROUP BY j.id HAVING ABS(SUM(p.amount)) <> r.amount_rial`},
	{"every trade is one executed quote and every executed quote one trade", `
		SELECT 'journal ' || j.id || ' (' || j.type || ') has ' || COUNT(q.id) || ' quotes'
		FROM journals j LEFT JOIN trade_quotes q ON q.journal_id = j.id
		WHERE j.type IN ('buy', 'sell') GROUP BY j.id
		HAVING COUNT(q.id) <> 1 OR MAX(q.type) <> j.type OR MAX(q.user_id) <> j.user_id
			OR MAX(q.price_per_gram_rial) <> j.price_per_gram_rial
		UNION ALL
		SELECT 'quote ' || q.id || ' is executed by journal ' || q.journal_id || ' of type ' || IFNULL(j.type, '-')
		FROM trade_quotes q LEFT JOIN journals j ON j.id = q.journal_id
		WHERE q.journal_id IS NOT NULL AND IFNULL(j.type, '') NOT IN ('buy', 'sell')`},
	{"a trade moves exactly its quote's rial and gold, each the way its type says", `
		SELECT 'trade ' || j.id || ' moves rial ' || SUM(CASE WHEN a.asset = 'rial' THEN p.amount ELSE 0 END)
			|| ' gold ' || SUM(CASE WHEN a.asset = 'gold' THEN p.amount ELSE 0 END) || ' for the customer'
		FROM trade_quotes q JOIN journals j ON j.id = q.journal_id
		JOIN postings p ON p.journal_id = j.id JOIN accounts a ON a.id = p.account_id AND a.user_id IS NOT NULL
		GROUP BY j.id
		HAVING COUNT(*) <> 2 OR MAX(a.user_id) <> MIN(q.user_id) OR MAX(a.kind) <> 'customer'
			OR SUM(CASE WHEN a.asset = 'rial' THEN p.amount ELSE 0 END)
				<> (CASE WHEN MAX(q.type) = 'buy' THEN -1 ELSE 1 END) * MAX(q.amount_rial)
			OR SUM(CASE WHEN a.asset = 'gold' THEN p.amount ELSE 0 END)
				<> (CASE WHEN MAX(q.type) = 'buy' THEN 1 ELSE -1 END) * MAX(q.amount_gold_mg)`},
	{"every referral reward is one row paying the invitee's inviter the reward once", `
		SELECT 'reward journal ' || j.id || ' has ' || COUNT(r.invitee_id) || ' reward rows'
		FROM journals j LEFT JOIN referral_rewards r ON r.journal_id = j.id
		WHERE j.type = 'reward_referral' GROUP BY j.id
		HAVING COUNT(r.invitee_id) <> 1 OR MAX(r.inviter_id) <> j.user_id
		UNION ALL
		SELECT 'reward of invitee ' || r.invitee_id || ' to user ' || r.inviter_id || ' is wrong'
		FROM referral_rewards r JOIN users u ON u.id = r.invitee_id
		WHERE IFNULL(u.referred_by, 0) <> r.inviter_id
			OR IFNULL((SELECT SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
				WHERE p.journal_id = r.journal_id AND a.user_id = r.inviter_id AND a.kind = 'customer'
					AND a.asset = 'gold'), 0) <> ` + itoa(ReferralRewardMg)},
	{"each customer's held gold equals their pending gold requests and open sell orders", `
		SELECT 'user ' || a.user_id || ' holds ' || a.balance || ' mg for ' || IFNULL(g.total, 0) || ' pending'
		FROM accounts a LEFT JOIN (SELECT user_id, SUM(total) AS total FROM (
				SELECT user_id, vazn750_mg AS total FROM gold_requests WHERE status = 'pending'
				UNION ALL
				SELECT user_id, held FROM standing_orders WHERE status = 'open' AND side = 'sell')
			GROUP BY user_id) g ON g.user_id = a.user_id
		WHERE a.kind = 'customer_hold' AND a.asset = 'gold' AND a.balance <> IFNULL(g.total, 0)`},
	{"every gold request has one hold, resolved as its status says", `
		SELECT 'gold request ' || r.id || ' (' || r.status || ') has entries ' ||
			IFNULL((SELECT GROUP_CONCAT(x.type || ':' || x.status || IIF(x.reverses_id IS NULL, '', ':reversal'))
				FROM journals x WHERE x.gold_request_id = r.id), '-')
		FROM gold_requests r
		WHERE (SELECT COUNT(*) FROM journals h WHERE h.gold_request_id = r.id AND h.type = 'hold') <> 1
			OR IFNULL((SELECT GROUP_CONCAT(t, ',') FROM (SELECT x.type || ':' || x.status
				|| IIF(x.reverses_id IS NULL, '', ':reversal') AS t FROM journals x
				WHERE x.gold_request_id = r.id AND x.type <> 'hold' ORDER BY x.id)), '') NOT IN (
				CASE r.status
					WHEN 'pending' THEN ''
					WHEN 'canceled' THEN 'release:canceled'
					WHEN 'rejected' THEN 'release:canceled'
					ELSE 'gold_request:' || r.status END,
				CASE r.status WHEN 'rejected' THEN 'gold_request:rejected,gold_request:rejected:reversal' ELSE '-' END)`},
	{"every entry of a gold request moves its vazn750", `
		SELECT 'journal ' || j.id || ' of gold request ' || r.id || ' moves ' || SUM(ABS(p.amount)) / 2
		FROM journals j JOIN gold_requests r ON r.id = j.gold_request_id JOIN postings p ON p.journal_id = j.id
		GROUP BY j.id HAVING SUM(ABS(p.amount)) <> 2 * MAX(r.vazn750_mg) OR COUNT(*) <> 2`},
	{"a live gold request holds a bar in the vault, a delivered one the bar it took out, with the figures asked for", `
		SELECT 'gold request ' || r.id || ' (' || r.status || ') names vault item ' || r.item_id || ', '
			|| i.status || IIF(i.requestable, ' bar', ' not a bar')
		FROM gold_requests r JOIN vault_items i ON i.id = r.item_id
		WHERE r.status IN ('pending', 'approved', 'ready', 'delivered') AND (NOT i.requestable
			OR i.status <> IIF(r.status = 'delivered', 'out', 'in') OR i.lab <> r.rey OR i.ingot_number <> r.ang
			OR i.weight_mg <> r.vazn_mg OR i.purity_centi <> r.ayar_centi OR i.weight750_mg <> r.vazn750_mg)`},
	// The vault (issue 17): what is held is rebuilt from the moves, so each item must agree with its own.
	{"every delivered gold request has one delivered move on its bar's item, and every delivery its request", `
		SELECT 'gold request ' || r.id || ' was delivered with ' || (SELECT COUNT(*) FROM vault_moves m
			JOIN vault_items i ON i.id = m.item_id WHERE m.gold_request_id = r.id AND m.kind = 'delivered'
				AND i.id = r.item_id) || ' delivered moves on its bar''s item'
		FROM gold_requests r
		WHERE r.status = 'delivered' AND (SELECT COUNT(*) FROM vault_moves m JOIN vault_items i ON i.id = m.item_id
			WHERE m.gold_request_id = r.id AND m.kind = 'delivered' AND i.id = r.item_id) <> 1
		UNION ALL
		SELECT 'vault move ' || m.id || ' (' || m.kind || ') names gold request ' || IFNULL(m.gold_request_id, '-')
		FROM vault_moves m JOIN vault_items i ON i.id = m.item_id LEFT JOIN gold_requests r ON r.id = m.gold_request_id
		WHERE (m.kind = 'delivered' OR m.gold_request_id IS NOT NULL)
			AND (m.kind <> 'delivered' OR r.status IS NOT 'delivered' OR i.id IS NOT r.item_id)`},
	{"every vault item's 750-equivalent follows its weight and purity and equals the sum of its moves (0 when out)", `
		SELECT 'vault item ' || i.id || ' (' || i.status || ') holds ' || i.weight750_mg || ' mg of '
			|| i.weight_mg || ' at ' || i.purity_centi || ', its moves sum to ' || IFNULL(SUM(m.delta750_mg), 0)
		FROM vault_items i LEFT JOIN vault_moves m ON m.item_id = i.id GROUP BY i.id
		HAVING IFNULL(SUM(m.delta750_mg), 0) <> IIF(i.status = 'in', i.weight750_mg, 0)
			OR i.weight750_mg <> i.weight_mg * i.purity_centi / 75000`},
	{"a vault item starts with a receipt and is out exactly when its last move took it out", `
		SELECT 'vault item ' || i.id || ' is ' || i.status || IIF(i.requestable, ' and offered', '')
			|| ', its last move left it ' || IFNULL(l.status_after, '-')
		FROM vault_items i LEFT JOIN vault_moves l ON l.id = (SELECT MAX(id) FROM vault_moves WHERE item_id = i.id)
		WHERE l.status_after IS NOT i.status OR (i.requestable AND i.status <> 'in' AND l.kind <> 'delivered')
		UNION ALL
		SELECT 'vault item ' || i.id || ' starts with ' || IFNULL(f.kind, '-') FROM vault_items i
		LEFT JOIN vault_moves f ON f.id = (SELECT MIN(id) FROM vault_moves WHERE item_id = i.id)
		WHERE f.kind IS NOT 'received'
		UNION ALL
		SELECT 'vault move ' || m.id || ' follows its item going out' FROM vault_moves m
		JOIN vault_moves p ON p.id = (SELECT MAX(id) FROM vault_moves WHERE item_id = m.item_id AND id < m.id)
		WHERE p.status_after = 'out' AND NOT (m.kind = 'returned' AND m.status_after = 'in' AND p.kind = 'sold'
			AND m.counter_invoice_id = p.counter_invoice_id
			AND m.counter_invoice_id IN (SELECT id FROM counter_invoices WHERE status = 'void'))
			AND NOT (m.kind = 'returned' AND m.status_after = 'in' AND p.kind = 'melted'
			AND m.melt_batch_id = p.melt_batch_id
			AND m.melt_batch_id IN (SELECT id FROM melt_batches WHERE status = 'cancelled'))`},
	// Standing orders (issue 29): each holds what it says from the moment it is placed until it closes.
	{"every order has one hold of what it says, released once when it closes", `
		SELECT 'order ' || o.id || ' (' || o.status || ') has ' || COUNT(h.id) || ' holds, '
			|| COUNT(x.id) || ' releases'
		FROM standing_orders o
		LEFT JOIN journals h ON h.order_id = o.id AND h.type = 'hold'
		LEFT JOIN journals x ON x.resolves_id = h.id
		GROUP BY o.id
		HAVING COUNT(h.id) <> 1 OR COUNT(x.id) <> (o.status <> 'open') OR MAX(h.user_id) IS NOT o.user_id
			OR (COUNT(x.id) = 1 AND (MAX(x.type) <> 'release' OR MAX(x.order_id) IS NOT o.id))
		UNION ALL
		SELECT 'order ' || o.id || ' holds ' || p.amount || ' ' || a.asset || ', not ' || o.held
		FROM standing_orders o JOIN journals h ON h.order_id = o.id AND h.type = 'hold'
		JOIN postings p ON p.journal_id = h.id JOIN accounts a ON a.id = p.account_id AND a.kind = 'customer_hold'
		WHERE p.amount <> o.held OR a.asset <> IIF(o.side = 'buy', 'rial', 'gold')`},
	{"every executed order is one trade of its terms at a price meeting its limit", `
		SELECT 'order ' || o.id || ' executed by journal ' || IFNULL(o.journal_id, '-') || ' of type '
			|| IFNULL(j.type, '-') || ' at ' || IFNULL(q.price_per_gram_rial, '-')
		FROM standing_orders o LEFT JOIN journals j ON j.id = o.journal_id
		LEFT JOIN trade_quotes q ON q.journal_id = o.journal_id
		WHERE o.status = 'executed' AND (j.type IS NOT o.side OR j.user_id IS NOT o.user_id
			OR q.code_scope IS NOT 'order ' || o.id
			OR (o.by_rial AND q.amount_rial <> o.amount_rial)
			OR (NOT o.by_rial AND q.amount_gold_mg <> o.amount_gold_mg)
			OR (o.side = 'buy' AND (q.price_per_gram_rial > o.limit_price_rial OR q.amount_rial > o.held))
			OR (o.side = 'sell' AND q.price_per_gram_rial < o.limit_price_rial))`},
	{"every user's admin flag says what their role says", `
		SELECT 'user ' || id || ' is ' || role || ' with is_admin ' || is_admin FROM users
		WHERE is_admin <> (role <> 'customer')`},
	{"every chat message comes from its room's customer or an admin, and its file belongs to that room", `
		SELECT 'chat message ' || m.id FROM chat_messages m JOIN chat_rooms r ON r.id = m.room_id
		JOIN users u ON u.id = m.sender_id
		WHERE (m.is_admin = 0 AND m.sender_id <> r.user_id)
			OR (m.is_admin = 1 AND u.is_admin = 0 AND NOT EXISTS (SELECT 1 FROM audit_log x
				WHERE x.action = 'staff.customer' AND x.target = 'user:' || u.id AND x.created_at >= m.created_at))
			OR (m.file_url IS NOT NULL AND NOT EXISTS (SELECT 1 FROM chat_files f
				WHERE '/uploads/chat/' || f.name = m.file_url AND f.room_id = m.room_id AND f.file_type = m.file_type))`},
}

// CheckInvariants proves the ledger tells the truth: every rule above holds over the whole database. It
// reads one consistent snapshot and returns every breach found, joined.
func (s *Store) CheckInvariants(ctx context.Context) (LedgerReport, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return LedgerReport{}, err
	}
	defer tx.Rollback()
	return checkAll(ctx, tx)
}

func checkAll(ctx context.Context, tx *sql.Tx) (LedgerReport, error) {
	rep, breaches, err := checkAllBreaches(ctx, tx)
	if err != nil {
		return rep, err
	}
	return rep, errors.Join(breaches...)
}

// checkAllBreaches runs every rule in tx's snapshot; err is a failed query, breaches what the rules found.
func checkAllBreaches(ctx context.Context, tx *sql.Tx) (rep LedgerReport, breaches []error, err error) {
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM journals), (SELECT COUNT(*) FROM postings),
		(SELECT COUNT(*) FROM accounts)`).Scan(&rep.Journals, &rep.Postings, &rep.Accounts); err != nil {
		return rep, nil, err
	}
	for _, inv := range invariants {
		found, err := breachesOf(ctx, tx, inv.name, inv.query)
		if err != nil {
			return rep, nil, err
		}
		breaches = append(breaches, found...)
	}
	return rep, breaches, nil
}

// breachesOf runs one rule's query and returns a breach per row.
func breachesOf(ctx context.Context, tx *sql.Tx, name, query string, args ...any) ([]error, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	defer rows.Close()
	var out []error
	for rows.Next() {
		var what string
		if err := rows.Scan(&what); err != nil {
			return nil, err
		}
		out = append(out, fmt.Errorf("%s: %s", name, what))
	}
	return out, rows.Err()
}

// ErrLedgerBreach is returned by VerifyLedger when a rule does not hold (the breaches follow), as opposed to
// a check that could not run.
var ErrLedgerBreach = errors.New("the ledger does not balance")

// ErrNoLedgerCheck is returned by CheckRecent when there is no good full check to start from: none was
// recorded yet, or the last one found breaches (its text follows).
var ErrNoLedgerCheck = errors.New("store: no good full ledger check to start from")

// recentChecks are the start-up versions of the rules that walk the whole ledger: the same rule over what
// was posted after the last good full check (?1: its newest journal, ?2: its newest posting). Rules not
// named here read no postings and run whole at start-up too.
var recentChecks = map[string]string{
	"every journal's postings sum to zero per asset": `
		SELECT 'journal ' || p.journal_id || ' ' || a.asset || ' sums to ' || SUM(p.amount)
		FROM postings p JOIN accounts a ON a.id = p.account_id WHERE p.journal_id > ?1
		GROUP BY p.journal_id, a.asset HAVING SUM(p.amount) <> 0`,
	"every journal has postings": `
		SELECT 'journal ' || j.id || ' has no postings' FROM journals j
		WHERE j.id > ?1 AND NOT EXISTS (SELECT 1 FROM postings p WHERE p.journal_id = j.id)`,
	// The balances the last check proved plus what was posted since; postings are append-only (triggers),
	// and every posting since the check belongs to a journal since it (the rule below), so nothing else moved.
	"every cached balance equals its postings": `
		WITH since AS (SELECT account_id, SUM(amount) AS moved FROM postings WHERE id > ?2 GROUP BY +account_id)
		SELECT 'account ' || a.id || ' balance ' || a.balance || ' but the last check and the postings since say '
			|| (IFNULL(c.balance, 0) + IFNULL(m.moved, 0))
		FROM accounts a LEFT JOIN ledger_check_balances c ON c.account_id = a.id
		LEFT JOIN since m ON m.account_id = a.id
		WHERE a.balance <> IFNULL(c.balance, 0) + IFNULL(m.moved, 0)
		UNION ALL
		SELECT 'posting ' || p.id || ' was added to journal ' || p.journal_id || ', checked before it'
		FROM postings p WHERE p.id > ?2 AND +p.journal_id <= ?1`, // "+": found by posting id, the few new ones
	"every posting on a customer's account is in a journal of that customer": `
		SELECT 'posting ' || p.id || ' on an account of user ' || a.user_id || ' is in journal ' || j.id
			|| ' of user ' || IFNULL(j.user_id, '-')
		FROM journals j JOIN postings p ON p.journal_id = j.id JOIN accounts a ON a.id = p.account_id
		WHERE j.id > ?1 AND a.user_id IS NOT NULL AND j.user_id IS NOT a.user_id`,
	"every referral reward is one row paying the invitee's inviter the reward once": `
		SELECT 'reward journal ' || j.id || ' has ' || COUNT(r.invitee_id) || ' reward rows'
		FROM journals j LEFT JOIN referral_rewards r ON r.journal_id = j.id
		WHERE j.id > ?1 AND j.type = 'reward_referral' GROUP BY j.id
		HAVING COUNT(r.invitee_id) <> 1 OR MAX(r.inviter_id) <> j.user_id
		UNION ALL
		SELECT 'reward of invitee ' || r.invitee_id || ' to user ' || r.inviter_id || ' is wrong'
		FROM referral_rewards r JOIN users u ON u.id = r.invitee_id
		WHERE r.journal_id > ?1 AND (IFNULL(u.referred_by, 0) <> r.inviter_id
			OR IFNULL((SELECT SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
				WHERE p.journal_id = r.journal_id AND a.user_id = r.inviter_id AND a.kind = 'customer'
					AND a.asset = 'gold'), 0) <> ` + itoa(ReferralRewardMg) + `)`,
	"every hold names its one subject and is resolved by an entry of that subject": holdsRule("?1"),
	"a resolution moves exactly what its hold held": `
		SELECT 'journal ' || x.id || ' resolves ' || h.id || ' with a different amount'
		FROM journals x JOIN journals h ON h.id = x.resolves_id
		WHERE x.id > ?1 AND (SELECT SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
				WHERE p.journal_id = h.id AND a.kind = 'customer_hold')
			<> -(SELECT SUM(p.amount) FROM postings p JOIN accounts a ON a.id = p.account_id
				WHERE p.journal_id = x.id AND a.kind = 'customer_hold')`,
	"an entry tied to a request moves that request's amount": `
		SELECT 'journal ' || j.id || ' moves ' || SUM(p.amount) || ' for request ' || r.id || ' of ' || r.amount_rial
		FROM journals j JOIN wallet_requests r ON r.id = j.wallet_request_id
		JOIN postings p ON p.journal_id = j.id JOIN accounts a ON a.id = p.account_id
		WHERE j.id > ?1 AND (a.user_id IS NULL OR (j.type = 'hold' AND a.kind = 'customer_hold')
			OR (j.type = 'release' AND a.kind = 'customer'))
		GROUP BY j.id HAVING ABS(SUM(p.amount)) <> r.amount_rial`,
	"every trade is one executed quote and every executed quote one trade": `
		SELECT 'journal ' || j.id || ' (' || j.type || ') has ' || COUNT(q.id) || ' quotes'
		FROM journals j LEFT JOIN trade_quotes q ON q.journal_id = j.id
		WHERE j.id > ?1 AND j.type IN ('buy', 'sell') GROUP BY j.id
		HAVING COUNT(q.id) <> 1 OR MAX(q.type) <> j.type OR MAX(q.user_id) <> j.user_id
			OR MAX(q.price_per_gram_rial) <> j.price_per_gram_rial
		UNION ALL
		SELECT 'quote ' || q.id || ' is executed by journal ' || q.journal_id || ' of type ' || IFNULL(j.type, '-')
		FROM trade_quotes q LEFT JOIN journals j ON j.id = q.journal_id
		WHERE q.journal_id > ?1 AND IFNULL(j.type, '') NOT IN ('buy', 'sell')`,
	"a trade moves exactly its quote's rial and gold, each the way its type says": `
		SELECT 'trade ' || j.id || ' moves rial ' || SUM(CASE WHEN a.asset = 'rial' THEN p.amount ELSE 0 END)
			|| ' gold ' || SUM(CASE WHEN a.asset = 'gold' THEN p.amount ELSE 0 END) || ' for the customer'
		FROM trade_quotes q JOIN journals j ON j.id = q.journal_id
		JOIN postings p ON p.journal_id = j.id JOIN accounts a ON a.id = p.account_id AND a.user_id IS NOT NULL
		WHERE q.journal_id > ?1
		GROUP BY j.id
		HAVING COUNT(*) <> 2 OR MAX(a.user_id) <> MIN(q.user_id) OR MAX(a.kind) <> 'customer'
			OR SUM(CASE WHEN a.asset = 'rial' THEN p.amount ELSE 0 END)
				<> (CASE WHEN MAX(q.type) = 'buy' THEN -1 ELSE 1 END) * MAX(q.amount_rial)
			OR SUM(CASE WHEN a.asset = 'gold' THEN p.amount ELSE 0 END)
				<> (CASE WHEN MAX(q.type) = 'buy' THEN 1 ELSE -1 END) * MAX(q.amount_gold_mg)`,
}

// VerifyLedger runs the full check (CheckInvariants) and records it: what it saw (the newest journal and
// posting, every account's balance) when the ledger tells the truth, the breaches when it does not. The next
// CheckRecent starts from a good record and refuses after a bad one.
func (s *Store) VerifyLedger(ctx context.Context, now time.Time) (LedgerReport, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return LedgerReport{}, err
	}
	defer tx.Rollback()
	rep, breaches, err := checkAllBreaches(ctx, tx)
	if err != nil {
		return rep, err
	}
	var journalID, postingID int64
	if err := tx.QueryRowContext(ctx, `SELECT IFNULL((SELECT MAX(id) FROM journals), 0),
		IFNULL((SELECT MAX(id) FROM postings), 0)`).Scan(&journalID, &postingID); err != nil {
		return rep, err
	}
	tx.Rollback()
	found := errors.Join(breaches...)
	text := ""
	if found != nil {
		text = found.Error()
	}
	err = s.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ledger_checks (checked_at, journal_id, posting_id, ok, breaches)
			VALUES (?, ?, ?, ?, ?)`, now.UnixMilli(), journalID, postingID, found == nil, text); err != nil {
			return err
		}
		if found != nil {
			return nil
		}
		// The balances as the check saw them: today's less what was posted after its newest journal.
		if _, err := tx.ExecContext(ctx, `DELETE FROM ledger_check_balances`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO ledger_check_balances (account_id, balance)
			SELECT a.id, a.balance - IFNULL((SELECT SUM(p.amount) FROM postings p WHERE p.account_id = a.id
				AND p.journal_id > ?), 0) FROM accounts a`, journalID)
		return err
	})
	if err != nil {
		return rep, err
	}
	if found != nil {
		return rep, fmt.Errorf("%w:\n%w", ErrLedgerBreach, found)
	}
	return rep, nil
}

// CheckRecent is the check at start-up: every rule that reads no postings, and the others over what was
// posted after the last full check, so it costs what changed since rather than the ledger's size. With no
// full check recorded, or after a failed one (with its breaches), it returns ErrNoLedgerCheck.
func (s *Store) CheckRecent(ctx context.Context) (LedgerReport, error) {
	var rep LedgerReport
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return rep, err
	}
	defer tx.Rollback()
	var journalID, postingID, at int64
	var ok bool
	var text string
	err = tx.QueryRowContext(ctx, `SELECT journal_id, posting_id, ok, breaches, checked_at FROM ledger_checks
		ORDER BY id DESC LIMIT 1`).Scan(&journalID, &postingID, &ok, &text, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return rep, ErrNoLedgerCheck
	}
	if err != nil {
		return rep, err
	}
	if !ok {
		return rep, fmt.Errorf("%w: the full check of %s found breaches:\n%s", ErrNoLedgerCheck,
			time.UnixMilli(at).UTC().Format(time.RFC3339), text)
	}
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM journals WHERE id > ?),
		(SELECT COUNT(*) FROM postings WHERE id > ?), (SELECT COUNT(*) FROM accounts)`, journalID, postingID).
		Scan(&rep.Journals, &rep.Postings, &rep.Accounts); err != nil {
		return rep, err
	}
	var breaches []error
	for _, inv := range invariants {
		query, args := inv.query, []any(nil)
		if recent, ok := recentChecks[inv.name]; ok {
			query, args = recent, []any{journalID}
			if strings.Contains(recent, "?2") {
				args = append(args, postingID)
			}
		}
		found, err := breachesOf(ctx, tx, inv.name, query, args...)
		if err != nil {
			return rep, err
		}
		breaches = append(breaches, found...)
	}
	return rep, errors.Join(breaches...)
}

// holdsRule is the rule of every hold, over the whole ledger, or (since: "?1") over the holds and the
// resolutions posted after the last good full check: a hold names exactly one subject, and a resolution
// resolves a hold of its own customer and its own subject. (That a hold is resolved at most once is the
// schema's: journals.resolves_id is UNIQUE.)
func holdsRule(since string) string {
	newer := func(col string) string {
		if since == "" {
			return ""
		}
		return " AND " + col + " > " + since
	}
	subjects := `(h.wallet_request_id IS NOT NULL) + (h.gold_request_id IS NOT NULL) + (h.order_id IS NOT NULL)`
	return `
		SELECT 'hold ' || h.id || ' names ' || (` + subjects + `) || ' subjects'
		FROM journals h WHERE h.type = 'hold' AND ` + subjects + ` <> 1` + newer("h.id") + `

		UNION ALL
		SELECT 'journal ' || x.id || ' resolves ' || x.resolves_id || ', which is no hold of its customer and subject'
		FROM journals x JOIN journals h ON h.id = x.resolves_id
		WHERE (h.type <> 'hold' OR h.user_id IS NOT x.user_id OR h.wallet_request_id IS NOT x.wallet_request_id
			OR h.gold_request_id IS NOT x.gold_request_id OR h.order_id IS NOT x.order_id)` + newer("x.id")
}
