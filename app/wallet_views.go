package app

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// The API's shapes of money (docs/api.md, Money): amounts as canonical strings, times in RFC 3339.

type balancesView struct {
	BalanceRial   string `json:"balance_rial"`
	BalanceGold   string `json:"balance_gold"`
	AvailableRial string `json:"available_rial"`
	AvailableGold string `json:"available_gold"`
}

func viewBalances(b store.Balances) balancesView {
	return balancesView{BalanceRial: rules.FormatRial(b.Rial), BalanceGold: rules.FormatGold(b.Gold),
		AvailableRial: rules.FormatRial(b.AvailableRial), AvailableGold: rules.FormatGold(b.AvailableGold)}
}

type walletRequestView struct {
	ID            int64      `json:"id"`
	UserID        int64      `json:"user_id"`
	FirstName     string     `json:"first_name"`
	LastName      string     `json:"last_name"`
	Type          string     `json:"type"`
	Amount        string     `json:"amount"`
	BankAccountID *int64     `json:"bank_account_id"`
	BankName      string     `json:"bank_name"`
	CardNumber    string     `json:"card_number"`
	IBAN          string     `json:"iban"`
	ReceiptImage  string     `json:"receipt_image"`
	Status        string     `json:"status"`
	RejectReason  string     `json:"reject_reason"`
	CreatedAt     time.Time  `json:"created_at"`
	DecidedAt     *time.Time `json:"decided_at"`
}

func viewWalletRequest(r store.WalletRequest) walletRequestView {
	v := walletRequestView{ID: r.ID, UserID: r.UserID, FirstName: r.FirstName, LastName: r.LastName, Type: r.Type,
		Amount: rules.FormatRial(r.AmountRial), BankName: r.BankName, CardNumber: r.CardNumber, IBAN: r.IBAN,
		Status: r.Status, RejectReason: r.RejectReason, CreatedAt: r.CreatedAt}
	if r.BankAccountID != 0 {
		v.BankAccountID = &r.BankAccountID
	}
	if r.Receipt != "" {
		v.ReceiptImage = receiptURL(r.Receipt)
	}
	if !r.DecidedAt.IsZero() {
		v.DecidedAt = &r.DecidedAt
	}
	return v
}

func viewWalletRequests(list []store.WalletRequest) []walletRequestView {
	out := make([]walletRequestView, len(list))
	for i, r := range list {
		out[i] = viewWalletRequest(r)
	}
	return out
}

type entryView struct {
	ID           int64     `json:"id"`
	CreatedAt    time.Time `json:"created_at"`
	Type         string    `json:"type"`
	Status       string    `json:"status"`
	Description  string    `json:"description"`
	PricePerGram *string   `json:"price_per_gram"`
	DebitRial    string    `json:"debit_rial"`
	CreditRial   string    `json:"credit_rial"`
	DebitGold    string    `json:"debit_gold"`
	CreditGold   string    `json:"credit_gold"`
	// InvoiceID is the counter invoice a counter entry records or voids; the customer opens it by it.
	InvoiceID int64 `json:"invoice_id,omitempty"`
}

func viewEntries(list []store.Entry) []entryView {
	out := make([]entryView, len(list))
	for i, e := range list {
		out[i] = entryView{ID: e.ID, CreatedAt: e.CreatedAt, Type: e.Type, Status: e.Status, Description: entryText(e),
			DebitRial: rules.FormatRial(e.DebitRial), CreditRial: rules.FormatRial(e.CreditRial),
			DebitGold: rules.FormatGold(e.DebitGold), CreditGold: rules.FormatGold(e.CreditGold), InvoiceID: e.CounterInvoiceID}
		if e.PricePerGramRial != 0 {
			p := rules.FormatRial(e.PricePerGramRial)
			out[i].PricePerGram = &p
		}
	}
	return out
}

