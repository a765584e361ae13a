package iran

import (
	"encoding/json"
	"errors"
	"strings"

	"goldshop/data"
)

// Why a typed card number is refused, in the order Card checks.
var (
	ErrCardDigits      = errors.New("iran: a card number is 16 digits")
	ErrCardLuhn        = errors.New("iran: card number fails the Luhn check")
	ErrCardUnknownBank = errors.New("iran: card number of no known bank")
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

// Card normalises a typed card number to 16 Latin digits and finds its bank's name (data/banks.json), or
// returns ErrCardDigits, ErrCardLuhn or ErrCardUnknownBank.
func Card(typed string) (card, bank string, err error) {
	card = strings.NewReplacer("-", "", " ", "").Replace(NumberText(typed))
	if len(card) != 16 || !OnlyDigits(card) {
		return "", "", ErrCardDigits
	}
	if !Luhn(card) {
		return "", "", ErrCardLuhn
	}
	bank, ok := bankByBIN[card[:6]]
	if !ok {
		return "", "", ErrCardUnknownBank
	}
	return card, bank, nil
}

// Luhn reports whether a digit string passes the Luhn check every bank card number carries.
func Luhn(digits string) bool {
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
