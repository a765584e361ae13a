package app

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"goldshop/iran"
	"goldshop/rules"
	"goldshop/store"
)

// counterSaleRequest is a sale line as the counter sends it; a field left out keeps the item's default.
type counterSaleRequest struct {
	ItemID          numberText  `json:"item_id"`
	WagePercent     *numberText `json:"wage_percent"`
	WageRialPerGram *numberText `json:"wage_rial_per_gram"`
	ProfitPercent   *numberText `json:"profit_percent"`
	PriceRial       *numberText `json:"price_rial"`
	ExtrasRial      *numberText `json:"extras_rial"`
	DiscountRial    *numberText `json:"discount_rial"`
}

type counterBuyBackRequest struct {
	Description      string      `json:"description"`
	Weight           numberText  `json:"weight"`
	Purity           numberText  `json:"purity"`
	DeductionPercent *numberText `json:"deduction_percent"`
}

type counterPaymentRequest struct {
	Method string     `json:"method"`
	Amount numberText `json:"amount"`
	Gold   numberText `json:"gold"`
}

type counterCustomerRequest struct {
	UserID     numberText `json:"user_id"`
	FirstName  string     `json:"first_name"`
	LastName   string     `json:"last_name"`
	Phone      string     `json:"phone"`
	NationalID string     `json:"national_id"`
}

// counterRequest is POST /api/admin/counter/price's body, and with the buyer and the settlement that of
// POST /api/admin/counter/invoices.
type counterRequest struct {
	Sales    []counterSaleRequest    `json:"sales"`
	BuyBacks []counterBuyBackRequest `json:"buybacks"`
	Customer *counterCustomerRequest `json:"customer"`
	Payments []counterPaymentRequest `json:"payments"`
	Payouts  []counterPaymentRequest `json:"payouts"`
	// Code is the code texted to the customer for the wallet's part (the first call without it texts it).
	Code string `json:"verification_code"`
}

// maxInvoiceLines bounds one invoice: far above a counter's day, far below what would slow the transaction.
const maxInvoiceLines = 50

// optional reads an optional number with parse, nil when absent.
func optional(n *numberText, parse func(string) (int64, bool), msg string) (*int64, error) {
	if n == nil || *n == "" {
		return nil, nil
	}
	v, ok := parse(string(*n))
	if !ok {
		return nil, badRequest(msg)
	}
	return &v, nil
}

func rialOrZero(n *numberText) (int64, error) {
	v, err := optional(n, rules.ParseRial, msgCounterRial)
	if v == nil || err != nil {
		return 0, err
	}
	if *v > rules.MaxAmountRial {
		return 0, badRequest(msgCounterRial)
	}
	return *v, nil
}

// draft checks the lines and turns them into the store's draft; the store prices it.
func (req counterRequest) draft() (store.CounterDraft, error) {
	var d store.CounterDraft
	if len(req.Sales)+len(req.BuyBacks) == 0 {
		return d, badRequest(msgCounterEmpty)
	}
	if len(req.Sales)+len(req.BuyBacks) > maxInvoiceLines {
		return d, badRequest(msgCounterTooManyLines)
	}
	for _, s := range req.Sales {
		id, ok := rules.ParseRial(string(s.ItemID))
		if !ok || id <= 0 {
			return d, badRequest(msgCounterItemID)
		}
		line := store.SaleDraft{ItemID: id}
		var err error
		if line.WageBP, err = optional(s.WagePercent, rules.ParsePercent, msgCounterWage); err != nil {
			return d, err
		}
		if line.WagePerGram, err = optional(s.WageRialPerGram, rules.ParseAmountRial, msgCounterWage); err != nil {
			return d, err
		}
		if line.WageBP != nil && line.WagePerGram != nil {
			return d, badRequest(msgCounterWage)
		}
		if line.ProfitBP, err = optional(s.ProfitPercent, rules.ParsePercent, msgCounterProfit); err != nil {
			return d, err
		}
		if line.PriceRial, err = rialOrZero(s.PriceRial); err != nil {
			return d, err
		}
		if line.ExtrasRial, err = rialOrZero(s.ExtrasRial); err != nil {
			return d, err
		}
		if line.DiscountRial, err = rialOrZero(s.DiscountRial); err != nil {
			return d, err
		}
		d.Sales = append(d.Sales, line)
	}
	for _, b := range req.BuyBacks {
		desc := strings.Join(strings.Fields(iran.Name(b.Description)), " ")
		if desc == "" {
			desc = "طلای متفرقه"
		}
		if utf8.RuneCountInString(desc) > 200 || !plainText(desc) {
			return d, badRequest(msgCounterDescription)
		}
		line := store.BuyBackDraft{Description: desc}
		var ok bool
		if line.WeightMg, ok = rules.ParseGoldMg(string(b.Weight)); !ok || line.WeightMg <= 0 {
			return d, badRequest(msgCounterWeight)
		}
		if line.PurityCenti, ok = rules.ParseAyar(string(b.Purity)); !ok {
			return d, badRequest(msgCounterPurity)
		}
		var err error
		if line.DeductionBP, err = optional(b.DeductionPercent, rules.ParsePercent, msgCounterDeduction); err != nil {
			return d, err
		}
		d.BuyBacks = append(d.BuyBacks, line)
	}
	return d, nil
}

