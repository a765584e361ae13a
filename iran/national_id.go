package iran

import "strings"

// ValidNationalID checks an Iranian national id (code melli) as stored: 10 Latin digits whose last is the
// check digit of the first nine. All-same-digit ids pass the arithmetic but are never issued, so they are
// refused too. It is a check, not a normaliser: the caller makes typed digits Latin first.
func ValidNationalID(id string) bool {
	if len(id) != 10 || !OnlyDigits(id) || strings.Count(id, id[:1]) == 10 {
		return false
	}
	sum := 0
	for i := 0; i < 9; i++ {
		sum += int(id[i]-'0') * (10 - i)
	}
	rem := sum % 11
	check := int(id[9] - '0')
	if rem < 2 {
		return check == rem
	}
	return check == 11-rem
}
