// Package plaintext says whether user text may be stored and shown to others; the API and the chat share it.
package plaintext

import "unicode"

// Valid reports whether user text may be stored and shown to others: no control characters, no
// bidirectional embeddings, overrides or isolates (U+202A–U+202E, U+2066–U+2069, which can make a name in the
// admin's lists read as something else), no other invisible format characters, private-use or unpaired
// surrogate code points. The joiners Persian needs (ZWNJ U+200C, ZWJ U+200D) and the plain direction marks
// (LRM U+200E, RLM U+200F, which cannot reorder text beyond themselves) are allowed.
func Valid(s string) bool {
	for _, r := range s {
		switch {
		case r >= 0x200C && r <= 0x200F:
		case r == '\n': // allowed where a text keeps its lines (chat); one-line fields have collapsed it already
		case unicode.Is(unicode.Cc, r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r),
			r == unicode.ReplacementChar:
			return false
		}
	}
	return true
}
