package store

import (
	"context"
	"database/sql"
	"time"
)

// Entry is one row of a customer's statement: a journal seen from the customer's side, with what it took
// from (debit) and gave to (credit) their rial and gold. Gold is in milligrams. It carries facts, not words:
// the statement's text is rendered from them where it is shown.
type Entry struct {
	ID        int64
	CreatedAt time.Time
	Type      string
	Status    string
	// Description is what a person typed for the entry (an admin's charge note, a rejection's reason), or
	// "". Entries written before migration 0013 may still carry the old text of a manual charge here.
	Description      string
	PricePerGramRial int64 // 0 when the entry has no price
	DebitRial        int64
	CreditRial       int64
	DebitGold        int64
	CreditGold       int64
	// WalletRequestID is the deposit or withdraw the entry settles (0: none, e.g. a manual charge), and
	// BankName the bank of a withdraw's card, as copied when the withdraw was asked.
	WalletRequestID int64
	BankName        string
	// BarLab and BarIngot name the bar of a gold request's entry, as it was when asked.
	BarLab, BarIngot string
	// ReversesID is the entry this one reverses (0: none): a rejected gold request's credit back.
	ReversesID int64
	// CounterInvoiceID is the counter invoice the entry records or voids (0: none).
	CounterInvoiceID int64
	// BalanceRial and BalanceGold are the customer's total balances right after the entry (Statement and
	// StatementPage fill them; a single entry, as a trade returns it, leaves them 0).
	BalanceRial, BalanceGold int64
}

// StatementPageMax is the most entries StatementPage gives at once.
const StatementPageMax = 200

// Statement returns the customer's entries in posting order, oldest first, each with the balances after it.
// Holds and their releases move money only between the customer's own two accounts, so they are not
// statement rows.
func (s *Store) Statement(ctx context.Context, userID int64) ([]Entry, error) {
	list, err := scanEntries(s.read.QueryContext(ctx, statementSQL, userID))
	var rial, gold int64
	for i := range list {
		rial += list[i].CreditRial - list[i].DebitRial
		gold += list[i].CreditGold - list[i].DebitGold
		list[i].BalanceRial, list[i].BalanceGold = rial, gold
	}
	return list, err
}

// StatementPage returns up to limit of the customer's entries older than the entry before (0: from the
// newest), newest first, each with the exact balances after it, and the cursor of the next page (0 on the
// last). The page is found through the journals' (user_id, id) index and the balances from the cached
// account balances less what was posted after the page, so a page costs the same at any depth of a long
// statement and never sums the whole history. One snapshot serves both reads.
func (s *Store) StatementPage(ctx context.Context, userID, before int64, limit int) (list []Entry, next int64, err error) {
	limit = min(max(limit, 1), StatementPageMax)
	if before <= 0 {
		before = maxJournalID
	}
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, 0, err
	}
	defer tx.Rollback()
	list, err = scanEntries(tx.QueryContext(ctx, `WITH page AS (SELECT id FROM journals
			WHERE user_id = ?1 AND id < ?2 AND type NOT IN ('hold', 'release') ORDER BY id DESC LIMIT ?3)
		SELECT `+entryColumns+`
		FROM page JOIN journals j ON j.id = page.id
		JOIN postings p ON p.journal_id = j.id JOIN accounts a ON a.id = p.account_id AND a.user_id = ?1
		`+entryFacts+`
		GROUP BY j.id ORDER BY j.id DESC`, userID, before, limit+1))
	if err != nil || len(list) == 0 {
		return list, 0, err
	}
	if len(list) > limit {
		list = list[:limit]
		next = list[limit-1].ID
	}
	// The balances after the page's newest entry: today's totals less everything posted to the customer
	// after it (holds and releases among that net to zero over the customer's accounts).
	var rial, gold int64
	// The index postings_account_amount answers the sum without reading the postings themselves.
	if err := tx.QueryRowContext(ctx, `SELECT
			IFNULL(SUM(CASE WHEN a.asset = 'rial' THEN a.balance END), 0)
				- IFNULL(SUM(CASE WHEN a.asset = 'rial' THEN (SELECT SUM(p.amount) FROM postings p
					WHERE p.account_id = a.id AND p.journal_id > ?2) END), 0),
			IFNULL(SUM(CASE WHEN a.asset = 'gold' THEN a.balance END), 0)
				- IFNULL(SUM(CASE WHEN a.asset = 'gold' THEN (SELECT SUM(p.amount) FROM postings p
					WHERE p.account_id = a.id AND p.journal_id > ?2) END), 0)
		FROM accounts a WHERE a.user_id = ?1`, userID, list[0].ID).Scan(&rial, &gold); err != nil {
		return nil, 0, err
	}
	for i := range list {
		list[i].BalanceRial, list[i].BalanceGold = rial, gold
		rial -= list[i].CreditRial - list[i].DebitRial
		gold -= list[i].CreditGold - list[i].DebitGold
	}
	return list, next, nil
}

