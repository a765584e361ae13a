package rules

import (
	"testing"

	"goldshop/iran"
	"goldshop/iran/irantest"
)

// FuzzAmountText: a typed rial, gold or purity text is accepted exactly when the test's own reading says it
// is a plain number within its bounds (rial 1..10^15, gold up to 1,000,000 g with at most three decimals,
// purity above 0 up to 1000 with two), with the same value; an accepted amount written as the API and as the
// screens write it reads back to the same value.
func FuzzAmountText(f *testing.F) {
	for _, s := range irantest.NastyText {
		f.Add(s)
	}
	for _, s := range []string{"1500000", "۱٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰", "1.5", "0.001", "0.0001", "1.0005", "1.5000",
		"1000000", "1000000.001", "۰/۰۰۱", "۷۵۰٫۵۰", "999.99", "1000.01", "0", "000.000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rial, ok := ParseAmountRial(iran.NumberText(s))
		want, wantOK := irantest.WantWhole(s, MaxAmountRial)
		if ok != wantOK || ok && rial != want {
			t.Fatalf("rial %q: got %d %v, want %d %v", s, rial, ok, want, wantOK)
		}
		if ok {
			for _, shown := range []string{FormatRial(rial), iran.Number(FormatRial(rial))} {
				if again, ok := ParseAmountRial(iran.NumberText(shown)); !ok || again != rial {
					t.Fatalf("rial %q = %d written as %q reads back as %d %v", s, rial, shown, again, ok)
				}
			}
		}

		mg, ok := ParseGoldMg(iran.NumberText(s))
		wantMg, wantOK := irantest.WantFixed(irantest.TypedNumber(s), 3, 0, MaxAmountMg)
		if ok != wantOK || ok && mg != wantMg {
			t.Fatalf("gold %q: got %d mg %v, want %d %v", s, mg, ok, wantMg, wantOK)
		}
		if ok {
			for _, shown := range []string{FormatGold(mg), iran.Number(FormatGold(mg)), iran.Grams(mg)} {
				if again, ok := ParseGoldMg(iran.NumberText(shown)); !ok || again != mg {
					t.Fatalf("gold %q = %d mg written as %q reads back as %d %v", s, mg, shown, again, ok)
				}
			}
			if rial > 0 && rial <= MaxAmountMg/1000 && mg != rial*1000 {
				t.Fatalf("%q is %d rial but %d mg", s, rial, mg)
			}
		}

		centi, ok := ParseAyar(s)
		wantCenti, wantOK := irantest.WantFixed(irantest.TypedNumber(s), 2, 1, MaxAyarCenti)
		if ok != wantOK || ok && centi != wantCenti {
			t.Fatalf("purity %q: got %d %v, want %d %v", s, centi, ok, wantCenti, wantOK)
		}
		if ok {
			if again, ok := ParseAyar(FormatAyar(centi)); !ok || again != centi {
				t.Fatalf("purity %q = %d written as %q reads back as %d %v", s, centi, FormatAyar(centi), again, ok)
			}
		}
	})
}
