package app

import (
	"goldshop/persian"
	"strings"
	"unicode/utf8"
)

// normalizePhone turns any common way of writing an Iranian mobile number (+98912…, 0098912…, 98912…,
// 912…, 0912…, with Persian digits, spaces or dashes) into 09xxxxxxxxx. ok is false for anything else.
func normalizePhone(raw string) (phone string, ok bool) {
	s := persian.LatinDigits(strings.TrimSpace(raw))
	s = strings.NewReplacer(" ", "", "-", "", "(", "", ")", "").Replace(s)
	s = strings.TrimPrefix(s, "+")
	switch {
	case strings.HasPrefix(s, "0098"):
		s = s[4:]
	case strings.HasPrefix(s, "98") && len(s) == 12:
		s = s[2:]
	case strings.HasPrefix(s, "0"):
		s = s[1:]
	}
	if len(s) != 10 || s[0] != '9' || !persian.OnlyDigits(s) {
		return "", false
	}
	return "0" + s, true
}

// validNationalID checks an Iranian national id (code melli): 10 digits whose last is the check digit of
// the first nine. All-same-digit ids pass the arithmetic but are never issued, so they are refused too.
func validNationalID(id string) bool {
	if len(id) != 10 || !persian.OnlyDigits(id) || strings.Count(id, id[:1]) == 10 {
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

// normalizeName trims a name, collapses inner spaces and folds Arabic yeh and kaf to their Persian forms so
// one name is stored one way.
func normalizeName(s string) string {
	s = strings.NewReplacer("ي", "ی", "ى", "ی", "ك", "ک").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// nameOK accepts a non-empty name of at most 50 letters.
func nameOK(s string) bool {
	n := utf8.RuneCountInString(s)
	return n >= 1 && n <= 50
}

// passwordProblem returns the Persian reason a new password is refused, or "" when it is acceptable.
func passwordProblem(pw string) string {
	n := utf8.RuneCountInString(pw)
	switch {
	case n < 6:
		return msgPasswordShort
	case n > 128:
		return msgPasswordLong
	case isCommonPassword(pw):
		return msgPasswordCommon
	}
	return ""
}
