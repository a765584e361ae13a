package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"goldshop/iran"
)

// ReferralRewardMg is the gold an inviter receives for an invitee's first buy or sell (decisions.md §4).
const ReferralRewardMg = 5

// ErrQuoteNone is returned when a code names no live quote of the customer of that type.
var ErrQuoteNone = errors.New("store: no live quote")

// ErrTradingClosed is returned when a quote's side was switched off or its hours ended before it was confirmed.
var ErrTradingClosed = errors.New("store: trading closed")

// Quote is a trade locked at the customer's price for a short time, waiting for its SMS code. Gold in
// milligrams; the amounts are final (already rounded the shop's way).
type Quote struct {
	ID               int64
	UserID           int64
	Type             string // EntryBuy or EntrySell
	CodeScope        string // carried by the quote's code
	AmountRial       int64
	AmountGoldMg     int64
	PricePerGramRial int64
	BasePriceID      int64 // the base price it was priced from (price_history), 0 where none was named
	CreatedAt        time.Time
	ExpiresAt        time.Time
}

// SaveQuote makes q the customer's pending quote of its type, replacing an earlier pending one, without a
// code (the store's tests and the big-shop filler confirm it by its scope): it lives in the quote book only
// (quote_book.go), and its row is written by its trade.
func (s *Store) SaveQuote(ctx context.Context, q Quote) (Quote, error) {
	if err := ctx.Err(); err != nil {
		return q, err
	}
	s.quotes.put(q, nil, 0)
	return q, nil
}

// IssueQuote writes a trade code texted to phone (its hash, bound to q's CodeScope) with q as the customer's
// pending quote, unless the code's limits forbid it (IssueCode's errors and wait: the resend spacing, the
// daily cap and the asker's rate hits, trade_codes.go), and then makes them the customer's live quote and
// code in the quote book (quote_book.go): a refused resend leaves the earlier quote and its code working.
// Their rows are written with those of other quotes of the moment, as light rows (a power cut can lose a
// quote, which the customer asks for again), and IssueQuote returns once they have committed.
func (s *Store) IssueQuote(ctx context.Context, phone string, codeHash []byte, lim CodeLimits, q Quote,
	now time.Time) (Quote, time.Duration, error) {
	wait, err := s.tradeCodes.issue(ctx, phone, codeHash, lim, q, now)
	if err != nil {
		return q, wait, err
	}
	s.quotes.put(q, codeHash, lim.Lifetime)
	return q, 0, nil
}

// insertExecutedQuote keeps the terms of a trade as an executed quote of journalID: a screen's confirmed
// quote, a savings plan's run, a standing order.
func insertExecutedQuote(ctx context.Context, w queryer, q Quote, journalID int64, now time.Time) error {
	created, expires := q.CreatedAt, q.ExpiresAt
	if created.IsZero() {
		created, expires = now, now
	}
	_, err := w.ExecContext(ctx, `INSERT INTO trade_quotes (user_id, type, code_scope, amount_rial,
		amount_gold_mg, price_per_gram_rial, created_at, expires_at, status, journal_id, base_price_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'executed', ?, ?)`, q.UserID, q.Type, q.CodeScope, q.AmountRial,
		q.AmountGoldMg, q.PricePerGramRial, created.UnixMilli(), expires.UnixMilli(), journalID, nullID(q.BasePriceID))
	return err
}

// Trade names the quote a customer confirmed with its code: by the code itself (CodeHash, checked in the
// quote book under CodeLimits' tries), or by CodeScope for callers that checked no code.
type Trade struct {
	UserID     int64
	Type       string
	CodeHash   []byte
	CodeLimits CodeLimits
	CodeScope  string // used when CodeHash is nil
	// CheckHours refuses the trade when its side is shut under the price settings as they are when it
	// executes (the owner's switch and the trading hours, PriceSettings.Hours). The server always sets it;
	// the store's tests of other rules leave it off.
	CheckHours bool
	// Uninvited says the caller knows the customer signed up with no one's code (a user's inviter never
	// changes): the trade then looks for no referral reward to pay.
	Uninvited bool
	// Grade is the customer's grade as the caller read it (the sign-in check, the plan's row), for their
	// daily limits; 0 has the trade read it, and only when some grade is limited.
	Grade int
}

