package app

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"strings"
	"time"

	"goldshop/app/sms"
	"goldshop/iran"
	"goldshop/store"
)

// codeHash binds a code to its phone and purpose, keyed with a server secret so a copy of the database
// alone does not reveal live codes.
func (a *App) codeHash(phone, purpose, code string) []byte {
	m := hmac.New(sha256.New, a.codeKey)
	m.Write([]byte(purpose + "|" + phone + "|" + code))
	return m.Sum(nil)
}

func newCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(100000))
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return fmt.Sprintf("%05d", n.Int64())
}

// sendCode issues a fresh code for phone, purpose and scope and texts it (see textCode). Inside an
// idempotent call (a withdrawal's step-up) the code and its rate hits commit on their own, before the call's
// transaction begins, so the shop's writer connection is never held while the SMS gateway answers.
func (a *App) sendCode(r *http.Request, phone, purpose, scope string) error {
	r = r.WithContext(store.Apart(r.Context()))
	return a.textCode(r, phone, purpose, func(codeHash []byte, lim store.CodeLimits) (time.Duration, error) {
		return a.store.IssueCode(r.Context(), phone, purpose, scope, codeHash, lim, a.now())
	})
}

// textCode makes a code, has issue record its hash (under lim: store.CodeRules[purpose] and the per-address limit
// on code requests, hit in the same transaction, with whatever else must happen in it) and texts it. Resending too soon is 429 with the wait; a failed SMS
// withdraws the code so the customer may ask again at once. Other errors of issue are returned as they are.
func (a *App) textCode(r *http.Request, phone, purpose string,
	issue func(codeHash []byte, lim store.CodeLimits) (wait time.Duration, err error)) error {
	lim := store.CodeRules[purpose]
	if a.codeSpacing > 0 {
		lim.ResendAfter = a.codeSpacing
	}
	lim.Hits = []store.Limit{a.codeRequestsBucket(r)}
	code := newCode()
	wait, err := issue(a.codeHash(phone, purpose, code), lim)
	switch {
	case errors.Is(err, store.ErrRateLimited):
		a.refusalOnce(r, "rate_limited", "code")
		return tooMany(msgTooManyRequests)
	case errors.Is(err, store.ErrCodeTooSoon):
		secs := int(wait.Seconds() + 0.999)
		return tooMany(fmt.Sprintf(msgCodeTooSoonFormat, iran.Digits(fmt.Sprint(secs))))
	case errors.Is(err, store.ErrCodeDailyCap):
		return tooMany(msgCodeDailyCap)
	case err != nil:
		return err
	}
	text := fmt.Sprintf(smsCodeFormat, a.shop().Name, code) + a.webOTPLine(code)
	if err := a.sms.Send(r.Context(), sms.Message{To: phone, Code: code, Text: text}); err != nil {
		a.log.ErrorContext(r.Context(), "sms failed", slog.String("to", maskPhone(phone)),
			slog.String("error", err.Error()))
		if werr := a.store.WithdrawCode(r.Context(), phone, purpose); werr != nil {
			return werr
		}
		return &apiError{http.StatusBadGateway, msgSMSFailed}
	}
	return nil
}

// checkCode spends a code typed by the customer; every failure is a 400 with its Persian reason. The store
// checks the code and counts a wrong try in one transaction, so parallel guesses cannot exceed the tries cap.
func (a *App) checkCode(r *http.Request, phone, purpose, typed string) (scope string, err error) {
	code, err := typedCode(typed)
	if err != nil {
		return "", err
	}
	scope, err = a.store.UseCode(r.Context(), phone, purpose, a.codeHash(phone, purpose, code),
		store.CodeRules[purpose], a.now())
	if purpose != store.PurposeAuth { // a sign-in's code is written with its sign-in
		a.codeVerdict(r, purpose, err)
	}
	return scope, err
}

// typedCode is the code as the customer typed it, in Latin digits; 400 unless it is five digits.
func typedCode(typed string) (string, error) {
	code := iran.LatinDigits(strings.TrimSpace(typed))
	if len(code) != 5 || !iran.OnlyDigits(code) {
		return "", badRequest(msgCodeFormat)
	}
	return code, nil
}

// webOTPLine is the line by which a phone offers the code to the shop's page (WebOTP): "@host #code", with
// the host of --base-url. Without --base-url there is none: the request's Host header is the caller's to
// write, and an attacker's host in our SMS would hand the code to their page.
func (a *App) webOTPLine(code string) string {
	host := strings.TrimPrefix(strings.TrimPrefix(a.baseURL, "https://"), "http://")
	host, _, _ = strings.Cut(host, "/")
	if host == "" {
		return ""
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return "\n\n@" + host + " #" + code
}

// maskPhone keeps the operator prefix and last two digits, enough to follow a case in the logs.
func maskPhone(p string) string {
	if len(p) != 11 {
		return "***"
	}
	return p[:4] + "*****" + p[9:]
}

// codeStep is a call confirmed by a texted code bound to what it does: the code's purpose and scope (the
// terms), and the words for a code sent and for a code of other terms.
type codeStep struct {
	purpose, scope string
	sentMsg        string
	otherMsg       string
}

// confirmByCode is the code step of a call: without a code it texts one bound to step's scope and answers
// 403 {code_required: true} (sent is true: the call is answered); with one it spends it, and a code of other
// terms is 400. sent false and no error: confirmed, go on.
func (a *App) confirmByCode(w http.ResponseWriter, r *http.Request, user store.User, step codeStep, code string) (sent bool, err error) {
	if strings.TrimSpace(code) != "" {
		got, err := a.checkCode(r, user.PhoneNumber, step.purpose, code)
		if err != nil {
			return false, err
		}
		if got != step.scope {
			return false, badRequest(step.otherMsg)
		}
		return false, nil
	}
	if err := a.sendCode(r, user.PhoneNumber, step.purpose, step.scope); err != nil {
		return false, err
	}
	writeJSON(w, http.StatusForbidden, map[string]any{"message": step.sentMsg, "code_required": true})
	return true, nil
}
