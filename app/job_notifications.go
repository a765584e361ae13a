package app

import (
	"context"
	"log/slog"
	"time"
)

// liveBatch is how many new notifications one look delivers before looking again.
const liveBatch = 200

// runNotifications delivers every new notification to its customer's open app (the socket event
// "notification": {item, unread}) and subscribed phones (Web Push) once its transaction has committed, until
// ctx ends. It looks after each commit, so an event that rolled back is never told, and a burst of commits
// costs one look.
func (a *App) runNotifications(ctx context.Context) {
	go a.runPush(ctx)
	last, err := a.store.LastNotificationID(ctx)
	for err != nil {
		if ctx.Err() != nil {
			return
		}
		a.log.Error("notifications: start", slog.String("error", err.Error()))
		time.Sleep(time.Second)
		last, err = a.store.LastNotificationID(ctx)
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-a.store.NewNotifications():
		}
		last = a.deliverAfter(ctx, last)
	}
}

// deliverAfter sends the notifications written after id last and returns the newest id sent.
func (a *App) deliverAfter(ctx context.Context, last int64) int64 {
	for {
		list, err := a.store.NotificationsAfter(ctx, last, liveBatch)
		if err != nil {
			if ctx.Err() == nil {
				a.log.Error("notifications: read", slog.String("error", err.Error()))
			}
			return last
		}
		for _, n := range list {
			last = n.ID
			unread, err := a.store.UnreadNotifications(ctx, n.UserID)
			if err != nil {
				continue
			}
			a.chat.Notify(n.UserID, "notification", map[string]any{"item": viewNotification(n), "unread": unread})
			a.queuePush(n)
		}
		if len(list) > 0 {
			a.nudgeSMS()
		}
		if len(list) < liveBatch {
			return last
		}
	}
}
