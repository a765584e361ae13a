package app

import (
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"goldshop/iran"
	"goldshop/store"
)

type bankAccountRequest struct {
	CardNumber string `json:"card_number"`
	IBAN       string `json:"iban"`
	HolderName string `json:"account_holder_name"`
}

// cardProblems are the Persian answers to iran.Card's refusals.
var cardProblems = map[error]string{
	iran.ErrCardDigits:      msgCardDigits,
	iran.ErrCardLuhn:        msgCardInvalid,
	iran.ErrCardUnknownBank: msgCardUnknownBank,
}

// bankAccountsList returns the caller's cards.
func (a *App) bankAccountsList(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.BankAccounts(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	out := make([]bankAccountView, len(list))
	for i, acc := range list {
		out[i] = viewBankAccount(acc)
	}
	return okJSON(w, out)
}

// bankAccountsCreate registers a card (and optional IBAN) for the caller; the holder defaults to their name.
func (a *App) bankAccountsCreate(w http.ResponseWriter, r *http.Request) error {
	var req bankAccountRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	card, bank, err := iran.Card(req.CardNumber)
	if err != nil {
		return badRequest(cardProblems[err])
	}
	iban := ""
	if strings.TrimSpace(req.IBAN) != "" {
		if iban, err = iran.IBAN(req.IBAN); err != nil {
			return badRequest(msgIBANInvalid)
		}
	}
	u := caller(r).User
	holder := iran.Name(req.HolderName)
	if holder == "" {
		holder = u.FirstName + " " + u.LastName
	}
	if !plainText(holder) {
		return badRequest(msgTextNotPlain)
	}
	if utf8.RuneCountInString(holder) > 100 {
		return badRequest(msgHolderInvalid)
	}
	acc, err := a.store.CreateBankAccount(r.Context(), store.BankAccount{UserID: u.ID, CardNumber: card, IBAN: iban,
		BankName: bank, HolderName: holder}, a.now())
	if errors.Is(err, store.ErrConflict) {
		return conflict(msgCardTaken)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgBankAccountAdded, "account": viewBankAccount(acc)})
}

// bankAccountsDelete removes one of the caller's cards, unless a withdraw to it is still pending.
func (a *App) bankAccountsDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgBankAccountNotFound)
	if err != nil {
		return err
	}
	err = a.store.DeleteBankAccount(r.Context(), caller(r).User.ID, id, a.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgBankAccountNotFound)
	case err != nil:
		return err
	}
	return okJSON(w, map[string]string{"message": msgBankAccountDeleted})
}
