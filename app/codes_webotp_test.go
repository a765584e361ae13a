package app

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// The WebOTP line names the shop's own host from --base-url only: the Host header is the caller's to write.
func TestTheWebOTPLineNamesOnlyTheConfiguredHost(t *testing.T) {
	s := newTestShop(t)
	requestCode := func(n int, host string) string {
		body, _ := json.Marshal(registration(n))
		phone := registration(n)["phone_number"].(string)
		req, _ := http.NewRequest("POST", s.srv.URL+"/api/auth/register", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Host = host
		if r := s.send(nil, req); r.Status != 200 {
			t.Fatalf("register: %d %s", r.Status, r.Body)
		}
		for _, m := range smsLine.FindAllStringSubmatch(s.sms.String(), -1) {
			if m[1] == phone {
				return m[2]
			}
		}
		t.Fatalf("no SMS to %s", phone)
		return ""
	}

	// without --base-url: no line at all, whatever Host the request names
	if text := requestCode(1, "evil.example"); strings.Contains(text, "@") || strings.Contains(text, "evil") {
		t.Fatalf("an SMS names a host without --base-url: %q", text)
	}
	s.app.baseURL = "https://shop.example:8443/"
	text := requestCode(2, "evil.example")
	if !strings.Contains(text, `@shop.example #`+s.lastCode(registration(2)["phone_number"].(string))) || strings.Contains(text, "evil") {
		t.Fatalf("the WebOTP line: %q", text)
	}
}
