package sms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Kavenegar sends codes through Kavenegar's verify (template) API: the shop defines a template in its
// Kavenegar panel (for example "کد تایید شما: %token" followed by the WebOTP line "@example.com #%token")
// and the gateway fills in the code.
type Kavenegar struct {
	APIKey   string
	Template string
	BaseURL  string // https://api.kavenegar.com unless a test points it at a local server
	Client   *http.Client
}

// NewKavenegar returns a sender with a 10-second timeout.
func NewKavenegar(apiKey, template, baseURL string) *Kavenegar {
	if baseURL == "" {
		baseURL = "https://api.kavenegar.com"
	}
	return &Kavenegar{APIKey: apiKey, Template: template, BaseURL: strings.TrimRight(baseURL, "/"),
		Client: &http.Client{Timeout: 10 * time.Second}}
}

// tokenNames are the template's fields a notice fills, in order; they take no spaces.
var tokenNames = []string{"token", "token2", "token3"}

// kavenegarReply is the envelope of every answer; errors come inside it, often with HTTP 200.
type kavenegarReply struct {
	Return struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	} `json:"return"`
}

// Send asks the gateway once. It never retries after an answer: a retry could send the customer a second SMS.
func (k *Kavenegar) Send(ctx context.Context, m Message) error {
	form := url.Values{"receptor": {m.To}, "token": {m.Code}, "template": {k.Template}}
	if m.Template != "" {
		form = url.Values{"receptor": {m.To}, "template": {m.Template}}
		for i, t := range m.Tokens[:min(len(m.Tokens), len(tokenNames))] {
			form.Set(tokenNames[i], t)
		}
	}
	endpoint := k.BaseURL + "/v1/" + url.PathEscape(k.APIKey) + "/verify/lookup.json"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return errors.New("kavenegar: bad request")
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := k.Client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL holds the API key: keep it out of errors and logs
		}
		var op *net.OpError
		if errors.As(err, &op) && op.Op == "dial" { // never reached: nothing was sent
			return fmt.Errorf("kavenegar: %w: %w", ErrNotSent, err)
		}
		return fmt.Errorf("kavenegar: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return fmt.Errorf("kavenegar: reading answer: %w", err)
	}
	var reply kavenegarReply
	if err := json.Unmarshal(body, &reply); err != nil {
		return fmt.Errorf("kavenegar: HTTP %d with an unreadable body", resp.StatusCode)
	}
	if reply.Return.Status != 200 { // an answer that refuses: the gateway sent nothing
		return fmt.Errorf("kavenegar: %w: status %d: %s", ErrNotSent, reply.Return.Status, reply.Return.Message)
	}
	return nil
}
