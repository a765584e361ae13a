package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

type notificationsPage struct {
	Items      []notificationView `json:"items"`
	Unread     int64              `json:"unread"`
	NextCursor string             `json:"next_cursor"`
}

// queuedSMS counts the outbox's notices whose notification (n) and row (o) match where.
func (s *testShop) queuedSMS(t *testing.T, where string, args ...any) int {
	t.Helper()
	var n int
	if err := s.store.ReadDB().QueryRow(`SELECT COUNT(*) FROM sms_outbox o JOIN notifications n ON n.id = o.notification_id
		WHERE `+where, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func (s *testShop) notifications(t *testing.T, token, query string) notificationsPage {
	t.Helper()
	var p notificationsPage
	if err := json.Unmarshal([]byte(s.mustDo("GET", "/api/notifications"+query, token, nil).Body), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// Each decision that matters to a customer is told to them, in Persian, linked to its screen, with its SMS queued.
func TestDecisionsAreToldToTheirCustomer(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c, other := s.newTrader(1, ""), s.newTrader(2, "")
	s.fund(c.token, admin, "10000000")
	rejected := s.deposit(c.token, "5000000")
	s.mustDo("PUT", fmt.Sprintf("/api/wallet/requests/%d", rejected), admin, map[string]string{"status": "rejected", "reject_reason": "رسید ناخوانا"})
	s.charge(admin, c, "gold", "1.5")

	p := s.notifications(t, c.token, "")
	if len(p.Items) != 3 || p.Unread != 3 || p.NextCursor != "" {
		t.Fatalf("page %+v", p)
	}
	want := []struct{ kind, title, text, link string }{
		{"charge", "شارژ حساب", "حساب شما ۱/۵ گرم شارژ شد.", "/transactions_page"},
		{"deposit_rejected", "واریز رد شد", "واریز ۵٬۰۰۰٬۰۰۰ ریال شما رد شد. دلیل: رسید ناخوانا", "/wallet-requests_page"},
		{"deposit_approved", "واریز تایید شد", "واریز ۱۰٬۰۰۰٬۰۰۰ ریال شما تایید شد و به کیف پولتان اضافه شد.", "/wallet-requests_page"},
	}
	for i, w := range want {
		got := p.Items[i]
		if got.Kind != w.kind || got.Title != w.title || got.Text != w.text || got.Link != w.link || got.Read {
			t.Errorf("item %d: %+v, want %+v", i, got, w)
		}
	}
	if o := s.notifications(t, other.token, ""); len(o.Items) != 0 || o.Unread != 0 {
		t.Fatalf("another customer sees %+v", o)
	}
	if n := s.queuedSMS(t, "n.user_id = ? AND o.status = 'queued'", c.id); n != 3 {
		t.Fatalf("queued SMS %d, want 3", n)
	}
}

func TestNotificationsPageAndMarkReadOnlyTheirOwn(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c, other := s.newTrader(1, ""), s.newTrader(2, "")
	for range 5 {
		s.charge(admin, c, "rial", "1000")
	}
	s.charge(admin, other, "rial", "1000")
	first := s.notifications(t, c.token, "?limit=2")
	if len(first.Items) != 2 || first.NextCursor == "" || first.Unread != 5 {
		t.Fatalf("first page %+v", first)
	}
	second := s.notifications(t, c.token, "?limit=2&cursor="+first.NextCursor)
	if len(second.Items) != 2 || second.Items[0].ID >= first.Items[1].ID {
		t.Fatalf("second page %+v after %+v", second, first)
	}
	theirs := s.notifications(t, other.token, "").Items[0].ID
	r := s.mustDo("POST", "/api/notifications/read", c.token, map[string]any{"ids": []int64{first.Items[0].ID, theirs}})
	if r.JSON["unread"].(float64) != 4 {
		t.Fatalf("after reading one: %s", r.Body)
	}
	if o := s.notifications(t, other.token, ""); o.Unread != 1 || o.Items[0].Read {
		t.Fatal("a customer marked another's notification read")
	}
	s.run(t, []scenario{
		{name: "refuses an empty read", method: "POST", path: "/api/notifications/read", token: c.token,
			body: map[string]any{"ids": []int64{}}, wantStatus: 400, wantContains: msgNotificationsRead},
		{name: "refuses a bad cursor", method: "GET", path: "/api/notifications?cursor=abc", token: c.token,
			wantStatus: 400, wantContains: msgBadPage},
		{name: "refuses a limit of zero", method: "GET", path: "/api/notifications?limit=0", token: c.token,
			wantStatus: 400, wantContains: msgBadPage},
		{name: "is for the signed in", method: "GET", path: "/api/notifications", wantStatus: 401, wantAbsent: []string{"items"}},
		{name: "marks all read", method: "POST", path: "/api/notifications/read", token: c.token,
			body: map[string]any{"all": true}, wantStatus: 200, wantContains: `"unread":0`},
	})
	if o := s.notifications(t, other.token, ""); o.Unread != 1 {
		t.Fatal("marking all read reached another customer")
	}
}

// A customer who switches deposit SMS off still sees the notification in the app, and gets no SMS for it.
func TestSMSSettingsAreTheCustomersOwnAndWhole(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	all := `{"sms":{"deposit":true,"withdraw":true,"gold_request":true,"charge":true,"referral":true,"price_alert":true,"plan":true,"order":true}}`
	if r := s.mustDo("GET", "/api/users/me/notification-settings", c.token, nil); strings.TrimSpace(r.Body) != all {
		t.Fatalf("defaults %s", r.Body)
	}
	off := map[string]any{"sms": map[string]bool{"deposit": false, "withdraw": true, "gold_request": true, "charge": true,
		"referral": true, "price_alert": true}}
	s.run(t, []scenario{
		{name: "refuses a kind left out", method: "PUT", path: "/api/users/me/notification-settings", token: c.token,
			body: map[string]any{"sms": map[string]bool{"deposit": false}}, wantStatus: 400, wantContains: msgNotificationSettings},
		{name: "refuses no sms at all", method: "PUT", path: "/api/users/me/notification-settings", token: c.token,
			body: map[string]any{}, wantStatus: 400, wantContains: msgNotificationSettings},
		{name: "refuses a string for a boolean", method: "PUT", path: "/api/users/me/notification-settings", token: c.token,
			body: map[string]any{"sms": map[string]any{"deposit": "no", "withdraw": true, "gold_request": true, "charge": true,
				"referral": true, "price_alert": true}}, wantStatus: 400},
		{name: "saves the whole choice", method: "PUT", path: "/api/users/me/notification-settings", token: c.token,
			body: off, wantStatus: 200, wantContains: `"deposit":false`},
		{name: "keeps the plan's choice a screen older than plans leaves out", method: "GET",
			path: "/api/users/me/notification-settings", token: c.token, wantStatus: 200, wantContains: `"plan":true`},
		{name: "keeps the order's choice a screen older than orders leaves out", method: "GET",
			path: "/api/users/me/notification-settings", token: c.token, wantStatus: 200, wantContains: `"order":true`},
		{name: "saves the order's choice", method: "PUT", path: "/api/users/me/notification-settings", token: c.token,
			body: map[string]any{"sms": map[string]bool{"deposit": false, "withdraw": true, "gold_request": true,
				"charge": true, "referral": true, "price_alert": true, "order": false}},
			wantStatus: 200, wantContains: `"plan":true,"order":false`},
	})
	s.fund(c.token, admin, "1000000")
	if n := s.queuedSMS(t, "n.user_id = ?", c.id); n != 0 {
		t.Fatalf("%d SMS were queued against the customer's choice", n)
	}
	if p := s.notifications(t, c.token, ""); len(p.Items) != 1 || p.Items[0].Kind != "deposit_approved" {
		t.Fatalf("the app still tells: %+v", p)
	}
	s.charge(admin, c, "rial", "1000")
	if n := s.queuedSMS(t, "n.user_id = ? AND n.kind = 'charge'", c.id); n != 1 {
		t.Fatalf("the charge's SMS was not queued: %d", n)
	}
}

// A deposit approved while the customer's app is open arrives at once over its socket, with the bell's count.
func TestANotificationArrivesLiveAfterItsCommit(t *testing.T) {
	s := newTestShop(t)
	admin := s.signInAdmin()
	c := s.newTrader(1, "")
	live := s.dialChat(t, c.token)
	s.fund(c.token, admin, "2000000")
	var got struct {
		Item   notificationView `json:"item"`
		Unread int64            `json:"unread"`
	}
	next(t, live, "notification", &got)
	if got.Item.Kind != "deposit_approved" || got.Unread != 1 || !strings.Contains(got.Item.Text, "۲٬۰۰۰٬۰۰۰ ریال") {
		t.Fatalf("live %+v", got)
	}
	// a refused decision tells nothing
	id := s.deposit(c.token, "100")
	s.mustDo("PUT", fmt.Sprintf("/api/wallet/requests/%d", id), admin, map[string]string{"status": "approved"})
	next(t, live, "notification", &got)
	if r := s.do("PUT", fmt.Sprintf("/api/wallet/requests/%d", id), admin, map[string]string{"status": "rejected", "reject_reason": "x"}); r.Status != 409 {
		t.Fatalf("deciding twice: %d", r.Status)
	}
	if err := live.None("notification", 300*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if p := s.notifications(t, c.token, ""); p.Unread != 2 {
		t.Fatalf("unread %d, want 2", p.Unread)
	}
}
