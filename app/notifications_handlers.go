package app

import (
	"net/http"
	"strconv"
	"time"

	"goldshop/iran"
	"goldshop/store"
)

type notificationView struct {
	ID        int64     `json:"id"`
	Kind      string    `json:"kind"`
	Title     string    `json:"title"`
	Text      string    `json:"text"`
	Link      string    `json:"link"`
	Read      bool      `json:"read"`
	CreatedAt time.Time `json:"created_at"`
}

func viewNotification(n store.Notification) notificationView {
	w := noticeOf(n)
	return notificationView{ID: n.ID, Kind: n.Kind, Title: w.title, Text: w.text, Link: w.link, Read: n.Read, CreatedAt: n.CreatedAt}
}

// notificationsPageSize is a page's length when the request names none.
const notificationsPageSize = 20

// notificationsList answers GET /api/notifications?cursor=&limit=: the caller's own, newest first.
func (a *App) notificationsList(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	number := func(name string, dflt int64) (int64, bool) {
		v := iran.LatinDigits(q.Get(name))
		if v == "" {
			return dflt, true
		}
		n, err := strconv.ParseInt(v, 10, 64)
		return n, err == nil && n > 0
	}
	before, okCursor := number("cursor", 0)
	limit, okLimit := number("limit", notificationsPageSize)
	if !okCursor || !okLimit {
		return badRequest(msgBadPage)
	}
	list, next, unread, err := a.store.Notifications(r.Context(), caller(r).User.ID, before,
		int(min(limit, store.NotificationsPageMax)))
	if err != nil {
		return err
	}
	items := make([]notificationView, len(list))
	for i, n := range list {
		items[i] = viewNotification(n)
	}
	cursor := ""
	if next != 0 {
		cursor = strconv.FormatInt(next, 10)
	}
	return okJSON(w, map[string]any{"items": items, "unread": unread, "next_cursor": cursor})
}

// notificationsReadRequest names the notifications seen, or all of them.
type notificationsReadRequest struct {
	IDs []int64 `json:"ids"`
	All bool    `json:"all"`
}

// maxReadIDs bounds one POST /api/notifications/read: a page or a few of them.
const maxReadIDs = 500

// notificationsRead marks the caller's own notifications read and answers how many are still unread.
func (a *App) notificationsRead(w http.ResponseWriter, r *http.Request) error {
	var req notificationsReadRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if (!req.All && len(req.IDs) == 0) || len(req.IDs) > maxReadIDs {
		return badRequest(msgNotificationsRead)
	}
	unread, err := a.store.MarkNotificationsRead(r.Context(), caller(r).User.ID, req.IDs, req.All, a.now())
	if err != nil {
		return err
	}
	return okJSON(w, map[string]any{"unread": unread})
}

// smsSettingsView is the customer's choice of SMS per kind of event (codes are never switchable).
type smsSettingsView struct {
	Deposit     bool `json:"deposit"`
	Withdraw    bool `json:"withdraw"`
	GoldRequest bool `json:"gold_request"`
	Charge      bool `json:"charge"`
	Referral    bool `json:"referral"`
	PriceAlert  bool `json:"price_alert"`
	Plan        bool `json:"plan"`
	Order       bool `json:"order"`
}

type notificationSettingsView struct {
	SMS smsSettingsView `json:"sms"`
}

// smsSettingsRequest has every kind, each a required boolean: a body that leaves one out is refused rather
// than read as switching it off.
type smsSettingsRequest struct {
	SMS *struct {
		Deposit     *bool `json:"deposit"`
		Withdraw    *bool `json:"withdraw"`
		GoldRequest *bool `json:"gold_request"`
		Charge      *bool `json:"charge"`
		Referral    *bool `json:"referral"`
		PriceAlert  *bool `json:"price_alert"`
		Plan        *bool `json:"plan"`  // optional: a screen older than savings plans leaves it as it is
		Order       *bool `json:"order"` // optional, as plan: older than standing orders
	} `json:"sms"`
}

func viewSMSSettings(v store.SMSSettings) notificationSettingsView {
	return notificationSettingsView{smsSettingsView(v)}
}

// notificationSettingsGet answers GET /api/users/me/notification-settings.
func (a *App) notificationSettingsGet(w http.ResponseWriter, r *http.Request) error {
	v, err := a.store.NotificationSettings(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	return okJSON(w, viewSMSSettings(v))
}

// notificationSettingsPut saves PUT /api/users/me/notification-settings {sms: {deposit, …}}.
func (a *App) notificationSettingsPut(w http.ResponseWriter, r *http.Request) error {
	var req smsSettingsRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	s := req.SMS
	if s == nil || s.Deposit == nil || s.Withdraw == nil || s.GoldRequest == nil || s.Charge == nil || s.Referral == nil ||
		s.PriceAlert == nil {
		return badRequest(msgNotificationSettings)
	}
	v := store.SMSSettings{Deposit: *s.Deposit, Withdraw: *s.Withdraw, GoldRequest: *s.GoldRequest, Charge: *s.Charge,
		Referral: *s.Referral, PriceAlert: *s.PriceAlert}
	// the switches newer than a screen may be left out: they keep what they were
	was, err := a.store.NotificationSettings(r.Context(), caller(r).User.ID)
	if err != nil {
		return err
	}
	v.Plan, v.Order = was.Plan, was.Order
	if s.Plan != nil {
		v.Plan = *s.Plan
	}
	if s.Order != nil {
		v.Order = *s.Order
	}
	if err := a.store.SetNotificationSettings(r.Context(), caller(r).User.ID, v); err != nil {
		return err
	}
	return okJSON(w, map[string]any{"message": msgSettingsSaved, "settings": viewSMSSettings(v)})
}
