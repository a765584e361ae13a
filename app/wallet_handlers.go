package app

import (
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

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

// maxAmountField is the longest amount field a deposit form may carry.
const maxAmountField = 64

func (a *App) readDepositPart(part *multipart.Part, f *depositForm) error {
	defer part.Close()
	switch part.FormName() {
	case "amount":
		b, err := io.ReadAll(io.LimitReader(part, maxAmountField+1))
		if err != nil {
			return badRequest(msgUploadInvalid)
		}
		if len(b) > maxAmountField { // refused, never cut: a cut amount would be another amount
			return badRequest(msgAmountInvalid)
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
	amount, ok := rules.ParseAmountRial(iran.NumberText(f.amount))
	if !ok {
		return badRequest(msgAmountInvalid)
	}
	if f.receipt == "" {
		return badRequest(msgReceiptRequired)
	}
	now := a.now()
	req, err := a.store.CreateDeposit(r.Context(), store.DepositInput{UserID: caller(r).User.ID, AmountRial: amount,
		Receipt: f.receipt, DayStart: iran.DayStart(now)}, now)
	if err != nil {
		return quotaError(err)
	}
	stored = ""
	return okJSON(w, map[string]any{"message": msgDepositCreated, "request": viewWalletRequest(req)})
}

type withdrawRequest struct {
	Amount        numberText `json:"amount"`
	BankAccountID numberText `json:"bank_account_id"`
	Code          string     `json:"verification_code"` // only for a card added in the last 24 hours
}

// newCardWindow is how long after a card is added a withdrawal to it needs a texted code: a stolen session
// alone can add the thief's card, but cannot read the owner's SMS.
const newCardWindow = 24 * time.Hour

// cardIsNew tells whether a card added at addedAt still needs a code at now.
func cardIsNew(addedAt, now time.Time) bool { return now.Sub(addedAt) < newCardWindow }

// withdrawScope binds a withdraw code to one card and one amount: a code texted for 100 rial to card A
// approves nothing else.
func withdrawScope(accountID, amountRial int64) string {
	return fmt.Sprintf("withdraw:%d:%d", accountID, amountRial)
}

// walletWithdraw asks the shop to pay part of the available rial balance to one of the caller's cards. To a
// card added in the last 24 hours, the first call texts a code and answers 403 {message, code_required}; the
// same call with verification_code spends it and withdraws.
func (a *App) walletWithdraw(w http.ResponseWriter, r *http.Request) error {
	var req withdrawRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	amount, ok := rules.ParseAmountRial(string(req.Amount))
	if !ok {
		return badRequest(msgAmountInvalid)
	}
	accountID, err := strconv.ParseInt(string(req.BankAccountID), 10, 64)
	if err != nil || accountID <= 0 {
		return badRequest(msgBankAccountRequired)
	}
	user := caller(r).User
	if sent, err := a.withdrawStepUp(w, r, user, accountID, amount, req.Code); sent || err != nil {
		return err
	}
	wr, err := a.store.CreateWithdraw(r.Context(), store.WithdrawInput{UserID: user.ID, AmountRial: amount,
		BankAccountID: accountID}, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgBankAccountNotFound)
	}
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgWithdrawCreated, "request": viewWalletRequest(wr)})
}

// withdrawStepUp asks for a code when the card was added in the last 24 hours (decisions.md, Ledger and
// wallet). Without a code it texts one bound to this card and amount and answers 403 (sent is true); with one
// it spends it, and a code of another card or amount is refused. Cards older than that pass untouched, and a
// code sent with them is ignored. The card and the balance are checked first, so no SMS goes out for a
// withdraw that would be refused anyway; CreateWithdraw checks both again inside its transaction.
func (a *App) withdrawStepUp(w http.ResponseWriter, r *http.Request, user store.User, accountID, amount int64,
	code string) (sent bool, err error) {
	accounts, err := a.store.BankAccounts(r.Context(), user.ID)
	if err != nil {
		return false, err
	}
	i := slices.IndexFunc(accounts, func(acc store.BankAccount) bool { return acc.ID == accountID })
	if i < 0 {
		return false, notFound(msgBankAccountNotFound)
	}
	if !cardIsNew(accounts[i].CreatedAt, a.now()) {
		return false, nil
	}
	if strings.TrimSpace(code) == "" {
		b, err := a.store.Balances(r.Context(), user.ID)
		if err != nil {
			return false, err
		}
		if err := b.Cover(store.AssetRial, amount); err != nil {
			return false, err
		}
	}
	return a.confirmByCode(w, r, user, codeStep{store.PurposeWithdraw, withdrawScope(accountID, amount),
		msgWithdrawCodeSent, msgWithdrawCodeOther}, code)
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
	err = a.store.CancelWithdraw(r.Context(), caller(r).User.ID, id, a.now())
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

// transactionsAll is the caller's statement: a page newest first (?cursor=&limit=), or all of it oldest first.
func (a *App) transactionsAll(w http.ResponseWriter, r *http.Request) error {
	out, err := a.statement(r.Context(), r.URL.Query(), caller(r).User.ID)
	if err != nil {
		return err
	}
	return okJSON(w, out)
}
