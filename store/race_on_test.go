//go:build race

package store

// raceDetector is true when the tests run under -race, which makes SQLite many times slower.
const raceDetector = true
