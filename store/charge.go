package store

import (
	"context"
	"time"
)

// ChargeInput is an admin's manual charge of a customer's rial or gold account: money or gold the shop
// received outside the app (at the counter), so it is credited against the shop's bank or vault.
type ChargeInput struct {
	AdminID     int64
	UserID      int64
	Asset       string // AssetRial or AssetGold
	Amount      int64  // rial, or gold milligrams; above zero
	Description string // the admin's note as typed; "" for none (the statement then says it was a manual charge)
}

// Charge credits the customer and writes the audit entry with the balances before and after.
func (s *Store) Charge(ctx context.Context, in ChargeInput, now time.Time) (Balances, error) {
	var after Balances
	err := s.moneyTx(ctx, func(w queryer) error {
		before, err := balances(ctx, w, in.UserID)
		if err != nil {
			return err
		}
		typ, from := EntryWalletDeposit, kindShopBank
		if in.Asset == AssetGold {
			typ, from = EntryGoldDeposit, kindShopVault
			if err := ensureReserve(ctx, w, in.Amount); err != nil {
				return err
			}
		}
		journalID, err := postJournal(ctx, w, journal{userID: in.UserID, typ: typ, status: "deposited",
			description: in.Description, adminID: in.AdminID,
			legs: move(in.Asset, in.Amount, from, 0, kindCustomer, in.UserID)}, now)
		if err != nil {
			return err
		}
		if err := notify(ctx, w, Notification{UserID: in.UserID, Kind: NoteCharge, SubjectID: journalID, Asset: in.Asset,
			Amount: in.Amount}, now); err != nil {
			return err
		}
		if after, err = balances(ctx, w, in.UserID); err != nil {
			return err
		}
		return insertAudit(ctx, w, AuditEntry{AdminID: in.AdminID, Action: "charge." + in.Asset,
			Target: "user:" + itoa(in.UserID),
			Before: map[string]any{"balances": before},
			After:  map[string]any{"balances": after, "amount": in.Amount, "description": in.Description}}, now)
	})
	return after, err
}
