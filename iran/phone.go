package iran

import (
	"errors"
	"strings"
)

// ErrPhone is returned for text that is not an Iranian mobile number.
var ErrPhone = errors.New("iran: not a mobile number")

// Phone turns any common way of writing an Iranian mobile number (+98912…, 0098912…, 98912…, 912…,
// 0912…, with Persian digits, spaces or dashes) into 09xxxxxxxxx, or returns ErrPhone.
func Phone(raw string) (string, error) {
	s := LatinDigits(strings.TrimSpace(raw))
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
	if len(s) != 10 || s[0] != '9' || !OnlyDigits(s) {
		return "", ErrPhone
	}
	return "0" + s, nil
}
