package store

import (
	"context"
	"database/sql"
	"time"
)

// Wallet request types and statuses (customer.md §3).
const (
	RequestDeposit  = "deposit"
	RequestWithdraw = "withdraw"

	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
	StatusCanceled = "canceled"
)

// WalletRequest is a customer's deposit or withdraw, with the customer's name for the admin's lists.
type WalletRequest struct {
	ID            int64
	UserID        int64
	FirstName     string
	LastName      string
	Type          string
	AmountRial    int64
	BankAccountID int64 // 0 for deposits
	BankName      string
	CardNumber    string
	IBAN          string
	Receipt       string // file name under uploads/receipts; "" for withdraws
	Status        string
	RejectReason  string
	CreatedAt     time.Time
	DecidedAt     time.Time // zero until decided
}

// DepositInput is a customer's deposit: the amount they paid in and the receipt file already saved.
type DepositInput struct {
	UserID     int64
	AmountRial int64
	Receipt    string
	// DayStart begins the customer's Tehran day, whose deposits count against the receipts quota
	DayStart time.Time
}

// CreateDeposit records a pending deposit. No money moves until an admin approves it. A *QuotaError when the
// customer has sent the day's number of receipts.
func (s *Store) CreateDeposit(ctx context.Context, in DepositInput, now time.Time) (WalletRequest, error) {
	var out WalletRequest
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		if err := checkQuota(ctx, tx, QuotaReceipts, in.UserID, in.DayStart); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO wallet_requests (user_id, type, amount_rial, receipt, created_at)
			VALUES (?, 'deposit', ?, ?, ?)`, in.UserID, in.AmountRial, in.Receipt, now.UnixMilli())
		if err != nil {
			return err
		}
		id, _ := res.LastInsertId()
		out, err = walletRequestByID(ctx, tx, id)
		return err
	})
	return out, err
}

// WithdrawInput is a customer's withdraw to one of their own bank accounts.
type WithdrawInput struct {
	UserID        int64
	AmountRial    int64
	BankAccountID int64
}

// CreateWithdraw records a pending withdraw and holds its amount, so the available balance drops at once and
// two withdraws can never promise the same rials. ErrNotFound: not the caller's bank account; an
// *InsufficientError for rial: above the available balance (the hold's posting checks it).
func (s *Store) CreateWithdraw(ctx context.Context, in WithdrawInput, now time.Time) (WalletRequest, error) {
	var out WalletRequest
	err := s.moneyTx(ctx, func(w queryer) error {
		acc, err := bankAccount(ctx, w, in.UserID, in.BankAccountID)
		if err != nil {
			return err
		}
		res, err := w.ExecContext(ctx, insertWithdrawSQL,
			in.UserID, in.AmountRial, acc.ID, acc.CardNumber, acc.IBAN, acc.BankName, now.UnixMilli())
		if err != nil {
			return err
		}
		id, _ := res.LastInsertId()
		if err := placeHold(ctx, w, holdSubject{holdByWithdraw, id, in.UserID, AssetRial, in.AmountRial}, now); err != nil {
			return err
		}
		out, err = walletRequestByID(ctx, w, id)
		return err
	})
	return out, err
}

const insertWithdrawSQL = `INSERT INTO wallet_requests (user_id, type, amount_rial, bank_account_id,
	card_number, iban, bank_name, created_at) VALUES (?, 'withdraw', ?, ?, ?, ?, ?, ?)`

// CancelWithdraw lets a customer take back their own pending withdraw; the held amount is released.
// ErrNotFound: not the caller's request; ErrConflict: not a pending withdraw.
func (s *Store) CancelWithdraw(ctx context.Context, userID, requestID int64, now time.Time) error {
	return s.moneyTx(ctx, func(w queryer) error {
		req, err := walletRequestByID(ctx, w, requestID)
		if err != nil {
			return err
		}
		if req.UserID != userID {
			return ErrNotFound
		}
		if req.Type != RequestWithdraw || req.Status != StatusPending {
			return ErrConflict
		}
		if err := setRequestStatus(ctx, w, req.ID, StatusCanceled, "", 0, now); err != nil {
			return err
		}
		return releaseHold(ctx, w, withdrawHold(req), StatusCanceled, 0, now)
	})
}

// Decision is an admin's approval or rejection of a pending wallet request.
type Decision struct {
	AdminID   int64
	RequestID int64
	Approve   bool
	Reason    string // the rejection's reason, shown to the customer
}

// DecideWalletRequest approves or rejects a pending request in one transaction: an approved deposit credits
// the customer, an approved withdraw pays out the held amount, a rejected withdraw releases it. Deciding twice
// is ErrConflict and moves nothing.
func (s *Store) DecideWalletRequest(ctx context.Context, d Decision, now time.Time) (WalletRequest, error) {
	var out WalletRequest
	err := s.moneyTx(ctx, func(w queryer) error {
		req, err := walletRequestByID(ctx, w, d.RequestID)
		if err != nil {
			return err
		}
		if req.Status != StatusPending {
			return ErrConflict
		}
		before, err := balances(ctx, w, req.UserID)
		if err != nil {
			return err
		}
		// the entries name their request: the statement reads a deposit's receipt or a withdraw's bank from it
		status, reason := StatusApproved, ""
		switch {
		case !d.Approve:
			status, reason = StatusRejected, d.Reason
			if req.Type == RequestWithdraw {
				err = releaseHold(ctx, w, withdrawHold(req), StatusCanceled, d.AdminID, now)
			}
		case req.Type == RequestDeposit:
			_, err = postJournal(ctx, w, journal{userID: req.UserID, typ: EntryWalletDeposit, status: "deposited",
				walletRequestID: req.ID, adminID: d.AdminID,
				legs: move(AssetRial, req.AmountRial, kindShopBank, 0, kindCustomer, req.UserID)}, now)
		default: // paid: the hold goes to the shop's bank
			err = spendHold(ctx, w, withdrawHold(req), journal{typ: EntryWalletWithdraw, status: StatusApproved,
				adminID: d.AdminID}, kindShopBank, now)
		}
		if err != nil {
			return err
		}
		if err := setRequestStatus(ctx, w, req.ID, status, reason, d.AdminID, now); err != nil {
			return err
		}
		if err := notify(ctx, w, walletNotice(req, d.Approve, reason), now); err != nil {
			return err
		}
		after, err := balances(ctx, w, req.UserID)
		if err != nil {
			return err
		}
		if err := insertAudit(ctx, w, AuditEntry{AdminID: d.AdminID, Action: "wallet_request." + status,
			Target: "wallet_request:" + itoa(req.ID),
			Before: map[string]any{"status": req.Status, "balances": before},
			After:  map[string]any{"status": status, "reject_reason": reason, "balances": after}}, now); err != nil {
			return err
		}
		out, err = walletRequestByID(ctx, w, req.ID)
		return err
	})
	return out, err
}

const (
	setRequestStatusSQL = `UPDATE wallet_requests SET status = ?, reject_reason = ?, decided_at = ?,
		decided_by = ? WHERE id = ? AND status = 'pending'`
)

func setRequestStatus(ctx context.Context, w queryer, id int64, status, reason string, adminID int64, now time.Time) error {
	return affectedOne(w.ExecContext(ctx, setRequestStatusSQL, status, reason, now.UnixMilli(), nullID(adminID), id))
}

// walletNotice tells the customer how their request was decided.
func walletNotice(req WalletRequest, approved bool, reason string) Notification {
	kind := map[[2]bool]string{{true, true}: NoteDepositApproved, {true, false}: NoteDepositRejected,
		{false, true}: NoteWithdrawPaid, {false, false}: NoteWithdrawRejected}[[2]bool{req.Type == RequestDeposit, approved}]
	return Notification{UserID: req.UserID, Kind: kind, SubjectID: req.ID, Asset: AssetRial, Amount: req.AmountRial,
		Reason: reason}
}
