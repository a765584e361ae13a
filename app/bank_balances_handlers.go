package app

import (
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// maxBankBalanceRial bounds one recorded balance (10^16 rial): far above any shop's, and low enough that the
// sums stay exact.
const maxBankBalanceRial = 10_000_000_000_000_000

type bankBalanceView struct {
	ID        int64     `json:"id"`
	Bank      string    `json:"bank"`
	Balance   string    `json:"balance"`
	AsOf      string    `json:"as_of"`
	CreatedAt time.Time `json:"created_at"`
}

// bankBalanceRequest is the body of POST /api/admin/bank-balances.
type bankBalanceRequest struct {
	Bank    string     `json:"bank"`
	Balance numberText `json:"balance"`
	AsOf    string     `json:"as_of"`
}

func viewBankBalances(list []store.BankBalance) []bankBalanceView {
	out := make([]bankBalanceView, len(list))
	for i, b := range list {
		out[i] = bankBalanceView{b.ID, b.Bank, rules.FormatRial(b.BalanceRial), b.AsOf, b.CreatedAt}
	}
	return out
}

// bankBalancesGet answers every record newest first, the newest of each bank, their total and the rial the
// shop owes its customers against it.
func (a *App) bankBalancesGet(w http.ResponseWriter, r *http.Request) error {
	all, latest, err := a.store.BankBalances(r.Context())
	if err != nil {
		return err
	}
	owed, err := a.store.RialOwed(r.Context())
	if err != nil {
		return err
	}
	// Summed as decimals: the number of banks is the owner's to choose.
	total := decimal.Zero
	for _, b := range latest {
		total = total.Add(decimal.NewFromInt(b.BalanceRial))
	}
	var ratio *string
	if r, ok := rules.CoverRatioOf(total, decimal.NewFromInt(owed)); ok {
		ratio = &r
	}
	return okJSON(w, map[string]any{"items": viewBankBalances(all), "latest": viewBankBalances(latest),
		"total": total.String(), "rial_owed": rules.FormatRial(owed), "ratio": ratio})
}

// bankBalanceAdd records the shop's balance at a bank on a day; the store audits it.
func (a *App) bankBalanceAdd(w http.ResponseWriter, r *http.Request) error {
	var req bankBalanceRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	bank := strings.TrimSpace(req.Bank)
	if n := utf8.RuneCountInString(bank); n < 2 || n > 50 || !plainText(bank) {
		return badRequest(msgBankBalanceBank)
	}
	balance, ok := rules.ParseRial(string(req.Balance))
	if !ok || balance > maxBankBalanceRial {
		return badRequest(msgBankBalanceAmount)
	}
	day, err := iran.GregorianDay(strings.TrimSpace(req.AsOf))
	if err != nil || day.After(a.now()) {
		return badRequest(msgBankBalanceDate)
	}
	saved, err := a.store.AddBankBalance(r.Context(), caller(r).User.ID, store.BankBalance{Bank: bank,
		BalanceRial: balance, AsOf: day.Format(time.DateOnly)}, a.now())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"message": msgBankBalanceSaved, "item": viewBankBalances([]store.BankBalance{saved})[0]})
	return nil
}
