// Package lockedbuf is a buffer a test reads while something else writes to it: the output of a child
// process that os/exec copies in from its own goroutine, or a server's log read while it serves. A bare
// bytes.Buffer there is a data race the race detector reports (issue 37).
package lockedbuf

import (
	"bytes"
	"sync"
)

// Buffer is a bytes.Buffer behind a mutex: Write and String may be called from different goroutines.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String is everything written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
