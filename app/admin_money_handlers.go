package app

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

type countSumView struct {
	Count  int64  `json:"count"`
	Amount string `json:"amount"`
}

type tradesView struct {
	Count      int64  `json:"count"`
	AmountRial string `json:"amount_rial"`
}

// adminDashboard gives the owner's figures (decisions.md §8).
func (a *App) adminDashboard(w http.ResponseWriter, r *http.Request) error {
	d, err := a.store.Dashboard(r.Context(), iran.DayStart(a.now()))
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{
		"customers_rial":    rules.FormatRial(d.CustomersRial),
		"customers_gold":    rules.FormatGold(d.CustomersGold),
		"shop_bank_rial":    rules.FormatRial(d.ShopBankRial),
		"shop_vault_gold":   rules.FormatGold(d.ShopVaultGold),
		"pending_deposits":  countSumView{d.PendingDeposits.Count, rules.FormatRial(d.PendingDeposits.Amount)},
		"pending_withdraws": countSumView{d.PendingWithdraws.Count, rules.FormatRial(d.PendingWithdraws.Amount)},
		"today_in_rial":     rules.FormatRial(d.TodayInRial),
		"today_out_rial":    rules.FormatRial(d.TodayOutRial),
		"today_buys":        tradesView{d.TodayBuys.Count, rules.FormatRial(d.TodayBuys.Amount)},
		"today_sells":       tradesView{d.TodaySells.Count, rules.FormatRial(d.TodaySells.Amount)},
	})
}

// findCustomer finds one user by phone, id or name, in that order (the charge screen's search box).
func (a *App) findCustomer(r *http.Request, query string) (store.CustomerBalances, error) {
	q := iran.LatinDigits(iran.Name(query))
	if q == "" {
		return store.CustomerBalances{}, badRequest(msgChargeSearchEmpty)
	}
	search := q
	if phone, err := iran.Phone(q); err == nil && len(q) >= 10 {
		search = phone
	}
	list, err := a.store.CustomersBalances(r.Context(), store.BalancesFilter{Search: search, Limit: 1})
	if err != nil {
		return store.CustomerBalances{}, err
	}
	if len(list) == 0 {
		return store.CustomerBalances{}, notFound(msgUserNotFound)
	}
	return list[0], nil
}

// adminChargeUser looks up the user an admin is about to charge.
func (a *App) adminChargeUser(w http.ResponseWriter, r *http.Request) error {
	c, err := a.findCustomer(r, chi.URLParam(r, "query"))
	if err != nil {
		return err
	}
	return okJSON(w, viewCustomerBalances(c))
}

type chargeRequest struct {
	UserID      numberText `json:"userId"`
	Type        string     `json:"type"`
	Amount      numberText `json:"amount"`
	Description string     `json:"description"`
}

// adminCharge credits a customer's rial or gold by hand (admin.md §5), against the shop's bank or vault.
func (a *App) adminCharge(w http.ResponseWriter, r *http.Request) error {
	var req chargeRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	userID, err := strconv.ParseInt(string(req.UserID), 10, 64)
	if err != nil || userID <= 0 {
		return notFound(msgUserNotFound)
	}
	in := store.ChargeInput{AdminID: caller(r).User.ID, UserID: userID}
	var ok bool
	switch req.Type {
	case "rial":
		in.Asset = store.AssetRial
		if in.Amount, ok = rules.ParseAmountRial(string(req.Amount)); !ok {
			return badRequest(msgChargeAmount)
		}
	case "gold":
		in.Asset = store.AssetGold
		if in.Amount, ok = rules.ParseGoldMg(string(req.Amount)); !ok || in.Amount <= 0 {
			return badRequest(msgChargeGoldAmount)
		}
	default:
		return badRequest(msgChargeType)
	}
	in.Description = strings.Join(strings.Fields(req.Description), " ")
	if !plainText(in.Description) {
		return badRequest(msgTextNotPlain)
	}
	if utf8.RuneCountInString(in.Description) > 200 {
		return badRequest(msgDescriptionLong)
	}
	after, err := a.store.Charge(r.Context(), in, a.now())
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgUserNotFound)
	} else if err != nil {
		return err
	}
	c, err := a.findCustomer(r, strconv.FormatInt(userID, 10))
	if err != nil {
		return err
	}
	// the balances the charge's own transaction read: with an Idempotency-Key that transaction commits only
	// after this answer is made, so the read pool still shows the balances before it
	c.Balances = after
	return okJSON(w, map[string]any{"message": msgChargeDone, "user": viewCustomerBalances(c)})
}

// optionalBound reads an optional rial or gold filter bound; gold arrives in grams and is kept in milligrams.
func optionalBound(q url.Values, name string, gold bool) (*int64, error) {
	s := iran.NumberText(q.Get(name))
	if s == "" {
		return nil, nil
	}
	var n int64
	var ok bool
	if gold {
		n, ok = rules.ParseGoldMg(s)
	} else {
		n, ok = rules.ParseRial(s)
	}
	if !ok {
		return nil, badRequest(msgFilterInvalid)
	}
	return &n, nil
}

// adminUsersBalances lists users with their balances, filtered (admin.md §2, users' balance sheet).
func (a *App) adminUsersBalances(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := store.BalancesFilter{Search: adminSearchText(q.Get("search"))}
	var err error
	for _, b := range []struct {
		name string
		dst  **int64
		gold bool
	}{{"minRial", &f.MinRial, false}, {"maxRial", &f.MaxRial, false}, {"minGold", &f.MinGold, true}, {"maxGold", &f.MaxGold, true}} {
		if *b.dst, err = optionalBound(q, b.name, b.gold); err != nil {
			return err
		}
	}
	list, err := a.store.CustomersBalances(r.Context(), f)
	if err != nil {
		return err
	}
	out := make([]customerBalancesView, len(list))
	for i, c := range list {
		out[i] = viewCustomerBalances(c)
	}
	return okJSON(w, out)
}

// adminUserTransactions is one customer's statement for the admin's ledger modal, in transactionsAll's shape.
func (a *App) adminUserTransactions(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "userId", msgUserNotFound)
	if err != nil {
		return err
	}
	customer, err := a.store.UserByID(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		return notFound(msgUserNotFound)
	} else if err != nil {
		return err
	}
	if err := a.auditRead(r, readLedger, customer, nil); err != nil {
		return err
	}
	out, err := a.statement(r.Context(), r.URL.Query(), id)
	if err != nil {
		return err
	}
	return okJSON(w, out)
}
