package app

import (
	_ "embed"
	"strings"

	"goldshop/iran"
)

//go:embed common_passwords.txt
var commonPasswordList string

var commonPasswords = func() map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(commonPasswordList, "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			set[line] = true
		}
	}
	return set
}()

// isCommonPassword reports whether pw (ignoring case) is among the passwords guessed first by attackers.
func isCommonPassword(pw string) bool {
	return commonPasswords[strings.ToLower(iran.LatinDigits(pw))]
}
