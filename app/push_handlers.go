package app

import (
	"errors"
	"net/http"

	"goldshop/app/push"
	"goldshop/store"
)

// pushKey answers GET /api/push/key: the shop's VAPID public key, the browser's applicationServerKey.
func (a *App) pushKey(w http.ResponseWriter, r *http.Request) error {
	return okJSON(w, map[string]string{"public_key": a.push.Keys.Public})
}

// pushSubscriptionRequest is PushSubscription.toJSON() as the browser writes it.
type pushSubscriptionRequest struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// pushSubscribe answers POST /api/push/subscriptions: this phone's browser gets the caller's notifications
// as pushes while this login lasts.
func (a *App) pushSubscribe(w http.ResponseWriter, r *http.Request) error {
	var req pushSubscriptionRequest
	if err := decode(w, r, &req); err != nil {
		return err
	}
	sub := push.Subscription{Endpoint: req.Endpoint, P256dh: req.Keys.P256dh, Auth: req.Keys.Auth}
	switch err := sub.Check(); {
	case errors.Is(err, push.ErrEndpoint):
		return badRequest(msgPushEndpoint)
	case err != nil:
		return badRequest(msgPushKeys)
	}
	p := caller(r)
	if err := a.store.SavePushSubscription(r.Context(), store.PushSubscription{UserID: p.User.ID, LoginID: p.LoginID,
		Endpoint: sub.Endpoint, P256dh: sub.P256dh, Auth: sub.Auth}, a.now()); errors.Is(err, store.ErrConflict) {
		return conflict(msgPushEndpointTaken)
	} else if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]string{"message": msgPushSaved})
	return nil
}

// pushUnsubscribe answers DELETE /api/push/subscriptions {endpoint}: the caller's own endpoint only.
func (a *App) pushUnsubscribe(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Endpoint string `json:"endpoint"`
	}
	if err := decode(w, r, &req); err != nil {
		return err
	}
	if err := a.store.DeletePushSubscription(r.Context(), caller(r).User.ID, req.Endpoint); errors.Is(err, store.ErrNotFound) {
		return notFound(msgPushNotFound)
	} else if err != nil {
		return err
	}
	return okJSON(w, map[string]string{"message": msgPushDeleted})
}