// maxJournalID is above every journal id: the cursor of the first page.
const maxJournalID = 1<<63 - 1

// postedEntry is journal j, just posted as id at now, as userID's statement row: what the statement reads
// for a journal that settles no request (a trade), without reading it back in the transaction that posted it.
func postedEntry(id int64, j journal, userID int64, now time.Time) Entry {
	e := Entry{ID: id, CreatedAt: time.UnixMilli(now.UnixMilli()).UTC(), Type: j.typ, Status: j.status,
		Description: j.description, PricePerGramRial: j.pricePerGram, ReversesID: j.reversesID,
		CounterInvoiceID: j.counterInvoice}
	var netRial, netGold int64
	for _, l := range j.legs {
		if l.userID != userID || (l.kind != kindCustomer && l.kind != kindCustomerHold) {
			continue
		}
		if l.asset == AssetRial {
			netRial += l.amount
		} else {
			netGold += l.amount
		}
	}
	e.DebitRial, e.CreditRial = split(netRial)
	e.DebitGold, e.CreditGold = split(netGold)
	return e
}

// The statement's SQL, fixed texts so they can be prepared: every query groups a customer's postings by
// journal j (on accounts a, postings p) and reads the entry's facts from its request (w or g).
const (
	entryColumns = `j.id, j.created_at, j.type, j.status, j.description, IFNULL(j.price_per_gram_rial, 0),
			IFNULL(SUM(CASE WHEN a.asset = 'rial' THEN p.amount END), 0),
			IFNULL(SUM(CASE WHEN a.asset = 'gold' THEN p.amount END), 0),
			IFNULL(j.wallet_request_id, 0), IFNULL(w.bank_name, ''), IFNULL(g.rey, ''), IFNULL(g.ang, ''),
			IFNULL(j.reverses_id, 0), IFNULL(j.counter_invoice_id, 0)`
	entryFacts = `LEFT JOIN wallet_requests w ON w.id = j.wallet_request_id
		LEFT JOIN gold_requests g ON g.id = j.gold_request_id`
	entriesSQL = `SELECT ` + entryColumns + `
		FROM accounts a
		JOIN postings p ON p.account_id = a.id
		JOIN journals j ON j.id = p.journal_id
		` + entryFacts + `
		WHERE a.user_id = ? AND j.type NOT IN ('hold', 'release') `
	statementSQL = entriesSQL + `GROUP BY j.id ORDER BY j.id`
)

func scanEntries(rows *sql.Rows, err error) ([]Entry, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		var e Entry
		var at, netRial, netGold int64
		if err := rows.Scan(&e.ID, &at, &e.Type, &e.Status, &e.Description, &e.PricePerGramRial,
			&netRial, &netGold, &e.WalletRequestID, &e.BankName, &e.BarLab, &e.BarIngot, &e.ReversesID,
			&e.CounterInvoiceID); err != nil {
			return nil, err
		}
		e.CreatedAt = time.UnixMilli(at).UTC()
		e.DebitRial, e.CreditRial = split(netRial)
		e.DebitGold, e.CreditGold = split(netGold)
		out = append(out, e)
	}
	return out, rows.Err()
}

// split turns a net movement into its debit and credit halves.
func split(net int64) (debit, credit int64) {
	if net < 0 {
		return -net, 0
	}
	return 0, net
}
