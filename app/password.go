package app

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// argonParams are argon2id's costs. They are written into each hash, so they can be raised later and a
// hash made under other costs is still checked under its own.
type argonParams struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8
}

// productionArgon is OWASP's 19 MiB / 2 passes / 1 lane: a login under ~50 ms on a small VPS while leaving
// memory for many at once. TestPasswordsAreHashedAtProductionCosts pins it.
var productionArgon = argonParams{MemoryKiB: 19 * 1024, Time: 2, Threads: 1}

// argon is the cost new hashes are made at: productionArgon, except in the package's own tests, which
// hash hundreds of passwords under the race detector and lower it in TestMain.
var argon = productionArgon

const argonKeyLen = 32

// hashPassword returns the PHC-style argon2id string of pw with a fresh salt.
func hashPassword(pw string) string { return hashPasswordAt(argon, pw) }

func hashPasswordAt(p argonParams, pw string) string {
	salt := make([]byte, 16)
	rand.Read(salt)
	key := argon2.IDKey([]byte(pw), salt, p.Time, p.MemoryKiB, p.Threads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.MemoryKiB, p.Time,
		p.Threads, enc.EncodeToString(salt), enc.EncodeToString(key))
}

// checkPassword reports whether pw matches the stored argon2id hash.
func checkPassword(hash, pw string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var memory, time uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil {
		return false
	}
	enc := base64.RawStdEncoding
	salt, err1 := enc.DecodeString(parts[4])
	want, err2 := enc.DecodeString(parts[5])
	if err1 != nil || err2 != nil {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, time, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// dummyHash is checked against when the phone has no account, so a wrong phone costs the same time as a
// wrong password and timing does not tell which phones are customers. Made at first use, at argon's cost.
var dummyHash = sync.OnceValue(func() string { return hashPassword("no account has this password") })

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
