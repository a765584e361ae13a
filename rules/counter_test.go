package rules

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"
)

// counterVectors is testdata/counter-rules.json: the counter's pricing as worked examples the UI checks too.
type counterVectors struct {
	VATRates []struct{ From, BP string } `json:"vat_rates"`
	Sales    []struct {
		Name, Kind                     string
		WeightMg                       string `json:"weight_mg"`
		PurityCenti                    string `json:"purity_centi"`
		WageBP                         string `json:"wage_bp"`
		WagePerGram                    string `json:"wage_per_gram"`
		ProfitBP                       string `json:"profit_bp"`
		PriceRial                      string `json:"price_rial"`
		Extras, Discount, Base         string
		VATBP                          string `json:"vat_bp"`
		Gold, Wage, Profit, VAT, Total string
	}
	BuyBacks []struct {
		Name        string
		WeightMg    string `json:"weight_mg"`
		PurityCenti string `json:"purity_centi"`
		DeductionBP string `json:"deduction_bp"`
		Price       string
		Gross750Mg  string `json:"gross750_mg"`
		Net750Mg    string `json:"net750_mg"`
		Value       string
	} `json:"buybacks"`
	Invoices []struct {
		Name     string
		Sales    []int
		BuyBacks []int `json:"buybacks"`
		Net      string
	}
	VATDays []struct{ Day, BP, From string } `json:"vat_days"`
}

func readCounterVectors(t *testing.T) counterVectors {
	t.Helper()
	raw, err := os.ReadFile("testdata/counter-rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var v counterVectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Sales) < 8 || len(v.BuyBacks) < 3 || len(v.Invoices) < 2 || len(v.VATDays) < 3 {
		t.Fatal("too few vectors")
	}
	return v
}

func TestCounterPricingMatchesTheSharedVectors(t *testing.T) {
	v := readCounterVectors(t)
	n := func(s string) int64 { return mustInt(t, s) }
	totals := make([]int64, len(v.Sales))
	for i, c := range v.Sales {
		f, err := PriceSale(SaleLine{Kind: c.Kind, WeightMg: n(c.WeightMg), PurityCenti: n(c.PurityCenti), WageBP: n(c.WageBP),
			WagePerGram: n(c.WagePerGram), ProfitBP: n(c.ProfitBP), PriceRial: n(c.PriceRial), ExtrasRial: n(c.Extras),
			DiscountRial: n(c.Discount)}, n(c.Base), n(c.VATBP))
		got := []int64{f.Gold, f.Wage, f.Profit, f.VAT, f.Total}
		want := []int64{n(c.Gold), n(c.Wage), n(c.Profit), n(c.VAT), n(c.Total)}
		if err != nil || strconv.Quote(itoaAll(got)) != strconv.Quote(itoaAll(want)) {
			t.Errorf("%s: %v (%v), want %v", c.Name, got, err, want)
		}
		totals[i] = f.Total
	}
	values := make([]int64, len(v.BuyBacks))
	for i, c := range v.BuyBacks {
		f, err := PriceBuyBack(BuyBackLine{WeightMg: n(c.WeightMg), PurityCenti: n(c.PurityCenti), DeductionBP: n(c.DeductionBP)}, n(c.Price))
		if err != nil || f.Gross750Mg != n(c.Gross750Mg) || f.Net750Mg != n(c.Net750Mg) || f.Value != n(c.Value) {
			t.Errorf("%s: %+v (%v)", c.Name, f, err)
		}
		values[i] = f.Value
	}
	for _, c := range v.Invoices {
		var net int64
		for _, i := range c.Sales {
			net += totals[i]
		}
		for _, i := range c.BuyBacks {
			net -= values[i]
		}
		if net != n(c.Net) {
			t.Errorf("%s: net %d, want %s", c.Name, net, c.Net)
		}
	}
	var rates []VATRate
	for _, r := range v.VATRates {
		rates = append(rates, VATRate{From: r.From, BP: n(r.BP)})
	}
	for _, d := range v.VATDays {
		if got := VATOn(rates, d.Day); got.BP != n(d.BP) || got.From != d.From {
			t.Errorf("VAT on %s: %+v, want %s from %q", d.Day, got, d.BP, d.From)
		}
	}
}

func itoaAll(ns []int64) (s string) {
	for _, n := range ns {
		s += strconv.FormatInt(n, 10) + " "
	}
	return s
}

// A line refuses what it cannot be: a coin without a price, a discount beyond the line, wage on a bar, a
// buy-back at no price or lighter than a milligram of 750.
func TestCounterLinesRefuseWhatTheyCannotBe(t *testing.T) {
	if _, err := PriceSale(SaleLine{Kind: KindCoin, WeightMg: 8133, PurityCenti: 90000}, 1000, 1000); err != ErrCoinPrice {
		t.Fatalf("coin without price: %v", err)
	}
	ring := SaleLine{Kind: KindJewellery, WeightMg: 1000, PurityCenti: 75000, WageBP: 1000, DiscountRial: 1_000_000}
	if _, err := PriceSale(ring, 100_000, 1000); err != ErrDiscountTooLarge {
		t.Fatalf("discount beyond the line: %v", err)
	}
	ring.DiscountRial = 110_000 // exactly gold 100 000 + wage 10 000 + VAT 1 000 − 1 000
	if f, err := PriceSale(ring, 100_000, 1000); err != nil || f.Total != 1000 {
		t.Fatalf("discount to the last rial: %+v %v", f, err)
	}
	if _, err := PriceSale(SaleLine{Kind: KindBar, WeightMg: 1000, PurityCenti: 99500, WageBP: 100}, 1000, 1000); err != ErrExemptLineCharged {
		t.Fatalf("wage on a bar: %v", err)
	}
	if _, err := PriceBuyBack(BuyBackLine{WeightMg: 1000, PurityCenti: 75000}, 0); err != ErrBuyBackNoPrice {
		t.Fatalf("no buy-back price: %v", err)
	}
	if _, err := PriceBuyBack(BuyBackLine{WeightMg: 1, PurityCenti: 70000}, 1000); err != ErrBuyBackTooLight {
		t.Fatalf("under a milligram: %v", err)
	}
}
