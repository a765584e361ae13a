package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// A hold is one ledger concept (issue 37), whatever it is for: a customer's money set aside for a thing that
// may still take it, its subject: a withdraw (rial), a bar request (gold) or a standing order (rial for a buy,
// gold for a sell), and whatever is held next. The ledger's rules for every hold, stated once:
//
//   - a hold is one journal of type hold naming its subject, moving the held amount from the customer's
//     free account to their hold account;
//   - it is resolved at most once, by one journal naming the same subject and the hold (resolves_id): a
//     release giving it back to the free balance, or the subject's own entry spending it (a paid withdraw to
//     the shop's bank, an approved bar to its vault);
//   - a resolution moves exactly what the hold held.
//
// invariants.go proves them for all holds in one rule ("every hold names its one subject…"), the amounts in
// another ("a resolution moves exactly what its hold held") and the schema the "at most once"
// (journals.resolves_id is UNIQUE); each subject's own rule says which resolution its status asks for.

// holdSubject is what a hold is for: the journals column that names it, its id, whose money and how much.
type holdSubject struct {
	column string // holdByWithdraw, holdByBar or holdByOrder: never a caller's text
	id     int64
	userID int64
	asset  string
	amount int64
}

// The journals columns that name a hold's subject.
const (
	holdByWithdraw = "wallet_request_id"
	holdByBar      = "gold_request_id"
	holdByOrder    = "order_id"
)

func withdrawHold(r WalletRequest) holdSubject {
	return holdSubject{holdByWithdraw, r.ID, r.UserID, AssetRial, r.AmountRial}
}

func barHold(r GoldRequest) holdSubject {
	return holdSubject{holdByBar, r.ID, r.UserID, AssetGold, r.Vazn750Mg}
}

func orderHold(o Order) holdSubject {
	return holdSubject{holdByOrder, o.ID, o.UserID, heldAsset(o.Side), o.Held}
}

// named is j naming s as its subject.
func (s holdSubject) named(j journal) journal {
	switch s.column {
	case holdByWithdraw:
		j.walletRequestID = s.id
	case holdByBar:
		j.goldRequestID = s.id
	case holdByOrder:
		j.orderID = s.id
	}
	j.userID = s.userID
	return j
}

// placeHold sets s's amount aside: the free balance must cover it (an *InsufficientError otherwise).
func placeHold(ctx context.Context, w queryer, s holdSubject, now time.Time) error {
	_, err := postJournal(ctx, w, s.named(journal{typ: entryHold, status: StatusPending,
		legs: move(s.asset, s.amount, kindCustomer, s.userID, kindCustomerHold, s.userID)}), now)
	return err
}

// holdFor is the id of s's hold journal.
func holdFor(ctx context.Context, w queryer, s holdSubject) (int64, error) {
	var id int64
	err := w.QueryRowContext(ctx, `SELECT id FROM journals WHERE `+s.column+` = ? AND type = 'hold'`, s.id).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errors.New(s.column + " " + itoa(s.id) + " without its hold")
	}
	return id, err
}

// releaseHold resolves s's hold by giving all of it back to the free balance, the release recording status
// and the admin who decided it (0: the customer or the shop itself).
func releaseHold(ctx context.Context, w queryer, s holdSubject, status string, adminID int64, now time.Time) error {
	return resolveHold(ctx, w, s, journal{typ: entryRelease, status: status, adminID: adminID}, kindCustomer, s.userID, now)
}

// spendHold resolves s's hold by moving it to the shop's account of kind toKind, as the entry j (its type,
// status and admin) that spends it.
func spendHold(ctx context.Context, w queryer, s holdSubject, j journal, toKind string, now time.Time) error {
	return resolveHold(ctx, w, s, j, toKind, 0, now)
}

func resolveHold(ctx context.Context, w queryer, s holdSubject, j journal, toKind string, toUser int64, now time.Time) error {
	holdID, err := holdFor(ctx, w, s)
	if err != nil {
		return err
	}
	j = s.named(j)
	j.resolvesID, j.legs = holdID, move(s.asset, s.amount, kindCustomerHold, s.userID, toKind, toUser)
	_, err = postJournal(ctx, w, j, now)
	return err
}
