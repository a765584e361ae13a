package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrInsufficientFunds is what every refusal for a short free balance matches (errors.Is); the error itself is
// an *InsufficientError, which names the asset that fell short.
var ErrInsufficientFunds = errors.New("store: insufficient funds")

// InsufficientError refuses a movement that would take a customer's free balance of Asset (AssetRial or
// AssetGold) below zero. It is errors.Is ErrInsufficientFunds.
type InsufficientError struct {
	Asset string
}

func (e *InsufficientError) Error() string { return "store: insufficient " + e.Asset }

// Is makes every shortage match ErrInsufficientFunds, whichever asset it names.
func (e *InsufficientError) Is(target error) bool { return target == ErrInsufficientFunds }

// coverFree is the one rule of a short balance: amount of asset must not be above what is free.
func coverFree(asset string, amount, free int64) error {
	if amount > free {
		return &InsufficientError{Asset: asset}
	}
	return nil
}

// Cover tells whether the free balance of asset covers amount: nil, or an *InsufficientError naming the asset.
// Callers outside a transaction use it to refuse early; the transaction that moves the money checks again.
func (b Balances) Cover(asset string, amount int64) error {
	free := b.AvailableRial
	if asset == AssetGold {
		free = b.AvailableGold
	}
	return coverFree(asset, amount, free)
}

const freeBalanceSQL = `SELECT balance FROM accounts WHERE kind = 'customer' AND IFNULL(user_id, 0) = ? AND asset = ?`

// ensureFree refuses, with an *InsufficientError, a debit of amount from the customer's free balance of
// asset that the balance does not cover. postJournal calls it inside the transaction that moves the money,
// before the posting, so the refusal names the asset; the CHECK on accounts stays only as the last net.
func ensureFree(ctx context.Context, q queryer, userID int64, asset string, amount int64) error {
	var free int64
	if err := q.QueryRowContext(ctx, freeBalanceSQL, userID, asset).Scan(&free); err != nil {
		return fmt.Errorf("free %s of user %d: %w", asset, userID, err)
	}
	return coverFree(asset, amount, free)
}

// Assets a ledger account holds: whole rials, or milligrams of 750 gold.
const (
	AssetRial = "rial"
	AssetGold = "gold"
)

// Ledger account kinds (see migrations/0002_money.sql).
const (
	kindCustomer     = "customer"
	kindCustomerHold = "customer_hold"
	kindShopBank     = "shop_bank"
	kindShopVault    = "shop_vault"
	kindShopTrading  = "shop_trading"
	kindShopRewards  = "shop_rewards"
	// the counter's (issue 38, migrations/0037_counter.sql)
	kindShopCash        = "shop_cash"
	kindShopPOS         = "shop_pos"
	kindShopVAT         = "shop_vat"
	kindShopSalesGold   = "shop_sales_gold"
	kindShopSalesWage   = "shop_sales_wage"
	kindShopSalesProfit = "shop_sales_profit"
	kindShopSalesExtras = "shop_sales_extras"
	kindShopDiscounts   = "shop_discounts"
	kindShopPurchases   = "shop_purchases"
	kindShopWalkIn      = "shop_walk_in"
	// the shop's stock and day (issue 39, migrations/0040_stock_day.sql)
	kindShopMelt          = "shop_melt"
	kindShopCashOverShort = "shop_cash_over_short"
	kindShopOwner         = "shop_owner"
)

// Entry types of the statement (decisions.md §5) and the two internal ones that hold and release.
const (
	EntryWalletDeposit  = "wallet_deposit"
	EntryGoldDeposit    = "gold_deposit"
	EntryWalletWithdraw = "wallet_withdraw"
	EntryBuy            = "buy"
	EntrySell           = "sell"
	EntryRewardReferral = "reward_referral"
	EntryGoldRequest    = "gold_request"
	EntryCounter        = "counter" // a counter invoice, or its void (ReversesID set)
	entryMelt           = "melt"    // a melt batch's loss or gain, between the vault's gold and shop_melt
	entryDrawer         = "drawer"  // a drawer movement, a close's difference, or a reopen's reversal of it
	entryHold           = "hold"
	entryRelease        = "release"
)

// leg is one posting of a journal before it is written: an account named by kind, owner and asset.
type leg struct {
	kind   string
	userID int64 // 0 for the shop's own accounts
	asset  string
	amount int64 // credit positive, debit negative
}

// journal is one money movement about to be written: facts only (what moved, why, for which request) and,
// in description, what a person typed (an admin's charge note, a rejection's reason). The statement's words
// are rendered from the facts when read, never stored.
type journal struct {
	userID          int64
	typ, status     string
	description     string
	walletRequestID int64
	goldRequestID   int64
	orderID         int64
	counterInvoice  int64 // the counter invoice the journal records or voids
	meltBatch       int64 // the melt batch whose loss or gain the journal posts
	resolvesID      int64
	reversesID      int64
	adminID         int64
	pricePerGram    int64 // rial per gram of a trade; 0 for other entries
	legs            []leg
	// freeChecked says the caller has checked, in this transaction, that the customer's free balances cover
	// the legs that debit them (a trade does, to refuse in its own order); postJournal then asks again only
	// the CHECK on accounts, the last net.
	freeChecked bool
}

