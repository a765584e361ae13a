package store

import (
	"context"
	"errors"
	"fmt"
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
	{"no customer balance is negative", `
		SELECT 'account ' || id || ' of user ' || user_id || ' is ' || balance FROM accounts
		WHERE user_id IS NOT NULL AND balance < 0`},
	{"every customer has their four accounts", `
		SELECT 'user ' || u.id || ' has ' || COUNT(a.id) || ' accounts' FROM users u
		LEFT JOIN accounts a ON a.user_id = u.id GROUP BY u.id HAVING COUNT(a.id) <> 4`},
	{"each customer's held rial equals their pending withdraws", `
		SELECT 'user ' || a.user_id || ' holds ' || a.balance || ' rial for ' || IFNULL(w.total, 0) || ' pending'
		FROM accounts a LEFT JOIN (SELECT user_id, SUM(amount_rial) AS total FROM wallet_requests
			WHERE type = 'withdraw' AND status = 'pending' GROUP BY user_id) w ON w.user_id = a.user_id
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
	{"each customer's held gold equals their pending gold requests", `
		SELECT 'user ' || a.user_id || ' holds ' || a.balance || ' mg for ' || IFNULL(g.total, 0) || ' pending'
		FROM accounts a LEFT JOIN (SELECT user_id, SUM(vazn750_mg) AS total FROM gold_requests
			WHERE status = 'pending' GROUP BY user_id) g ON g.user_id = a.user_id
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
	{"every bar's status follows its requests", `
		SELECT 'bar ' || b.id || ' is ' || b.status FROM abshodeh_bars b
		WHERE b.status <> CASE
			WHEN EXISTS (SELECT 1 FROM gold_requests r WHERE r.bar_id = b.id AND r.status = 'delivered') THEN 'delivered'
			WHEN EXISTS (SELECT 1 FROM gold_requests r WHERE r.bar_id = b.id
				AND r.status IN ('pending', 'approved', 'ready')) THEN 'reserved'
			ELSE 'available' END
			OR (b.deleted_at IS NOT NULL AND b.status <> 'available')`},
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
	var rep LedgerReport
	tx, err := s.read.BeginTx(ctx, nil)
	if err != nil {
		return rep, err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM journals), (SELECT COUNT(*) FROM postings),
		(SELECT COUNT(*) FROM accounts)`).Scan(&rep.Journals, &rep.Postings, &rep.Accounts); err != nil {
		return rep, err
	}
	var breaches []error
	for _, inv := range invariants {
		rows, err := tx.QueryContext(ctx, inv.query)
		if err != nil {
			return rep, fmt.Errorf("%s: %w", inv.name, err)
		}
		for rows.Next() {
			var what string
			if err := rows.Scan(&what); err != nil {
				rows.Close()
				return rep, err
			}
			breaches = append(breaches, fmt.Errorf("%s: %s", inv.name, what))
		}
		if err := rows.Close(); err != nil {
			return rep, err
		}
	}
	return rep, errors.Join(breaches...)
}
