package iran

import (
	"errors"
	"math/big"
	"strings"
)

// ErrIBAN is returned for text that is not a valid Iranian IBAN.
var ErrIBAN = errors.New("iran: not a valid Iranian IBAN")

// IBAN reduces an Iranian IBAN (sheba) to "IR" + 24 digits and checks it with ISO 13616 mod-97; spaces,
// dashes and Persian digits are accepted, and the "IR" may be left out. Anything else is ErrIBAN.
func IBAN(raw string) (string, error) {
	s := strings.ToUpper(strings.NewReplacer(" ", "", "-", "", "\u200c", "").Replace(LatinDigits(strings.TrimSpace(raw))))
	s = strings.TrimPrefix(s, "IR")
	// check digits 00, 01 and 99 pass mod 97 but are never issued (ISO 13616: 02–98): IR00… would be a second
	// spelling of IR97…
	if len(s) != 24 || !OnlyDigits(s) || s[:2] < "02" || s[:2] > "98" {
		return "", ErrIBAN
	}
	// Move the country code and check digits to the end, letters as numbers (I=18, R=27), then mod 97 must be 1.
	n, ok := new(big.Int).SetString(s[2:]+"1827"+s[:2], 10)
	if !ok || new(big.Int).Mod(n, big.NewInt(97)).Int64() != 1 {
		return "", ErrIBAN
	}
	return "IR" + s, nil
}
