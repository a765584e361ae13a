package cli

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

// logWriter holds the server's log lines and writes them out together, off the request path: one write
// system call a tenth of a second instead of one per request. Close writes what is left (a clean stop loses
// nothing); a warning or an error goes out at once (urgentLines).
type logWriter struct {
	mu   sync.Mutex
	out  io.Writer
	buf  []byte
	stop chan struct{}
	done chan struct{}
}

const (
	logFlushEvery = 100 * time.Millisecond
	logBufferMax  = 64 << 10 // a burst larger than this is written at once rather than held
)

func newLogWriter(out io.Writer) *logWriter {
	l := &logWriter{out: out, buf: make([]byte, 0, logBufferMax), stop: make(chan struct{}), done: make(chan struct{})}
	go l.loop()
	return l
}

func (l *logWriter) loop() {
	defer close(l.done)
	t := time.NewTicker(logFlushEvery)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			l.Flush()
		case <-l.stop:
			return
		}
	}
}

// Write keeps one log record (slog writes each in one call).
func (l *logWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.buf)+len(p) > logBufferMax {
		if err := l.flushLocked(); err != nil {
			return 0, err
		}
	}
	l.buf = append(l.buf, p...)
	return len(p), nil
}

// Flush writes out what is held.
func (l *logWriter) Flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.flushLocked()
}

func (l *logWriter) flushLocked() error {
	if len(l.buf) == 0 {
		return nil
	}
	_, err := l.out.Write(l.buf)
	l.buf = l.buf[:0]
	return err
}

// Close stops the ticker and writes what is left.
func (l *logWriter) Close() error {
	close(l.stop)
	<-l.done
	return l.Flush()
}

// urgentLines is a slog handler that writes a record through h and, for a warning or an error, flushes the
// log at once: what someone must see does not wait for the next batch.
type urgentLines struct {
	slog.Handler
	flush func() error
}

func (u urgentLines) Handle(ctx context.Context, r slog.Record) error {
	err := u.Handler.Handle(ctx, r)
	if r.Level >= slog.LevelWarn {
		u.flush()
	}
	return err
}

func (u urgentLines) WithAttrs(attrs []slog.Attr) slog.Handler {
	return urgentLines{u.Handler.WithAttrs(attrs), u.flush}
}

func (u urgentLines) WithGroup(name string) slog.Handler {
	return urgentLines{u.Handler.WithGroup(name), u.flush}
}

// newServerLog is the server's JSON log on out, batched by a logWriter; close it last.
func newServerLog(out io.Writer) (*slog.Logger, *logWriter) {
	w := newLogWriter(out)
	return slog.New(urgentLines{slog.NewJSONHandler(w, nil), w.Flush}), w
}
