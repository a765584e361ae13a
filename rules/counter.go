package rules

import (
	"errors"

	"github.com/shopspring/decimal"

	"goldshop/iran"
)

// The counter's pricing (issue 38): a walk-in sale of a piece, a bar or a coin, and a buy-back of used gold.
// Every figure is whole rials rounded half up once, from the figures before it, so the invoice's lines add up
// on paper: gold, then wage from the gold, profit from gold and wage, VAT from wage and profit.

// BP is a percent in hundredths of a percent (basis points): 7 % is 700.
type BP = int64

// MaxPercentBP is the highest percent typed on the counter: 100 %.
const MaxPercentBP BP = 10_000

// Kinds of what the counter sells: a made piece carries wage, profit and VAT; bars and melted gold sell at
// their gold value and coins at the price typed, all three exempt.
const (
	KindJewellery = "jewellery"
	KindBar       = "bar"
	KindMelted    = "melted"
	KindCoin      = "coin"
)

// Why a counter line cannot be priced.
var (
	ErrCoinPrice         = errors.New("rules: a coin needs its price")
	ErrDiscountTooLarge  = errors.New("rules: the discount is more than the line")
	ErrBuyBackNoPrice    = errors.New("rules: the buy-back price is not above zero")
	ErrBuyBackTooLight   = errors.New("rules: the buy-back is worth less than a milligram of 750")
	ErrExemptLineCharged = errors.New("rules: wage and profit are charged only on made pieces")
)

// SaleLine is one thing sold at the counter, as the item and the staff's choices give it.
type SaleLine struct {
	Kind        string
	WeightMg    Mg
	PurityCenti AyarCenti
	// A made piece's wage: a percent of its gold value, or rial per gram of its weight (one of the two).
	WageBP, WagePerGram int64
	ProfitBP            BP
	PriceRial           Rial // a coin's price
	ExtrasRial          Rial // stones and extras
	DiscountRial        Rial
}

// SaleFigures are a sale line's figures; Total = Gold + Wage + Profit + VAT + Extras − Discount.
type SaleFigures struct {
	Gold, Wage, Profit, VAT, Extras, Discount, Total Rial
}

var (
	hundredPercent = decimal.NewFromInt(MaxPercentBP)
	perGram750     = decimal.NewFromInt(75_000 * 1000) // purity in hundredths × milligrams per gram
)

// roundHalfUp rounds a non-negative amount to whole rials, half up: the counter's one rounding.
func roundHalfUp(d decimal.Decimal) Rial { return d.Round(0).IntPart() }

// GoldValue is weight × purity / 750 × base price, to the rial.
func GoldValue(weightMg Mg, purity AyarCenti, base RialPerGram) Rial {
	return roundHalfUp(decimal.NewFromInt(weightMg).Mul(decimal.NewFromInt(purity)).Mul(decimal.NewFromInt(base)).
		Div(perGram750))
}

// percentOf is bp hundredths of a percent of amount, to the rial.
func percentOf(amount Rial, bp BP) Rial {
	return roundHalfUp(decimal.NewFromInt(amount).Mul(decimal.NewFromInt(bp)).Div(hundredPercent))
}

// PriceSale prices a sale line at the base price per gram of 750 with the VAT rate in force (vatBP).
func PriceSale(l SaleLine, base RialPerGram, vatBP BP) (SaleFigures, error) {
	var f SaleFigures
	switch l.Kind {
	case KindCoin:
		if l.PriceRial <= 0 {
			return f, ErrCoinPrice
		}
		f.Gold = l.PriceRial
	default:
		f.Gold = GoldValue(l.WeightMg, l.PurityCenti, base)
	}
	if l.Kind == KindJewellery {
		if l.WagePerGram > 0 {
			f.Wage = roundHalfUp(decimal.NewFromInt(l.WeightMg).Mul(decimal.NewFromInt(l.WagePerGram)).Div(thousand))
		} else {
			f.Wage = percentOf(f.Gold, l.WageBP)
		}
		f.Profit = percentOf(f.Gold+f.Wage, l.ProfitBP)
		f.VAT = percentOf(f.Wage+f.Profit, vatBP)
	} else if l.WageBP != 0 || l.WagePerGram != 0 || l.ProfitBP != 0 {
		return f, ErrExemptLineCharged
	}
	f.Extras, f.Discount = l.ExtrasRial, l.DiscountRial
	before := f.Gold + f.Wage + f.Profit + f.VAT + f.Extras
	if f.Discount > before {
		return f, ErrDiscountTooLarge
	}
	f.Total = before - f.Discount
	if f.Total > MaxAmountRial {
		return f, ErrTradeTooLarge
	}
	return f, nil
}

// BuyBackLine is used gold weighed at the counter, its purity as estimated, less the fineness deduction.
type BuyBackLine struct {
	WeightMg    Mg
	PurityCenti AyarCenti
	DeductionBP BP
}

// BuyBackFigures are a buy-back's 750-equivalent before and after the deduction (floored to the milligram,
// the shop's way) and its value at the buy-back price.
type BuyBackFigures struct {
	Gross750Mg, Net750Mg Mg
	Value                Rial
}

// PriceBuyBack prices a buy-back at the buy-back price per gram of 750: no profit, no VAT.
func PriceBuyBack(l BuyBackLine, price RialPerGram) (BuyBackFigures, error) {
	var f BuyBackFigures
	if price <= 0 {
		return f, ErrBuyBackNoPrice
	}
	f.Gross750Mg = Vazn750Mg(l.WeightMg, l.PurityCenti)
	f.Net750Mg = divide(decimal.NewFromInt(l.WeightMg).Mul(decimal.NewFromInt(l.PurityCenti)).
		Mul(decimal.NewFromInt(MaxPercentBP-l.DeductionBP)), seven50.Mul(hundredPercent), false).IntPart()
	if f.Net750Mg <= 0 {
		return f, ErrBuyBackTooLight
	}
	f.Value = roundHalfUp(decimal.NewFromInt(f.Net750Mg).Mul(decimal.NewFromInt(price)).Div(thousand))
	if f.Value > MaxAmountRial {
		return f, ErrTradeTooLarge
	}
	return f, nil
}

// VATRate is a rate in force from a Jalali day ("1403/01/01") until the next rate's.
type VATRate struct {
	From string
	BP   BP
}

// VATOn is the rate in force on a Jalali day among rates sorted by From, and the day it came in; zero
// before the first.
func VATOn(rates []VATRate, day string) VATRate {
	var in VATRate
	for _, r := range rates {
		if r.From <= day {
			in = r
		}
	}
	return in
}

// ParsePercent reads a percent typed as "7", "9.5" or "۷٫۵", from 0 to 100 with at most two decimals, as
// hundredths of a percent.
func ParsePercent(s string) (BP, bool) {
	return parseFixed(iran.NumberText(s), 2, MaxPercentBP)
}

// FormatPercent writes a percent as the API's string, "7.00".
func FormatPercent(bp BP) string { return decimal.New(bp, -2).StringFixed(2) }
