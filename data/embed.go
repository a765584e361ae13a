// Package data holds the static data the binary ships: the table of Iranian banks with their card BINs.
package data

import _ "embed"

// BanksJSON is banks.json: each bank's Persian name, monogram text, brand colour and card BINs.
//
//go:embed banks.json
var BanksJSON []byte
