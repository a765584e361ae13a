package app

import (
	"encoding/json"
	"goldshop/persian"
	"math/big"
	"strings"

	"goldshop/data"
)

// bankByBIN maps a card's first six digits to its bank's Persian name, read once from data/banks.json.
var bankByBIN = loadBanks(data.BanksJSON)

func loadBanks(raw []byte) map[string]string {
	var table struct {
		Banks []struct {
			Name string   `json:"name"`
			BINs []string `json:"bins"`
		} `json:"banks"`
	}
	if err := json.Unmarshal(raw, &table); err != nil {
		panic("data/banks.json: " + err.Error()) // a build that ships a broken table must not start
	}
	out := map[string]string{}
	for _, b := range table.Banks {
		for _, bin := range b.BINs {
			out[bin] = b.Name
		}
	}
	return out
}

// luhnValid reports whether a digit string passes the Luhn check every bank card number carries.
func luhnValid(digits string) bool {
	sum := 0
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if (len(digits)-i)%2 == 0 {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return len(digits) > 0 && sum%10 == 0
}

// normalizeIBAN reduces an Iranian IBAN (sheba) to "IR" + 24 digits and checks it with ISO 13616 mod-97;
// spaces, dashes and Persian digits are accepted, and the "IR" may be left out.
func normalizeIBAN(s string) (string, bool) {
	s = strings.ToUpper(strings.NewReplacer(" ", "", "-", "", "\u200c", "").Replace(persian.LatinDigits(strings.TrimSpace(s))))
	s = strings.TrimPrefix(s, "IR")
	// check digits 00, 01 and 99 pass mod 97 but are never issued (ISO 13616: 02–98): IR00… would be a second
	// spelling of IR97…
	if len(s) != 24 || !persian.OnlyDigits(s) || s[:2] < "02" || s[:2] > "98" {
		return "", false
	}
	// Move the country code and check digits to the end, letters as numbers (I=18, R=27), then mod 97 must be 1.
	n, ok := new(big.Int).SetString(s[2:]+"1827"+s[:2], 10)
	if !ok || new(big.Int).Mod(n, big.NewInt(97)).Int64() != 1 {
		return "", false
	}
	return "IR" + s, true
}
