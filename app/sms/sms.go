// Package sms sends verification codes by text message. Two senders share one small interface: Console for
// development and tests, and Kavenegar, a common Iranian SMS gateway, for a shop that runs for real.
package sms

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"sync"
)

// Message is one text to one phone. Code is the verification code it carries, for gateways whose template
// API takes only the code; Text is the whole message for those that take text.
type Message struct {
	To   string // 09xxxxxxxxx
	Code string
	Text string
}

// Sender delivers a message or says why not.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Console writes each message as one line, `sms to=<phone> text="<text>"`, to W (the server's standard
// error). It is the default, for development and tests: nothing leaves the machine.
type Console struct {
	mu sync.Mutex
	W  io.Writer
}

// Send writes the message line.
func (c *Console) Send(_ context.Context, m Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err := fmt.Fprintf(c.W, "sms to=%s text=%s\n", m.To, strconv.Quote(m.Text))
	return err
}
