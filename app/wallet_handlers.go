package app

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strconv"

	"github.com/go-chi/chi/v5"

	"goldshop/store"
)

// pathID reads a positive row id from the path; anything else is the same 404 as a missing row.
func pathID(r *http.Request, name, missing string) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	if err != nil || id <= 0 {
		return 0, notFound(missing)
	}
	return id, nil
}

// walletBalances returns the caller's balances and what is free to use.
func (a *App) walletBalances(w http.ResponseWriter, r *http.Request) error {
	b, err := a.store.Balances(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	return okJSON(w, viewBalances(b))
}

// depositForm is what the multipart deposit form carried.
type depositForm struct {
	amount  string
	receipt string // the stored file's name
}

// readDepositForm streams the multipart body: the amount field and the receipt file, which is checked and
// stored as it arrives so a 5 MB image never sits in memory.
func (a *App) readDepositForm(w http.ResponseWriter, r *http.Request) (depositForm, error) {
	var f depositForm
	r.Body = http.MaxBytesReader(w, r.Body, maxReceiptBytes+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		return f, badRequest(msgUploadInvalid)
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return f, nil
		}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return f, &apiError{http.StatusRequestEntityTooLarge, msgReceiptTooLarge}
		}
		if err != nil {
			return f, badRequest(msgUploadInvalid)
		}
		if err := a.readDepositPart(part, &f); err != nil {
			return f, err
		}
	}
}

func (a *App) readDepositPart(part *multipart.Part, f *depositForm) error {
	defer part.Close()
	switch part.FormName() {
	case "amount":
		b, err := io.ReadAll(io.LimitReader(part, 64))
		if err != nil {
			return badRequest(msgUploadInvalid)
		}
		f.amount = string(b)
	case "receipt":
		if f.receipt != "" {
			return badRequest(msgUploadInvalid)
		}
		name, err := a.saveReceipt(part)
		if err != nil {
			return err
		}
		f.receipt = name
	}
	return nil
}

// walletDeposit records a deposit the customer says they paid, with the bank receipt as proof.
func (a *App) walletDeposit(w http.ResponseWriter, r *http.Request) error {
	f, err := a.readDepositForm(w, r)
	stored := f.receipt
	defer func() {
		if stored != "" { // the deposit was refused: its receipt is not kept
			os.Remove(filepath.Join(a.receiptsDir(), stored))
		}
	}()
	if err != nil {
		return err
	}
	amount, ok := parseAmountRial(numericText(f.amount))
	if !ok {
		return badRequest(msgAmountInvalid)
	}
	if f.receipt == "" {
		return badRequest(msgReceiptRequired)
	}
	req, err := a.store.CreateDeposit(r.Context(), store.DepositInput{UserID: caller(r).User.ID, AmountRial: amount,
		Receipt: f.receipt, Once: onceOf(r)}, a.now())
	if err != nil {
		return err
	}
	stored = ""
	return okJSON(w, map[string]any{"message": msgDepositCreated, "request": viewWalletRequest(req)})
}

type withdrawRequest struct {
	Amount        numberText `json:"amount"`
	BankAccountID numberText `json:"bank_account_id"`
}

// walletWithdraw asks the shop to pay part of the available rial balance to one of the caller's cards.
func (a *App) walletWithdraw(w http.ResponseWriter, r *http.Request) error {
	var req withdrawRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	amount, ok := parseAmountRial(string(req.Amount))
	if !ok {
		return badRequest(msgAmountInvalid)
	}
	accountID, err := strconv.ParseInt(string(req.BankAccountID), 10, 64)
	if err != nil || accountID <= 0 {
		return badRequest(msgBankAccountRequired)
	}
	wr, err := a.store.CreateWithdraw(r.Context(), store.WithdrawInput{UserID: caller(r).User.ID, AmountRial: amount,
		BankAccountID: accountID, Once: onceOf(r)}, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgBankAccountNotFound)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgWithdrawCreated, "request": viewWalletRequest(wr)})
}

// walletPendingWithdraws lists the caller's withdraws still waiting for the shop.
func (a *App) walletPendingWithdraws(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.WalletRequestsOfUser(r.Context(), caller(r).User.ID, true)
	if err != nil {
		return err
	}
	return okJSON(w, viewWalletRequests(list))
}

// walletUserRequests lists all the caller's deposits and withdraws, newest first.
func (a *App) walletUserRequests(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.WalletRequestsOfUser(r.Context(), caller(r).User.ID, false)
	if err != nil {
		return err
	}
	return okJSON(w, viewWalletRequests(list))
}

// walletCancel lets the caller take back their own pending withdraw.
func (a *App) walletCancel(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id", msgRequestNotFound)
	if err != nil {
		return err
	}
	err = a.store.CancelWithdraw(r.Context(), caller(r).User.ID, id, onceOf(r), a.now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		return notFound(msgRequestNotFound)
	case errors.Is(err, store.ErrConflict):
		return conflict(msgCancelOnlyPending)
	case err != nil:
		return err
	}
	return okJSON(w, map[string]string{"message": msgRequestCanceled})
}

// transactionsAll is the caller's statement, oldest first.
func (a *App) transactionsAll(w http.ResponseWriter, r *http.Request) error {
	list, err := a.store.Statement(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"transactions": viewEntries(list)})
}