// entryText is an entry's line on the statement, rendered from the facts the ledger keeps: a trade's side and
// weight, a withdraw's bank, a gold request's bar. Only what a person typed (a charge note, a rejection's
// reason) comes from the entry's own description, with the default text where nothing was typed. Whatever
// text an entry written before migration 0013 still holds is not read for the kinds rendered from facts, so
// old and new rows read the same.
func entryText(e store.Entry) string {
	switch e.Type {
	case store.EntryBuy:
		return fmt.Sprintf(descBuyFormat, iran.Number(rules.FormatGold(e.CreditGold)))
	case store.EntrySell:
		return fmt.Sprintf(descSellFormat, iran.Number(rules.FormatGold(e.DebitGold)))
	case store.EntryRewardReferral:
		return descReferralReward
	case store.EntryWalletWithdraw:
		return descWithdrawTo + e.BankName
	case store.EntryWalletDeposit, store.EntryGoldDeposit:
		if e.WalletRequestID != 0 {
			return descDeposit
		}
		if e.Description == "" {
			return descManualCharge
		}
	case store.EntryCounter:
		if e.ReversesID == 0 {
			return descCounterInvoice
		}
		return descCounterVoid + e.Description
	case store.EntryGoldRequest:
		if e.ReversesID == 0 {
			return fmt.Sprintf(descGoldRequestFormat, e.BarLab, iran.Digits(e.BarIngot))
		}
		if e.Description == "" {
			return msgDefaultRejectGold
		}
	}
	return e.Description
}

// statementRowView is an entry of a statement with the customer's total balances right after it, so a page
// shows exact running balances without the rows before it.
type statementRowView struct {
	entryView
	BalanceRial string `json:"balance_rial"`
	BalanceGold string `json:"balance_gold"`
}

// statementView is the answer of both statement routes (docs/api.md): the rows and the cursor of the next
// page ("" on the last page, and on the whole statement).
type statementView struct {
	Transactions []statementRowView `json:"transactions"`
	NextCursor   string             `json:"next_cursor"`
}

// statementPageSize is a page's length when the request names a cursor but no limit.
const statementPageSize = 50

// statement answers a statement request of userID. With ?cursor= or ?limit= (either, even empty) it is one
// page, newest first: cursor is the next_cursor of the page before ("" for the newest), limit 1–200 (default
// 50). Without either it is the whole statement oldest first, as clients before paging expect.
func (a *App) statement(ctx context.Context, q url.Values, userID int64) (statementView, error) {
	number := func(name string, dflt int64) (int64, bool) {
		v := ""
		if len(q[name]) > 0 {
			v = q[name][0]
		}
		if v == "" {
			return dflt, true
		}
		n, err := strconv.ParseInt(iran.LatinDigits(v), 10, 64)
		return n, err == nil && n > 0
	}
	before, okCursor := number("cursor", 0)
	limit, okLimit := number("limit", statementPageSize)
	if !okCursor || !okLimit {
		return statementView{}, badRequest(msgBadPage)
	}
	list, next, err := a.store.StatementPage(ctx, userID, before, int(min(limit, store.StatementPageMax)))
	out := statementView{Transactions: viewStatementRows(list)}
	if next != 0 {
		out.NextCursor = strconv.FormatInt(next, 10)
	}
	return out, err
}

func viewStatementRows(list []store.Entry) []statementRowView {
	entries := viewEntries(list)
	out := make([]statementRowView, len(list))
	for i, e := range list {
		out[i] = statementRowView{entryView: entries[i], BalanceRial: rules.FormatRial(e.BalanceRial),
			BalanceGold: rules.FormatGold(e.BalanceGold)}
	}
	return out
}

type bankAccountView struct {
	ID         int64     `json:"id"`
	BankName   string    `json:"bank_name"`
	HolderName string    `json:"account_holder_name"`
	CardNumber string    `json:"card_number"`
	IBAN       string    `json:"iban"`
	CreatedAt  time.Time `json:"created_at"`
}

func viewBankAccount(a store.BankAccount) bankAccountView {
	return bankAccountView{ID: a.ID, BankName: a.BankName, HolderName: a.HolderName, CardNumber: a.CardNumber,
		IBAN: a.IBAN, CreatedAt: a.CreatedAt}
}

// customerBalancesView is a customer on the admin's money screens.
type customerBalancesView struct {
	ID          int64  `json:"id"`
	FirstName   string `json:"first_name"`
	LastName    string `json:"last_name"`
	Name        string `json:"name"`
	PhoneNumber string `json:"phone_number"`
	balancesView
}

func viewCustomerBalances(c store.CustomerBalances) customerBalancesView {
	return customerBalancesView{ID: c.ID, FirstName: c.FirstName, LastName: c.LastName,
		Name: c.FirstName + " " + c.LastName, PhoneNumber: c.PhoneNumber, balancesView: viewBalances(c.Balances)}
}
