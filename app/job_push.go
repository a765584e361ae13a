package app

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"goldshop/app/push"
	"goldshop/store"
)

// pushQueueSize is how many notifications may wait for their pushes; beyond it a push is skipped (the
// notification itself is kept and shown in the app, and its SMS goes by the outbox).
const pushQueueSize = 256

// newPushSender makes the shop's Web Push sender from its kept VAPID secret.
func newPushSender(ctx context.Context, cfg Config) (*push.Sender, error) {
	secret, err := cfg.Store.Secret(ctx, "vapid-private-key")
	if err != nil {
		return nil, err
	}
	keys, err := push.KeysFrom(secret)
	if err != nil {
		return nil, err
	}
	client := cfg.PushClient
	if client == nil {
		client = push.NewClient(nil)
	}
	return &push.Sender{Keys: keys, Subscriber: pushContact(cfg.PushContact, cfg.BaseURL), Client: client}, nil
}

// pushContact is the address push services may write to about the shop's pushes: the given one, else the
// shop's https address, else a placeholder that says none was given.
func pushContact(given, baseURL string) string {
	switch {
	case given != "":
		return given
	case strings.HasPrefix(baseURL, "https://"):
		return strings.TrimRight(baseURL, "/")
	}
	return "mailto:owner@goldshop.invalid"
}

// queuePush hands a committed notification to the push worker without ever waiting for it.
func (a *App) queuePush(n store.Notification) {
	select {
	case a.pushQueue <- n:
	default:
		a.log.Warn("push: queue full; skipped", slog.Int64("notification", n.ID))
	}
}

// runPush sends each queued notification to its customer's subscribed phones until ctx ends. A push is a
// nudge, not the record: it is tried once, and one the process did not get to before a crash is not
// repeated (the notification waits in the app, and its SMS in the outbox).
func (a *App) runPush(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case n := <-a.pushQueue:
			a.pushOne(ctx, n)
		}
	}
}

func (a *App) pushOne(ctx context.Context, n store.Notification) {
	subs, err := a.store.PushSubscriptions(ctx, n.UserID, a.now())
	if err != nil || len(subs) == 0 {
		return
	}
	v := viewNotification(n)
	m := push.Message{Title: v.Title, Body: v.Text, URL: v.Link, Tag: fmt.Sprintf("%s-%d", n.Kind, n.SubjectID)}
	if m.URL == "" {
		m.URL = "/notifications_page"
	}
	for _, s := range subs {
		gone, err := a.push.Send(ctx, push.Subscription{Endpoint: s.Endpoint, P256dh: s.P256dh, Auth: s.Auth}, m)
		if gone {
			if err := a.store.ForgetPushEndpoint(ctx, s.Endpoint); err != nil {
				a.log.Error("push: forget endpoint", slog.String("error", err.Error()))
			}
			continue
		}
		if err != nil && ctx.Err() == nil {
			a.log.Warn("push: send", slog.Int64("notification", n.ID), slog.String("error", err.Error()))
		}
	}
}
