package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrInsufficientFunds is returned when a movement would take a customer's free balance below zero.
var ErrInsufficientFunds = errors.New("store: insufficient funds")

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

// journal is one money movement about to be written.
type journal struct {
	userID          int64
	typ, status     string
	description     string
	walletRequestID int64
	goldRequestID   int64
	resolvesID      int64
	reversesID      int64
	adminID         int64
	pricePerGram    int64 // rial per gram of a trade; 0 for other entries
	legs            []leg
}

// postJournal writes j and its postings in the caller's transaction. The legs must sum to zero per asset; the
// cached balances move with each posting (a trigger), and a customer account going below zero fails the whole
// journal with ErrInsufficientFunds.
func postJournal(ctx context.Context, tx *sql.Tx, j journal, now time.Time) (int64, error) {
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
	res, err := tx.ExecContext(ctx, `INSERT INTO journals (user_id, type, status, description, wallet_request_id,
		resolves_id, admin_id, price_per_gram_rial, gold_request_id, reverses_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, nullID(j.userID), j.typ, j.status, j.description,
		nullID(j.walletRequestID), nullID(j.resolvesID), nullID(j.adminID), nullID(j.pricePerGram),
		nullID(j.goldRequestID), nullID(j.reversesID), now.UnixMilli())
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	for _, l := range j.legs {
		if _, err := tx.ExecContext(ctx, `INSERT INTO postings (journal_id, account_id, amount)
			SELECT ?, id, ? FROM accounts WHERE kind = ? AND IFNULL(user_id, 0) = ? AND asset = ?`,
			id, l.amount, l.kind, l.userID, l.asset); err != nil {
			if strings.Contains(err.Error(), "CHECK constraint failed") {
				return 0, ErrInsufficientFunds
			}
			return 0, err
		}
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM postings WHERE journal_id = ?`, id).Scan(&n); err != nil {
		return 0, err
	}
	if n != len(j.legs) {
		return 0, fmt.Errorf("journal %s: %d of %d postings found their account", j.typ, n, len(j.legs))
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
