package app

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"goldshop/app/sms"
	"goldshop/store"
)

// gateway is a stand-in for Kavenegar on loopback: it answers each notice with the next verdict of its script
// (the last one repeats) and records what it was asked.
type gateway struct {
	mu       sync.Mutex
	verdicts []string
	calls    []map[string]string
	hang     chan struct{} // when set, the gateway holds every request until it is closed
}

func (g *gateway) start(t *testing.T, s *testShop) {
	s.app.sendDueSMS(context.Background()) // what the sign-ups queued (an admin's factor going on) goes by the console
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		g.mu.Lock()
		g.calls = append(g.calls, map[string]string{"receptor": r.Form.Get("receptor"), "template": r.Form.Get("template"),
			"token": r.Form.Get("token"), "token2": r.Form.Get("token2")})
		verdict := g.verdicts[min(len(g.calls), len(g.verdicts))-1]
		hang := g.hang
		g.mu.Unlock()
		if hang != nil {
			<-hang
		}
		_, _ = w.Write([]byte(verdict))
	}))
	t.Cleanup(srv.Close)
	s.app.sms = sms.NewKavenegar("key", "goldshop-verify", srv.URL)
}

func (g *gateway) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.calls)
}

const (
	gatewaySent    = `{"return":{"status":200,"message":"تایید شد"}}`
	gatewayRefused = `{"return":{"status":418,"message":"اعتبار حساب شما کافی نیست"}}`
	gatewayGarbled = `<html>bad gateway</html>`
)

// outboxRow reads a notice's status and attempts.
func (s *testShop) outboxRow(t *testing.T, userID string) (status string, attempts int) {
	t.Helper()
	if err := s.store.ReadDB().QueryRow(`SELECT o.status, o.attempts FROM sms_outbox o
		JOIN notifications n ON n.id = o.notification_id WHERE n.user_id = ?`, userID).Scan(&status, &attempts); err != nil {
		t.Fatal(err)
	}
	return status, attempts
}

// A refusing gateway is tried again after 30 s and 2 min, and the notice is sent once it accepts: exactly one
// message reaches the phone, through the kind's template with the amount as its token.
func TestTheOutboxRetriesARefusalAndSendsOnce(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	g := &gateway{verdicts: []string{gatewayRefused, gatewayRefused, gatewaySent}}
	g.start(t, s) // after the sign-ups: their codes go by the console
	s.charge(admin, c, "rial", "2500000")
	ctx := context.Background()
	s.app.sendDueSMS(ctx)
	if st, n := s.outboxRow(t, c.id); st != store.SMSQueued || n != 1 || g.count() != 1 {
		t.Fatalf("after a refusal: %s, %d tries, %d calls", st, n, g.count())
	}
	s.app.sendDueSMS(ctx) // not due yet
	s.clock.Advance(30 * time.Second)
	s.app.sendDueSMS(ctx)
	s.clock.Advance(2 * time.Minute)
	s.app.sendDueSMS(ctx)
	s.app.sendDueSMS(ctx)
	if st, n := s.outboxRow(t, c.id); st != store.SMSSent || n != 3 || g.count() != 3 {
		t.Fatalf("after acceptance: %s, %d tries, %d calls", st, n, g.count())
	}
	last := g.calls[2]
	if last["receptor"] != c.phone || last["template"] != "goldshop-charge" || last["token"] != "۲٬۵۰۰٬۰۰۰" || last["token2"] == "" {
		t.Fatalf("the gateway was asked %v", last)
	}
	// a restart finds nothing to send again
	if _, err := s.store.RecoverSMS(ctx); err != nil {
		t.Fatal(err)
	}
	s.clock.Advance(24 * time.Hour)
	s.app.sendDueSMS(ctx)
	if g.count() != 3 {
		t.Fatalf("a sent notice went again: %d calls", g.count())
	}
}

// A gateway that keeps refusing fails the notice after its retries, and the owner sees it; staff do not.
func TestTheOutboxGivesUpAndTellsTheOwner(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	g := &gateway{verdicts: []string{gatewayRefused}}
	g.start(t, s)
	s.charge(admin, c, "gold", "0.5")
	for range len(smsRetries) + 3 {
		s.app.sendDueSMS(context.Background())
		s.clock.Advance(2 * time.Hour)
	}
	if st, n := s.outboxRow(t, c.id); st != store.SMSFailed || n != len(smsRetries)+1 || g.count() != n {
		t.Fatalf("gave up at %s after %d tries, %d calls", st, n, g.count())
	}
	admin = s.signInAdmin() // a day later: sign in again
	staff := s.signInStaff("09350000002")
	s.run(t, []scenario{
		{name: "shows the owner the failure", method: "GET", path: "/api/admin/sms-outbox", token: admin, wantStatus: 200,
			wantContains: `"failed":1`},
		{name: "names the gateway's refusal", method: "GET", path: "/api/admin/sms-outbox", token: admin, wantStatus: 200,
			wantContains: `status 418`},
		{name: "is the owner's alone", method: "GET", path: "/api/admin/sms-outbox", token: staff, wantStatus: 403,
			wantAbsent: []string{"counts"}},
	})
}

// A notice whose send may have reached the phone is never sent again: a garbled answer, or a crash between the
// claim and the gateway's answer (the next start finds it sending).
func TestTheOutboxNeverSendsTwice(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c, d := s.newTrader(1, ""), s.newTrader(2, "")
	g := &gateway{verdicts: []string{gatewayGarbled, gatewaySent}}
	g.start(t, s)
	ctx := context.Background()
	s.charge(admin, c, "rial", "1000")
	s.app.sendDueSMS(ctx)
	if st, _ := s.outboxRow(t, c.id); st != store.SMSUnknown {
		t.Fatalf("a garbled answer left %s", st)
	}
	// the crash: claimed (committed as sending) and the process gone before the gateway answered
	s.charge(admin, d, "rial", "1000")
	if claimed, err := s.store.ClaimDueSMS(ctx, s.clock.Now(), 10); err != nil || len(claimed) != 1 {
		t.Fatalf("claim: %v %v", claimed, err)
	}
	if n, err := s.store.RecoverSMS(ctx); err != nil || n != 1 {
		t.Fatalf("recover: %d %v", n, err)
	}
	s.clock.Advance(24 * time.Hour)
	s.app.sendDueSMS(ctx)
	if st, _ := s.outboxRow(t, d.id); st != store.SMSUnknown || g.count() != 1 {
		t.Fatalf("after the crash: %s, %d calls", st, g.count())
	}
}
