package iran

import (
	"strings"
	"unicode/utf8"
)

// Name trims a name, collapses inner spaces and folds Arabic yeh and kaf to their Persian forms so one name
// is stored one way.
func Name(s string) string {
	s = strings.NewReplacer("ي", "ی", "ى", "ی", "ك", "ک").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// NameFits accepts a non-empty name of at most 50 letters.
func NameFits(s string) bool {
	n := utf8.RuneCountInString(s)
	return n >= 1 && n <= 50
}
