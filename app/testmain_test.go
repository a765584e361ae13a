package app

import (
	"os"
	"testing"
)

// argonAtStart is the cost new hashes are made at outside the tests, read before TestMain lowers it.
var argonAtStart argonParams

// TestMain hashes the tests' passwords at a small fraction of the production cost: several hundred full
// argon2id hashes under the race detector were minutes of every run. TestPasswordsAreHashedAtProductionCosts
// pins the production cost.
func TestMain(m *testing.M) {
	argonAtStart = argon
	argon = argonParams{MemoryKiB: 64, Time: 1, Threads: 1}
	os.Exit(m.Run())
}
