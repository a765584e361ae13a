package rules

import (
	"encoding/json"
	"os"
	"strconv"
	"testing"
)

// moneyRuleVectors is testdata/money-rules.json: the rounding rules as worked examples the UI checks too.
type moneyRuleVectors struct {
	Trade []struct {
		Type, By, Amount, Price, Rial, Mg string
	}
	Vazn750 []struct {
		VaznMg    string `json:"vazn_mg"`
		AyarCenti string `json:"ayar_centi"`
		Vazn750Mg string `json:"vazn750_mg"`
	}
}

func readMoneyRuleVectors(t *testing.T) moneyRuleVectors {
	t.Helper()
	raw, err := os.ReadFile("testdata/money-rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var v moneyRuleVectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Trade) == 0 || len(v.Vazn750) == 0 {
		t.Fatal("no vectors")
	}
	return v
}

func mustInt(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestTradeRoundingMatchesTheSharedVectors(t *testing.T) {
	for _, c := range readMoneyRuleVectors(t).Trade {
		rial, mg := TradeAmounts(Side(c.Type), c.By == "rial", mustInt(t, c.Amount), mustInt(t, c.Price))
		if rial.String() != c.Rial || mg.String() != c.Mg {
			t.Errorf("%s by %s %s at %s: rial %s mg %s, want %s and %s", c.Type, c.By, c.Amount, c.Price, rial, mg, c.Rial, c.Mg)
		}
	}
}

func TestVazn750MatchesTheSharedVectors(t *testing.T) {
	for _, c := range readMoneyRuleVectors(t).Vazn750 {
		if got := Vazn750Mg(mustInt(t, c.VaznMg), mustInt(t, c.AyarCenti)); strconv.FormatInt(got, 10) != c.Vazn750Mg {
			t.Errorf("vazn750(%s mg, %s): %d, want %s", c.VaznMg, c.AyarCenti, got, c.Vazn750Mg)
		}
	}
}