const (
	// A journal's time is at least its predecessor's, whatever the clock says (issue 28): the statement and
	// the exports order by it, and a clock stepped back must not put a trade before the one it followed.
	insertJournalSQL = `INSERT INTO journals (user_id, type, status, description, wallet_request_id,
		resolves_id, admin_id, price_per_gram_rial, gold_request_id, reverses_id, order_id, counter_invoice_id, melt_batch_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, MAX(?, IFNULL((SELECT created_at FROM journals ORDER BY id DESC LIMIT 1), 0)))`
)

// insertPostingsSQL is the statement that writes n legs of a journal at once, each on its account found by
// kind, owner and asset, in the legs' order; one statement instead of one a leg, as a trade posts four. Its
// text depends only on n, so it is prepared once for each n; the texts of the usual counts are made once.
func insertPostingsSQL(n int) string {
	if n < len(postingsSQL) {
		return postingsSQL[n]
	}
	return postingsSQLFor(n)
}

// postingsSQL holds insertPostingsSQL's texts for up to 8 legs (a journal has 2, 4 or 6).
var postingsSQL = func() (texts [9]string) {
	for n := range texts {
		texts[n] = postingsSQLFor(n)
	}
	return texts
}()

func postingsSQLFor(n int) string {
	var b strings.Builder
	b.WriteString(`WITH leg (n, amount, kind, user_id, asset) AS (VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "(%d, ?, ?, ?, ?)", i)
	}
	b.WriteString(`)
		INSERT INTO postings (journal_id, account_id, amount)
		SELECT ?, a.id, leg.amount FROM leg
		JOIN accounts a ON a.kind = leg.kind AND IFNULL(a.user_id, 0) = leg.user_id AND a.asset = leg.asset
		ORDER BY leg.n`)
	return b.String()
}

// postJournal writes j and its postings in the caller's transaction, through q (the writer's prepared
// statements in that transaction). The legs must sum to zero per asset; the cached balances move with each
// posting (a trigger). A leg taking more from a customer's free balance than it holds refuses the whole
// journal with an *InsufficientError naming the asset, checked before anything is written; a balance that
// still goes below zero (a held amount that is not there) trips the accounts' CHECK and is an internal error.
func postJournal(ctx context.Context, q queryer, j journal, now time.Time) (int64, error) {
	sums := map[string]int64{}
	for _, l := range j.legs {
		if l.amount == 0 {
			return 0, fmt.Errorf("journal %s: zero posting", j.typ)
		}
		sums[l.asset] += l.amount
	}
	for asset, sum := range sums {
		if sum != 0 {
			return 0, fmt.Errorf("journal %s: %s postings sum to %d, not zero", j.typ, asset, sum)
		}
	}
	for _, l := range j.legs {
		if l.kind == kindCustomer && l.amount < 0 && !j.freeChecked {
			if err := ensureFree(ctx, q, l.userID, l.asset, -l.amount); err != nil {
				return 0, err
			}
		}
	}
	res, err := q.ExecContext(ctx, insertJournalSQL, nullID(j.userID), j.typ, j.status, j.description,
		nullID(j.walletRequestID), nullID(j.resolvesID), nullID(j.adminID), nullID(j.pricePerGram),
		nullID(j.goldRequestID), nullID(j.reversesID), nullID(j.orderID), nullID(j.counterInvoice), nullID(j.meltBatch),
		now.UnixMilli())
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	args := make([]any, 0, 4*len(j.legs)+1)
	for _, l := range j.legs {
		args = append(args, l.amount, l.kind, l.userID, l.asset)
	}
	res, err = q.ExecContext(ctx, insertPostingsSQL(len(j.legs)), append(args, id)...)
	if err != nil {
		return 0, fmt.Errorf("journal %s: postings: %w", j.typ, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != int64(len(j.legs)) {
		return 0, fmt.Errorf("journal %s: %d of %d postings found their account (%v)", j.typ, n, len(j.legs), err)
	}
	return id, nil
}

// move is the pair of legs that moves amount of asset from one account to another.
func move(asset string, amount int64, fromKind string, fromUser int64, toKind string, toUser int64) []leg {
	return []leg{{fromKind, fromUser, asset, -amount}, {toKind, toUser, asset, amount}}
}

// Balances are a customer's balances: the totals the shop owes them and what is free to use (the total less
// what pending requests hold). Rial in rials, gold in milligrams.
type Balances struct {
	Rial, Gold                   int64
	AvailableRial, AvailableGold int64
}

// Balances returns the customer's balances.
func (s *Store) Balances(ctx context.Context, userID int64) (Balances, error) {
	return balances(ctx, s.readStmts, userID)
}

func balances(ctx context.Context, q queryer, userID int64) (Balances, error) {
	var b Balances
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*),
		IFNULL(SUM(CASE WHEN asset = 'rial' THEN balance END), 0),
		IFNULL(SUM(CASE WHEN asset = 'gold' THEN balance END), 0),
		IFNULL(SUM(CASE WHEN asset = 'rial' AND kind = 'customer' THEN balance END), 0),
		IFNULL(SUM(CASE WHEN asset = 'gold' AND kind = 'customer' THEN balance END), 0)
		FROM accounts WHERE user_id = ?`, userID).Scan(&n, &b.Rial, &b.Gold, &b.AvailableRial, &b.AvailableGold)
	if err == nil && n == 0 {
		err = ErrNotFound
	}
	return b, err
}
