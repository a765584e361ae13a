package store

import (
	"context"
	"errors"
	"fmt"

	"goldshop/rules"
)

// Sides of an invoice's line.
const (
	LineSale    = "sale"
	LineBuyBack = "buy_back"
)

// Why an invoice cannot be priced, besides the rules' refusals and ErrPricesStale.
var (
	// ErrCounterItemMissing: no item of that number was ever in the vault.
	ErrCounterItemMissing = errors.New("store: no such vault item")
	// ErrCounterItemTwice: one piece on two lines of an invoice.
	ErrCounterItemTwice = errors.New("store: an item on two lines")
	// ErrCounterEmpty: an invoice with no line.
	ErrCounterEmpty = errors.New("store: an invoice with no line")
)

// CounterItemError is a sale of an item that is not in the vault (sold already, or out), naming it.
type CounterItemError struct {
	ItemID int64
	Err    error // ErrCounterItemMissing or ErrVaultItemOut
}

func (e *CounterItemError) Error() string { return fmt.Sprintf("store: item %d: %v", e.ItemID, e.Err) }
func (e *CounterItemError) Unwrap() error { return e.Err }

// SaleDraft is a sale line as staff give it: the item, and what they changed of its defaults (nil keeps the
// item's wage and the owner's profit).
type SaleDraft struct {
	ItemID       int64
	WageBP       *int64
	WagePerGram  *int64
	ProfitBP     *int64
	PriceRial    int64 // a coin's price
	ExtrasRial   int64
	DiscountRial int64
}

// BuyBackDraft is used gold weighed at the counter; nil DeductionBP takes the owner's default.
type BuyBackDraft struct {
	Description string
	WeightMg    int64
	PurityCenti int64
	DeductionBP *int64
}

// CounterDraft is an invoice's lines before they are priced.
type CounterDraft struct {
	Sales    []SaleDraft
	BuyBacks []BuyBackDraft
}

// InvoiceLine is one priced line: a sale of a vault item or a buy-back (whose lot, once recorded, is ItemID).
// A buy-back's Gold and Total are its value, Weight750Mg its 750-equivalent after the deduction.
type InvoiceLine struct {
	Side        string
	ItemID      int64
	Kind        string
	Description string
	WeightMg    int64
	PurityCenti int64
	Weight750Mg int64
	WageBP      int64
	WagePerGram int64
	ProfitBP    int64
	DeductionBP int64
	rules.SaleFigures
	Commission int64 // the tax pattern's commission; the counter charges none
}

// PricedInvoice is a draft priced at its terms: the lines and the totals. Net is what the customer pays
// (positive) or is paid (negative) in rial, the buy-backs counted unless they are credited as gold.
type PricedInvoice struct {
	Lines                  []InvoiceLine
	SalesRial, BuyBackRial int64
	VATRial                int64
	Terms                  CounterTerms
}

// Net is what the customer pays (positive) or is paid (negative) in rial; buy-backs credited as gold are not
// paid in rial.
func (p PricedInvoice) Net(buyBacksAsGold bool) int64 {
	if buyBacksAsGold {
		return p.SalesRial
	}
	return p.SalesRial - p.BuyBackRial
}

// BuyBack750Mg is the buy-backs' 750-equivalent after the deductions: what a gold payout credits.
func (p PricedInvoice) BuyBack750Mg() (mg int64) {
	for _, l := range p.Lines {
		if l.Side == LineBuyBack {
			mg += l.Weight750Mg
		}
	}
	return mg
}

// PriceInvoice prices a draft at terms without writing anything, reading the items from the read pool.
func (s *Store) PriceInvoice(ctx context.Context, d CounterDraft, terms CounterTerms) (PricedInvoice, error) {
	return priceInvoice(ctx, s.read, d, terms)
}

// priceInvoice prices every line by the counter's rules (rules.PriceSale, rules.PriceBuyBack): a sold item
// must be in the vault, a price must be fresh.
func priceInvoice(ctx context.Context, q queryer, d CounterDraft, terms CounterTerms) (PricedInvoice, error) {
	p := PricedInvoice{Terms: terms}
	if len(d.Sales)+len(d.BuyBacks) == 0 {
		return p, ErrCounterEmpty
	}
	if !terms.Fresh {
		return p, ErrPricesStale
	}
	seen := map[int64]bool{}
	for _, sd := range d.Sales {
		if seen[sd.ItemID] {
			return p, ErrCounterItemTwice
		}
		seen[sd.ItemID] = true
		it, err := vaultItemByID(ctx, q, sd.ItemID)
		switch {
		case errors.Is(err, ErrNotFound):
			return p, &CounterItemError{sd.ItemID, ErrCounterItemMissing}
		case err != nil:
			return p, err
		case it.Status != VaultIn:
			return p, &CounterItemError{sd.ItemID, ErrVaultItemOut}
		}
		if it.Requestable { // an abshodeh bar a customer's request holds is theirs (ErrBarBusy)
			if _, err := availableBar(ctx, q, it.ID); err != nil {
				return p, err
			}
		}
		line := InvoiceLine{Side: LineSale, ItemID: it.ID, Kind: it.Kind, Description: it.Description,
			WeightMg: it.WeightMg, PurityCenti: it.PurityCenti, Weight750Mg: it.Weight750Mg}
		if it.Kind == VaultJewellery {
			line.WageBP, line.WagePerGram, line.ProfitBP = it.WageBP, it.WagePerGramRial, terms.Settings.ProfitBP
			switch {
			case sd.WagePerGram != nil:
				line.WageBP, line.WagePerGram = 0, *sd.WagePerGram
			case sd.WageBP != nil:
				line.WageBP, line.WagePerGram = *sd.WageBP, 0
			}
			if sd.ProfitBP != nil {
				line.ProfitBP = *sd.ProfitBP
			}
		} else if sd.WageBP != nil || sd.WagePerGram != nil || sd.ProfitBP != nil {
			return p, rules.ErrExemptLineCharged
		}
		f, err := rules.PriceSale(rules.SaleLine{Kind: it.Kind, WeightMg: it.WeightMg, PurityCenti: it.PurityCenti,
			WageBP: line.WageBP, WagePerGram: line.WagePerGram, ProfitBP: line.ProfitBP, PriceRial: sd.PriceRial,
			ExtrasRial: sd.ExtrasRial, DiscountRial: sd.DiscountRial}, terms.BasePrice, terms.VAT.BP)
		if err != nil {
			return p, err
		}
		line.SaleFigures = f
		p.Lines = append(p.Lines, line)
		p.SalesRial += f.Total
		p.VATRial += f.VAT
	}
	for _, bd := range d.BuyBacks {
		deduction := terms.Settings.DeductionBP
		if bd.DeductionBP != nil {
			deduction = *bd.DeductionBP
		}
		f, err := rules.PriceBuyBack(rules.BuyBackLine{WeightMg: bd.WeightMg, PurityCenti: bd.PurityCenti,
			DeductionBP: deduction}, terms.BuyBackPrice)
		if err != nil {
			return p, err
		}
		p.Lines = append(p.Lines, InvoiceLine{Side: LineBuyBack, Kind: VaultMelted, Description: bd.Description,
			WeightMg: bd.WeightMg, PurityCenti: bd.PurityCenti, Weight750Mg: f.Net750Mg, DeductionBP: deduction,
			SaleFigures: rules.SaleFigures{Gold: f.Value, Total: f.Value}})
		p.BuyBackRial += f.Value
	}
	if p.SalesRial > rules.MaxAmountRial || p.BuyBackRial > rules.MaxAmountRial {
		return p, rules.ErrTradeTooLarge
	}
	return p, nil
}
