package sms

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// fakeKavenegar answers like the gateway: its verdict comes inside the JSON body, often with HTTP 200.
func fakeKavenegar(t *testing.T, status int, body string, calls *atomic.Int32) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.Method != "POST" || r.URL.Path != "/v1/secret-key/verify/lookup.json" {
			t.Errorf("unexpected call %s %s", r.Method, r.URL.Path)
		}
		if err := r.ParseForm(); err != nil || r.Form.Get("receptor") != "09121234567" ||
			r.Form.Get("token") != "12345" || r.Form.Get("template") != "goldshop-verify" {
			t.Errorf("form %v (err %v)", r.Form, err)
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestKavenegar(t *testing.T) {
	msg := Message{To: "09121234567", Code: "12345", Text: "کد: 12345"}
	cases := []struct {
		name, body string
		status     int
		wantErr    string
	}{
		{"accepts a sent message", `{"return":{"status":200,"message":"تایید شد"},"entries":[{"messageid":1}]}`, 200, ""},
		{"reports an error carried inside HTTP 200", `{"return":{"status":424,"message":"الگوی مورد نظر یافت نشد"},"entries":null}`, 200, "status 424"},
		{"reports a bad key answered with HTTP 403", `{"return":{"status":403,"message":"کد شناسائی API-Key معتبر نمی‌باشد"}}`, 403, "status 403"},
		{"reports an unreadable body", `<html>bad gateway</html>`, 502, "unreadable"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := fakeKavenegar(t, c.status, c.body, &calls)
			err := NewKavenegar("secret-key", "goldshop-verify", srv.URL).Send(context.Background(), msg)
			if (err == nil) != (c.wantErr == "") || (err != nil && !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("err = %v, want %q", err, c.wantErr)
			}
			if calls.Load() != 1 {
				t.Fatalf("gateway called %d times; a retry could send a second SMS", calls.Load())
			}
		})
	}
}

func TestKavenegarKeepsTheKeyOutOfErrors(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	addr := srv.URL
	srv.Close() // nothing listens there now
	err := NewKavenegar("secret-key", "t", addr).Send(context.Background(), Message{To: "09121234567", Code: "12345"})
	if err == nil || strings.Contains(err.Error(), "secret-key") {
		t.Fatalf("err = %v", err)
	}
}

func TestConsoleLineFormat(t *testing.T) {
	var b strings.Builder
	if err := (&Console{W: &b}).Send(context.Background(), Message{To: "09121234567", Text: "کد شما: 12345\n@shop.ir #12345"}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != "sms to=09121234567 text=\"کد شما: 12345\\n@shop.ir #12345\"\n" {
		t.Fatalf("line %q", got)
	}
}
