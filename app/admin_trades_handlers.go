package app

import (
	"net/http"
	"time"

	"goldshop/rules"
	"goldshop/store"
)

type goldTransactionView struct {
	ID           int64  `json:"id"`
	UserID       int64  `json:"user_id"`
	FirstName    string `json:"first_name"`
	LastName     string `json:"last_name"`
	PhoneNumber  string `json:"phone_number"`
	Type         string `json:"type"`
	Status       string `json:"status"`
	PricePerGram string `json:"price_per_gram"`
	DebitRial    string `json:"debit_rial"`
	CreditRial   string `json:"credit_rial"`
	DebitGold    string `json:"debit_gold"`
	CreditGold   string `json:"credit_gold"`
	// the base price the trade was priced from and who set it: manual or the feed's source (issue 40)
	BasePrice  *string   `json:"base_price"`
	BaseSource string    `json:"base_source"`
	CreatedAt  time.Time `json:"created_at"`
}

// viewGoldTransaction writes a trade from the customer's side: a buy debits rial and credits gold, a sell
// the other way round (admin.md §2: weight is credit_gold for a buy, debit_gold for a sell).
func viewGoldTransaction(t store.GoldTransaction) goldTransactionView {
	v := goldTransactionView{ID: t.ID, UserID: t.UserID, FirstName: t.FirstName, LastName: t.LastName,
		PhoneNumber: t.PhoneNumber, Type: t.Type, Status: t.Status, PricePerGram: rules.FormatRial(t.PricePerGramRial),
		DebitRial: "0", CreditRial: "0", DebitGold: rules.FormatGold(0), CreditGold: rules.FormatGold(0), CreatedAt: t.CreatedAt}
	if t.BasePriceRial > 0 {
		base := rules.FormatRial(t.BasePriceRial)
		v.BasePrice, v.BaseSource = &base, t.BaseSource
	}
	if t.Type == store.EntryBuy {
		v.DebitRial, v.CreditGold = rules.FormatRial(t.AmountRial), rules.FormatGold(t.AmountGoldMg)
	} else {
		v.CreditRial, v.DebitGold = rules.FormatRial(t.AmountRial), rules.FormatGold(t.AmountGoldMg)
	}
	return v
}

// adminGoldTransactions lists buys and sells with every filter of admin.md §2 (buy/sell listing).
func (a *App) adminGoldTransactions(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	typ, ok := oneOf(q.Get("type"), store.EntryBuy, store.EntrySell)
	if !ok {
		return badRequest(msgFilterInvalid)
	}
	status, ok := oneOf(q.Get("status"), store.StatusApproved, store.StatusRejected)
	if !ok {
		return badRequest(msgFilterInvalid)
	}
	from, to, err := listPeriod(q)
	if err != nil {
		return err
	}
	f := store.TradeFilter{UserSearch: adminSearchText(q.Get("search")), Type: typ, Status: status, From: from, To: to}
	for _, b := range []struct {
		name string
		dst  *int64
		gold bool
	}{{"minWeight", &f.MinWeightMg, true}, {"maxWeight", &f.MaxWeightMg, true},
		{"minPricePerGram", &f.MinPriceRial, false}, {"maxPricePerGram", &f.MaxPriceRial, false}} {
		n, err := optionalBound(q, b.name, b.gold)
		if err != nil {
			return err
		}
		if n != nil {
			*b.dst = *n
		}
	}
	list, err := a.store.GoldTransactions(r.Context(), f)
	if err != nil {
		return err
	}
	out := make([]goldTransactionView, len(list))
	for i, t := range list {
		out[i] = viewGoldTransaction(t)
	}
	return okJSON(w, out)
}