// buyer reads the customer: a goldshop customer by id, a walk-in's details, or nobody.
func (req counterRequest) buyer() (store.CounterBuyer, error) {
	var b store.CounterBuyer
	c := req.Customer
	if c == nil {
		return b, nil
	}
	if c.UserID != "" {
		id, ok := rules.ParseRial(string(c.UserID))
		if !ok || id <= 0 {
			return b, badRequest(msgCounterCustomer)
		}
		return store.CounterBuyer{UserID: id}, nil
	}
	b.FirstName, b.LastName = strings.Join(strings.Fields(iran.Name(c.FirstName)), " "), strings.Join(strings.Fields(iran.Name(c.LastName)), " ")
	for _, n := range []string{b.FirstName, b.LastName} {
		if n != "" && (!iran.NameFits(n) || utf8.RuneCountInString(n) > 50) {
			return b, badRequest(msgCounterBuyerName)
		}
	}
	if p := strings.TrimSpace(c.Phone); p != "" {
		phone, err := iran.Phone(p)
		if err != nil {
			return b, badRequest(msgCounterBuyerPhone)
		}
		b.Phone = phone
	}
	if n := iran.LatinDigits(strings.TrimSpace(c.NationalID)); n != "" {
		if !iran.ValidNationalID(n) {
			return b, badRequest(msgCounterBuyerNational)
		}
		b.NationalID = n
	}
	return b, nil
}

// settlement reads payments or payouts: a method and its rial, a wallet_gold payment its grams instead.
func settlement(list []counterPaymentRequest, payout bool) ([]store.CounterPayment, error) {
	if len(list) > rules.MaxSettlements {
		return nil, badRequest(msgCounterTooMany)
	}
	out := make([]store.CounterPayment, 0, len(list))
	for _, p := range list {
		pay := store.CounterPayment{Method: strings.TrimSpace(p.Method)}
		switch {
		case pay.Method == rules.PayWalletGold && payout:
		case pay.Method == rules.PayWalletGold:
			mg, ok := rules.ParseGoldMg(string(p.Gold))
			if !ok || mg <= 0 {
				return nil, badRequest(msgCounterGold)
			}
			pay.GoldMg = mg
		default:
			amount, ok := rules.ParseAmountRial(string(p.Amount))
			if !ok {
				return nil, badRequest(msgCounterAmount)
			}
			pay.AmountRial = amount
		}
		out = append(out, pay)
	}
	return out, nil
}

// input is the whole invoice to record.
func (req counterRequest) input(adminID int64) (store.CounterInput, error) {
	in := store.CounterInput{AdminID: adminID}
	var err error
	if in.Draft, err = req.draft(); err != nil {
		return in, err
	}
	if in.Buyer, err = req.buyer(); err != nil {
		return in, err
	}
	if in.Payments, err = settlement(req.Payments, false); err != nil {
		return in, err
	}
	in.Payouts, err = settlement(req.Payouts, true)
	return in, err
}

// sumMessage says by how much the payments miss what is owed.
func sumMessage(net int64, payments, payouts []store.CounterPayment) string {
	var in, out int64
	for _, p := range payments {
		in += p.AmountRial
	}
	for _, p := range payouts {
		out += p.AmountRial
	}
	gap := max(net, 0) - in
	if net < 0 {
		gap = -net - out
	}
	word := msgCounterRestDue
	if gap < 0 {
		gap, word = -gap, msgCounterRestOver
	}
	return fmt.Sprintf(msgCounterSum, iran.Number(strconv.FormatInt(gap, 10)), word)
}

// walletScope binds the customer's code to what the invoice takes from their wallet: "" when it takes nothing.
func walletScope(in store.CounterInput) string {
	var rial, gold int64
	for _, p := range in.Payments {
		switch p.Method {
		case rules.PayWalletRial:
			rial += p.AmountRial
		case rules.PayWalletGold:
			gold += p.GoldMg
		}
	}
	if rial == 0 && gold == 0 {
		return ""
	}
	return fmt.Sprintf("counter:%d:%d:%d", in.Buyer.UserID, rial, gold)
}
