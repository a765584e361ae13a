// Package sms sends verification codes by text message. Two senders share one small interface: Console for
// development and tests, and Kavenegar, a common Iranian SMS gateway, for a shop that runs for real.
package sms

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
)

// Message is one text to one phone. Code is the verification code it carries, for gateways whose template
// API takes only the code; Text is the whole message for those that take text. A notice (issue 18) names its
// own Template instead of the code's, filled with Tokens in order (the gateway's token, token2, token3).
type Message struct {
	To       string // 09xxxxxxxxx
	Code     string
	Text     string
	Template string
	Tokens   []string
}

// ErrNotSent marks a failure after which the message surely did not leave: the gateway refused it, or was
// never reached. Only such a send may be tried again; after any other failure it may have been delivered.
var ErrNotSent = errors.New("sms: not sent")

// Sender delivers a message or says why not.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Console writes each message as one line, `sms to=<phone> text="<text>"` (a notice: `notice to=<phone>
// template=<name> text="<text>"`), to W (the server's standard error). It is the default, for development and
// tests: nothing leaves the machine.
type Console struct {
	mu sync.Mutex
	W  io.Writer
}

// Send writes the message line.
func (c *Console) Send(_ context.Context, m Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	line := fmt.Sprintf("sms to=%s text=%s\n", m.To, strconv.Quote(m.Text))
	if m.Template != "" { // a notice, on a line of its own kind: whoever reads codes off the log skips it
		line = fmt.Sprintf("notice to=%s template=%s text=%s\n", m.To, m.Template, strconv.Quote(m.Text))
	}
	_, err := io.WriteString(c.W, line)
	return err
}
