package store

import (
	"crypto/rand"
	"strconv"
)

// referralAlphabet leaves out 0/O and 1/I so a code read aloud or typed from a poster is not misread.
const referralAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

func newReferralCode() string {
	b := make([]byte, 8)
	rand.Read(b) // never fails on supported platforms (crypto/rand panics rather than return an error)
	for i := range b {
		b[i] = referralAlphabet[int(b[i])%len(referralAlphabet)]
	}
	return string(b)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// nullID stores 0 as NULL, for optional references such as "set by the command line".
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}