// ExecuteQuote checks the trade's code in the quote book and carries out its live quote in one transaction. A
// wrong code counts a try (ErrCodeWrong, ErrCodeTooManyTries; ErrCodeNone without a live code) and moves
// nothing. With the right code, a trade that is refused leaves the code live for another try: the side
// closed (ErrTradingClosed), no live quote of that type (ErrQuoteNone: expired, replaced, used, or the code
// sent with the other side's type), the free balance no longer covering it (an *InsufficientError naming the
// rial of a buy or the gold of a sell), or a daily limit it would pass (a *DailyLimitError). Otherwise the
// customer's rial and gold move against the shop's trading accounts at the quoted price, the quote is marked
// executed in the same commit (the quote and its code leave the book, and come back to it if that commit, or
// the idempotent call's it joined, does not happen), and on the customer's first trade their inviter gets the
// referral reward. It returns the trade as a statement row.
func (s *Store) ExecuteQuote(ctx context.Context, t Trade, now time.Time) (Entry, error) {
	if t.CodeHash != nil {
		var verdict error
		if t.CodeScope, verdict = s.quotes.check(t.UserID, t.CodeHash, t.CodeLimits, now); verdict != nil {
			return Entry{}, verdict // a wrong try is counted in the book, and nothing is written
		}
	}
	var entry Entry
	var undo func()
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		w := s.writeStmts.in(tx)
		settings, err := s.writerPriceSettings(ctx, w)
		if err != nil {
			return err
		}
		// the owner's off switch stops trading at once, also for quotes already given
		if t.CheckHours && !settings.Hours(t.Type).Open(now) {
			return ErrTradingClosed
		}
		q, back, ok := s.quotes.take(t.CodeScope, t.UserID, t.Type, t.CodeHash != nil, now)
		if !ok {
			return ErrQuoteNone
		}
		undo = back
		journalID, e, err := s.trade(ctx, w, t, q, settings, now)
		if err != nil {
			return err
		}
		entry = e
		// the quote's row, written when it was given; a quote saved without a code has none yet
		res, err := w.ExecContext(ctx, `UPDATE trade_quotes SET status = 'executed', journal_id = ?
			WHERE code_scope = ? AND status = 'pending'`, journalID, q.CodeScope)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		return insertExecutedQuote(ctx, w, q, journalID, now)
	})
	switch call, _ := callOf(ctx); {
	case undo == nil:
	case err != nil:
		undo() // refused or not committed: the quote and its code work again
	case call != nil:
		call.onRollback(undo) // the call's transaction commits later, or not
	}
	return entry, err
}

