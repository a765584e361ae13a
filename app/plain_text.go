package app

import "goldshop/app/plaintext"

// plainText is plaintext.Valid: no control, bidirectional-override or other invisible format characters.
func plainText(s string) bool { return plaintext.Valid(s) }
