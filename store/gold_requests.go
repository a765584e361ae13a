package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Gold request statuses beyond the wallet's (decisions.md §6).
const (
	StatusReady     = "ready"
	StatusDelivered = "delivered"
)

// Errors of gold requests, each a 409 with its own message.
var (
	ErrGoldRequestPending = errors.New("store: a gold request is already pending")
	ErrBarTaken           = errors.New("store: bar no longer available")
)

// goldTransitions are the admin's moves of decisions.md §6; anything else is ErrConflict.
var goldTransitions = map[string][]string{
	StatusPending:  {StatusApproved, StatusRejected},
	StatusApproved: {StatusReady, StatusDelivered, StatusRejected},
	StatusReady:    {StatusDelivered, StatusRejected},
}

// GoldRequest is a customer's request for one bar (BarID is its vault item), with the bar's figures as they
// were when asked.
type GoldRequest struct {
	ID           int64
	UserID       int64
	FirstName    string
	LastName     string
	PhoneNumber  string
	BarID        int64
	Rey          string
	Ang          string
	AyarCenti    int64
	VaznMg       int64
	Vazn750Mg    int64
	Status       string
	RejectReason string
	CreatedAt    time.Time
	DecidedAt    time.Time // zero until an admin acts
}

const goldRequestSelect = `SELECT r.id, r.user_id, u.first_name, u.last_name, u.phone_number, r.item_id, r.rey, r.ang,
	r.ayar_centi, r.vazn_mg, r.vazn750_mg, r.status, r.reject_reason, r.created_at, IFNULL(r.decided_at, 0)
	FROM gold_requests r JOIN users u ON u.id = r.user_id `

func scanGoldRequest(row interface{ Scan(...any) error }) (GoldRequest, error) {
	var g GoldRequest
	var at, decided int64
	err := row.Scan(&g.ID, &g.UserID, &g.FirstName, &g.LastName, &g.PhoneNumber, &g.BarID, &g.Rey, &g.Ang,
		&g.AyarCenti, &g.VaznMg, &g.Vazn750Mg, &g.Status, &g.RejectReason, &at, &decided)
	if errors.Is(err, sql.ErrNoRows) {
		return g, ErrNotFound
	}
	g.CreatedAt = time.UnixMilli(at).UTC()
	if decided != 0 {
		g.DecidedAt = time.UnixMilli(decided).UTC()
	}
	return g, err
}

func scanGoldRequests(rows *sql.Rows, err error) ([]GoldRequest, error) {
	return collect(rows, err, scanGoldRequest)
}

func goldRequestByID(ctx context.Context, q queryer, id int64) (GoldRequest, error) {
	return scanGoldRequest(q.QueryRowContext(ctx, goldRequestSelect+`WHERE r.id = ?`, id))
}

// GoldRequestInput is a customer asking for a bar.
type GoldRequestInput struct {
	UserID int64
	BarID  int64
}

// CreateGoldRequest reserves the bar for the customer and holds its vazn750 from their free gold, in one
// transaction. ErrGoldRequestPending: they already wait for one; ErrNotFound: no such bar; ErrBarTaken:
// someone else holds it; an *InsufficientError for gold: their free gold does not cover it (the hold's
// posting checks it).
func (s *Store) CreateGoldRequest(ctx context.Context, in GoldRequestInput, now time.Time) (GoldRequest, error) {
	var out GoldRequest
	err := s.moneyTx(ctx, func(w queryer) error {
		var pending int
		if err := w.QueryRowContext(ctx, pendingGoldRequestsSQL, in.UserID).Scan(&pending); err != nil {
			return err
		}
		if pending > 0 {
			return ErrGoldRequestPending
		}
		bar, err := barByID(ctx, w, in.BarID)
		if err != nil {
			return err
		}
		if bar.BarStatus != BarAvailable {
			return ErrBarTaken
		}
		// the request is the reservation: a second live one for the bar breaks gold_requests_item_live
		res, err := w.ExecContext(ctx, insertGoldRequestSQL, in.UserID, bar.ID, bar.Lab, bar.IngotNumber,
			bar.PurityCenti, bar.WeightMg, bar.Weight750Mg, now.UnixMilli())
		if isUniqueViolation(err) {
			return ErrBarTaken
		}
		if err != nil {
			return err
		}
		id, _ := res.LastInsertId()
		if err := placeHold(ctx, w, holdSubject{holdByBar, id, in.UserID, AssetGold, bar.Weight750Mg}, now); err != nil {
			return err
		}
		out, err = goldRequestByID(ctx, w, id)
		return err
	})
	return out, err
}