// trade moves q's rial and gold between the customer and the shop's trading accounts in the caller's
// transaction, under the rules every trade keeps (a screen's confirmed quote, a savings plan's run, a standing
// order): the customer's free balance covers it, it stays within the customer's daily limits, a buy's gold is
// in the vault, and a first trade of the minimum pays the inviter's reward. It returns the journal and the
// trade as a statement row.
func (s *Store) trade(ctx context.Context, w queryer, t Trade, q Quote, settings PriceSettings, now time.Time) (int64, Entry, error) {
	legs := append(move(AssetRial, q.AmountRial, kindCustomer, t.UserID, kindShopTrading, 0),
		move(AssetGold, q.AmountGoldMg, kindShopTrading, 0, kindCustomer, t.UserID)...)
	if t.Type == EntrySell {
		legs = append(move(AssetGold, q.AmountGoldMg, kindCustomer, t.UserID, kindShopTrading, 0),
			move(AssetRial, q.AmountRial, kindShopTrading, 0, kindCustomer, t.UserID)...)
	}
	if err := s.tradeChecks(ctx, w, true, t, q.AmountRial, q.AmountGoldMg, now); err != nil {
		return 0, Entry{}, err
	}
	j := journal{userID: t.UserID, typ: t.Type, status: StatusApproved, pricePerGram: q.PricePerGramRial,
		legs: legs, freeChecked: true}
	journalID, err := postJournal(ctx, w, j, now)
	if err != nil {
		return 0, Entry{}, err
	}
	if t.Uninvited || q.AmountRial < settings.ReferralMinTradeRial {
		// no inviter, or too small to earn the inviter anything: a later trade of at least the minimum may
	} else if err := rewardInviter(ctx, w, t.UserID, settings.ReferralMonthlyCap, iran.JalaliMonthStart(now), now); err != nil {
		return 0, Entry{}, err
	}
	return journalID, postedEntry(journalID, j, t.UserID, now), nil
}

const (
	inviterSQL = `SELECT u.referred_by,
		(SELECT count(*) FROM referral_rewards m WHERE m.inviter_id = u.referred_by AND m.created_at >= ?)
		FROM users u WHERE u.id = ? AND u.referred_by IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM referral_rewards r WHERE r.invitee_id = u.id)`
	insertRewardSQL = `INSERT INTO referral_rewards (invitee_id, inviter_id, journal_id, created_at)
		VALUES (?, ?, ?, ?)`
)

// rewardInviter pays the referral reward for invitee's first qualifying trade, once per invitee: the reward's
// row is keyed by the invitee, so a later trade finds it and pays nothing. An inviter who has had monthlyCap
// rewards since monthStart gets none for it (a later trade of the invitee, next month, still may).
func rewardInviter(ctx context.Context, w queryer, inviteeID int64, monthlyCap int, monthStart, now time.Time) error {
	var inviterID int64
	var thisMonth int
	err := w.QueryRowContext(ctx, inviterSQL, monthStart.UnixMilli(), inviteeID).Scan(&inviterID, &thisMonth)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if thisMonth >= monthlyCap {
		return nil
	}
	// A reward the vault cannot cover is not paid now; the invitee's next trade of the minimum may pay it.
	if err := ensureReserve(ctx, w, ReferralRewardMg); errors.Is(err, ErrReserveShort) {
		return nil
	} else if err != nil {
		return err
	}
	journalID, err := postJournal(ctx, w, journal{userID: inviterID, typ: EntryRewardReferral, status: StatusApproved,
		legs: move(AssetGold, ReferralRewardMg, kindShopRewards, 0, kindCustomer, inviterID)}, now)
	if err != nil {
		return err
	}
	if _, err = w.ExecContext(ctx, insertRewardSQL, inviteeID, inviterID, journalID, now.UnixMilli()); err != nil {
		return err
	}
	return notify(ctx, w, Notification{UserID: inviterID, Kind: NoteReferralReward, SubjectID: journalID, Asset: AssetGold,
		Amount: ReferralRewardMg}, now)
}

// ReferralStats are how many customers registered with a user's code and the gold their first trades earned.
type ReferralStats struct {
	Invited  int64
	EarnedMg int64
}

// ReferralStatsOf returns the user's referral figures.
func (s *Store) ReferralStatsOf(ctx context.Context, userID int64) (ReferralStats, error) {
	var st ReferralStats
	err := s.read.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM users WHERE referred_by = ?),
		(SELECT IFNULL(SUM(p.amount), 0) FROM referral_rewards r
			JOIN postings p ON p.journal_id = r.journal_id
			JOIN accounts a ON a.id = p.account_id AND a.user_id = r.inviter_id
			WHERE r.inviter_id = ?)`, userID, userID).Scan(&st.Invited, &st.EarnedMg)
	return st, err
}
