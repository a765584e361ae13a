package app

import (
	"time"

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
	return balancesView{BalanceRial: rialString(b.Rial), BalanceGold: goldString(b.Gold),
		AvailableRial: rialString(b.AvailableRial), AvailableGold: goldString(b.AvailableGold)}
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
		Amount: rialString(r.AmountRial), BankName: r.BankName, CardNumber: r.CardNumber, IBAN: r.IBAN,
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
}

func viewEntries(list []store.Entry) []entryView {
	out := make([]entryView, len(list))
	for i, e := range list {
		out[i] = entryView{ID: e.ID, CreatedAt: e.CreatedAt, Type: e.Type, Status: e.Status, Description: e.Description,
			DebitRial: rialString(e.DebitRial), CreditRial: rialString(e.CreditRial),
			DebitGold: goldString(e.DebitGold), CreditGold: goldString(e.CreditGold)}
		if e.PricePerGramRial != 0 {
			p := rialString(e.PricePerGramRial)
			out[i].PricePerGram = &p
		}
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