const (
	pendingGoldRequestsSQL = `SELECT COUNT(*) FROM gold_requests WHERE user_id = ? AND status = 'pending'`
	insertGoldRequestSQL   = `INSERT INTO gold_requests (user_id, item_id, rey, ang, ayar_centi, vazn_mg,
		vazn750_mg, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	goldEntryOfSQL = `SELECT id FROM journals WHERE gold_request_id = ? AND type = 'gold_request'
		AND reverses_id IS NULL`
	setJournalStatusSQL     = `UPDATE journals SET status = ? WHERE id = ?`
	setGoldRequestStatusSQL = `UPDATE gold_requests SET status = ?, reject_reason = ?, decided_at = ?,
		decided_by = ? WHERE id = ? AND status = ?`
)

// CancelGoldRequest lets a customer take back their own pending request: the gold is released and the bar
// offered again. ErrNotFound: not theirs; ErrConflict: not pending.
func (s *Store) CancelGoldRequest(ctx context.Context, userID, requestID int64, now time.Time) error {
	return s.moneyTx(ctx, func(w queryer) error {
		req, err := goldRequestByID(ctx, w, requestID)
		if err != nil || req.UserID != userID {
			return ErrNotFound
		}
		if req.Status != StatusPending {
			return ErrConflict
		}
		if err := releaseHold(ctx, w, barHold(req), StatusCanceled, 0, now); err != nil {
			return err
		}
		return setGoldRequestStatus(ctx, w, req, StatusCanceled, "", 0, now)
	})
}

// GoldDecision is an admin moving a gold request along decisions.md §6.
type GoldDecision struct {
	AdminID   int64
	RequestID int64
	To        string
	Reason    string // kept when rejecting, and the text of the reversing entry after an approval
}

// DecideGoldRequest makes one allowed transition in one transaction: approval debits the held gold as a
// gold_request entry naming the request (the statement reads the bar's lab and ingot from it); ready and
// delivered move that entry's status along; rejection releases the hold (from pending) or adds the reversing
// credit (after approval). Rejection frees the bar, delivery removes it. ErrConflict for a transition §6 does
// not allow.
func (s *Store) DecideGoldRequest(ctx context.Context, d GoldDecision, now time.Time) (GoldRequest, error) {
	var out GoldRequest
	err := s.moneyTx(ctx, func(w queryer) error {
		req, err := goldRequestByID(ctx, w, d.RequestID)
		if err != nil {
			return err
		}
		allowed := false
		for _, to := range goldTransitions[req.Status] {
			allowed = allowed || to == d.To
		}
		if !allowed {
			return ErrConflict
		}
		reason := ""
		switch {
		case req.Status == StatusPending && d.To == StatusApproved:
			if err := spendHold(ctx, w, barHold(req), journal{typ: EntryGoldRequest, status: StatusApproved,
				adminID: d.AdminID}, kindShopVault, now); err != nil {
				return err
			}
		case req.Status == StatusPending:
			reason = d.Reason
			if err := releaseHold(ctx, w, barHold(req), StatusCanceled, d.AdminID, now); err != nil {
				return err
			}
		case d.To == StatusRejected:
			reason = d.Reason
			entryID, err := goldEntryOf(ctx, w, req.ID)
			if err != nil {
				return err
			}
			if err := setJournalStatus(ctx, w, entryID, StatusRejected); err != nil {
				return err
			}
			if _, err := postJournal(ctx, w, journal{userID: req.UserID, typ: EntryGoldRequest, status: StatusRejected,
				description: d.Reason, goldRequestID: req.ID, reversesID: entryID, adminID: d.AdminID,
				legs: move(AssetGold, req.Vazn750Mg, kindShopVault, 0, kindCustomer, req.UserID)}, now); err != nil {
				return err
			}
		default: // ready or delivered: the entry's status follows the request
			entryID, err := goldEntryOf(ctx, w, req.ID)
			if err != nil {
				return err
			}
			if err := setJournalStatus(ctx, w, entryID, d.To); err != nil {
				return err
			}
		}
		if err := setGoldRequestStatus(ctx, w, req, d.To, reason, d.AdminID, now); err != nil {
			return err
		}
		if err := notify(ctx, w, Notification{UserID: req.UserID, Kind: "gold_request_" + d.To, SubjectID: req.ID,
			Asset: AssetGold, Amount: req.Vazn750Mg, Reason: reason}, now); err != nil {
			return err
		}
		if out, err = goldRequestByID(ctx, w, req.ID); err != nil {
			return err
		}
		return insertAudit(ctx, w, AuditEntry{AdminID: d.AdminID, Action: "gold_request." + d.To,
			Target: "gold_request:" + itoa(req.ID), Before: map[string]any{"status": req.Status},
			After: map[string]any{"status": d.To, "reject_reason": reason}}, now)
	})
	return out, err
}

// goldEntryOf is the approval's gold_request entry (not its reversal).
func goldEntryOf(ctx context.Context, w queryer, requestID int64) (int64, error) {
	var id int64
	err := w.QueryRowContext(ctx, goldEntryOfSQL, requestID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errors.New("approved gold request without its entry")
	}
	return id, err
}

func setJournalStatus(ctx context.Context, w queryer, id int64, status string) error {
	return affectedOne(w.ExecContext(ctx, setJournalStatusSQL, status, id))
}

// setGoldRequestStatus moves the request from the status it was read in (a concurrent change fails it); a
// request that ends frees its bar by no longer being live, and delivered takes the bar out of the vault with
// a delivered move naming the request.
func setGoldRequestStatus(ctx context.Context, w queryer, req GoldRequest, to, reason string, adminID int64, now time.Time) error {
	if err := affectedOne(w.ExecContext(ctx, setGoldRequestStatusSQL, to, reason, now.UnixMilli(), nullID(adminID), req.ID, req.Status)); err != nil {
		return err
	}
	if to != StatusDelivered {
		return nil
	}
	item, err := vaultItemByID(ctx, w, req.BarID)
	if err != nil {
		return err
	}
	_, err = takeOutVaultItem(ctx, w, item, VaultMove{Kind: MoveDelivered, AdminID: adminID, GoldRequestID: req.ID}, now)
	return err
}

// GoldRequestsOfUser lists the customer's requests, newest first.
func (s *Store) GoldRequestsOfUser(ctx context.Context, userID int64) ([]GoldRequest, error) {
	return scanGoldRequests(s.read.QueryContext(ctx, goldRequestSelect+`WHERE r.user_id = ? ORDER BY r.id DESC`, userID))
}

// GoldRequestFilter narrows the admin's review list; zero fields do not filter.
type GoldRequestFilter struct {
	UserSearch string
	Status     string
	From, To   time.Time
	Limit      int
}

// GoldRequests lists every customer's requests matching f, newest first.
func (s *Store) GoldRequests(ctx context.Context, f GoldRequestFilter) ([]GoldRequest, error) {
	var c conditions
	c.user(f.UserSearch)
	c.equal(`r.status`, f.Status)
	c.between(`r.created_at`, f.From, f.To)
	return scanGoldRequests(s.read.QueryContext(ctx, goldRequestSelect+c.where()+` ORDER BY r.id DESC LIMIT ?`,
		c.limited(f.Limit, 500)...))
}
