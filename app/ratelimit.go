package app

import (
	"errors"
	"net/http"
	"time"

	"goldshop/store"
)

// Per-IP limits stay generous because many customers share one carrier-grade NAT address (decisions.md §3);
// the tight limits are per phone.
var (
	loginsPerIP        = store.Limit{Max: 100, Window: 10 * time.Minute}
	codeRequestsPerIP  = store.Limit{Max: 60, Window: 10 * time.Minute}
	loginFailsPerPhone = store.Limit{Max: 10, Window: 15 * time.Minute}
)

func bucket(l store.Limit, name string) store.Limit {
	l.Bucket = name
	return l
}

// hit records one hit in each bucket or answers 429 with msg when one is full.
func (a *App) hit(r *http.Request, msg string, limits ...store.Limit) error {
	err := a.store.Hit(r.Context(), a.now(), limits...)
	if errors.Is(err, store.ErrRateLimited) {
		a.refusalOnce(r, "rate_limited", limitReason(limits[0].Bucket))
		return tooMany(msg)
	}
	return err
}

// codeRequestsBucket is the per-address limit on codes texted, hit in each code's own transaction.
func (a *App) codeRequestsBucket(r *http.Request) store.Limit {
	return bucket(codeRequestsPerIP, "code-ip:"+a.clientIP(r))
}

func (a *App) limitLogins(r *http.Request) error {
	return a.hit(r, msgTooManyRequests, bucket(loginsPerIP, "login-ip:"+a.clientIP(r)))
}

// loginFailBucket counts password attempts per phone. An attempt is recorded before its password is checked,
// in the same transaction that checks the limit, and a success clears the bucket; so the bucket holds the
// failures since the last success plus the attempts still being checked, and parallel guesses cannot get
// past the limit (issue 14).
func loginFailBucket(phone string) store.Limit {
	return bucket(loginFailsPerPhone, "login-fail:"+phone)
}
